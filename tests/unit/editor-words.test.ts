// Plain words in the staff member's language (issue 38, point 6), checked on the sources: every
// editor text has a French and a Dutch text that is not simply the English one; every field of every
// form the editor draws (site settings, pages, articles, every module type) is named in nl, fr and
// en by the editor's tables, not by its key; every setting and every module field has a one-line
// help; every choice of a list has a name; every form kind is named. The browser test
// (tests/e2e/editor-words-{fr,nl}.test.ts) then looks at the screens themselves.
import { beforeAll, describe, expect, it } from 'vitest';
import { parse } from '@formatjs/icu-messageformat-parser';
import en from '../../editor/i18n/en.ts';
import fr from '../../editor/i18n/fr.ts';
import nl from '../../editor/i18n/nl.ts';
import wordsEn from '../../editor/i18n/words/en.ts';
import wordsFr from '../../editor/i18n/words/fr.ts';
import wordsNl from '../../editor/i18n/words/nl.ts';
import { choiceLabel, fieldWord, loadFieldWords, scopesOf } from '../../editor/i18n/field-words.ts';
import { MANAGED } from '../../editor/i18n/fields.ts';
import { localizeUi, prepareSchema, type Schema } from '../../editor/schema.ts';
import { SETTINGS_DOCS } from '../../editor/settings-docs.ts';
import { registry } from '../../modules/index.ts';
import { SchemaRegistry } from '../../server/config/schemas.ts';
import { editorRegistry } from '../../server/editor-api/editor-schemas.ts';
import { FORM_KINDS } from '../../shared/forms.ts';
import { englishWords, sameInEveryLanguage } from '../helpers/editor-words.ts';
import { missingTexts } from '../../server/editor-api/missing-texts.ts';
import { problemMessage } from '../../editor/problem-text.ts';
import { listErrors, validate } from '../../editor/validation.ts';

const editor = editorRegistry(registry, new SchemaRegistry(registry).ajv);
// The field words are a chunk the editor loads with the registry.
beforeAll(() => Promise.all((['en', 'fr', 'nl'] as const).map((l) => loadFieldWords(l))));
const LANGS = ['nl', 'fr', 'en'] as const;

interface Field {
  /** The document or module type and the path of the field in it ("site › appointments.minNoticeHours"). */
  where: string;
  scopes: string[];
  path: string[];
  schema: Schema;
  /** The module type's own hints for this field, in the three languages. */
  ui: Array<Record<string, unknown> | undefined>;
}

/** Every field a form draws, with the module type's uiSchema at its place. */
function fields(schema: Schema, scopes: string[], name: string, uiSchema?: Record<string, unknown>): Field[] {
  const out: Field[] = [];
  const uis = LANGS.map((l) => localizeUi(uiSchema ?? {}, l) as Record<string, unknown>);
  // Fields the editor sets itself (identity, order) are never drawn.
  const managed: string[] = scopes[0].startsWith('module.') ? MANAGED.module : scopes[0] === 'page' || scopes[0] === 'article' ? MANAGED[scopes[0]] : [];
  const walk = (s: Schema, path: string[], ui: Array<Record<string, unknown> | undefined>) => {
    // A text per language, a rich text, a picture and what a module shows are drawn by the editor's own fields.
    if (s['x-localized'] || s['x-richtext'] || s['x-media'] || s['x-relation']) return;
    const props = s.properties as Record<string, Schema> | undefined;
    if (props) {
      const publicText = 'value' in props && Object.keys(props).every((k) => k === 'value' || k === 'public');
      for (const [k, ps] of Object.entries(props)) {
        if (publicText && k === 'value') continue;
        const childUi = ui.map((u) => u?.[k] as Record<string, unknown> | undefined);
        const hidden = childUi[0]?.['ui:widget'] === 'hidden' || childUi[0]?.['ui:field'] === 'HiddenField';
        if (hidden || (path.length === 0 && managed.includes(k))) continue;
        out.push({ where: `${name} › ${[...path, k].join('.')}`, scopes, path: [...path, k], schema: ps, ui: childUi });
        walk(ps, [...path, k], childUi);
      }
    }
    if (s.items && typeof s.items === 'object' && !Array.isArray(s.items))
      walk(
        s.items as Schema,
        path,
        ui.map((u) => u?.items as Record<string, unknown> | undefined),
      );
    if (s.additionalProperties && typeof s.additionalProperties === 'object') walk(s.additionalProperties as Schema, path, ui);
  };
  walk(schema, [], uis);
  return out;
}

const settings = SETTINGS_DOCS.flatMap((doc) => fields(editor.schemas[doc] as Schema, scopesOf(doc), doc));
const documents = (['page', 'article'] as const).flatMap((doc) => fields(editor.schemas[doc] as Schema, scopesOf(doc), doc));
const modules = editor.modules.flatMap((m) => fields(m.schema as Schema, scopesOf('module', m.view), m.view, m.uiSchema as Record<string, unknown>));

/** A key that names itself: an energy label (A++), a language-free code. */
const SELF_NAMED = /^(A\+\+|A\+|[A-G])$/;
/** Fields whose parent's help says what each of them is (one figure per label, per kind of home, per state, per outdoor space). */
const HELP_FROM_PARENT = [
  /^valuation › factors\.(epc|outdoor)\.[^.]+$/,
  /^valuation › factors\.condition\.[^.]+$/,
  /^renovation › works\.quantity\.perKind\.[^.]+$/,
  /› .*\.public$|› public$/,
];

const label = (f: Field, lang: (typeof LANGS)[number]) => {
  const own = f.ui[LANGS.indexOf(lang)]?.['ui:title'];
  return typeof own === 'string' ? own : fieldWord('fieldLabel', f.scopes, f.path, lang);
};
const help = (f: Field, lang: (typeof LANGS)[number]) => {
  const u = f.ui[LANGS.indexOf(lang)];
  const own = u?.['ui:description'] ?? u?.['ui:help'];
  return typeof own === 'string' ? own : fieldWord('fieldHelp', f.scopes, f.path, lang);
};

describe('the editor’s own texts', () => {
  it.each([
    ['fr', fr],
    ['nl', nl],
  ] as const)('every English text has a %s text of its own, unless its words are the same in every language', (lang, cat) => {
    const same = Object.entries(en).filter(([k, v]) => (cat as Record<string, string>)[k] === v && !sameInEveryLanguage(v));
    expect(same.map(([k, v]) => `${k}: ${v}`)).toEqual([]);
    const empty = Object.entries(cat).filter(([, v]) => !v.trim());
    expect(empty).toEqual([]);
  });

  it.each([
    ['fr', wordsFr],
    ['nl', wordsNl],
  ] as const)('every field word has a %s text of its own (same keys, plain text, no straight apostrophe)', (_, cat) => {
    expect(Object.keys(cat).sort()).toEqual(Object.keys(wordsEn).sort());
    const same = Object.entries(wordsEn).filter(([k, v]) => (cat as Record<string, string>)[k] === v && !sameInEveryLanguage(v));
    expect(same.map(([k, v]) => `${k}: ${v}`)).toEqual([]);
    for (const [k, v] of Object.entries(cat)) {
      expect(v.trim(), k).not.toBe('');
      expect(v.includes("'"), k).toBe(false);
      // Shown as it is: a brace would be shown too.
      expect(() => parse(v), k).not.toThrow();
      expect(/[{}]/.test(v), k).toBe(false);
    }
  });

  it('gives Missing translations the type of a module whose text is missing, so that its field is named as the module’s form names it', () => {
    const page = { id: 3, modules: [{ id: 9, view: 'contact', title: { nl: 'Stuur ons een bericht', fr: '' } }], title: { nl: 'Contact', fr: 'Contact' } };
    expect(missingTexts([{ key: 'page:3', data: page, label: 'Page' }], ['nl', 'fr'], {})).toEqual([
      expect.objectContaining({ lang: 'fr', key: 'page:3', pointer: '/modules/0/title', view: 'contact' }),
    ]);
  });

  it('says a value of the wrong form in words, not as the pattern a developer wrote', () => {
    const site = prepareSchema(editor.schemas.site as Schema, 'fr', scopesOf('site'));
    const data = { name: 'Atrium', url: 'www.atrium-immo.be/', email: 'info', phone: '1', address: { street: 'a', zip: '1', city: { fr: 'x' } } };
    const found = listErrors(validate(site, data, ['fr'], 'fr'));
    expect(found).toContainEqual({ pointer: '/url', message: 'n’est pas écrit comme attendu : voyez l’aide du champ' });
    expect(found.map((e) => e.message).join(' ')).not.toMatch(/\^|pattern|format|"email"/);
    const fromServer = { message: 'must match pattern "^https?://[^/]+$"', code: 'ajv.pattern', params: { pattern: '^https?://[^/]+$' } };
    expect([problemMessage(fromServer, 'nl'), problemMessage(fromServer, 'en')]).toEqual([
      'is niet geschreven zoals verwacht: zie de hulp bij het veld',
      'is not written as expected: see the help of the field',
    ]);
  });

  it('names every form kind (the contact module’s choice, the leads inbox) in the three languages', () => {
    for (const kind of FORM_KINDS) for (const lang of LANGS) expect(choiceLabel('form', kind, lang), `${kind}/${lang}`).not.toBe(kind);
    expect(choiceLabel('form', 'job-application', 'fr')).toBe('Candidature');
  });
});

describe('what the browser test counts as English left on a screen', () => {
  it('finds the English staff saw in the French and Dutch editor, and lets their own words pass', () => {
    const fr = englishWords('fr');
    const nl = englishWords('nl');
    // Seen in the build of main (issue 38): schema-derived labels, a list member, RJSF's own words, a catalogue text.
    for (const s of ['Tile url', 'Min notice hours', 'Weekdays 1*', 'Fields', 'Remove data for optional field', 'Save as draft', 'Title (fr)'])
      expect([s, fr.english(s)]).toEqual([s, expect.any(String)]);
    expect(nl.english('3 of 668 keys shown')).toBe('{n} of {total} keys shown');
    // Their own words, and words the same in every language.
    for (const s of ['Enregistrer comme brouillon', 'Délai minimum', 'E-mail', 'Contact', 'Blog', 'Nederlands', 'English', 'Page 2', 'Facebook'])
      expect([s, fr.english(s)]).toEqual([s, null]);
    for (const s of ['Opslaan als concept', 'Minimale termijn', 'Media', 'Banner']) expect([s, nl.english(s)]).toEqual([s, null]);
  });
});

describe('every field the editor draws', () => {
  it('is named in nl, fr and en by the editor’s tables, never by its key', () => {
    const unnamed = [...settings, ...documents, ...modules]
      .filter((f) => !SELF_NAMED.test(f.path.at(-1)!))
      .flatMap((f) => LANGS.filter((l) => !label(f, l)).map((l) => `${f.where} (${l})`));
    expect(unnamed).toEqual([]);
  });

  it('has a one-line help in nl, fr and en: every site setting and every module field', () => {
    const unexplained = [...settings, ...modules]
      .filter((f) => !HELP_FROM_PARENT.some((re) => re.test(f.where)))
      .flatMap((f) => LANGS.filter((l) => !help(f, l)).map((l) => `${f.where} (${l})`));
    expect(unexplained).toEqual([]);
    // One line: a sentence or two, not a manual.
    const long = [...settings, ...modules].flatMap((f) => LANGS.map((l) => help(f, l) ?? '')).filter((h) => h.length > 200);
    expect(long).toEqual([]);
  });

  it('names every choice of its lists in nl and fr', () => {
    const unnamed: string[] = [];
    for (const f of [...settings, ...documents, ...modules]) {
      const values = (f.schema.enum ?? (f.schema.items as Schema | undefined)?.enum) as unknown[] | undefined;
      if (!values) continue;
      const key = f.path.at(-1)!;
      for (const v of values)
        for (const l of ['nl', 'fr'] as const)
          if (choiceLabel(key, v, l) === String(v) && !SELF_NAMED.test(String(v)) && !sameInEveryLanguage(String(v)))
            unnamed.push(`${f.where} = ${String(v)} (${l})`);
    }
    expect(unnamed).toEqual([]);
  });

  it('reads in the editor’s language once prepared: no English left in a French or Dutch form', () => {
    for (const target of ['fr', 'nl'] as const) {
      const words = englishWords(target);
      const left: string[] = [];
      // What a form draws: not the insides of the editor's own fields (a picture's file name, a text's languages), nor what it sets itself.
      const check = (s: Schema, where: string, root = false) => {
        for (const k of ['title', 'description', 'x-item-title', 'x-unit'] as const) {
          const v = s[k];
          if (typeof v === 'string' && words.english(v)) left.push(`${where} ${k}: ${v}`);
        }
        if (s['x-localized'] || s['x-richtext'] || s['x-media'] || s['x-relation']) return;
        for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Schema>))
          if (!(root && MANAGED.module.includes(k))) check(v, `${where}.${k}`);
        if (s.items && typeof s.items === 'object') check(s.items as Schema, where);
        if (s.additionalProperties && typeof s.additionalProperties === 'object') check(s.additionalProperties as Schema, where);
      };
      for (const doc of SETTINGS_DOCS) check(prepareSchema(editor.schemas[doc] as Schema, target, scopesOf(doc)), doc, true);
      for (const m of editor.modules)
        check(prepareSchema(m.schema as Schema, target, scopesOf('module', m.view), localizeUi(m.uiSchema, target)), m.view, true);
      expect(left, target).toEqual([]);
    }
  });
});
