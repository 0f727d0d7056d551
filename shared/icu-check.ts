/**
 * Texts read as ICU messages (the formatjs parser the site formats with), for the checks made when
 * staff save a text (server/content/text-checks.ts) and while they type it (the editor): a broken
 * placeholder (`par {nom`) and a placeholder the reference text does not have are problems of that
 * field. Pure.
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

/** The placeholders of an ICU message, or why it cannot be read. `tags`: parse `<b>…</b>` as the site's dictionaries are formatted. */
export function icuArguments(text: string, tags = false): IcuResult {
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
  return { ok: true, args };
}

/** The problems of one text against its reference (the text whose placeholders it may use). */
export function icuProblems(text: string, reference: string | undefined, at: { file: string; pointer: string; lang: string }, tags = false): TextProblem[] {
  if (!text.includes('{') && !text.includes('}') && !(tags && text.includes('<'))) return [];
  const own = icuArguments(text, tags);
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
  const ref = icuArguments(reference, tags);
  if (!ref.ok) return [];
  const unknown = [...own.args].filter((a) => !ref.args.has(a));
  return unknown.length
    ? [
        {
          file: at.file,
          pointer: at.pointer,
          code: 'icu.unknownArgument',
          params: { lang: at.lang, names: unknown.map((a) => `{${a}}`).join(', '), allowed: [...ref.args].map((a) => `{${a}}`).join(', ') },
          message: `uses ${unknown.map((a) => `{${a}}`).join(', ')}, which the reference text does not have${ref.args.size ? ` (it has ${[...ref.args].map((a) => `{${a}}`).join(', ')})` : ''}`,
        },
      ]
    : [];
}
