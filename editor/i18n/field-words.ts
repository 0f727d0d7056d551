/**
 * The words of a form's fields (issue 38, point 6): label, one-line help, the name of one member of
 * a list ("Slot 2") and the unit after a number ("hours"), in the editor's language, found by where
 * the field is. A field is looked up in the field words (words/en.ts, fr.ts, nl.ts) under its place
 * in its document, from the most precise to the most general:
 *
 *   fieldLabel.site.appointments.minNoticeHours   the document and the whole path
 *   fieldLabel.site.source.name                   the document, the field's parent and key
 *   fieldLabel.any.source.name                    any document, parent and key
 *   fieldLabel.site.minNoticeHours                the document and the key
 *   fieldLabel.any.minNoticeHours                 any document and the key
 *
 * (`fieldHelp.`, `fieldItem.`, `fieldUnit.` alike), then the older tables of fields.ts by key. The
 * scope of a setting is its document key (site, header, renovation…); of a module `module.{view}`
 * then `module`; of a page `page`, of an article `article`. Members of a list add nothing to the
 * path (`site.appointments.times`, not `…times.3`). The field words are a chunk of their own, loaded
 * with the registry (`loadFieldWords`), so that the editor's first screen does not carry them.
 */
import { ENUM_LABELS, FIELD_HELP, FIELD_LABELS } from './fields.ts';
import { tr, type MessageKey, type UiLang, hasMessage, loadAlongside, useUiLang } from './index.ts';

let words: Partial<Record<UiLang, Record<string, string>>> | null = null;
const loading = new Map<UiLang, Promise<void>>();
const LOADERS: Record<UiLang, () => Promise<{ default: Record<string, string> }>> = {
  en: () => import('./words/en.ts'),
  fr: () => import('./words/fr.ts'),
  nl: () => import('./words/nl.ts'),
};

/** Loads the field words of a language (once; each a chunk of its own); the registry's forms are prepared after it. */
export function loadFieldWords(lang: UiLang = useUiLang.getState().lang): Promise<void> {
  let p = loading.get(lang);
  if (!p)
    loading.set(
      lang,
      (p = LOADERS[lang]().then((m) => {
        words = { ...words, [lang]: m.default };
      })),
    );
  return p;
}
// A change of the editor's language brings that language's field words along with its texts.
loadAlongside((lang) => (words ? loadFieldWords(lang) : Promise.resolve()));

export type FieldWord = 'fieldLabel' | 'fieldHelp' | 'fieldItem' | 'fieldUnit';

/** The catalogue keys a field's word is looked up under, most precise first. */
export function fieldKeys(word: FieldWord, scopes: readonly string[], path: readonly string[]): string[] {
  const n = path.length;
  // The document itself (the name of a member of the languages list).
  if (!n) return scopes.map((scope) => `${word}.${scope}`);
  const out: string[] = [];
  const levels: string[] = [path.join('.')];
  if (n > 2) levels.push(path.slice(-2).join('.'));
  if (n > 1) levels.push(path[n - 1]);
  for (const [i, level] of levels.entries()) {
    for (const scope of scopes) out.push(`${word}.${scope}.${level}`);
    // A longer whole path is a document's own; a parent and key, or a key alone, may be any document's.
    if (i > 0 || n <= 2) out.push(`${word}.any.${level}`);
  }
  return [...new Set(out)];
}

/** The first key of `fieldKeys` the field words have (none before they are loaded). */
export function fieldKey(word: FieldWord, scopes: readonly string[], path: readonly string[]): string | undefined {
  // Every language's words have the same keys: whichever is loaded says which keys there are.
  const known = words && Object.values(words)[0];
  return known ? fieldKeys(word, scopes, path).find((k) => k in known) : undefined;
}

/** A field's word in `lang`, or undefined when neither the catalogue nor fields.ts has one. */
export function fieldWord(word: FieldWord, scopes: readonly string[], path: readonly string[], lang: UiLang): string | undefined {
  const key = fieldKey(word, scopes, path);
  if (key && words?.[lang]) return words[lang]![key];
  const last = path[path.length - 1];
  if (word === 'fieldLabel') return FIELD_LABELS[last]?.[lang];
  if (word === 'fieldHelp') return FIELD_HELP[last]?.[lang];
  return undefined;
}

/** The scopes of a registry schema: a document's key, or a module type's view then `module`. */
export function scopesOf(doc: string, view?: string): string[] {
  return view ? [`module.${view}`, 'module'] : [doc];
}

/**
 * A choice of a list in words: fields.ts's table by the field's key, else the field words'
 * `choice.{key}.{value}`; a form kind by its name in the leads inbox (`leads.kind.{kind}`), a
 * language by its name. A value nobody named is shown as it is.
 */
export function choiceLabel(key: string, value: unknown, lang: UiLang): string {
  const v = String(value);
  const known = ENUM_LABELS[key]?.[v]?.[lang] ?? words?.[lang]?.[`choice.${key}.${v}`];
  if (known) return known;
  const k = key === 'form' ? `leads.kind.${v}` : key === 'code' ? `lang.${v}` : undefined;
  if (!k || !hasMessage(k)) return v;
  const text = tr(k as MessageKey, undefined, lang);
  // A language's name starts a choice with a capital, as every other choice does ("Néerlandais").
  return key === 'code' ? text.charAt(0).toUpperCase() + text.slice(1) : text;
}
