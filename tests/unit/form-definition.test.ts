/**
 * One definition per form field (issue 42, point 3): the committed schemas are what the definition
 * (shared/form-fields.ts) generates, every field's label, every option's words and every required
 * message of every kind is in the nl, fr, en and de dictionaries, and the agency's mail reads from
 * the definition.
 */
import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../helpers/config.ts';
import { FIELDS, labelKey, optionKey, requiredMessage } from '../../shared/form-fields.ts';
import { FORM_KINDS, KINDS, kindFields, type KindDef } from '../../shared/form-kinds.ts';
import { formSchema, formSchemaText } from '../../shared/form-schema.ts';
import { fieldErrors } from '../../shared/forms.ts';
import { leadMails } from '../../server/mail/lead-mail.ts';
import type { Lang } from '../../shared/constants.ts';
import { LEAD_FIELDS, fieldName } from '../../editor/inbox/lead-text.ts';
import editorEn from '../../editor/i18n/en.ts';
import editorFr from '../../editor/i18n/fr.ts';
import editorNl from '../../editor/i18n/nl.ts';

const LANGS = ['nl', 'fr', 'en', 'de'] as const;
const dictionaries = Object.fromEntries(
  LANGS.map((l) => [l, JSON.parse(readFileSync(join(root, `site-config/dictionaries/${l}.json`), 'utf8')) as Record<string, string>]),
) as Record<(typeof LANGS)[number], Record<string, string>>;
/** The keys missing from any dictionary, as `lang key (why)`. */
function missing(keys: Array<[string, string]>): string[] {
  return LANGS.flatMap((l) => keys.filter(([k]) => !dictionaries[l][k]?.trim()).map(([k, why]) => `${l} ${k} (${why})`));
}

describe('the form schemas follow from the definition', () => {
  it.each(FORM_KINDS)('schemas/form-%s.json is what npm run gen:forms writes', (kind) => {
    const committed = readFileSync(join(root, `schemas/form-${kind}.json`), 'utf8');
    expect(committed, `schemas/form-${kind}.json has drifted from shared/form-kinds.ts: run npm run gen:forms`).toBe(formSchemaText(kind));
  });

  it('every schemas/form-*.json belongs to a kind of the definition', () => {
    const files = readdirSync(join(root, 'schemas')).filter((f) => /^form-.*\.json$/.test(f));
    expect(files.sort()).toEqual(FORM_KINDS.map((k) => `form-${k}.json`).sort());
  });

  it('a required text may not be empty, a required list not without items; an optional phone may be empty', () => {
    const s = formSchema('contact-me') as { properties: Record<string, Record<string, unknown>>; required: string[] };
    expect(s.properties.phone).toMatchObject({ minLength: 1, pattern: '^[+0-9][0-9 ./()-]{5,38}$' });
    expect(s.required).toEqual(['request', 'firstName', 'lastName', 'email', 'phone', 'propertyId']);
    const d = formSchema('demand-register') as typeof s;
    expect(d.properties.types).toMatchObject({ type: 'array', minItems: 1 });
    expect(d.properties.phone).toMatchObject({ pattern: '^$|^[+0-9][0-9 ./()-]{5,38}$' });
    expect(d.properties.phone).not.toHaveProperty('minLength');
    // A kind's own bound and rule parts are kept: the valuation asks up to 50 bedrooms, the project's message is never empty.
    expect((formSchema('contact-demand') as typeof s).properties.bedrooms.maximum).toBe(50);
    expect((formSchema('contact-construction') as typeof s).properties.message.minLength).toBe(1);
  });

  it('rule parts of a whole form (an if/then between fields) are expressible and reach the schema', () => {
    const def = KINDS['site-contact'] as KindDef;
    const rule = { if: { required: ['newsletter'] }, then: { required: ['email'] } };
    def.rule = rule;
    try {
      expect(formSchema('site-contact')).toMatchObject(rule);
    } finally {
      delete def.rule;
    }
  });
});

describe('every field of every kind speaks every language', () => {
  it('each kind has its name in nl, fr, en and de', () => {
    expect(missing(FORM_KINDS.map((k) => [`form.kind.${k}`, k]))).toEqual([]);
  });

  it('each field a form shows has its label, and each option its words, for the page and for the mail', () => {
    const keys: Array<[string, string]> = [];
    for (const kind of FORM_KINDS)
      for (const f of kindFields(kind)) {
        keys.push([labelKey(f), `${kind} ${f.name}`]);
        for (const o of f.options ?? []) {
          const mail = optionKey(f, o);
          const page = optionKey(f, o, true);
          if (mail) keys.push([mail, `${kind} ${f.name} = ${o}`]);
          if (page && page !== mail) keys.push([page, `${kind} ${f.name} = ${o}, on the page`]);
        }
      }
    expect(keys.length).toBeGreaterThan(150);
    expect(missing(keys)).toEqual([]);
  });

  it('each field has its required message (its own, or the one its definition declares): any field may be made required by staff', () => {
    const keys: Array<[string, string]> = Object.keys(FIELDS).map((name) => [requiredMessage(name), name]);
    expect(missing(keys)).toEqual([]);
    // The spec's own messages (SPEC §5) stay the fields' own.
    const own = ['firstName', 'lastName', 'email', 'phone', 'title', 'goal', 'street', 'zip', 'city', 'propertyType', 'receiverEmail', 'captcha'];
    for (const name of own) expect(requiredMessage(name)).toBe(`form.required.${name}`);
  });

  it('every field required in some kind has a message of its own or a declared one', () => {
    const required = FORM_KINDS.flatMap((k) =>
      kindFields(k)
        .filter((f) => f.required)
        .map((f) => f.name),
    );
    expect(new Set(required).size).toBeGreaterThan(20);
    for (const name of required) expect(requiredMessage(name) === 'form.required' ? `${name}: generic` : 'own').toBe('own');
  });
});

describe('required messages come from the definition', () => {
  const req = (field: string) => ({ instancePath: '', keyword: 'required', params: { missingProperty: field } });
  it.each([
    ['request', 'form.required.request'],
    ['slot', 'form.required.slot'],
    ['title', 'form.required.title'],
    ['confirmIncome', 'form.confirm.required'],
    ['position', 'form.required'],
    ['propertyId', 'form.required'],
    ['notAField', 'form.required'],
  ])('an empty %s reads %s', (field, key) => {
    expect(fieldErrors([req(field)])).toEqual([{ field, key, values: undefined }]);
  });
});

describe('the agency mail reads every field from the definition', () => {
  const mail = (kind: string, fields: Record<string, unknown>, agencyLang: Lang = 'nl') =>
    leadMails({
      kind,
      lang: 'fr',
      agencyLang,
      messages: (l) => dictionaries[l],
      agencyName: 'Atrium Immo',
      fields,
      submissionId: 'lead-1',
    }).agency.text;

  it('each option of each kind is in words in each language, never its code', () => {
    for (const lang of LANGS)
      for (const kind of FORM_KINDS)
        for (const f of kindFields(kind)) {
          if (!f.options || f.shows === 'times') continue;
          for (const o of f.options) {
            const value = f.type === 'checkboxes' ? [o] : o;
            const text = mail(kind, { [f.name]: value }, lang);
            const words = dictionaries[lang][optionKey(f, o)!];
            expect(text, `${lang} ${kind} ${f.name} = ${o}`).toContain(`${dictionaries[lang][labelKey(f)]}: ${words}\n`);
          }
        }
  });

  it('time slots read as the page shows them, amounts in euros, a phone grouped, yes and no in words', () => {
    const text = mail('contact-me', { timeSlots: ['10:00-13:00', '16:00-19:00'], phone: '0470/12.34.56', newsletter: true, preference: 'phone' });
    expect(text).toContain(`${dictionaries.nl['form.timeSlots']}: 10:00 – 13:00, 16:00 – 19:00\n`);
    expect(text).toContain(`${dictionaries.nl['form.phone']}: 0470 12 34 56\n`);
    expect(text).toContain(`${dictionaries.nl['form.newsletter']}: ${dictionaries.nl['value.yes']}\n`);
    expect(text).toContain(`${dictionaries.nl['form.preference']}: ${dictionaries.nl['form.preference.phone']}\n`);
    const alert = mail('demand-register', { minPrice: 250000, maxPrice: 400000, goal: 'rent', types: ['1', '2'] });
    expect(alert).toContain(`${dictionaries.nl['form.minPrice']}: € 250.000\n`);
    expect(alert).toContain(`${dictionaries.nl['form.demandGoal']}: ${dictionaries.nl['form.goal.rent']}\n`);
    expect(alert).toContain(`: ${dictionaries.nl['type.1']}, ${dictionaries.nl['type.2']}\n`);
  });
});

describe('the editor names every field of the definition', () => {
  const catalogues = { en: editorEn, fr: editorFr, nl: editorNl } as Record<string, Record<string, string>>;
  it('each field any form can carry has leads.field.{name} in the editor’s nl, fr and en (the inbox, the field settings)', () => {
    for (const kind of FORM_KINDS) for (const f of kindFields(kind)) expect(LEAD_FIELDS).toContain(f.name);
    const gaps = Object.entries(catalogues).flatMap(([ui, c]) => LEAD_FIELDS.filter((k) => !c[`leads.field.${k}`]?.trim()).map((k) => `${ui} ${k}`));
    expect(gaps).toEqual([]);
    expect(fieldName('timeSlots', 'nl')).toBe(editorNl['leads.field.timeSlots']);
    expect(fieldName('projectId', 'fr')).toBe('Numéro du projet');
  });
});
