/**
 * Validation in the editor: one RJSF/AJV validator for every form (draft 2020-12, lenient about the
 * `x-…` markers), the generic check that a required localized text is filled in every language in
 * use (an RJSF `customValidate`), and the conversions between the server's problems (JSON
 * pointers) and RJSF error schemas.
 */
import { customizeValidator } from '@rjsf/validator-ajv8';
import { Ajv2020 } from 'ajv/dist/2020.js';
import type { CustomValidator, ErrorSchema, ValidatorType } from '@rjsf/utils';
import type { Lang } from '../shared/constants.ts';
import { localizeStrict } from '../shared/localize.ts';
import { icuProblems } from '../shared/icu-check.ts';
import type { Problem } from './api.ts';
import { langName, tr, type UiLang } from './i18n/index.ts';
import { isEmptyText, isLocalizedSchema, isRichTextSchema, pathToPointer, pointerToPath, typeOf, type Schema } from './schema.ts';

/** Rich text with no words and no picture is empty (what an emptied editor leaves: `<p></p>`). */
function isEmptyHtml(v: unknown): boolean {
  if (typeof v !== 'string') return isEmptyText(v);
  if (v.includes('<img')) return false;
  let text = '';
  let inTag = false;
  for (const ch of v) {
    if (ch === '<') inTag = true;
    else if (ch === '>') inTag = false;
    else if (!inTag) text += ch;
  }
  return text.replace(/&nbsp;/g, ' ').trim() === '';
}
/** Texts the document may leave empty in every language (the home page's address segment, an article's slug): the server says when they must be written. */
const MAY_BE_UNUSED = new Set(['localizedPath', 'slug']);

import { LOCALIZERS, problemMessage } from './problem-text.ts';
const validators = new Map<UiLang, ValidatorType>();
export function validatorFor(lang: UiLang = 'en'): ValidatorType {
  let v = validators.get(lang);
  if (!v)
    validators.set(lang, (v = customizeValidator({ AjvClass: Ajv2020, ajvOptionsOverrides: { strict: false, allowUnionTypes: true } }, LOCALIZERS[lang])));
  return v;
}
export const validator = validatorFor('en');

/** A language's name in the editor's language ("French", "Frans", "français"). */
export const LANG_NAMES: Record<string, string> = { nl: 'Dutch', fr: 'French', en: 'English', de: 'German' };
/** Languages whose text may be left to its fallback (SPEC §1: German may show the English text), as the server checks it. */
const MAY_FALL_BACK: readonly Lang[] = ['de'];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- walks any JSON Schema node
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
export function localizedRequired(schema: Schema, langs: Lang[], data?: unknown, ui: UiLang = 'en'): CustomValidator {
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
          if (isLocalizedSchema(ps) || isRichTextSchema(ps)) {
            const rich = isRichTextSchema(ps);
            const texts = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
            // Every text is an ICU message: a broken placeholder, or one its English text does not have, is marked at once.
            for (const [lang, text] of Object.entries(rich ? {} : texts)) {
              if (typeof text !== 'string' || !text) continue;
              const reference = lang.toLowerCase() === 'en' ? undefined : typeof texts.en === 'string' && texts.en.trim() ? texts.en : undefined;
              for (const p of icuProblems(text, reference, { file: '', pointer: '', lang: lang.toLowerCase() }))
                child(child(node, k), lang).addError(problemMessage(p, ui));
            }
            // A text shown only when public (a banner title) may stay empty while it is not.
            if (!required.includes(k) || (data as Record<string, unknown>).public === false) continue;
            // A text the document may leave unused in every language (the home page's path segment);
            // the server says so if it must be filled. A text written in some languages must be written in all of them.
            if (MAY_BE_UNUSED.has(k) && Object.values(texts).every(isEmptyText)) continue;
            for (const lang of langs) {
              const own = texts[lang] ?? texts[lang.toUpperCase()];
              const text = MAY_FALL_BACK.includes(lang) ? localizeStrict(texts as Record<string, string>, lang) : own;
              if (rich ? isEmptyHtml(text) : isEmptyText(text)) child(child(node, k), lang).addError(tr('error.requiredIn', { lang: langName(lang, ui) }, ui));
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
export function validate(schema: Schema, data: unknown, langs: Lang[], ui: UiLang = 'en'): ErrorSchema {
  const result = validatorFor(ui).validateFormData(data, schema, localizedRequired(schema, langs, data ?? null, ui));
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
    // One entry per field: a field with two problems (a placeholder unknown, another left out) is one field to fix.
    if (k === '__errors') {
      const messages = [...new Set((v as unknown as string[]) ?? [])];
      if (messages.length) out.push({ pointer: pathToPointer(path), message: messages.join(' · ') });
    } else if (v && typeof v === 'object') out.push(...listErrors(v as ErrorSchema, [...path, k]));
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
export function problemsToErrors(problems: Problem[], ui: UiLang = 'en'): ErrorSchema {
  const root: Record<string, unknown> = {};
  for (const p of problems) {
    let node = root;
    for (const seg of pointerToPath(p.pointer)) node = (node[seg] ??= {}) as Record<string, unknown>;
    node.__errors = [...((node.__errors as unknown as string[]) ?? []), problemMessage(p, ui)];
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

export { problemMessage } from './problem-text.ts';
