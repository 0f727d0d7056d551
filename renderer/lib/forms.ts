/**
 * The forms visitors send: their kinds, and how a schema error becomes the message a visitor
 * reads next to the field (SPEC §5). Pure: used by the browser and by the server.
 */
export const FORM_KINDS = ['site-contact', 'contact-me', 'send-to-friend', 'document-request', 'sign-newsletter', 'contact-demand', 'demand-register', 'purchase-offer'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

export function isFormKind(s: unknown): s is FormKind {
  return typeof s === 'string' && (FORM_KINDS as readonly string[]).includes(s);
}

/** The JSON Schema id of a form kind (schemas/form-{kind}.json). */
export const formSchemaId = (kind: FormKind) => `https://vitrine.invalid/schemas/form-${kind}.json`;

/** Fields whose emptiness has a message of its own in the spec; others use the generic one. */
const REQUIRED_MESSAGES = new Set(['offeredPrice', 'types', 'cities', 'firstName', 'lastName', 'email', 'phone', 'title', 'goal', 'address', 'zip', 'city', 'message', 'receiverEmail', 'friendFirstName', 'friendLastName', 'propertyType']);

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
    const field = e.keyword === 'required' ? String(e.params.missingProperty) : e.keyword === 'additionalProperties' ? String(e.params.additionalProperty) : e.instancePath.split('/')[1] ?? '';
    if (!field || byField.has(field)) continue;
    let key = 'form.invalid';
    let values: FieldError['values'];
    if (e.keyword === 'required' || ((e.keyword === 'minLength' || e.keyword === 'minItems') && e.params.limit === 1)) key = REQUIRED_MESSAGES.has(field) ? `form.required.${field}` : 'form.required';
    else if (e.keyword === 'format' && e.params.format === 'email') key = 'form.invalid.email';
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

export type FieldType = 'text' | 'email' | 'tel' | 'textarea' | 'select' | 'radios' | 'checkboxes' | 'checkbox' | 'number';

/** One field of a form as the page shows it; `options` are values whose labels are form.{name}.{value}. */
export interface FieldSpec {
  name: string;
  type: FieldType;
  required?: boolean;
  options?: readonly string[];
  /** Options that come with the page's data (the municipalities of the listings). */
  optionsFrom?: 'cities';
  /** Dictionary key of the label when it is not form.{name}. */
  label?: string;
  autoComplete?: string;
  maxLength?: number;
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
export const FORM_FIELDS: Record<FormKind, FieldSpec[]> = {
  'site-contact': [...person, phone(false), message(true), newsletter],
  'contact-me': [
    { name: 'request', type: 'radios', required: true, options: ['visit', 'info'] },
    ...person,
    phone(true),
    { name: 'timeSlots', type: 'checkboxes', options: ['10:00-13:00', '14:00-16:00', '16:00-19:00'] },
    { name: 'preference', type: 'radios', options: ['phone', 'email'] },
    message(false),
    newsletter,
  ],
  'send-to-friend': [
    { name: 'firstName', type: 'text', required: true, autoComplete: 'given-name', maxLength: 80 },
    { name: 'lastName', type: 'text', required: true, autoComplete: 'family-name', maxLength: 80 },
    { name: 'email', type: 'email', required: true, autoComplete: 'email', maxLength: 200 },
    { name: 'friendFirstName', type: 'text', required: true, maxLength: 80 },
    { name: 'friendLastName', type: 'text', required: true, maxLength: 80 },
    { name: 'receiverEmail', type: 'email', required: true, maxLength: 200 },
    message(false),
  ],
  'document-request': [...person, phone(false)],
  'sign-newsletter': [
    { name: 'firstName', type: 'text', autoComplete: 'given-name', maxLength: 80 },
    { name: 'email', type: 'email', required: true, autoComplete: 'email', maxLength: 200 },
  ],
  'contact-demand': [
    { name: 'goal', type: 'radios', required: true, options: ['sell', 'rent-out'] },
    { name: 'propertyType', type: 'select', required: true, options: ['1', '2', '3', '4', '5', '6', '7'], label: 'form.propertyType' },
    { name: 'address', type: 'text', required: true, autoComplete: 'street-address', maxLength: 200 },
    { name: 'zip', type: 'text', required: true, autoComplete: 'postal-code', maxLength: 10 },
    { name: 'city', type: 'text', required: true, autoComplete: 'address-level2', maxLength: 80 },
    ...person,
    phone(true),
    message(false),
    newsletter,
  ],
  'demand-register': [
    { name: 'goal', type: 'radios', required: true, options: ['sale', 'rent'], label: 'form.demandGoal' },
    { name: 'types', type: 'checkboxes', required: true, options: ['1', '2', '3', '4', '5', '6', '7'] },
    { name: 'cities', type: 'checkboxes', required: true, optionsFrom: 'cities' },
    { name: 'minPrice', type: 'number' },
    { name: 'maxPrice', type: 'number' },
    { name: 'bedrooms', type: 'number' },
    { name: 'bathrooms', type: 'number' },
    { name: 'garages', type: 'number' },
    { name: 'parkings', type: 'number' },
    { name: 'terrace', type: 'checkbox' },
    { name: 'garden', type: 'checkbox' },
    ...person,
    phone(false),
    newsletter,
  ],
  'purchase-offer': [
    { name: 'offeredPrice', type: 'number', required: true },
    { name: 'conditions', type: 'textarea', maxLength: 2000 },
    ...person,
    phone(true),
  ],
};

/** Kinds that are about the property of the page (they carry its id). */
export const PROPERTY_FORMS: readonly FormKind[] = ['contact-me', 'send-to-friend', 'document-request', 'purchase-offer'];
/** Kinds only for properties for sale. */
export const SALE_FORMS: readonly FormKind[] = ['purchase-offer'];
