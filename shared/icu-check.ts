/**
 * Texts read as ICU messages (the formatjs parser the site formats with), for the checks made when
 * staff save a text (server/content/text-checks.ts) and while they type it (the editor). Problems of
 * that field:
 * - a broken placeholder (`par {nom`);
 * - a placeholder the reference text does not have (`{nom}` where the English text says `{name}`);
 * - a placeholder the reference text has and this one leaves out (issue 38): every placeholder
 *   carries something the visitor needs — a number, a name, a price, a date — so a translation
 *   must keep each one somewhere. In a plural (`{count, plural, one {…} other {# …}}`) the number
 *   may be left out of the forms for one (and exact ones such as `=0`: "un bien", "geen
 *   resultaten"), but the forms for other amounts (`other`, `many`, `few`, `two`) must show it
 *   (`#` or `{count}`) where the reference text's `other` form does.
 * Pure.
 */
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';

/** Where a problem is and what it is; `code` and `params` let the editor say it in its own language. */
export interface TextProblem {
  file: string;
  pointer: string;
  message: string;
  code: string;
  params: Record<string, unknown>;
}

export type IcuResult = { ok: true; args: Set<string> } | { ok: false; error: string; offset: number };

export type IcuRead = { ok: true; args: Set<string>; ast: MessageFormatElement[] } | { ok: false; error: string; offset: number };

/** A message parsed, with its placeholders, or why it cannot be read. `tags`: parse `<b>…</b>` as the site's dictionaries are formatted. */
function read(text: string, tags: boolean): IcuRead {
  let ast: MessageFormatElement[];
  try {
    ast = parse(text, { ignoreTag: !tags, captureLocation: false });
  } catch (e) {
    const err = e as Error & { location?: { start?: { offset?: number } } };
    return { ok: false, error: err.message, offset: err.location?.start?.offset ?? 0 };
  }
  const args = new Set<string>();
  const walk = (els: MessageFormatElement[]) => {
    for (const el of els) {
      if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time) args.add(el.value);
      else if (el.type === TYPE.select || el.type === TYPE.plural) {
        args.add(el.value);
        for (const o of Object.values(el.options)) walk(o.value);
      } else if (el.type === TYPE.tag) walk(el.children);
    }
  };
  walk(ast);
  return { ok: true, args, ast };
}

/** The placeholders of an ICU message, or why it cannot be read. `tags`: parse `<b>…</b>` as the site's dictionaries are formatted. */
export function icuArguments(text: string, tags = false): IcuResult {
  const r = read(text, tags);
  return r.ok ? { ok: true, args: r.args } : r;
}

/** Plural forms that stand for a single item or an exact amount: they may say it in words ("un bien"). */
const MAY_DROP_NUMBER = (form: string) => form === 'one' || form === 'zero' || form.startsWith('=');

/** Does this part of a message show the number of the plural on `arg` (`#`, or `{arg}` itself)? */
function showsNumber(els: MessageFormatElement[], arg: string): boolean {
  return els.some(
    (el) =>
      el.type === TYPE.pound ||
      ((el.type === TYPE.argument || el.type === TYPE.number) && el.value === arg) ||
      (el.type === TYPE.tag && showsNumber(el.children, arg)) ||
      (el.type === TYPE.select && Object.values(el.options).some((o) => showsNumber(o.value, arg))),
  );
}

/** The plurals of a message, each with the forms that do not show its number. */
function plurals(els: MessageFormatElement[], out = new Map<string, { silent: string[]; otherShows: boolean }>()) {
  for (const el of els) {
    if (el.type === TYPE.plural) {
      const silent = Object.entries(el.options)
        .filter(([form, o]) => !MAY_DROP_NUMBER(form) && !showsNumber(o.value, el.value))
        .map(([form]) => form);
      out.set(el.value, { silent, otherShows: !!el.options.other && showsNumber(el.options.other.value, el.value) });
      for (const o of Object.values(el.options)) plurals(o.value, out);
    } else if (el.type === TYPE.select) for (const o of Object.values(el.options)) plurals(o.value, out);
    else if (el.type === TYPE.tag) plurals(el.children, out);
  }
  return out;
}

/** The problems of one text against its reference (the text whose placeholders it may use). */
export function icuProblems(
  text: string,
  reference: string | undefined,
  at: { file: string; pointer: string; lang: string; refLang?: string },
  tags = false,
): TextProblem[] {
  const refLang = at.refLang ?? 'en';
  if (!text.includes('{') && !text.includes('}') && !(tags && text.includes('<'))) {
    // A text without placeholders: a problem only if its reference has some it leaves out.
    if (reference === undefined || !reference.includes('{')) return [];
  }
  const own = read(text, tags);
  if (!own.ok) {
    return [
      {
        file: at.file,
        pointer: at.pointer,
        code: 'icu.syntax',
        params: { lang: at.lang, offset: own.offset, error: own.error },
        message: `the placeholder near character ${own.offset + 1} is broken (${own.error}); write placeholders as {name}`,
      },
    ];
  }
  if (reference === undefined) return [];
  const ref = read(reference, tags);
  if (!ref.ok) return [];
  const out: TextProblem[] = [];
  const list = (names: string[]) => names.map((a) => `{${a}}`).join(', ');
  const unknown = [...own.args].filter((a) => !ref.args.has(a));
  if (unknown.length)
    out.push({
      file: at.file,
      pointer: at.pointer,
      code: 'icu.unknownArgument',
      params: { lang: at.lang, refLang, names: list(unknown), allowed: list([...ref.args]) },
      message: `uses ${list(unknown)}, which the reference text does not have${ref.args.size ? ` (it has ${list([...ref.args])})` : ''}`,
    });
  const missing = [...ref.args].filter((a) => !own.args.has(a));
  if (missing.length)
    out.push({
      file: at.file,
      pointer: at.pointer,
      code: 'icu.missingArgument',
      params: { lang: at.lang, refLang, names: list(missing) },
      message: `leaves out ${list(missing)}, which the reference text has: visitors would miss what it stands for`,
    });
  // A plural whose reference shows the number for most amounts must show it too, except in its forms for one and exact amounts.
  const refPlurals = plurals(ref.ast);
  for (const [arg, mine] of plurals(own.ast)) {
    if (!refPlurals.get(arg)?.otherShows || !mine.silent.length) continue;
    out.push({
      file: at.file,
      pointer: at.pointer,
      code: 'icu.missingNumber',
      params: { lang: at.lang, refLang, name: `{${arg}}`, forms: mine.silent.join(', ') },
      message: `does not show the number ({${arg}} or #) in its plural form${mine.silent.length > 1 ? 's' : ''} ${mine.silent.join(', ')}, as the reference text does`,
    });
  }
  return out;
}
