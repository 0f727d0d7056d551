/**
 * The editor's own language (issue 14, point 6): Dutch, French or English, chosen by the staff
 * member (the switch in the editor's header) and remembered in this browser; the first time it
 * follows the browser's language. Every text of the editor comes from the catalogues beside this
 * file, formatted as ICU messages by @formatjs/intl (plurals, placeholders), the library the site
 * itself formats with.
 */
import { useCallback } from 'react';
import { create } from 'zustand';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { AGENCY_TIME_ZONE } from '../../shared/constants.ts';
import type { MessageKey } from './en.ts';

export type UiLang = 'nl' | 'fr' | 'en';
export const UI_LANGS: UiLang[] = ['nl', 'fr', 'en'];
export const UI_LANG_NAMES: Record<UiLang, string> = { nl: 'Nederlands', fr: 'Français', en: 'English' };
export const UI_LANG_KEY = 'vitrine.editor.lang';
/**
 * Each language's catalogue is a chunk of its own, loaded before the editor draws in it (main.tsx,
 * and a change of language): the first screen carries one language, not three (issue 38: the first
 * screen stays within 150 KB gzip). English is the reference of the others' keys.
 */
const CATALOGUES: Partial<Record<UiLang, Record<MessageKey, string>>> = {};
const LOADERS: Record<UiLang, () => Promise<{ default: Record<MessageKey, string> }>> = {
  en: () => import('./en.ts'),
  fr: () => import('./fr.ts'),
  nl: () => import('./nl.ts'),
};

/** What else a language needs before the editor draws in it (the field words, once the registry is there). */
const alongside: Array<(lang: UiLang) => Promise<void>> = [];
export const loadAlongside = (fn: (lang: UiLang) => Promise<void>) => void alongside.push(fn);

/** Loads a language's catalogue (once) and what goes with it; the editor draws in it from then on. */
export async function loadCatalogue(lang: UiLang): Promise<void> {
  await Promise.all(alongside.map((fn) => fn(lang)));
  if (!CATALOGUES[lang]) {
    CATALOGUES[lang] = (await LOADERS[lang]()).default;
    intls.delete(lang);
  }
  ready.add(lang);
}

/** Whether the editor has a text of that key (every catalogue has the same keys; the loaded one says). */
export function hasMessage(key: string): key is MessageKey {
  const loaded = CATALOGUES.en ?? CATALOGUES.fr ?? CATALOGUES.nl;
  return !!loaded && key in loaded;
}

/** Every catalogue (scripts and tests that speak all three at once). */
export const loadCatalogues = () => Promise.all(UI_LANGS.map(loadCatalogue));

function initial(): UiLang {
  if (typeof window === 'undefined') return 'en';
  try {
    const saved = localStorage.getItem(UI_LANG_KEY);
    if (saved && (UI_LANGS as string[]).includes(saved)) return saved as UiLang;
  } catch {
    /* storage refused */
  }
  const nav = (navigator.language || 'en').slice(0, 2).toLowerCase();
  return (UI_LANGS as string[]).includes(nav) ? (nav as UiLang) : 'en';
}

/** Languages whose catalogue and field words are loaded. */
const ready = new Set<UiLang>();

export const useUiLang = create<{ lang: UiLang; setLang: (l: UiLang) => void }>((set) => ({
  lang: initial(),
  setLang(lang) {
    // The language's texts first, then the switch: the screen never draws half in English.
    if (!CATALOGUES[lang] || !ready.has(lang)) {
      void loadCatalogue(lang).then(() => useUiLang.getState().setLang(lang));
      return;
    }
    try {
      localStorage.setItem(UI_LANG_KEY, lang);
    } catch {
      /* kept for this visit only */
    }
    if (typeof document !== 'undefined') document.documentElement.lang = lang;
    set({ lang });
  },
}));

const cache = createIntlCache();
const intls = new Map<UiLang, IntlShape<string>>();
function intlOf(lang: UiLang): IntlShape<string> {
  let intl = intls.get(lang);
  if (!intl) {
    intl = createIntl(
      { locale: lang === 'nl' ? 'nl-BE' : lang === 'fr' ? 'fr-BE' : 'en-GB', messages: CATALOGUES[lang] ?? CATALOGUES.en ?? {}, onError: () => undefined },
      cache,
    );
    intls.set(lang, intl);
  }
  return intl;
}

export type Values = Record<string, string | number | boolean | null | undefined | Date>;
export type Translate = (key: MessageKey, values?: Values) => string;

/** A text of the editor in `lang` (the current language when omitted). */
export function tr(key: MessageKey, values?: Values, lang: UiLang = useUiLang.getState().lang): string {
  return intlOf(lang).formatMessage({ id: key, defaultMessage: CATALOGUES.en?.[key] ?? key }, values as Record<string, string>) as string;
}

/** The editor's texts in the current language; the component draws again when the language changes. */
export function useT(): Translate {
  const lang = useUiLang((s) => s.lang);
  return useCallback((key, values) => tr(key, values, lang), [lang]);
}

/** Dates and times in the editor's language, in the agency's time zone. */
export function formatWhen(iso: string | undefined, lang: UiLang = useUiLang.getState().lang): string {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime())
    ? iso
    : d.toLocaleString(lang === 'nl' ? 'nl-BE' : lang === 'fr' ? 'fr-BE' : 'en-GB', { timeZone: AGENCY_TIME_ZONE, dateStyle: 'medium', timeStyle: 'short' });
}

/** A day (YYYY-MM-DD) in the editor's language. */
export function formatDay(day: string | undefined, lang: UiLang = useUiLang.getState().lang): string {
  if (!day) return '';
  const d = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(d.getTime())
    ? day
    : d.toLocaleDateString(lang === 'nl' ? 'nl-BE' : lang === 'fr' ? 'fr-BE' : 'en-GB', { timeZone: 'UTC', dateStyle: 'medium' });
}

/** A language's name in the editor's language (“French”, “Frans”, “français”). */
export function langName(code: string, lang: UiLang = useUiLang.getState().lang): string {
  const key = `lang.${code.toLowerCase()}` as MessageKey;
  return key in (CATALOGUES[lang] ?? CATALOGUES.en ?? {}) ? tr(key, undefined, lang) : code;
}

export type { MessageKey };
