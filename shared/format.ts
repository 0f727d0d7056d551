import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { LOCALES, type Lang } from './constants.ts';

export type Dictionary = Record<string, string>;

const cache = createIntlCache();

/** An @formatjs/intl instance for one language's messages (taken as they are: a dictionary is not copied). */
export function makeIntl(lang: Lang, messages: Dictionary): IntlShape<string> {
  return createIntl({ locale: LOCALES[lang], defaultLocale: LOCALES[lang], messages, onError: () => {} }, cache);
}

export interface Translate {
  intl: IntlShape<string>;
  /** A dictionary text; ICU arguments in `values`. Shows the key when it is missing everywhere. */
  t: (key: string, values?: Record<string, string | number>) => string;
}

/** A message with nothing for ICU to do (no argument, no quote, no tag): returned as it is, without formatjs. */
const PLAIN = /^[^{}'<]*$/;
const translators = new WeakMap<Dictionary, Map<Lang, Translate>>();

/**
 * The translator of a dictionary in a language, made once per dictionary object (a language's
 * messages are one object for the life of a content version): every render of that language on
 * the server shares it, and a plain text costs a lookup instead of formatjs.
 */
export function translate(lang: Lang, messages: Dictionary): Translate {
  let byLang = translators.get(messages);
  if (!byLang) translators.set(messages, (byLang = new Map()));
  let tr = byLang.get(lang);
  if (!tr) {
    const intl = makeIntl(lang, messages);
    // A text with ICU arguments, parsed once per key: formatjs's own memo serialises the whole
    // message and its options as its key on every call, which cost more than the formatting.
    const parsed = new Map<string, ReturnType<typeof intl.formatters.getMessageFormat>>();
    // And its results: the same text with the same values (a card's "3 bedrooms", "120 m²") is
    // formatted once. Bounded: emptied when full.
    const results = new Map<string, string>();
    const format = (key: string, m: string, values?: Record<string, string | number>): string => {
      const memoKey = values ? `${key}\u0001${JSON.stringify(values)}` : key;
      let out = results.get(memoKey);
      if (out === undefined) {
        out = formatNow(key, m, values);
        if (results.size >= MAX_RESULTS) results.clear();
        results.set(memoKey, out);
      }
      return out;
    };
    const formatNow = (key: string, m: string, values?: Record<string, string | number>): string => {
      let f = parsed.get(key);
      if (!f) parsed.set(key, (f = intl.formatters.getMessageFormat(m, intl.locale, intl.formats, { formatters: intl.formatters })));
      try {
        const out = f.format(values);
        if (typeof out === 'string') return out;
      } catch {
        // a value missing or of the wrong kind: formatjs's own path below reports nothing and shows what it can
      }
      return intl.formatMessage({ id: key }, values) as string;
    };
    tr = {
      intl,
      t: (key, values) => {
        if (!Object.hasOwn(messages, key)) return key;
        const m = messages[key];
        return PLAIN.test(m) ? m : format(key, m, values);
      },
    };
    byLang.set(lang, tr);
  }
  return tr;
}

/** Formatted texts kept per language and dictionary. */
const MAX_RESULTS = 20_000;

/**
 * Belgian number grouping (1.234.567), the same in every language, as the agency prints prices.
 * Made at its first use, not when the module loads: the browser's first Intl formatter loads the
 * locale's data, which belongs in the boot's own step (renderer/entry-client.tsx), not in the
 * script's evaluation (renderer/intl-warm.ts makes the same formatters first, on a worker).
 */
let belgianNumber: Intl.NumberFormat | undefined;

/** Price with the euro sign as prefix: € 350.000 (SPEC §9). 'NaN' when the value is not a number. */
export function formatPrice(value: unknown): string {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return 'NaN';
  return `€ ${(belgianNumber ??= new Intl.NumberFormat('nl-BE', { maximumFractionDigits: 0 })).format(n)}`;
}

let belgianDecimal: Intl.NumberFormat | undefined;

/**
 * A number as the agency prints it, in every language (SPEC §9, like prices): 20.445, 87,5, 1.234,25
 * (at most two decimals). '' when the value is not a number. Give it to a dictionary text as a
 * string (`t('unit.m2', { value: formatNumber(v) })`): a plain `{value}` argument is not grouped.
 */
export function formatNumber(value: unknown): string {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n)) return '';
  return (belgianDecimal ??= new Intl.NumberFormat('nl-BE', { maximumFractionDigits: 2 })).format(n);
}

/** Day-month-year (SPEC §9): 2026-03-12 → 12-03-2026. '' when not a date. */
export function formatDate(value: string | Date | undefined | null): string {
  if (!value) return '';
  const d = value instanceof Date ? value : new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00Z` : value);
  if (Number.isNaN(d.getTime())) return '';
  const dd = String(d.getUTCDate()).padStart(2, '0');
  const mm = String(d.getUTCMonth() + 1).padStart(2, '0');
  return `${dd}-${mm}-${d.getUTCFullYear()}`;
}

/** `s` without the characters of `chars` at its end (a loop, not a backtracking expression). */
export function trimEndOf(s: string, chars: string): string {
  let end = s.length;
  while (end > 0 && chars.includes(s[end - 1])) end--;
  return s.slice(0, end);
}

/** Shortens plain text to `limit` characters with an ellipsis, cutting at the last space past 80%. */
export function truncateText(text: string, limit: number, cutRatio: number): string {
  const clean = text.replace(/\s+/g, ' ').trim();
  if (clean.length <= limit) return clean;
  const cut = clean.slice(0, limit);
  const lastSpace = cut.lastIndexOf(' ');
  return `${trimEndOf(lastSpace >= limit * cutRatio ? cut.slice(0, lastSpace) : cut, ' \t\n\r\f\v.,;:!?-')}…`;
}

const weekdays = new Map<Lang, Intl.DateTimeFormat>();

/** The weekday of a calendar date in a language: 2026-11-23 → 'lundi' (one formatter per language: making one costs more than using it). */
export function formatWeekday(date: string, lang: Lang): string {
  let f = weekdays.get(lang);
  if (!f) weekdays.set(lang, (f = new Intl.DateTimeFormat(LOCALES[lang], { weekday: 'long', timeZone: 'UTC' })));
  return f.format(new Date(`${date}T12:00:00Z`));
}

/** An appointment slot 'YYYY-MM-DDTHH:MM' (agency time) as people read it: 'lundi 23-11-2026, 10:00'. */
export function formatSlot(slot: string, lang: Lang): string {
  const [date, time] = slot.split('T');
  return `${formatWeekday(date, lang)} ${formatDate(date)}, ${time}`;
}
