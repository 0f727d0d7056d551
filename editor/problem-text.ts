/**
 * Problems said in the editor's language (issue 14, point 6): the validator's findings through
 * ajv-i18n (its keyword and figures), the site's own checks from the editor's catalogue. Small and
 * free of the validator itself, so that screens that only show problems do not load it.
 */
import type { ErrorObject } from 'ajv/dist/2020.js';
import localizeFr from 'ajv-i18n/localize/fr/index.js';
import localizeNl from 'ajv-i18n/localize/nl/index.js';
import { langName, tr, type MessageKey, type UiLang } from './i18n/index.ts';

type Localizer = (errors?: null | ErrorObject[]) => void;
const I18N: Partial<Record<UiLang, Localizer>> = { fr: localizeFr as Localizer, nl: localizeNl as Localizer };
/**
 * Keywords whose validator wording shows a developer's notation (`must match pattern "^https?://[^/]+$"`,
 * `must match format "email"`): our own sentence instead; the field's help says what is expected.
 */
const OWN_WORDING: Record<string, MessageKey> = { pattern: 'error.pattern', format: 'error.format' };
/** The validator's own messages in the editor's language: the ajv-i18n translations (English is AJV's), in our words where AJV's read like code. */
export const LOCALIZERS: Record<UiLang, Localizer> = Object.fromEntries(
  (['nl', 'fr', 'en'] as const).map((ui) => [
    ui,
    (errors?: null | ErrorObject[]) => {
      I18N[ui]?.(errors);
      for (const e of errors ?? []) if (OWN_WORDING[e.keyword]) e.message = tr(OWN_WORDING[e.keyword], undefined, ui);
    },
  ]),
) as Record<UiLang, Localizer>;

/**
 * A problem the server found, said in the editor's language: the validator's findings through
 * ajv-i18n (its keyword and figures), the site's own checks from the editor's catalogue; else the
 * server's English words.
 */
export function problemMessage(p: { message: string; code?: string; params?: Record<string, unknown> }, ui: UiLang = 'en'): string {
  if (!p.code) return p.message;
  if (p.code.startsWith('ajv.')) {
    const keyword = p.code.slice(4);
    // Our own wording for the keywords whose AJV wording reads like code.
    if (keyword === 'required') return tr('error.required', undefined, ui);
    if (keyword === 'additionalProperties' || keyword === 'unevaluatedProperties') return tr('error.unknownField', undefined, ui);
    if (keyword === 'enum') return tr('error.enum', undefined, ui);
    if (OWN_WORDING[keyword]) return tr(OWN_WORDING[keyword], undefined, ui);
    if (ui === 'en') return p.message;
    const e = { keyword, params: p.params ?? {}, message: p.message, instancePath: '', schemaPath: '' } as ErrorObject;
    LOCALIZERS[ui]([e]);
    return e.message ?? p.message;
  }
  const key = `problem.${p.code}` as MessageKey;
  const params: Record<string, string> = {
    example: '{name}',
    ...Object.fromEntries(
      Object.entries(p.params ?? {}).map(([k, v]) => [k, (k === 'lang' || k === 'refLang') && typeof v === 'string' ? langName(v, ui) : String(v)]),
    ),
    refLang: langName(typeof p.params?.refLang === 'string' ? p.params.refLang : 'en', ui),
  };
  if (typeof p.params?.offset === 'number') params.offset = String(p.params.offset + 1);
  const text = tr(key, params, ui);
  return text === key ? p.message : text;
}
