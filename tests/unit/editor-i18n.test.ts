// The editor speaks nl, fr and en (issue 14, point 6): every catalogue has every key, each text is
// a readable ICU message with the English one's placeholders, and the validator's own findings
// and the server's problems come out as sentences in the staff member's language.
import { describe, expect, it } from 'vitest';
import { parse } from '@formatjs/icu-messageformat-parser';
import en from '../../editor/i18n/en.ts';
import fr from '../../editor/i18n/fr.ts';
import nl from '../../editor/i18n/nl.ts';
import { ENUM_LABELS, FIELD_LABELS } from '../../editor/i18n/fields.ts';
import { problemMessage } from '../../editor/validation.ts';

import { icuArguments } from '../../shared/icu-check.ts';

const placeholders = (s: string) => {
  const r = icuArguments(s);
  return r.ok ? [...r.args].sort() : [`broken: ${r.error}`];
};

describe('the editor’s catalogues', () => {
  it.each([
    ['fr', fr],
    ['nl', nl],
  ] as const)('%s has every English key, each a readable message with the same placeholders', (_, cat) => {
    expect(Object.keys(cat).sort()).toEqual(Object.keys(en).sort());
    for (const [k, v] of Object.entries(cat)) {
      expect(() => parse(v), k).not.toThrow();
      // A straight apostrophe starts an ICU quote and would swallow the rest of the sentence.
      expect(v.includes("'"), k).toBe(false);
      expect(placeholders(v), k).toEqual(placeholders((en as Record<string, string>)[k]));
    }
    for (const v of Object.values(en)) expect(() => parse(v)).not.toThrow();
  });

  it('names fields and choices in the three languages', () => {
    for (const [k, l] of Object.entries(FIELD_LABELS)) for (const lang of ['nl', 'fr', 'en'] as const) expect(l[lang], `${k}/${lang}`).toBeTruthy();
    for (const [k, values] of Object.entries(ENUM_LABELS))
      for (const [v, l] of Object.entries(values)) for (const lang of ['nl', 'fr', 'en'] as const) expect(l[lang], `${k}=${v}/${lang}`).toBeTruthy();
  });
});

describe('problems said in the editor’s language', () => {
  it('the validator’s findings through ajv-i18n, our checks from the catalogue', () => {
    const max = { message: 'must be <= 12', code: 'ajv.maximum', params: { comparison: '<=', limit: 12 } };
    expect(problemMessage(max, 'en')).toBe('must be <= 12');
    expect(problemMessage(max, 'fr')).toBe('doit être <= 12');
    expect(problemMessage(max, 'nl')).toBe('moet <= 12 zijn');
    const required = { message: 'is required in fr (the site uses this language)', code: 'text.required', params: { lang: 'fr' } };
    expect(problemMessage(required, 'fr')).toBe('est obligatoire en français (le site est affiché dans cette langue)');
    expect(problemMessage(required, 'nl')).toBe('is verplicht in het Frans (de site wordt in die taal getoond)');
    const icu = { message: 'broken', code: 'icu.syntax', params: { lang: 'fr', offset: 4, error: 'EXPECT_ARGUMENT_CLOSING_BRACE' } };
    expect(problemMessage(icu, 'fr')).toBe('contient un paramètre cassé près du caractère 5 : écrivez les paramètres comme {name}');
    const taken = {
      message: 'path /fr/contact/ is already used by page 11',
      code: 'path.taken',
      params: { path: '/fr/contact/', lang: 'fr', owner: 'Contact' },
    };
    expect(problemMessage(taken, 'en')).toBe('gives the address /fr/contact/, which “Contact” already has');
    // A problem of a kind the editor does not know keeps the server's words.
    expect(problemMessage({ message: 'something new', code: 'brand.new' }, 'fr')).toBe('something new');
  });
});
