/**
 * The forms visitors send: their kinds, and how a schema error becomes the message a visitor
 * reads next to the field (SPEC §5). Pure: used by the browser and by the server.
 */
import { PERSONS_PER_BEDROOM, RENT_INCOME_MULTIPLE } from './constants.ts';
import { GOAL_CODES, goalOf, onOffer } from './goal.ts';
import { requiredMessage, type FieldSpec } from './form-fields.ts';
import { FORM_KINDS, KINDS, kindFields, type FormKind, type KindDef } from './form-kinds.ts';

export function isFormKind(s: unknown): s is FormKind {
  return typeof s === 'string' && (FORM_KINDS as readonly string[]).includes(s);
}

/** The JSON Schema id of a form kind (schemas/form-{kind}.json). */
export const formSchemaId = (kind: FormKind) => `https://vitrine.invalid/schemas/form-${kind}.json`;

export interface FieldError {
  field: string;
  /** Dictionary key of the message, with its values. */
  key: string;
  values?: Record<string, string | number>;
}

/** The AJV-shaped error (instancePath, keyword, params) of either side. */
export interface SchemaError {
  instancePath: string;
  keyword: string;
  params: Record<string, unknown>;
}

/** One message per field, the first problem of each, in the order of `order`. */
export function fieldErrors(errors: SchemaError[], order: readonly string[] = []): FieldError[] {
  const byField = new Map<string, FieldError>();
  for (const e of errors) {
    const field =
      e.keyword === 'required'
        ? String(e.params.missingProperty)
        : e.keyword === 'additionalProperties'
          ? String(e.params.additionalProperty)
          : (e.instancePath.split('/')[1] ?? '');
    if (!field || byField.has(field)) continue;
    let key = 'form.invalid';
    let values: FieldError['values'];
    if (e.keyword === 'required' || ((e.keyword === 'minLength' || e.keyword === 'minItems') && e.params.limit === 1)) key = requiredMessage(field);
    else if (e.keyword === 'format' && e.params.format === 'email') key = 'form.invalid.email';
    else if (e.keyword === 'const' && e.params.allowedValue === true) key = 'form.confirm.required';
    else if ((e.keyword === 'format' && e.params.format === 'uri') || (e.keyword === 'pattern' && field === 'url')) key = 'form.invalid.url';
    else if (e.instancePath.endsWith('/size') && e.keyword === 'maximum') key = 'form.file.tooLarge';
    else if (e.instancePath.endsWith('/type') && e.keyword === 'enum') key = `form.file.type.${field}`;
    else if (e.keyword === 'pattern' && field === 'phone') key = 'form.invalid.phone';
    else if (e.keyword === 'maxLength') {
      key = 'form.tooLong';
      values = { max: Number(e.params.limit) };
    } else if (e.keyword === 'additionalProperties') key = 'form.unknownField';
    byField.set(field, { field, key, values });
  }
  const rank = (f: string) => (order.includes(f) ? order.indexOf(f) : order.length);
  return [...byField.values()].sort((a, b) => rank(a.field) - rank(b.field));
}

export type { FieldSpec, FieldType } from './form-fields.ts';
export type { FormKind } from './form-kinds.ts';
export { FORM_KINDS } from './form-kinds.ts';

/** What one kind of form is (shared/form-kinds.ts, KINDS): its fields as the page shows them, and what follows from a request of it. */
export interface FormDefinition extends Omit<KindDef, 'fields' | 'title' | 'description' | 'hidden' | 'rule'> {
  fields: FieldSpec[];
}

const definitionOf = (k: FormKind): FormDefinition => {
  const { title: _title, description: _description, hidden: _hidden, rule: _rule, ...rest } = KINDS[k] as KindDef;
  return { ...rest, fields: kindFields(k) };
};
const FORMS = Object.fromEntries(FORM_KINDS.map((k) => [k, definitionOf(k)])) as Record<FormKind, FormDefinition>;
const kinds = (test: (d: FormDefinition) => boolean) => FORM_KINDS.filter((k) => test(FORMS[k]));

export const FORM_FIELDS = Object.fromEntries(FORM_KINDS.map((k) => [k, FORMS[k].fields])) as Record<FormKind, FieldSpec[]>;
/** Kinds about the property of the page (they carry its id; for an appointment it is optional). */
export const PROPERTY_FORMS: readonly FormKind[] = kinds((d) => d.about === 'property');
/** Kinds about the new-build project of the page (they carry its id). */
export const PROJECT_FORMS: readonly FormKind[] = kinds((d) => d.about === 'project');
/** Kinds only for properties for sale, and only for properties to let. */
export const SALE_FORMS: readonly FormKind[] = kinds((d) => d.only === 'sale');
export const RENT_FORMS: readonly FormKind[] = kinds((d) => d.only === 'rent');
/** Kinds that carry files (sent as multipart/form-data). */
export const UPLOAD_FORMS: readonly FormKind[] = kinds((d) => !!d.uploads);

/** A kind's definition (the loose type, for the optional parts). */
export const formDefinition = (kind: FormKind): FormDefinition => FORMS[kind];

/** Whether a property is still on offer: the one rule (shared/goal.ts), re-exported for the forms' callers. */
export { onOffer };

/**
 * Why a property cannot receive this kind of request (a dictionary key), or undefined when it can:
 * an offer only on a property for sale, an application only on one to let, a viewing only while it
 * is on offer, documents only when it has some. The page leaves such a form out; the server refuses it.
 */
export function propertyProblem(kind: FormKind, p: { Goal: number; Availability: string; Documents?: ReadonlyArray<unknown> | null }): string | undefined {
  const open = onOffer(p);
  if (SALE_FORMS.includes(kind) && (goalOf(p) !== 'sale' || !open)) return 'form.notForSale';
  if (RENT_FORMS.includes(kind) && (p.Goal !== GOAL_CODES.rent || !open)) return 'form.notForRent';
  if (kind === 'contact-appointment' && !open) return goalOf(p) === 'sale' ? 'propertyForms.noViewing.sold' : 'propertyForms.noViewing.let';
  if (kind === 'document-request' && !p.Documents?.length) return 'propertyForms.noDocuments';
  return undefined;
}

/** The numbers a rental applicant confirms (SPEC §5), from the property's rent and bedrooms. */
export function rentalTerms(p: { Price?: number | null; NumberOfBedRooms?: number | null }): { minIncome: number; maxPersons: number } {
  return { minIncome: Math.round((p.Price ?? 0) * RENT_INCOME_MULTIPLE), maxPersons: Math.max(1, p.NumberOfBedRooms ?? 0) * PERSONS_PER_BEDROOM };
}
