/**
 * A dictionary text as staff edit it (issue 38, point 6): an ICU message whose plural is shown as
 * one sentence per plural form of the language, never as `{count, plural, …}` syntax. A message with
 * one plural — with text around it or not — is split into whole sentences, one per form (the text
 * around the plural goes into each), and joined back as one plural around the whole sentence, which
 * the site formats the same way:
 *
 *   "Lire {count, plural, one {l’article} other {les # articles}}"
 *     ⇄ one: "Lire l’article"   other: "Lire les # articles"
 *     ⇄ "{count, plural, one {Lire l’article} other {Lire les # articles}}"
 *
 * A message with several plurals or choices (none in the shipped dictionaries) is edited as it is
 * written. Pure.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

export type DictMessage =
  { kind: 'plain' } | { kind: 'plural'; arg: string; forms: Record<string, string>; order: string[] } | { kind: 'complex' } | { kind: 'broken' };

function ast(text: string, withLocation = false): MessageFormatElement[] | null {
  try {
    return parse(text, { ignoreTag: false, captureLocation: withLocation });
  } catch {
    return null;
  }
}

const hasChoice = (els: MessageFormatElement[]): boolean =>
  els.some((el) => el.type === TYPE.plural || el.type === TYPE.select || (el.type === TYPE.tag && hasChoice(el.children)));

/** How a dictionary text is edited: as one text, as one sentence per plural form, or as written. */
export function readMessage(text: string): DictMessage {
  const els = ast(text, true);
  if (!els) return { kind: 'broken' };
  const choices = els.filter((el) => el.type === TYPE.plural || el.type === TYPE.select);
  if (!choices.length) return hasChoice(els) ? { kind: 'complex' } : { kind: 'plain' };
  const el = choices[0];
  if (choices.length > 1 || el.type !== TYPE.plural || el.offset || el.pluralType === 'ordinal' || !el.location) return { kind: 'complex' };
  if (Object.values(el.options).some((o) => hasChoice(o.value) || !o.location)) return { kind: 'complex' };
  const before = text.slice(0, el.location.start.offset);
  const after = text.slice(el.location.end.offset);
  // Outside the plural `#` is a plain sign; inside a form it would become the number.
  if (before.includes('#') || after.includes('#') || /'$/.test(before) || after.startsWith("'")) return { kind: 'complex' };
  const forms: Record<string, string> = {};
  for (const [form, o] of Object.entries(el.options)) forms[form] = before + text.slice(o.location!.start.offset + 1, o.location!.end.offset - 1) + after;
  return { kind: 'plural', arg: el.value, forms, order: Object.keys(el.options) };
}

/** CLDR's order of the plural categories. */
const CATEGORY_ORDER = ['zero', 'one', 'two', 'few', 'many', 'other'];

/**
 * The forms a plural is edited with in `lang`: the exact amounts (=0) the text or its reference has,
 * then the language's categories (and any other category the text itself has, so none is lost).
 */
export function formsFor(lang: string, own: string[] | undefined, reference: string[] | undefined): string[] {
  const categories = new Intl.PluralRules(lang).resolvedOptions().pluralCategories as string[];
  const exact = [...new Set([...(own ?? []), ...(reference ?? [])].filter((f) => f.startsWith('=')))].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
  return [...exact, ...CATEGORY_ORDER.filter((c) => categories.includes(c) || own?.includes(c))];
}

/** Forms a language may leave empty: its form for large amounts falls back to `other` (French "many"). */
export const optionalForm = (form: string) => form === 'many' || form === 'zero' || form === 'two' || form === 'few' || form.startsWith('=');

/** The message again from its forms: one plural around whole sentences; empty optional forms left out. */
export function writePlural(arg: string, forms: Record<string, string>, order: string[]): string {
  const parts = order.filter((f) => f === 'other' || !optionalForm(f) || forms[f]?.trim()).map((f) => `${f} {${forms[f] ?? ''}}`);
  return `{${arg}, plural, ${parts.join(' ')}}`;
}

/** Numbers of each plural category of `lang`, to say which amounts a form is for ("0, 1"; "2, 3, 4…"). */
export function sampleNumbers(lang: string): Record<string, string> {
  const rules = new Intl.PluralRules(lang);
  const fmt = new Intl.NumberFormat(lang);
  const by: Record<string, number[]> = {};
  for (const n of [0, 1, 2, 3, 4, 5, 6, 7, 10, 11, 21, 100, 1000, 1000000]) (by[rules.select(n)] ??= []).push(n);
  return Object.fromEntries(
    Object.entries(by).map(([c, ns]) => [
      c,
      ns.length > 3
        ? `${ns
            .slice(0, 3)
            .map((n) => fmt.format(n))
            .join(', ')}…`
        : ns.map((n) => fmt.format(n)).join(', '),
    ]),
  );
}

export type Token = { text: string } | { placeholder: string };

/** A text as words and placeholders (`#`, `{name}`), a plural read in its `other` form; a text that cannot be read stays as it is. */
export function tokens(text: string): Token[] {
  const m = readMessage(text);
  let els: MessageFormatElement[] | null = m.kind === 'plain' ? ast(text) : null;
  if (m.kind === 'plural') {
    // The form for most amounts, read inside its plural so that `#` is the number.
    const wrapped = ast(`{${m.arg}, plural, other {${m.forms.other ?? Object.values(m.forms)[0] ?? ''}}}`)?.[0];
    els = wrapped?.type === TYPE.plural ? wrapped.options.other.value : null;
  }
  if (!els) return [{ text }];
  const out: Token[] = [];
  const walk = (list: MessageFormatElement[]) => {
    for (const el of list) {
      if (el.type === TYPE.literal) out.push({ text: el.value });
      else if (el.type === TYPE.pound) out.push({ placeholder: '#' });
      else if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time)
        out.push({ placeholder: `{${el.value}}` });
      else if (el.type === TYPE.tag) walk(el.children);
    }
  };
  walk(els);
  return out;
}

/** The words of a text, placeholders as “…” (the name of its input for a screen reader, a problem's place). */
export const plainWords = (text: string) =>
  tokens(text)
    .map((t) => ('text' in t ? t.text : '…'))
    .join('')
    .trim();

/** The placeholders a text uses (`#` first when it has a plural), for the chips under its fields. */
export function placeholdersOf(...texts: Array<string | undefined>): string[] {
  const found = new Set<string>();
  let plural = false;
  for (const t of texts) {
    if (!t) continue;
    const els = ast(t);
    if (!els) continue;
    const walk = (list: MessageFormatElement[]) => {
      for (const el of list) {
        if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) found.add(el.value);
        else if (el.type === TYPE.plural) {
          plural = true;
          for (const o of Object.values(el.options)) walk(o.value);
        } else if (el.type === TYPE.select) {
          found.add(el.value);
          for (const o of Object.values(el.options)) walk(o.value);
        } else if (el.type === TYPE.tag) walk(el.children);
      }
    };
    walk(els);
  }
  return [...(plural ? ['#'] : []), ...[...found].sort().map((a) => `{${a}}`)];
}
