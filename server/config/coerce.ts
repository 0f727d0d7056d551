/**
 * The `coerce` keyword of the schema registry: an object schema marked `"coerce": true` reads its
 * fields leniently, the way CRMs write them, before the usual keywords check them. Each field is
 * turned into the type its own schema declares when that is unambiguous:
 *   - flags: true/false, 0/1, "0"/"1", "true"/"false" → boolean;
 *   - numbers: numeric strings (" 250000 ", "3.0") → number;
 *   - text: numbers (Zip 1030, HouseNumber 12) → string, surrounding blanks trimmed;
 *   - "" and null → null where the field allows null, else the field counts as missing;
 *   - enums of words match regardless of case ("Sold" → "sold");
 *   - date-times as "2025-01-07 10:52:00", "2025-01-07T10:52:00" (read as UTC) or .NET "/Date(ms)/".
 * A missing field with a `default` gets it. Unknown fields are left alone. What still does not fit
 * is then reported by the ordinary keywords (type, minimum, enum …) with the field's pointer.
 */
import type { AnySchemaObject, KeywordDefinition } from 'ajv';

type Schema = {
  type?: string | string[];
  enum?: unknown[];
  format?: string;
  default?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  $ref?: string;
  items?: unknown;
};

/** What a field may be: its declared types, or those of its anyOf/oneOf members (a $ref member is an object). */
const typeCache = new WeakMap<Schema, Set<string>>();
function typesOf(s: Schema): Set<string> {
  const cached = typeCache.get(s);
  if (cached) return cached;
  const out = new Set<string>();
  const add = (x: Schema) => {
    if (x.type) for (const t of ([] as string[]).concat(x.type)) out.add(t);
    else if (x.$ref) out.add('object');
  };
  add(s);
  for (const m of [...(s.anyOf ?? []), ...(s.oneOf ?? [])]) add(m);
  if (out.has('integer')) out.add('number');
  typeCache.set(s, out);
  return out;
}

const NET_DATE = /^\/Date\((-?\d{1,15})([+-]\d{4})?\)\/$/;
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)$/;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

function coerceDate(v: string, format: string): string {
  const net = NET_DATE.exec(v);
  if (net) {
    const iso = new Date(Number(net[1])).toISOString().replace('.000Z', 'Z');
    return format === 'date' ? iso.slice(0, 10) : iso;
  }
  if (format === 'date') return v.length > 10 && DATE_ONLY.test(v.slice(0, 10)) && /^[ T]/.test(v[10]) ? v.slice(0, 10) : v;
  const local = LOCAL_DATE_TIME.exec(v);
  if (local) return `${local[1]}T${local[2].length === 5 ? `${local[2]}:00` : local[2]}Z`;
  if (DATE_ONLY.test(v)) return `${v}T00:00:00Z`;
  return v;
}

const REMOVE = Symbol('remove');

/** One field's value turned into what its schema declares, REMOVE when it means "no value" and null is not allowed. */
export function coerceValue(value: unknown, schema: Schema): unknown {
  const types = typesOf(schema);
  if (!types.size) return value;
  // Already what it should be (the usual case): nothing to do.
  const t = typeof value;
  if (
    (t === 'number' && types.has('number')) ||
    (t === 'boolean' && types.has('boolean')) ||
    (value === null && types.has('null')) ||
    (t === 'object' && value !== null && (types.has('object') || types.has('array')))
  )
    return value;
  let v = value;
  if (typeof v === 'string') {
    v = v.trim();
    if (v === '') return types.has('null') ? null : types.has('string') && !schema.enum && schema.default === undefined ? v : REMOVE;
  }
  if (v === null) return types.has('null') ? null : REMOVE;
  if (typeof v === 'string') {
    if (types.has('string')) {
      if (schema.enum) {
        const hit = schema.enum.find((e) => typeof e === 'string' && e.toLowerCase() === (v as string).toLowerCase());
        if (hit !== undefined) return hit;
      }
      if (schema.format === 'date-time' || schema.format === 'date') return coerceDate(v, schema.format);
      return v;
    }
    if (types.has('boolean')) {
      const l = v.toLowerCase();
      if (l === '1' || l === 'true') return true;
      if (l === '0' || l === 'false') return false;
    }
    if (types.has('number') && /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/.test(v)) return Number(v);
    return v;
  }
  if (typeof v === 'number') {
    if (types.has('number')) return v;
    if (types.has('boolean') && (v === 0 || v === 1)) return v === 1;
    if (types.has('string') && Number.isFinite(v)) return String(v);
  }
  return v;
}

/** Per object schema, worked out once: each field's schema and types, and the defaults. */
interface Plan {
  fields: Map<string, Schema>;
  defaults: Array<[string, unknown]>;
}
const plans = new WeakMap<object, Plan>();
function planOf(parentSchema: AnySchemaObject): Plan | undefined {
  let plan = plans.get(parentSchema);
  if (!plan) {
    const properties = parentSchema.properties as Record<string, Schema> | undefined;
    if (!properties) return undefined;
    plan = {
      fields: new Map(Object.entries(properties)),
      defaults: Object.entries(properties)
        .filter(([, s]) => s.default !== undefined)
        .map(([k, s]) => [k, s.default]),
    };
    plans.set(parentSchema, plan);
  }
  return plan;
}

export const coerceKeyword: KeywordDefinition = {
  keyword: 'coerce',
  type: 'object',
  schemaType: 'boolean',
  modifying: true,
  // Before `required`, so that a field filled from its default or emptied counts as it should.
  before: 'required',
  validate(enabled: boolean, data: Record<string, unknown>, parentSchema?: AnySchemaObject) {
    const plan = enabled && parentSchema ? planOf(parentSchema) : undefined;
    if (!plan) return true;
    for (const key of Object.keys(data)) {
      const sub = plan.fields.get(key);
      if (!sub) continue;
      const v = coerceValue(data[key], sub);
      if (v === REMOVE) delete data[key];
      else data[key] = v;
    }
    for (const [key, value] of plan.defaults)
      if (!Object.hasOwn(data, key)) data[key] = typeof value === 'object' && value !== null ? structuredClone(value) : value;
    return true;
  },
};
