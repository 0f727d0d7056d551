/**
 * Checks of the texts staff write, made when a document is saved (issue 14, point 7):
 * - every dictionary text and every localized text of a page, an article or a setting is parsed as
 *   an ICU message (the formatjs parser the site formats with): a broken placeholder (`par {nom`)
 *   is refused at its field, and so is a placeholder the reference text does not have (the
 *   English dictionary text, the English text of the same field) and one it has that this text
 *   leaves out (the number of a plural may be left out only of its forms for one and exact amounts;
 *   shared/icu-check.ts);
 * - a required localized text (and a required rich text) cannot be empty in a language the site
 *   uses (German may fall back to English, as the site does).
 * Problems carry a `code` and `params` so that the editor says them in its own language. Pure:
 * the schemas given are the editor's self-contained ones (`x-localized`, `x-richtext` markers).
 */
import type { Lang } from '../../shared/constants.ts';
import type { Problem } from '../config/schemas.ts';
import { icuProblems } from '../../shared/icu-check.ts';
import { decodeEntities, stripTags } from '../../shared/listing-text.ts';

type Schema = Record<string, unknown>;
/** Languages whose text may be left empty when the site shows another language's (SPEC §1: German → English). */
const FALLS_BACK: Partial<Record<Lang, Lang>> = { de: 'en' };

/** A dictionary: each text parsed as the site formats it, its placeholders those of the reference text; none empty when `required`. */
export function dictionaryProblems(
  dict: Record<string, unknown>,
  reference: Record<string, unknown> | undefined,
  o: { file: string; lang: string; required: boolean },
): Problem[] {
  const out: Problem[] = [];
  for (const [key, value] of Object.entries(dict)) {
    const pointer = `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (typeof value !== 'string') continue;
    if (!value.trim()) {
      if (o.required)
        out.push({ file: o.file, pointer, code: 'text.required', params: { lang: o.lang }, message: `is required in ${o.lang} (the site uses this language)` });
      continue;
    }
    const ref = reference?.[key];
    out.push(...icuProblems(value, typeof ref === 'string' ? ref : undefined, { file: o.file, pointer, lang: o.lang }, true));
  }
  return out;
}

/** The words of rich text (a one-pass scanner: no pattern can be made to backtrack on it). */
const stripHtml = (s: string) => decodeEntities(stripTags(s, ''));
const textOf = (v: Record<string, unknown>, lang: string): string => {
  const own = v[lang] ?? v[lang.toUpperCase()];
  return typeof own === 'string' ? own : '';
};

export interface TextCheckOptions {
  file: string;
  /** Languages the site uses. */
  langs: Lang[];
  /** The language whose text a field's other languages follow (English when written, else this). */
  defaultLang: Lang;
  /** Pointers the rule of required texts leaves to other checks (a page's path segments). */
  exempt?: (pointer: string) => boolean;
}

/**
 * Every localized text of a document: required ones filled in each language in use, and each
 * plain text a readable ICU message whose placeholders its English (else default-language) text has.
 */
export function localizedTextProblems(data: unknown, schema: Schema, o: TextCheckOptions): Problem[] {
  const out: Problem[] = [];
  const visit = (s: Schema | undefined, v: unknown, pointer: string, required: boolean, parent: Record<string, unknown> | undefined) => {
    // A required field that is missing altogether is the schema's finding ("is required").
    if (!s || v === undefined || v === null) return;
    if (s['x-localized'] || s['x-richtext']) {
      if (typeof v !== 'object' || Array.isArray(v)) return;
      const texts = v as Record<string, unknown>;
      const html = !!s['x-richtext'];
      if (required && !o.exempt?.(pointer) && parent?.public !== false) {
        for (const lang of o.langs) {
          let text = textOf(texts, lang);
          const fallback = FALLS_BACK[lang];
          if (!text.trim() && fallback) text = textOf(texts, fallback);
          const empty = html ? !stripHtml(text).trim() && !/<img\b/i.test(text) : !text.trim();
          if (empty)
            out.push({
              file: o.file,
              pointer: `${pointer}/${lang}`,
              code: 'text.required',
              params: { lang },
              message: `is required in ${lang} (the site uses this language)`,
            });
        }
      }
      if (!html) {
        const refLang = textOf(texts, 'en').trim() ? 'en' : o.defaultLang;
        const reference = textOf(texts, refLang);
        for (const [lang, text] of Object.entries(texts)) {
          if (typeof text !== 'string' || !text) continue;
          out.push(
            ...icuProblems(text, lang.toLowerCase() === refLang || !reference ? undefined : reference, {
              file: o.file,
              pointer: `${pointer}/${lang}`,
              lang: lang.toLowerCase(),
              refLang,
            }),
          );
        }
      }
      return;
    }
    if (Array.isArray(v)) {
      const items = s.items as Schema | undefined;
      if (items && typeof items === 'object') v.forEach((x, i) => visit(items, x, `${pointer}/${i}`, false, undefined));
      return;
    }
    if (typeof v === 'object') {
      const obj = v as Record<string, unknown>;
      const props = (s.properties ?? {}) as Record<string, Schema>;
      const req = new Set((s.required as string[] | undefined) ?? []);
      for (const [k, ps] of Object.entries(props)) visit(ps, obj[k], `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, req.has(k), obj);
      const extra = s.additionalProperties;
      if (extra && typeof extra === 'object') {
        for (const [k, x] of Object.entries(obj))
          if (!(k in props)) visit(extra as Schema, x, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, false, obj);
      }
    }
  };
  visit(schema, data, '', false, undefined);
  return out;
}
