/**
 * The one definition of the visitors' forms: every field once (FIELDS: its type, bounds, pattern,
 * options, how its label and values read); every kind lists them in shared/form-kinds.ts (KINDS)
 * with what is particular to it. The page's fields (shared/forms.ts), the JSON Schemas
 * (schemas/form-{kind}.json, written by `npm run gen:forms` from shared/form-schema.ts), the
 * required messages, the agency's mail and the editor's field names all follow from it.
 * A unit test fails when a committed schema or a dictionary drifts from it.
 */
import { CONTACT_TIME_SLOTS } from './constants.ts';

export type FieldType =
  'text' | 'email' | 'tel' | 'url' | 'textarea' | 'select' | 'radios' | 'checkboxes' | 'checkbox' | 'number' | 'slot' | 'file' | 'captcha' | 'confirm';

/** A JSON Schema fragment: a rule the definition cannot say otherwise (if/then, a kind's own bound). */
export type Rule = Record<string, unknown>;

/** One field as every form that carries it has it (a kind may change a part of it: FieldUse). */
export interface FieldDef {
  type: FieldType;
  options?: readonly string[];
  /** Options that come with the page's data (the municipalities of the listings, the units of the project). */
  optionsFrom?: 'cities' | 'units';
  /** Dictionary key of the label when it is not form.{name}. */
  label?: string;
  /** Dictionary key of an option's words, `{value}` standing for the option; form.{name}.{value} by default. */
  optionKey?: string;
  /** The page's words of an option when they differ from the mail's (a list of property types in the plural). */
  pageOptionKey?: string;
  /** How the value reads in a mail: an amount in euros, a phone number grouped, a time range. */
  shows?: 'price' | 'phone' | 'times';
  autoComplete?: string;
  maxLength?: number;
  /** Text: the pattern a value matches; `optionalPattern` when the field is not required (an empty text allowed). */
  pattern?: string;
  optionalPattern?: string;
  format?: 'email' | 'uri';
  /** Numbers: the bounds (integers). */
  minimum?: number;
  maximum?: number;
  /** Lists: the most items, and each item's pattern when the options come with the data. */
  maxItems?: number;
  itemPattern?: string;
  /** Files: the accept attribute (the server checks the content), the detected types allowed, the largest size. */
  accept?: string;
  fileTypes?: readonly string[];
  maxBytes?: number;
  /** The schema's description of the field. */
  description?: string;
  /**
   * The message when it is left empty where it is required: form.required.{name} unless declared here
   * (the generic form.required, or another key). A unit test checks each one is in every dictionary.
   */
  requiredMessage?: string;
  /** Posted without being shown (the property's id, a captcha's sealed answer): its rule, written out. */
  hidden?: Rule;
}

/** A field in a kind: its name, whether it is required there, and what the kind changes of it. */
export interface FieldUse extends Partial<Omit<FieldDef, 'type' | 'hidden' | 'requiredMessage'>> {
  name: FieldName;
  required?: boolean;
  /** Required only while all these fields are empty (at least one geographic zone: region, postcode or municipality). */
  requiredUnless?: readonly string[];
  /** Rule parts this kind adds to the field's own (merged into its schema). */
  rule?: Rule;
}

const NAME = '^[^<>{}]*$';
const RICH = '^(?:[^<]|<(?!\\s*(?:/\\s*)?(?:script|iframe|object|embed)\\b))*$';
const PHONE = '^[+0-9][0-9 ./()-]{5,38}$';
const QUERY = '^[A-Za-z0-9=&%._~+*-]+$';
const TYPES = ['1', '2', '3', '4', '5', '6', '7'];
const MB5 = 5 * 1024 * 1024;
const name80 = (autoComplete?: string): FieldDef => ({ type: 'text', maxLength: 80, pattern: NAME, ...(autoComplete ? { autoComplete } : {}) });
/** The generic message for a field the spec gives none of its own (staff may make it required). */
const generic = 'form.required';
const count = (maximum: number): FieldDef => ({ type: 'number', minimum: 0, maximum, requiredMessage: generic });
const euros = (minimum: number, maximum: number, requiredMessage?: string): FieldDef => ({
  type: 'number',
  minimum,
  maximum,
  shows: 'price',
  ...(requiredMessage ? { requiredMessage } : {}),
});
const confirm: FieldDef = { type: 'confirm', requiredMessage: 'form.confirm.required' };

/** Every field any form can carry, once. */
export const FIELDS = {
  // The person
  title: { type: 'select', options: ['mr', 'ms', 'miss'] },
  firstName: name80('given-name'),
  lastName: name80('family-name'),
  name: { type: 'text', autoComplete: 'name', maxLength: 120, pattern: NAME },
  email: { type: 'email', autoComplete: 'email', maxLength: 200, format: 'email' },
  phone: { type: 'tel', autoComplete: 'tel', maxLength: 40, pattern: PHONE, optionalPattern: `^$|${PHONE}`, shows: 'phone' },
  message: { type: 'textarea', maxLength: 4000, pattern: RICH },
  newsletter: { type: 'checkbox', requiredMessage: generic },
  // A contact request
  request: { type: 'radios', options: ['visit', 'info'] },
  timeSlots: { type: 'checkboxes', options: CONTACT_TIME_SLOTS, shows: 'times', requiredMessage: generic },
  preference: { type: 'radios', options: ['phone', 'email'], requiredMessage: generic },
  slot: {
    type: 'slot',
    pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}$',
    description: 'Local start (Europe/Brussels) of a free slot, YYYY-MM-DDTHH:MM.',
  },
  // Sending to a friend
  friendFirstName: name80(),
  friendLastName: name80(),
  receiverEmail: { type: 'email', maxLength: 200, format: 'email' },
  captcha: { type: 'captcha', autoComplete: 'off', maxLength: 12, description: 'The characters of the captcha image, as typed.' },
  // A property and its address
  goal: { type: 'radios' },
  propertyType: { type: 'select', options: TYPES, label: 'form.propertyType', optionKey: 'type.{value}' },
  bedrooms: count(20),
  street: { type: 'text', autoComplete: 'address-line1', maxLength: 150, pattern: NAME },
  houseNumber: {
    type: 'text',
    maxLength: 20,
    pattern: '^[0-9A-Za-z][0-9A-Za-z /.,-]*$',
    description: 'The number, with a letter or box if any (12, 12A, 12 bus 3).',
  },
  zip: { type: 'text', autoComplete: 'postal-code', maxLength: 10, pattern: '^[0-9A-Za-z -]{1,10}$' },
  city: { type: 'text', autoComplete: 'address-level2', maxLength: 80, pattern: NAME },
  // A search alert
  types: { type: 'checkboxes', options: TYPES, optionKey: 'type.{value}', pageOptionKey: 'type.{value}.plural' },
  regions: {
    type: 'checkboxes',
    options: ['brussels', 'flanders', 'wallonia'],
    maxItems: 3,
    requiredMessage: generic,
    description: 'Regions searched in (SPEC §3 demand: region/zip/city; SPEC §9 regions by postcode).',
  },
  cities: { type: 'checkboxes', optionsFrom: 'cities', maxItems: 40, itemPattern: '^[a-z0-9-]{1,60}$' },
  zips: {
    type: 'text',
    maxLength: 120,
    autoComplete: 'off',
    requiredMessage: generic,
    pattern: '^ *[0-9]{4}(?:[ ,;]+[0-9]{4})*[ ,;]*$|^ *$',
    description: 'Postcodes searched in, as the visitor types them: four digits each, separated by commas or spaces (1030, 1180).',
  },
  minPrice: euros(0, 100_000_000, generic),
  maxPrice: euros(0, 100_000_000, generic),
  maxBedrooms: count(20),
  bathrooms: count(20),
  garages: count(20),
  parkings: count(20),
  terrace: { type: 'checkbox', requiredMessage: generic },
  garden: { type: 'checkbox', requiredMessage: generic },
  // An offer, a rental application
  offeredPrice: euros(1000, 100_000_000),
  conditions: { type: 'textarea', maxLength: 2000, pattern: RICH, requiredMessage: generic },
  monthlyIncome: euros(0, 10_000_000),
  persons: { type: 'number', minimum: 1, maximum: 20 },
  confirmIncome: confirm,
  confirmPersons: confirm,
  confirmDescription: confirm,
  confirmPayment: confirm,
  // A testimonial, a job application
  about: { type: 'text', maxLength: 200, pattern: NAME, label: 'form.aboutYou', requiredMessage: generic },
  url: { type: 'url', autoComplete: 'url', maxLength: 300, format: 'uri', pattern: '^https?://', requiredMessage: generic },
  image: {
    type: 'file',
    accept: 'image/jpeg,image/png,image/webp',
    fileTypes: ['jpeg', 'png', 'webp'],
    maxBytes: MB5,
    requiredMessage: generic,
    description: 'A portrait or photo (JPEG, PNG or WebP, at most 5 MB).',
  },
  comment: { type: 'textarea', maxLength: 2000, pattern: RICH },
  position: { type: 'text', maxLength: 120, pattern: NAME, requiredMessage: generic },
  cv: {
    type: 'file',
    accept: '.pdf,.docx,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    fileTypes: ['pdf', 'docx'],
    maxBytes: MB5,
    description: 'The CV: PDF or DOCX, at most 5 MB, checked by content.',
  },
  // A new-build project
  units: { type: 'checkboxes', optionsFrom: 'units', maxItems: 200, itemPattern: '^[1-9][0-9]{0,11}$', requiredMessage: generic },
  budget: euros(0, 100_000_000, generic),
  // Posted along, not shown
  propertyId: { type: 'number', requiredMessage: generic, hidden: { type: 'integer', minimum: 1 } },
  projectId: { type: 'number', requiredMessage: generic, hidden: { type: 'integer', minimum: 1 } },
  captchaToken: {
    type: 'text',
    requiredMessage: generic,
    hidden: { type: 'string', minLength: 1, maxLength: 400, pattern: '^[A-Za-z0-9_-]+$', description: 'The sealed answer the server gave with the image.' },
  },
  renovation: {
    type: 'text',
    requiredMessage: generic,
    hidden: {
      description: "The renovation calculator's result this request comes with: its query string, read again on the server (issue 16).",
      type: 'string',
      minLength: 1,
      maxLength: 1000,
      pattern: QUERY,
    },
  },
  valuation: {
    type: 'text',
    requiredMessage: generic,
    hidden: {
      description: 'The online valuation this request comes from: its query string, read again on the server (issue 16).',
      type: 'string',
      minLength: 1,
      maxLength: 1000,
      pattern: QUERY,
    },
  },
} satisfies Record<string, FieldDef>;

export type FieldName = keyof typeof FIELDS;
export const FIELD_NAMES = Object.keys(FIELDS) as FieldName[];
export const fieldDef = (name: string): FieldDef | undefined => (FIELDS as Record<string, FieldDef>)[name];

/** One field of a form as the page shows it; `options` are values whose labels are form.{name}.{value}. */
export interface FieldSpec extends Omit<FieldDef, 'hidden'> {
  name: string;
  required?: boolean;
  requiredUnless?: readonly string[];
  /** Rule parts the kind adds (used by the schema only). */
  rule?: Rule;
}

/** The message of a field left empty where it is required (any field's name; the generic one for a name no form has). */
export const requiredMessage = (name: string) => {
  const def = fieldDef(name);
  return def ? (def.requiredMessage ?? `form.required.${name}`) : generic;
};

/** The dictionary key of a field's label. */
export const labelKey = (f: Pick<FieldSpec, 'name' | 'label'>) => f.label ?? `form.${f.name}`;
/** The dictionary key of an option's words (in a mail; `page` for the page's), or undefined for a time range. */
export function optionKey(f: Pick<FieldSpec, 'name' | 'optionKey' | 'pageOptionKey' | 'shows'>, value: string, page = false): string | undefined {
  if (f.shows === 'times') return undefined;
  const pattern = (page && f.pageOptionKey) || f.optionKey || `form.${f.name}.{value}`;
  return pattern.replace('{value}', value);
}
