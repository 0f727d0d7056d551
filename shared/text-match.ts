/**
 * The words of the site search (issue 39): what a visitor typed, folded the same way as the texts
 * it is looked for in (accents, case and punctuation ignored), and how far a word may be from a
 * word of the index and still match (one or two letters wrong on words of 5 letters or more).
 * Pure: used by the listings' index (server/listings/find-index.ts) and the pages' one
 * (modules/site-search/content-index.ts), through shared/text-index.ts.
 */
import { SEARCH_MAX_QUERY, SEARCH_MAX_WORDS } from './constants.ts';

const LIGATURES: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ı: 'i', ŀ: 'l' };

/** Lower case, without accents (é → e, ß → ss), any alphabet kept. */
export function foldText(s: string): string {
  return s
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[ßæœøłđıŀ]/g, (c) => LIGATURES[c]);
}

/** The words of a text: runs of letters and digits of any alphabet, folded. */
export function wordsOf(s: string): string[] {
  return foldText(s)
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** A reference as it is compared: its letters and digits only (AT-2026-0132, at 2026 0132 → at20260132). */
export function compactReference(s: string): string {
  return wordsOf(s).join('');
}

/** Short words that say nothing on their own (nl, fr, en, de): left out of a query of other words. */
const STOP_WORDS = new Set(
  'a à au aux de des du en et la le les l d un une the of in on at an and or het een van te op in der die das und im zu met voor pour sur avec with for'.split(
    ' ',
  ),
);

/** How many letters may be wrong in a word: none below 5 letters, one up to 7, two from 8; none in a number or a reference. */
export function typoBudget(word: string): number {
  if (/\p{N}/u.test(word)) return 0;
  const n = [...word].length;
  return n < 5 ? 0 : n < 8 ? 1 : 2;
}

export interface SearchText {
  /** What is kept of the query (at most SEARCH_MAX_QUERY characters, trimmed): shown back to the visitor. */
  kept: string;
  /** Its words, stop words left out when others remain; at most SEARCH_MAX_WORDS. */
  words: string[];
  /** Its letters and digits run together (references typed with or without dashes). */
  compact: string;
  /** Whether it holds no letter or digit at all (empty, punctuation, emoji only). */
  blank: boolean;
}

/** Reads a visitor's query of any length and alphabet: never throws, always bounded. */
export function readSearchText(raw: string | null | undefined): SearchText {
  // Cut by code point, so that an emoji is never cut in half.
  const kept = [...(raw ?? '').replace(/\s+/g, ' ').trim()].slice(0, SEARCH_MAX_QUERY).join('').trim();
  const all = wordsOf(kept);
  const meaningful = all.filter((w) => !STOP_WORDS.has(w) && ([...w].length > 1 || /\p{N}/u.test(w)));
  const words = [...new Set(meaningful.length ? meaningful : all)].slice(0, SEARCH_MAX_WORDS);
  return { kept, words, compact: all.join(''), blank: all.length === 0 };
}

/** Reused rows of the distance table (words are short; a longer one is compared only exactly). */
const MAX_FUZZY_LENGTH = 40;
const rows = [new Int32Array(MAX_FUZZY_LENGTH + 2), new Int32Array(MAX_FUZZY_LENGTH + 2), new Int32Array(MAX_FUZZY_LENGTH + 2)];

/**
 * The edit distance of a and b (insertions, deletions, substitutions, and two neighbours swapped),
 * or max + 1 as soon as it is known to be more than max. Counts UTF-16 units (folded words of the
 * index are Latin letters and digits almost always; any other alphabet is still compared).
 */
export function editDistance(a: string, b: string, max: number): number {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return max + 1;
  if (n > MAX_FUZZY_LENGTH || m > MAX_FUZZY_LENGTH) return a === b ? 0 : max + 1;
  let [before, prev, cur] = rows;
  for (let j = 0; j <= m; j++) prev[j] = j;
  for (let i = 1; i <= n; i++) {
    cur[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= m; j++) {
      const cb = b.charCodeAt(j - 1);
      let d = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (ca === cb ? 0 : 1));
      if (i > 1 && j > 1 && ca === b.charCodeAt(j - 2) && a.charCodeAt(i - 2) === cb) d = Math.min(d, before[j - 2] + 1);
      cur[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [before, prev, cur] = [prev, cur, before];
  }
  return prev[m];
}

/** A 32-bit set of the letters a word holds: two words whose sets differ by more than 2 × max bits are more than max edits apart. */
export function letterMask(word: string): number {
  let mask = 0;
  for (let i = 0; i < word.length; i++) mask |= 1 << (word.charCodeAt(i) % 32);
  return mask;
}

export function bitCount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
