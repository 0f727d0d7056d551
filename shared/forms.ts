/**
 * The forms visitors send: their kinds, and how a schema error becomes the message a visitor
 * reads next to the field (SPEC §5). Pure: used by the browser and by the server.
 */
import { CONTACT_TIME_SLOTS, PERSONS_PER_BEDROOM, RENT_INCOME_MULTIPLE } from './constants.ts';
import { GOAL_CODES, goalOf, onOffer } from './goal.ts';

export function isFormKind(s: unknown): s is FormKind {
  return typeof s === 'string' && (FORM_KINDS as readonly string[]).includes(s);
}

/** The JSON Schema id of a form kind (schemas/form-{kind}.json). */
export const formSchemaId = (kind: FormKind) => `https://vitrine.invalid/schemas/form-${kind}.json`;

/** Fields whose emptiness has a message of its own in the spec; others use the generic one. */
const REQUIRED_MESSAGES = new Set([
  'slot',
  'cv',
  'name',
  'comment',
  'captcha',
  'monthlyIncome',
  'persons',
  'offeredPrice',
  'types',
  'cities',
  'firstName',
  'lastName',
  'email',
  'phone',
  'title',
  'goal',
  'street',
  'houseNumber',
  'zip',
  'city',
  'message',
  'receiverEmail',
  'friendFirstName',
  'friendLastName',
  'propertyType',
]);

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
    if (e.keyword === 'required' || ((e.keyword === 'minLength' || e.keyword === 'minItems') && e.params.limit === 1))
      key = REQUIRED_MESSAGES.has(field) ? `form.required.${field}` : 'form.required';
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

export type FieldType =
  'text' | 'email' | 'tel' | 'url' | 'textarea' | 'select' | 'radios' | 'checkboxes' | 'checkbox' | 'number' | 'slot' | 'file' | 'captcha' | 'confirm';

/** One field of a form as the page shows it; `options` are values whose labels are form.{name}.{value}. */
export interface FieldSpec {
  name: string;
  type: FieldType;
  required?: boolean;
  options?: readonly string[];
  /** Options that come with the page's data (the municipalities of the listings, the units of the project). */
  optionsFrom?: 'cities' | 'units';
  /** Dictionary key of the label when it is not form.{name}. */
  label?: string;
  /** Required only while all these fields are empty (at least one geographic zone: region, postcode or municipality). */
  requiredUnless?: readonly string[];
  autoComplete?: string;
  maxLength?: number;
  /** Files: the accept attribute (the server checks the content). */
  accept?: string;
}

const person: FieldSpec[] = [
  { name: 'title', type: 'select', options: ['mr', 'ms', 'miss'] },
  { name: 'firstName', type: 'text', required: true, autoComplete: 'given-name', maxLength: 80 },
  { name: 'lastName', type: 'text', required: true, autoComplete: 'family-name', maxLength: 80 },
  { name: 'email', type: 'email', required: true, autoComplete: 'email', maxLength: 200 },
];
const phone = (required: boolean): FieldSpec => ({ name: 'phone', type: 'tel', required, autoComplete: 'tel', maxLength: 40 });
const message = (required: boolean): FieldSpec => ({ name: 'message', type: 'textarea', required, maxLength: 4000 });
const newsletter: FieldSpec = { name: 'newsletter', type: 'checkbox' };

/** The fields of each form kind, in order (the schema in schemas/form-{kind}.json is the rule). */
const captcha: FieldSpec = { name: 'captcha', type: 'captcha', required: true, autoComplete: 'off', maxLength: 12 };
/** Checkboxes an applicant must tick; labels carry numbers from the property (rentalTerms). */
const confirm = (name: string): FieldSpec => ({ name, type: 'confirm', required: true });

/** What one kind of form is: its fields, what it is about, and what follows from a request of it. */
export interface FormDefinition {
  /** Its fields in order (the schema in schemas/form-{kind}.json is the rule). */
  fields: FieldSpec[];
  /** About the property of the page (its id sent along; for an appointment it is optional), or the project of the page. */
  about?: 'property' | 'project';
  /** Only for a property for sale, or to let (and on offer). */
  only?: 'sale' | 'rent';
  /** Files are sent along (multipart/form-data). */
  uploads?: boolean;
  /** Who gets the confirmation mail: the visitor (by default), the friend, or nobody. */
  visitorMail?: 'friend' | 'none';
  /** The confirmation mail's text (dictionary key); `mail.thanks` by default. */
  confirmation?: string;
  /** A form without a captcha of its own asks for a proof of work (shared/proof-of-work.ts; the captcha without JavaScript). */
  guard?: 'proof';
}

/**
 * Every kind of form, defined once: the browser form, the server's checks, the mails, the inbox and
 * the editor's choices follow from this, with the kind's schema (schemas/form-{kind}.json), its
 * dictionary keys (form.kind.{kind}, form.{field}…) and its thank-you page (thank-you-{kind}).
 */
export const FORMS = {
  'site-contact': { fields: [...person, phone(false), message(true), newsletter], guard: 'proof' },
  'contact-me': {
    fields: [
      { name: 'request', type: 'radios', required: true, options: ['visit', 'info'] },
      ...person,
      phone(true),
      { name: 'timeSlots', type: 'checkboxes', options: CONTACT_TIME_SLOTS },
      { name: 'preference', type: 'radios', options: ['phone', 'email'] },
      message(false),
      newsletter,
    ],
    about: 'property',
    guard: 'proof',
  },
  'send-to-friend': {
    fields: [
      { name: 'firstName', type: 'text', required: true, autoComplete: 'given-name', maxLength: 80 },
      { name: 'lastName', type: 'text', required: true, autoComplete: 'family-name', maxLength: 80 },
      { name: 'email', type: 'email', required: true, autoComplete: 'email', maxLength: 200 },
      { name: 'friendFirstName', type: 'text', required: true, maxLength: 80 },
      { name: 'friendLastName', type: 'text', required: true, maxLength: 80 },
      { name: 'receiverEmail', type: 'email', required: true, maxLength: 200 },
      message(false),
      captcha,
    ],
    about: 'property',
    visitorMail: 'friend',
  },
  'document-request': { fields: [...person, phone(false)], about: 'property', guard: 'proof' },
  'sign-newsletter': {
    fields: [
      { name: 'firstName', type: 'text', autoComplete: 'given-name', maxLength: 80 },
      { name: 'email', type: 'email', required: true, autoComplete: 'email', maxLength: 200 },
    ],
    confirmation: 'mail.newsletter',
    guard: 'proof',
  },
  'contact-demand': {
    fields: [
      { name: 'goal', type: 'radios', required: true, options: ['sell', 'rent-out', 'buy'] },
      { name: 'propertyType', type: 'select', required: true, options: ['1', '2', '3', '4', '5', '6', '7'], label: 'form.propertyType' },
      { name: 'bedrooms', type: 'number', label: 'form.valuationBedrooms' },
      { name: 'street', type: 'text', required: true, autoComplete: 'address-line1', maxLength: 150 },
      { name: 'houseNumber', type: 'text', required: true, maxLength: 20 },
      { name: 'zip', type: 'text', required: true, autoComplete: 'postal-code', maxLength: 10 },
      { name: 'city', type: 'text', required: true, autoComplete: 'address-level2', maxLength: 80 },
      ...person,
      phone(true),
      message(false),
      newsletter,
    ],
    guard: 'proof',
  },
  'demand-register': {
    fields: [
      { name: 'goal', type: 'radios', required: true, options: ['sale', 'rent'], label: 'form.demandGoal' },
      { name: 'types', type: 'checkboxes', required: true, options: ['1', '2', '3', '4', '5', '6', '7'] },
      // SPEC §3 demand "region/zip/city", SPEC §5 "at least one geographic zone": any of the three.
      { name: 'regions', type: 'checkboxes', options: ['brussels', 'flanders', 'wallonia'] },
      { name: 'cities', type: 'checkboxes', required: true, requiredUnless: ['regions', 'zips'], optionsFrom: 'cities' },
      { name: 'zips', type: 'text', maxLength: 120, autoComplete: 'off' },
      { name: 'minPrice', type: 'number' },
      { name: 'maxPrice', type: 'number' },
      { name: 'bedrooms', type: 'number' },
      { name: 'maxBedrooms', type: 'number' },
      { name: 'bathrooms', type: 'number' },
      { name: 'garages', type: 'number' },
      { name: 'parkings', type: 'number' },
      { name: 'terrace', type: 'checkbox' },
      { name: 'garden', type: 'checkbox' },
      ...person,
      phone(false),
      newsletter,
    ],
    guard: 'proof',
  },
  'purchase-offer': {
    fields: [{ name: 'offeredPrice', type: 'number', required: true }, { name: 'conditions', type: 'textarea', maxLength: 2000 }, ...person, phone(true)],
    about: 'property',
    only: 'sale',
    guard: 'proof',
  },
  'contact-appointment': {
    fields: [{ name: 'slot', type: 'slot', required: true }, ...person, phone(true), message(false)],
    about: 'property',
    guard: 'proof',
  },
  'rental-application': {
    fields: [
      { name: 'monthlyIncome', type: 'number', required: true },
      { name: 'persons', type: 'number', required: true },
      ...person,
      phone(true),
      message(false),
      confirm('confirmIncome'),
      confirm('confirmPersons'),
      confirm('confirmDescription'),
      confirm('confirmPayment'),
    ],
    about: 'property',
    only: 'rent',
    guard: 'proof',
  },
  testimonial: {
    fields: [
      { name: 'name', type: 'text', required: true, autoComplete: 'name', maxLength: 120 },
      { name: 'about', type: 'text', maxLength: 200, label: 'form.aboutYou' },
      { name: 'url', type: 'url', autoComplete: 'url', maxLength: 300 },
      { name: 'image', type: 'file', accept: 'image/jpeg,image/png,image/webp' },
      { name: 'comment', type: 'textarea', required: true, maxLength: 2000 },
      captcha,
    ],
    uploads: true,
    visitorMail: 'none',
  },
  'job-application': {
    fields: [
      ...person,
      phone(true),
      { name: 'position', type: 'text', maxLength: 120 },
      { name: 'message', type: 'textarea', maxLength: 4000, label: 'form.motivation' },
      {
        name: 'cv',
        type: 'file',
        required: true,
        accept: '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      },
    ],
    uploads: true,
    confirmation: 'mail.job',
    guard: 'proof',
  },
  'contact-construction': {
    fields: [
      { name: 'units', type: 'checkboxes', optionsFrom: 'units' },
      { name: 'budget', type: 'number' },
      { name: 'bedrooms', type: 'number' },
      ...person,
      phone(false),
      message(false),
      newsletter,
    ],
    about: 'project',
    guard: 'proof',
  },
} satisfies Record<string, FormDefinition>;

export type FormKind = keyof typeof FORMS;
export const FORM_KINDS = Object.keys(FORMS) as FormKind[];
const kinds = (test: (d: FormDefinition) => boolean) => FORM_KINDS.filter((k) => test(FORMS[k] as FormDefinition));

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
