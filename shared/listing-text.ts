/** Listing description cleanup (SPEC §9). Pure: no React, no Node APIs. */
import { DESCRIPTION_CUT_AT_SPACE_RATIO, DESCRIPTION_LIMIT } from './constants.ts';
import { truncateText } from './format.ts';
import { isEmpty } from './localize.ts';

/** Named HTML entities decoded by decodeEntities; any other named entity is left as written. */
export const HTML_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  euro: '€',
  hellip: '…',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
};

/** Highest Unicode code point; numeric entities beyond it (or 0) are left as written. */
const MAX_CODE_POINT = 0x10ffff;

/** Elements whose content is never text (dropped with their content). */
const HIDDEN_ELEMENTS = new Set(['script', 'style', 'template']);
/** Tags that separate words (line breaks and blocks); they become a space, other tags vanish. */
const BREAKING_TAGS = new Set([
  'br',
  'p',
  'div',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'tr',
  'td',
  'th',
  'table',
  'thead',
  'tbody',
  'section',
  'article',
  'header',
  'footer',
  'blockquote',
  'hr',
  'dd',
  'dt',
  'dl',
]);
const isLetter = (c: string | undefined) => !!c && ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'));
const isWordChar = (c: string | undefined) => !!c && (isLetter(c) || (c >= '0' && c <= '9') || c === '_');
const ENTITY = /&(#[0-9]+|#[xX][0-9a-fA-F]+|[a-zA-Z]+);/g;

/**
 * Decodes &amp; &lt; &gt; &quot; &#39; &nbsp; (as a plain space), the few other named entities of
 * HTML_ENTITIES, and decimal/hex numeric entities, in one pass (so '&amp;lt;' becomes '&lt;').
 */
export function decodeEntities(text: string): string {
  return text.replace(ENTITY, (whole, body: string) => {
    if (body[0] === '#') {
      const code = body[1] === 'x' || body[1] === 'X' ? parseInt(body.slice(2), 16) : parseInt(body.slice(1), 10);
      return code > 0 && code <= MAX_CODE_POINT ? String.fromCodePoint(code) : whole;
    }
    return HTML_ENTITIES[body] ?? HTML_ENTITIES[body.toLowerCase()] ?? whole;
  });
}

/**
 * Plain text of an HTML fragment: drops comments, scripts and styles; line breaks and block tags become
 * a space, inline tags (b, a, span, …) vanish ('<b>Ro</b>om' → 'Room'); then decodes entities.
 */
export function stripHtml(html: string): string {
  // One pass, each character looked at a bounded number of times: a search that finds no end once
  // is not repeated (CRM text is outside input; no backtracking expression reads it).
  const lower = html.replace(/[A-Z]/g, (c) => c.toLowerCase()); // same length, ASCII case folded
  let out = '';
  let i = 0;
  let noMoreGt = false;
  let noMoreCommentEnd = false;
  const noClosing = new Set<string>();
  while (i < html.length) {
    const lt = html.indexOf('<', i);
    if (lt < 0) break;
    out += html.slice(i, lt);
    i = lt;
    if (html.startsWith('<!--', lt) && !noMoreCommentEnd) {
      const end = html.indexOf('-->', lt + 4);
      if (end >= 0) {
        out += ' ';
        i = end + 3;
        continue;
      }
      noMoreCommentEnd = true;
    }
    const next = html[lt + 1];
    const gt = noMoreGt ? -1 : html.indexOf('>', lt + 1);
    if (gt < 0) noMoreGt = true;
    // Not a tag ('3 < 5', or a '<' never closed): text.
    if (gt < 0 || !(isLetter(next) || next === '/' || next === '!' || next === '?')) {
      out += '<';
      i = lt + 1;
      continue;
    }
    const closing = next === '/';
    let nameEnd = lt + (closing ? 2 : 1);
    while (isWordChar(html[nameEnd]) || html[nameEnd] === '-') nameEnd++;
    const name = lower.slice(lt + (closing ? 2 : 1), nameEnd);
    if (!closing && HIDDEN_ELEMENTS.has(name) && !noClosing.has(name)) {
      const close = lower.indexOf(`</${name}`, gt + 1);
      const closeGt = close < 0 ? -1 : html.indexOf('>', close);
      const onlySpaces = closeGt >= 0 && html.slice(close + name.length + 2, closeGt).trim() === '';
      if (close >= 0 && onlySpaces) {
        out += ' ';
        i = closeGt + 1;
        continue;
      }
      if (close < 0) noClosing.add(name);
    }
    out += BREAKING_TAGS.has(name) ? ' ' : '';
    i = gt + 1;
  }
  out += html.slice(i);
  return decodeEntities(out);
}

/** Tags replaced by `by` (a '<' up to the next '>'); a '<' that no '>' follows is text. One pass. */
export function stripTags(html: string, by = ' '): string {
  let out = '';
  let i = 0;
  for (;;) {
    const lt = html.indexOf('<', i);
    const gt = lt < 0 ? -1 : html.indexOf('>', lt);
    if (gt < 0) return out + html.slice(i);
    out += html.slice(i, lt) + by;
    i = gt + 1;
  }
}

/**
 * A listing description as one line of plain text of at most `limit` characters plus an ellipsis
 * (SPEC §9): tags stripped, entities decoded, whitespace collapsed, then cut by truncateText at the last
 * space past DESCRIPTION_CUT_AT_SPACE_RATIO of the limit (hard cut otherwise). Empty input gives ''.
 */
export function cleanDescription(htmlOrText: string | null | undefined, limit: number = DESCRIPTION_LIMIT): string {
  if (isEmpty(htmlOrText)) return '';
  const text = stripHtml(htmlOrText!).replace(/\s+/g, ' ').trim();
  return truncateText(text, limit, DESCRIPTION_CUT_AT_SPACE_RATIO);
}
