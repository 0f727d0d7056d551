/**
 * The schema registry's one AJV instance: every core schema and every module's schema, compiled
 * once at start-up. Server only (the public bundle carries no validator).
 */
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { coerceKeyword } from './coerce.ts';
import { LINEAR_FORMATS } from '../../shared/formats.ts';
import { FORM_KINDS, formSchemaId } from '../../shared/forms.ts';
import type { ModuleRegistry } from '../../renderer/module-api.ts';
import common from '../../schemas/common.json';
import languages from '../../schemas/languages.json';
import site from '../../schemas/site.json';
import header from '../../schemas/header.json';
import footer from '../../schemas/footer.json';
import banner from '../../schemas/banner.json';
import popup from '../../schemas/popup.json';
import cookieConsent from '../../schemas/cookie-consent.json';
import dictionary from '../../schemas/dictionary.json';
import moduleSchema from '../../schemas/module.json';
import page from '../../schemas/page.json';
import pages from '../../schemas/pages.json';
import article from '../../schemas/article.json';
import articles from '../../schemas/articles.json';
import property from '../../schemas/property.json';
import project from '../../schemas/project.json';
import propertyType from '../../schemas/property-type.json';
import city from '../../schemas/city.json';
import treeItem from '../../schemas/tree-item.json';
import listings from '../../schemas/listings.json';
import renovation from '../../schemas/renovation.json';
import valuation from '../../schemas/valuation.json';
import buyingCosts from '../../schemas/buying-costs.json';
import redirects from '../../schemas/redirects.json';

/** The schema of every form kind (schemas/form-{kind}.json), by `form-{kind}`: a new kind's file is found by itself. */
const formSchemas = Object.fromEntries(
  Object.entries(import.meta.glob<{ $id: string }>('../../schemas/form-*.json', { eager: true, import: 'default' })).map(([file, schema]) => [
    file.slice(file.lastIndexOf('/') + 1, -'.json'.length),
    schema,
  ]),
);

export const coreSchemas = {
  common,
  languages,
  site,
  header,
  footer,
  banner,
  popup,
  cookieConsent,
  dictionary,
  module: moduleSchema,
  page,
  pages,
  article,
  articles,
  property,
  project,
  propertyType,
  city,
  treeItem,
  listings,
  renovation,
  valuation,
  buyingCosts,
  redirects,
  ...formSchemas,
};

export interface Problem {
  file: string;
  pointer: string;
  /** In English, for logs and scripts. */
  message: string;
  /**
   * What the problem is, for the editor to say in its own language: an AJV keyword as `ajv.<keyword>`
   * (then `params` are AJV's, read by ajv-i18n), or a check of ours (`text.required`, `ref.page` …).
   */
  code?: string;
  params?: Record<string, unknown>;
}

export class SchemaRegistry {
  readonly ajv: Ajv2020;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(registry: ModuleRegistry) {
    this.ajv = new Ajv2020({ allErrors: true, strict: true, strictRequired: false, allowUnionTypes: true, useDefaults: false });
    // ajv-formats, with the formats our schemas use replaced by linear-time checks.
    (addFormats as unknown as (a: Ajv2020) => void)(this.ajv);
    this.ajv.addKeyword(coerceKeyword);
    for (const [name, def] of Object.entries(LINEAR_FORMATS)) this.ajv.addFormat(name, def);
    for (const s of Object.values(coreSchemas)) this.ajv.addSchema(s);
    for (const def of registry.all()) this.ajv.addSchema(def.schema);
    for (const s of Object.values(coreSchemas)) if (s.$id !== common.$id) this.validators.set(s.$id, this.ajv.compile(s));
    for (const def of registry.all()) this.validators.set(def.view, this.ajv.getSchema(String(def.schema.$id))!);
    // A kind defined in shared/forms.ts without its schema file (or one whose $id is not its own) stops the start.
    for (const kind of FORM_KINDS)
      if (!this.validators.has(formSchemaId(kind)))
        throw new Error(`form kind ${kind}: schemas/form-${kind}.json is missing or its $id is not ${formSchemaId(kind)}`);
  }

  /** The raw AJV errors of `data` against a schema ($id or key), or [] when it is valid. */
  errors(which: string, data: unknown): ErrorObject[] {
    const id = (coreSchemas as Record<string, { $id: string }>)[which]?.$id ?? which;
    const v = this.validators.get(id);
    if (!v) throw new Error(`no schema ${which}`);
    // Lengths first: AJV (allErrors) would still run a field's pattern after its maxLength failed.
    const { checked, tooLong } = lengthsFirst(data, this.limitsOf(id));
    const ok = v(checked);
    const errors = ok
      ? []
      : (v.errors ?? []).filter((e) => !tooLong.some((t) => e.instancePath === t.instancePath || e.instancePath.startsWith(`${t.instancePath}/`)));
    return [...tooLong, ...errors];
  }

  /** Validates `data` against a core schema ($id or key of coreSchemas) or a module view's schema. */
  validate(which: string, data: unknown, file: string, prefix = ''): Problem[] {
    const errors = this.errors(which, data);
    return errors.length ? toProblems(errors, file, prefix) : [];
  }

  private readonly limits = new Map<string, LengthLimit[]>();

  /** The maxLength of each string the schema reaches through properties, items and allOf (and their $refs). */
  private limitsOf(id: string): LengthLimit[] {
    let list = this.limits.get(id);
    if (list) return list;
    list = [];
    const out = list;
    const walk = (schema: unknown, base: string, path: string[], depth: number) => {
      if (!schema || typeof schema !== 'object' || depth > 12) return;
      const s = schema as Record<string, unknown>;
      const here = typeof s.$id === 'string' ? new URL(s.$id, base).href : base;
      if (typeof s.$ref === 'string') {
        const target = new URL(s.$ref, here).href;
        walk(this.ajv.getSchema(target)?.schema, target.split('#')[0], path, depth + 1);
      }
      if (typeof s.maxLength === 'number') out.push({ path, max: s.maxLength });
      if (s.properties && typeof s.properties === 'object') for (const [k, child] of Object.entries(s.properties)) walk(child, here, [...path, k], depth + 1);
      if (s.items && typeof s.items === 'object' && !Array.isArray(s.items)) walk(s.items, here, [...path, '*'], depth + 1);
      if (Array.isArray(s.allOf)) for (const child of s.allOf) walk(child, here, path, depth + 1);
    };
    walk(this.ajv.getSchema(id)?.schema, id, [], 0);
    this.limits.set(id, out);
    return out;
  }
}

interface LengthLimit {
  /** Property names from the root; '*' for every item of an array. */
  path: string[];
  max: number;
}

/** Characters as JSON Schema counts them (code points), counted only when the UTF-16 length is over. */
function tooLongFor(s: string, max: number): boolean {
  if (s.length <= max) return false;
  let n = 0;
  for (const _ of s) if (++n > max) return true;
  return false;
}

const pointer = (keys: Array<string | number>) => keys.map((k) => `/${String(k).replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');

/**
 * Strings longer than their maxLength get that error and are blanked in a copy for the rest of
 * the validation, so that no pattern or format ever reads more than its field may hold.
 */
function lengthsFirst(data: unknown, limits: LengthLimit[]): { checked: unknown; tooLong: ErrorObject[] } {
  const found: Array<{ keys: Array<string | number>; max: number }> = [];
  const visit = (v: unknown, path: string[], keys: Array<string | number>, max: number) => {
    if (!path.length) {
      if (typeof v === 'string' && tooLongFor(v, max)) found.push({ keys, max });
      return;
    }
    const [head, ...rest] = path;
    if (head === '*') {
      if (Array.isArray(v)) v.forEach((item, i) => visit(item, rest, [...keys, i], max));
    } else if (v && typeof v === 'object' && !Array.isArray(v) && Object.prototype.hasOwnProperty.call(v, head)) {
      visit((v as Record<string, unknown>)[head], rest, [...keys, head], max);
    }
  };
  for (const l of limits) visit(data, l.path, [], l.max);
  if (!found.length) return { checked: data, tooLong: [] };
  const checked = structuredClone(data);
  const tooLong: ErrorObject[] = [];
  for (const f of found) {
    let parent = checked as Record<string | number, unknown>;
    for (const k of f.keys.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>;
    parent[f.keys[f.keys.length - 1]] = '';
    const instancePath = pointer(f.keys);
    if (tooLong.some((e) => e.instancePath === instancePath)) continue;
    tooLong.push({
      instancePath,
      schemaPath: '#/maxLength',
      keyword: 'maxLength',
      params: { limit: f.max },
      message: `must NOT have more than ${f.max} characters`,
    });
  }
  return { checked, tooLong };
}

/** AJV errors → one problem per error, with a readable message and the pointer of the field. */
export function toProblems(errors: ErrorObject[], file: string, prefix = ''): Problem[] {
  const out: Problem[] = [];
  const seen = new Set<string>();
  for (const e of errors) {
    let pointer = prefix + e.instancePath;
    let message = e.message ?? 'is not valid';
    // An error about a key (propertyNames) names that key.
    const propertyName = (e as ErrorObject & { propertyName?: string }).propertyName ?? (e.params as { propertyName?: string }).propertyName;
    if (propertyName !== undefined && e.keyword !== 'propertyNames') {
      pointer += `/${propertyName.replace(/~/g, '~0').replace(/\//g, '~1')}`;
      message = `is not an allowed key (${message})`;
    }
    if (e.keyword === 'additionalProperties' || e.keyword === 'unevaluatedProperties') {
      const p = e.params as { additionalProperty?: string; unevaluatedProperty?: string };
      pointer += `/${p.additionalProperty ?? p.unevaluatedProperty}`;
      message = 'is not a known field';
    } else if (e.keyword === 'required') {
      pointer += `/${(e.params as { missingProperty: string }).missingProperty}`;
      message = 'is required';
    } else if (e.keyword === 'enum') {
      message = `must be one of ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
    } else if (e.keyword === 'const') {
      message = `must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
    } else if (e.keyword === 'propertyNames') {
      continue; // reported again, more precisely, by the error on the name itself
    } else if (e.keyword === 'if' || e.keyword === 'allOf' || e.keyword === 'anyOf') {
      continue;
    }
    const key = `${pointer}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    out.push({ file, pointer: pointer || '/', message, code: `ajv.${e.keyword}`, params: e.params as Record<string, unknown> });
  }
  return out;
}

export function formatProblem(p: Problem): string {
  return `${p.file} ${p.pointer}: ${p.message}`;
}
