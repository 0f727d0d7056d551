/**
 * Validation in the editor: one RJSF/AJV validator for every form (draft 2020-12, lenient about the
 * `x-…` markers), the generic check that a required localized text is filled in every language in
 * use (an RJSF `customValidate`), and the conversions between the server's problems (JSON
 * pointers) and RJSF error schemas.
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { CustomValidator, ErrorSchema } from '@rjsf/utils';
import type { Lang } from '../shared/constants.ts';
import { localizeStrict } from '../shared/localize.ts';
import type { Problem } from './api.ts';
import { isEmptyText, isLocalizedSchema, pathToPointer, pointerToPath, typeOf, type Schema } from './schema.ts';

export const validator = customizeValidator({ AjvClass: Ajv2020, ajvOptionsOverrides: { strict: false, allowUnionTypes: true } });

export const LANG_NAMES: Record<string, string> = { nl: 'Dutch', fr: 'French', en: 'English', de: 'German' };
/** Languages whose text may be left to its fallback (SPEC §1: German may show the English text), as the server checks it. */
const MAY_FALL_BACK: readonly Lang[] = ['de'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Node = Record<string, any>;
function child(node: Node, key: string | number): Node {
  const k = String(key);
  if (!node[k] || typeof node[k] !== 'object') {
    node[k] = {
      __errors: [] as string[],
      addError(message: string) {
        (this.__errors as string[]).push(message);
      },
    };
  }
  return node[k] as Node;
}

/**
 * A `customValidate` that reports, for every `x-localized` node that its parent requires and that
 * is written in at least one language, each language in use whose text is empty (at that
 * language's input).
 */
export function localizedRequired(schema: Schema, langs: Lang[], data?: unknown): CustomValidator {
  // RJSF hands customValidate the data with the schema's defaults filled in (an optional banner
  // title becomes `{ public: true }`): the document as it is (`data`) is what must be checked.
  return (formData, errors) => {
    const walk = (s: Schema | undefined, data: unknown, node: Node) => {
      if (!s || data === undefined || data === null) return;
      const type = typeOf(s);
      if (type === 'object' && s.properties && typeof data === 'object' && !Array.isArray(data)) {
        const required: string[] = s.required ?? [];
        for (const [k, ps] of Object.entries(s.properties as Record<string, Schema>)) {
          const value = (data as Record<string, unknown>)[k];
          if (isLocalizedSchema(ps)) {
            if (!required.includes(k)) continue;
            const texts = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
            // A text left empty in every language is one the document does not use (the home page's
            // path segment); the server says so if it must be filled. A text written in some
            // languages must be written in all of them.
            if (Object.values(texts).every(isEmptyText)) continue;
            for (const lang of langs) {
              const own = texts[lang] ?? texts[lang.toUpperCase()];
              const text = MAY_FALL_BACK.includes(lang) ? localizeStrict(texts as Record<string, string>, lang) : own;
              if (isEmptyText(text)) child(child(node, k), lang).addError(`is required in ${LANG_NAMES[lang] ?? lang}`);
            }
          } else walk(ps, value, child(node, k));
        }
      } else if (type === 'array' && Array.isArray(data) && s.items && typeof s.items === 'object') {
        data.forEach((item, i) => walk(s.items as Schema, item, child(node, i)));
      }
    };
    walk(schema, data === undefined ? formData : data, errors as unknown as Node);
    return errors;
  };
}

/** Validates `data` against a prepared schema plus the localized-required rule; the errors as an RJSF error schema. */
export function validate(schema: Schema, data: unknown, langs: Lang[]): ErrorSchema {
  const result = validator.validateFormData(data, schema, localizedRequired(schema, langs, data ?? null));
  return pruneErrors(result.errorSchema) ?? {};
}

/** Drops empty branches of an error schema (undefined when nothing is left). */
export function pruneErrors(es: ErrorSchema | undefined): ErrorSchema | undefined {
  if (!es || typeof es !== 'object') return undefined;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(es)) {
    if (k === '__errors') {
      if (Array.isArray(v) && v.length) out.__errors = [...new Set(v as string[])];
    } else if (v && typeof v === 'object') {
      const p = pruneErrors(v as ErrorSchema);
      if (p) out[k] = p;
    }
  }
  return Object.keys(out).length ? (out as ErrorSchema) : undefined;
}

/** Every error of an error schema with its JSON pointer. */
export function listErrors(es: ErrorSchema | undefined, path: Array<string | number> = []): Array<{ pointer: string; message: string }> {
  if (!es) return [];
  const out: Array<{ pointer: string; message: string }> = [];
  for (const [k, v] of Object.entries(es)) {
    if (k === '__errors') for (const m of (v as unknown as string[]) ?? []) out.push({ pointer: pathToPointer(path), message: m });
    else if (v && typeof v === 'object') out.push(...listErrors(v as ErrorSchema, [...path, k]));
  }
  return out;
}

/** The problems that point into the document `key` (the server also names problems another document has with it). */
export function ownProblems(problems: Problem[], key: string): Problem[] {
  return problems.filter((p) => {
    const k = (p as Problem & { key?: string }).key;
    return k === undefined || k === key;
  });
}

/** The server's problems as an RJSF error schema (each message at the field its pointer names). */
export function problemsToErrors(problems: Problem[]): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const p of problems) {
    let node = root;
    for (const seg of pointerToPath(p.pointer)) node = (node[seg] ??= {}) as Record<string, unknown>;
    node.__errors = [...((node.__errors as unknown as string[]) ?? []), p.message];
  }
  return root as ErrorSchema;
}

/** Two error schemas in one (messages at the same field are concatenated). */
export function mergeErrors(a: ErrorSchema | undefined, b: ErrorSchema | undefined): ErrorSchema | undefined {
  if (!a) return pruneErrors(b);
  if (!b) return pruneErrors(a);
  const out: Record<string, unknown> = { ...a };
  for (const [k, v] of Object.entries(b)) {
    if (k === '__errors') out.__errors = [...((a.__errors as unknown as string[]) ?? []), ...((v as unknown as string[]) ?? [])];
    else out[k] = mergeErrors((a as Record<string, ErrorSchema>)[k], v as ErrorSchema);
  }
  return pruneErrors(out as ErrorSchema);
}

/** The branch of an error schema at a path. */
export function errorsAt(es: ErrorSchema | undefined, path: Array<string | number>): ErrorSchema | undefined {
  let node: unknown = es;
  for (const seg of path) node = node && typeof node === 'object' ? (node as Record<string, unknown>)[String(seg)] : undefined;
  return node as ErrorSchema | undefined;
}

export const countErrors = (es: ErrorSchema | undefined) => listErrors(es).length;
