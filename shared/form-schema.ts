/**
 * The JSON Schema of a form kind, from its definition (shared/form-kinds.ts, shared/form-fields.ts). `npm run gen:forms`
 * writes it to schemas/form-{kind}.json; a unit test fails when a committed file differs.
 * Not used by the browser (the schemas are compiled at build time, vite.config.ts).
 */
import { FIELDS, type FieldDef, type FieldName, type FieldSpec, type Rule } from './form-fields.ts';
import { KINDS, kindFields, type FormKind, type KindDef } from './form-kinds.ts';

/** The rule of one shown field: its type, bounds and pattern; a required text is not empty, a required list not empty. */
export function fieldRule(f: FieldSpec): Rule {
  const r: Rule = {};
  switch (f.type) {
    case 'checkbox':
      r.type = 'boolean';
      break;
    case 'confirm':
      r.const = true;
      break;
    case 'number':
      r.type = 'integer';
      if (f.minimum !== undefined) r.minimum = f.minimum;
      if (f.maximum !== undefined) r.maximum = f.maximum;
      break;
    case 'checkboxes':
      r.type = 'array';
      if (f.required) r.minItems = 1;
      if (f.maxItems !== undefined) r.maxItems = f.maxItems;
      r.uniqueItems = true;
      r.items = f.options ? { type: 'string', enum: [...f.options] } : { type: 'string', pattern: f.itemPattern };
      break;
    case 'file':
      r.type = 'object';
      r.properties = {
        name: { type: 'string', minLength: 1, maxLength: 200 },
        size: { type: 'integer', minimum: 1, maximum: f.maxBytes },
        type: { type: 'string', enum: [...(f.fileTypes ?? [])] },
      };
      r.required = ['name', 'size', 'type'];
      r.additionalProperties = false;
      break;
    default:
      r.type = 'string';
      if (f.options) r.enum = [...f.options];
      else {
        if (f.required) r.minLength = 1;
        if (f.maxLength !== undefined) r.maxLength = f.maxLength;
        const pattern = !f.required && f.optionalPattern ? f.optionalPattern : f.pattern;
        if (f.format) r.format = f.format;
        if (pattern) r.pattern = pattern;
      }
  }
  if (f.description) r.description = f.description;
  return { ...r, ...f.rule };
}

/** The schema of a kind: its shown fields, then the ones posted along, all others refused. */
export function formSchema(kind: FormKind): Rule {
  const def = KINDS[kind] as KindDef;
  const properties: Record<string, Rule> = {};
  const required: string[] = [];
  for (const f of kindFields(kind)) {
    properties[f.name] = fieldRule(f);
    if (f.required) required.push(f.name);
  }
  const hidden: Array<[FieldName, boolean]> = Object.entries(def.hidden ?? {}) as Array<[FieldName, boolean]>;
  if (def.about) hidden.unshift([def.about === 'project' ? 'projectId' : 'propertyId', !def.aboutOptional]);
  for (const [name, isRequired] of hidden) {
    const field = FIELDS[name] as FieldDef;
    properties[name] = field.hidden ?? fieldRule({ ...field, name, required: isRequired });
    if (isRequired) required.push(name);
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: `https://vitrine.invalid/schemas/form-${kind}.json`,
    title: def.title,
    description: def.description,
    type: 'object',
    properties,
    required,
    additionalProperties: false,
    ...def.rule,
  };
}

/** The file text of a kind's schema, as `npm run gen:forms` writes it. */
export const formSchemaText = (kind: FormKind) => `${JSON.stringify(formSchema(kind), null, 2)}\n`;
