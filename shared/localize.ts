import { CONTENT_FALLBACK, type Lang } from './constants.ts';

/** A value keyed by language code; an upper-case key (NL) is accepted too (SPEC §3). */
export type Localized<T = string> = Partial<Record<string, T>>;

function pick<T>(value: Localized<T>, lang: string): T | undefined {
  const v = value[lang] ?? value[lang.toUpperCase()];
  return v === '' ? undefined : v;
}

/** The value for `lang`, falling back along CONTENT_FALLBACK (de → en), else undefined. */
export function localizeStrict<T = string>(value: Localized<T> | undefined | null, lang: Lang): T | undefined {
  if (!value) return undefined;
  for (const l of CONTENT_FALLBACK[lang] ?? [lang]) {
    const v = pick(value, l);
    if (v !== undefined) return v;
  }
  return undefined;
}

/** The text for `lang` with fallback, or '' when there is none. */
export function localize(value: Localized | undefined | null, lang: Lang): string {
  return localizeStrict(value, lang) ?? '';
}

/** Empty: null, undefined or blank after trim (SPEC §5). */
export function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || (typeof value === 'string' && value.trim() === '');
}
