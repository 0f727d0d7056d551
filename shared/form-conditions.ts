/**
 * Fields by configuration (SPEC §5 "field conditions"): for each field of a form kind, staff choose
 * in the contact module whether it is shown, whether it is required, its order, and the conditions
 * under which it shows (plus an advanced rule in JSON Logic). The same functions run in the browser
 * (fields appear as the visitor types) and on the server (a hidden field is neither required nor
 * stored). A condition that cannot be evaluated counts as not met, and so does a rule that takes
 * more steps than its budget (shared/rule-cost.ts).
 */
import jsonLogic from 'json-logic-js';
import { FORM_FIELDS, type FieldSpec, type FormKind, type SchemaError } from './forms.ts';
import { applyWithinBudget, FORM_STEP_BUDGET, RULE_STEP_BUDGET, ruleSizeProblems, type StepMeter } from './rule-cost.ts';

export const COMPARES = ['equals', 'notEquals', 'in', 'empty', 'notEmpty', 'gt', 'gte', 'lt', 'lte'] as const;
export type Compare = (typeof COMPARES)[number];

export interface FieldCondition {
  field: string;
  /** How this condition joins the ones before it (the first one's is not used). */
  logic?: 'and' | 'or';
  compare: Compare;
  value?: string | number | boolean | string[];
  /** Compared with another field's value instead of `value`. */
  compareField?: string;
}

export interface FieldSetting {
  name: string;
  /** false: never shown (and never stored). */
  show?: boolean;
  required?: boolean;
  conditions?: FieldCondition[];
  /** A JSON Logic rule over the form's values (JSON text, as staff type it); the field shows only when it is true as well. */
  advanced?: string | object;
}

export interface ActiveField {
  spec: FieldSpec;
  shown: boolean;
  required: boolean;
  /** It has conditions: whether it shows depends on what the visitor fills in. */
  conditional: boolean;
}

/**
 * Fields the site relies on (the way back to the visitor, the property's checks, the robots' test):
 * they are always shown and, when the kind requires them, always required.
 */
export const LOCKED_FIELDS = new Set([
  'email',
  'slot',
  'cv',
  'captcha',
  'name',
  'comment',
  'offeredPrice',
  'monthlyIncome',
  'persons',
  'confirmIncome',
  'confirmPersons',
  'confirmDescription',
  'confirmPayment',
  'receiverEmail',
  'request',
  'goal',
  'types',
  'cities',
]);

/** JSON Logic operations an advanced rule may use (no `log`, nothing that writes). */
export const LOGIC_OPERATIONS = new Set([
  ...['==', '===', '!=', '!==', '>', '>=', '<', '<=', '!', '!!', 'and', 'or', 'if', '?:', 'in', 'var', 'missing', 'missing_some'],
  ...['+', '-', '*', '/', '%', 'min', 'max', 'cat', 'substr', 'merge', 'all', 'some', 'none', 'filter', 'map', 'reduce'],
]);

type Values = Record<string, unknown>;

/** The advanced rule of a setting: JSON text as staff type it (or the rule itself); undefined when there is none. Throws on bad JSON. */
function ruleOf(advanced: unknown): unknown {
  if (!hasRule(advanced)) return undefined;
  return typeof advanced === 'string' ? JSON.parse(advanced) : advanced;
}
const hasRule = (advanced: unknown) => !(advanced === undefined || advanced === null || (typeof advanced === 'string' && advanced.trim() === ''));

/** Whether a setting makes its field depend on what is filled in (conditions, or an advanced rule that is not blank). */
export const hasConditions = (s: Pick<FieldSetting, 'conditions' | 'advanced'> | undefined) => !!(s?.conditions?.length || hasRule(s?.advanced));

const isEmpty = (v: unknown) => v === undefined || v === null || v === '' || v === false || (Array.isArray(v) && v.length === 0);

function number(v: unknown): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v.replace(',', '.')) : NaN;
  if (!Number.isFinite(n)) throw new Error('not a number');
  return n;
}

const same = (a: unknown, b: unknown) => (Array.isArray(a) ? a.map(String).includes(String(b)) : a !== undefined && String(a) === String(b));

function compare(c: FieldCondition, values: Values): boolean {
  const a = values[c.field];
  const b = c.compareField !== undefined ? values[c.compareField] : c.value;
  switch (c.compare) {
    case 'equals':
      return same(a, b);
    case 'notEquals':
      return !same(a, b);
    case 'in': {
      const list = (Array.isArray(b) ? b : String(b ?? '').split(',')).map((x) => String(x).trim());
      return Array.isArray(a) ? a.some((x) => list.includes(String(x))) : a !== undefined && list.includes(String(a));
    }
    case 'empty':
      return isEmpty(a);
    case 'notEmpty':
      return !isEmpty(a);
    case 'gt':
      return number(a) > number(b);
    case 'gte':
      return number(a) >= number(b);
    case 'lt':
      return number(a) < number(b);
    case 'lte':
      return number(a) <= number(b);
    default:
      throw new Error(`unknown comparison ${String((c as { compare: unknown }).compare)}`);
  }
}

/** The operations a rule uses that are not allowed (empty: the rule may be used). */
export function unknownOperations(rule: unknown): string[] {
  const out = new Set<string>();
  const walk = (r: unknown) => {
    if (Array.isArray(r)) return r.forEach(walk);
    if (r === null || typeof r !== 'object') return;
    const keys = Object.keys(r);
    if (keys.length !== 1) return void out.add(keys.length ? keys.join('+') : '{}');
    if (!LOGIC_OPERATIONS.has(keys[0])) out.add(keys[0]);
    walk((r as Record<string, unknown>)[keys[0]]);
  };
  walk(rule);
  return [...out];
}

/** The fields a rule reads (`{"var": "name"}`), by their first path segment. */
export function ruleFields(rule: unknown): string[] {
  return [...new Set(jsonLogic.uses_data(rule as Record<string, unknown>).map((v) => String(v).split('.')[0]))];
}

/** The fields a setting's conditions look at (for `aria-controls` on them); a rule that does not read names none. */
export function conditionFields(s: Pick<FieldSetting, 'conditions' | 'advanced'>): string[] {
  const names = (s.conditions ?? []).flatMap((c) => [c.field, ...(c.compareField ? [c.compareField] : [])]);
  try {
    const rule = ruleOf(s.advanced);
    if (rule !== undefined) names.push(...ruleFields(rule));
  } catch {
    /* not JSON: refused at config load, and not met */
  }
  return [...new Set(names)];
}

/**
 * Whether a field with these settings shows, given the values above it. Errors count as not met,
 * and so does a rule past its step budget (or past what is left of the form's `meter`).
 */
export function conditionsMet(s: Pick<FieldSetting, 'conditions' | 'advanced'>, values: Values, meter?: StepMeter): boolean {
  try {
    let met = true;
    (s.conditions ?? []).forEach((c, i) => {
      const r = compare(c, values);
      met = i === 0 ? r : c.logic === 'or' ? met || r : met && r;
    });
    const rule = ruleOf(s.advanced);
    if (rule !== undefined) {
      if (unknownOperations(rule).length) return false;
      if (!met) return false;
      const budget = Math.min(RULE_STEP_BUDGET, meter?.left ?? RULE_STEP_BUDGET);
      let steps = budget + 1;
      try {
        const run = applyWithinBudget(rule, values, budget);
        steps = run.steps;
        met = !!run.value;
      } finally {
        if (meter) meter.left = Math.max(0, meter.left - steps);
      }
    }
    return met;
  } catch {
    return false;
  }
}

/**
 * The kind's fields in the configured order: the fields the settings name take, in the settings'
 * order, the places those fields have by default; the others keep theirs.
 */
export function orderedFields(kind: FormKind, settings: readonly FieldSetting[] = []): Array<{ spec: FieldSpec; setting?: FieldSetting }> {
  const specs = FORM_FIELDS[kind];
  const byName = new Map(settings.filter((s) => specs.some((f) => f.name === s.name)).map((s) => [s.name, s]));
  const listed = [...byName.values()].map((s) => specs.find((f) => f.name === s.name)!);
  let next = 0;
  return specs.map((f) => {
    const spec = byName.has(f.name) ? listed[next++] : f;
    return { spec, setting: byName.get(spec.name) };
  });
}

/** Every field of the kind with whether it shows and is required for these values (top to bottom). */
export function activeFields(kind: FormKind, settings: readonly FieldSetting[] | undefined, values: Values): ActiveField[] {
  const seen: Values = {};
  // One budget for the whole form: however many rules it has, one check stays short.
  const meter: StepMeter = { left: FORM_STEP_BUDGET };
  return orderedFields(kind, settings).map(({ spec, setting }) => {
    const locked = LOCKED_FIELDS.has(spec.name);
    const conditional = !locked && hasConditions(setting);
    // A condition looks at the fields above it that are shown (a hidden one counts as empty).
    const shown = locked || (setting?.show !== false && (!conditional || conditionsMet(setting!, seen, meter)));
    if (shown && spec.name in values) seen[spec.name] = values[spec.name];
    const required =
      shown && (locked && spec.required ? true : (setting?.required ?? !!spec.required)) && !spec.requiredUnless?.some((name) => !isEmpty(values[name]));
    return { spec, shown, required, conditional };
  });
}

/**
 * Settles what was sent against the settings: a hidden field's value is dropped (never stored), an
 * empty optional one too. Returns the fields with their state, for `settleErrors`.
 */
export function settleFields(kind: FormKind, settings: readonly FieldSetting[] | undefined, fields: Values): ActiveField[] {
  const active = activeFields(kind, settings, fields);
  for (const f of active) {
    if (!f.shown || (!f.required && isEmpty(fields[f.spec.name]) && f.spec.type !== 'checkbox')) delete fields[f.spec.name];
  }
  return active;
}

/**
 * The schema's errors corrected for the settings: a field the settings made optional is not
 * missing; one they made required is, when empty. Same shape as AJV's, for `fieldErrors`.
 */
export function settleErrors(active: ActiveField[], fields: Values, errors: SchemaError[]): SchemaError[] {
  const optional = new Set(active.filter((f) => !f.required).map((f) => f.spec.name));
  const out = errors.filter((e) => !(e.keyword === 'required' && optional.has(String(e.params.missingProperty))));
  for (const f of active) {
    if (f.required && isEmpty(fields[f.spec.name]) && !out.some((e) => e.keyword === 'required' && e.params.missingProperty === f.spec.name))
      out.push({ instancePath: '', keyword: 'required', params: { missingProperty: f.spec.name } });
  }
  return out;
}

/** A problem of field settings: a JSON pointer below the module, why, and for the editor's own words a code with its figures. */
export type FieldSettingsProblem = { pointer: string; message: string; code?: string; params?: Record<string, number> };

/** What is wrong with a contact module's field settings (a JSON pointer below the module, and why). */
export function fieldSettingsProblems(kind: FormKind, settings: readonly FieldSetting[]): FieldSettingsProblem[] {
  const out: FieldSettingsProblem[] = [];
  const specs = FORM_FIELDS[kind];
  const has = (name: string) => specs.some((f) => f.name === name);
  const fieldList = specs.map((f) => f.name).join(', ');
  const notOfKind = (name: string) => `"${name}" is not a field of the form ${kind} (its fields: ${fieldList})`;
  const order = orderedFields(kind, settings).map((f) => f.spec.name);
  const hidden = new Set(settings.filter((s) => s.show === false).map((s) => s.name));
  const above = (target: string, of: string) => order.indexOf(target) >= 0 && order.indexOf(target) < order.indexOf(of);
  const seen = new Set<string>();
  settings.forEach((s, i) => {
    const at = `/fields/${i}`;
    if (!has(s.name)) return void out.push({ pointer: `${at}/name`, message: notOfKind(s.name) });
    if (seen.has(s.name)) out.push({ pointer: `${at}/name`, message: `"${s.name}" is listed twice` });
    seen.add(s.name);
    const locked = LOCKED_FIELDS.has(s.name);
    if (locked && s.show === false) out.push({ pointer: `${at}/show`, message: `"${s.name}" is always shown: the site needs it` });
    if (locked && s.required === false && specs.find((f) => f.name === s.name)!.required)
      out.push({ pointer: `${at}/required`, message: `"${s.name}" is always required: the site needs it` });
    if (locked && hasConditions(s)) out.push({ pointer: `${at}/conditions`, message: `"${s.name}" is always shown: it cannot have conditions` });
    // A condition looks at a shown field above this one: fields appear below what the visitor just answered.
    const look = (name: string, pointer: string) => {
      if (!has(name)) out.push({ pointer, message: notOfKind(name) });
      else if (name === s.name) out.push({ pointer, message: `"${name}" cannot decide whether it shows itself` });
      else if (!above(name, s.name)) out.push({ pointer, message: `"${name}" must come above "${s.name}" in the form to decide whether it shows` });
      else if (hidden.has(name)) out.push({ pointer, message: `"${name}" is never shown, so it is always empty` });
    };
    (s.conditions ?? []).forEach((c, k) => {
      const cp = `${at}/conditions/${k}`;
      look(c.field, `${cp}/field`);
      if (c.compareField !== undefined) look(c.compareField, `${cp}/compareField`);
      const needsValue = c.compare !== 'empty' && c.compare !== 'notEmpty';
      if (needsValue && c.value === undefined && c.compareField === undefined)
        out.push({ pointer: `${cp}/value`, message: `"${c.compare}" needs a value or a field to compare with` });
      if (['gt', 'gte', 'lt', 'lte'].includes(c.compare) && c.value !== undefined && !Number.isFinite(Number(c.value)))
        out.push({ pointer: `${cp}/value`, message: `"${c.compare}" compares numbers: "${String(c.value)}" is not one` });
    });
    let rule: unknown;
    try {
      rule = ruleOf(s.advanced);
    } catch (e) {
      out.push({ pointer: `${at}/advanced`, message: `not valid JSON: ${(e as Error).message}` });
    }
    if (rule !== undefined) {
      const bad = unknownOperations(rule);
      const size = ruleSizeProblems(rule, typeof s.advanced === 'string' ? s.advanced : undefined);
      if (size.length) for (const p of size) out.push({ pointer: `${at}/advanced`, ...p });
      else if (bad.length)
        out.push({ pointer: `${at}/advanced`, message: `not a JSON Logic rule that can be used: unknown operation ${bad.map((b) => `"${b}"`).join(', ')}` });
      else for (const name of ruleFields(rule)) look(name, `${at}/advanced`);
    }
  });
  return out;
}
