/**
 * The forms visitors send: their kinds, and how a schema error becomes the message a visitor
 * reads next to the field (SPEC §5). Pure: used by the browser and by the server.
 */
export const FORM_KINDS = ['site-contact', 'contact-me'] as const;
export type FormKind = (typeof FORM_KINDS)[number];

export function isFormKind(s: unknown): s is FormKind {
  return typeof s === 'string' && (FORM_KINDS as readonly string[]).includes(s);
}

/** The JSON Schema id of a form kind (schemas/form-{kind}.json). */
export const formSchemaId = (kind: FormKind) => `https://vitrine.invalid/schemas/form-${kind}.json`;

/** Fields whose emptiness has a message of its own in the spec; others use the generic one. */
const REQUIRED_MESSAGES = new Set(['firstName', 'lastName', 'email', 'phone', 'title', 'goal', 'address', 'zip', 'city', 'message']);

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
    if (e.keyword === 'required' || (e.keyword === 'minLength' && e.params.limit === 1)) key = REQUIRED_MESSAGES.has(field) ? `form.required.${field}` : 'form.required';
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
