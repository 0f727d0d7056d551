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
const HIDDEN_ELEMENTS = /<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
/** HTML comments. */
const COMMENTS = /<!--[\s\S]*?-->/g;
/** Tags that separate words (line breaks and blocks); they become a space, other tags vanish. */
const BREAKING_TAGS = /<\/?(br|p|div|li|ul|ol|h[1-6]|tr|td|th|table|thead|tbody|section|article|header|footer|blockquote|hr|dd|dt|dl)\b[^>]*>/gi;
/** Any other tag: a letter or '/', '!' or '?' after '<' (so '3 < 5' stays text). */
const TAGS = /<[a-zA-Z/!?][^>]*>/g;
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
  const text = html.replace(COMMENTS, ' ').replace(HIDDEN_ELEMENTS, ' ').replace(BREAKING_TAGS, ' ').replace(TAGS, '');
  return decodeEntities(text);
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
