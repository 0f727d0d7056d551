// The Listings screen says every code the server gives in Dutch, French and English: each reason an
// import, a sync, an undo or an upload can end with, each problem a CRM record can have, each record
// and field by name — never the server's English sentence, a JSON pointer or a CRM field's raw path.
import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { SchemaRegistry } from '../../server/config/schemas.ts';
import { registry } from '../../modules/index.ts';
import { normaliseFeed } from '../../server/listings/feed.ts';
import { parseFeedBytes } from '../../server/listings/feed-file.ts';
import { useUiLang, type UiLang } from '../../editor/i18n/index.ts';
import en from '../../editor/i18n/en.ts';
import { fieldText, problemText, reasonText, recordText } from '../../editor/inbox/listing-text.ts';
import { root } from '../helpers/config.ts';

/** Every `code: '…'` the listings code and its routes answer with. */
function serverCodes(): Set<string> {
  const files = [
    ...readdirSync(join(root, 'server/listings'))
      .filter((f) => f.endsWith('.ts'))
      .map((f) => join(root, 'server/listings', f)),
    join(root, 'server/editor-api/listings.ts'),
  ];
  const codes = new Set<string>();
  for (const f of files) for (const m of readFileSync(f, 'utf8').matchAll(/\bcode: '([a-z]\w+)'/g)) codes.add(m[1]);
  return codes;
}

const schemas = new SchemaRegistry(registry);
const fixture = () => JSON.parse(readFileSync(join(root, 'tests/fixtures/crm-feed.json'), 'utf8'));
const LANGS: UiLang[] = ['nl', 'fr', 'en'];

describe('the words of the Listings screen', () => {
  it('has a message for every code the server answers with', () => {
    const codes = serverCodes();
    expect(codes.size).toBeGreaterThan(30);
    const missing = [...codes].filter((c) => !(`listings.reason.${c}` in en) && !(`listings.problem.${c}` in en) && c !== 'busy');
    expect(missing).toEqual([]);
    for (const field of ['ID', 'Goal', 'Language', 'WebID', 'Name']) expect(`listings.problem.need${field}` in en, field).toBe(true);
  });

  it('says each problem of a CRM feed in the editor’s language, with its record and field by name', async () => {
    const { problems } = await normaliseFeed(fixture(), schemas);
    expect(problems.length).toBe(8);
    for (const lang of LANGS) {
      useUiLang.getState().setLang(lang);
      for (const p of problems) {
        const text = problemText(p);
        if (lang !== 'en') expect(text, `${lang} ${p.code}`).not.toBe(p.reason);
        for (const words of [text, recordText(p), fieldText(p)]) {
          expect(words).not.toMatch(/\/|\{|undefined|Pictures|#\d/);
        }
      }
    }
    useUiLang.getState().setLang('fr');
    const by = (code: string) => problems.find((p) => p.code === code)!;
    expect([recordText(by('max')), fieldText(by('max')), problemText(by('max'))]).toEqual([
      'Bien n°\u00a05002, français',
      'Latitude (carte)',
      '250.8 dépasse la plus grande valeur permise (90)',
    ]);
    expect([fieldText(by('hasNo')), problemText(by('hasNo'))]).toEqual(['Photo 1', 'Manque\u00a0: adresse web']);
    expect(recordText(by('needID'))).toBe('Bien en position 14 du fichier, sans numéro de référence utilisable, français');
    useUiLang.getState().setLang('nl');
    expect(problemText(problems.find((p) => p.code === 'partlyKept' && p.id === '5006')!)).toBe(
      'behouden in deze talen: Frans, Nederlands; geweigerd voor: een onbekende taal (bezoekers in die taal zien een andere taal)',
    );
  });

  it('names what a file that is not an export is, in each language', async () => {
    const pdf = await parseFeedBytes(Buffer.from('%PDF-1.7\n'), { schemas });
    const csv = await parseFeedBytes(Buffer.from('ID;Goal\n5001;0\n'), { schemas });
    const cut = await parseFeedBytes(Buffer.from('{"properties": [ {"ID": 1,'), { schemas });
    useUiLang.getState().setLang('fr');
    expect(reasonText(pdf.readError!.code, pdf.readError!.params)).toBe(
      'le fichier n’est pas l’export des biens de votre CRM pour le site web\u00a0: c’est un document PDF.',
    );
    expect(reasonText(csv.readError!.code, csv.readError!.params)).toMatch(/c’est un texte dans un autre format \(un tableau CSV, par exemple\)\.$/);
    expect(reasonText(cut.readError!.code, cut.readError!.params)).toMatch(/au-delà de la ligne 1, colonne 27\./);
    useUiLang.getState().setLang('nl');
    expect(reasonText('tooManyRemoved', { count: 6, of: 7, share: 6 / 7, max: 0.5 })).toBe(
      'hij zou 6 van de 7 panden die nu op de site staan eraf halen (85,7%), meer dan de toegestane 50%.',
    );
    // An entry of an earlier version, without a code: plain words, not the server's English.
    expect(reasonText(undefined, undefined, 'failed')).toBe('het bestand kon niet gelezen worden.');
  });
});
