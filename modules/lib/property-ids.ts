/**
 * The lists a visitor keeps of properties (issue 39): favourites, the comparison, recently viewed.
 * Their bounds, and the `ids` of a favourites or compare link read the same way by both pages
 * (the link is the list: "share this list" is the page's address).
 */

/** Most properties compared side by side. */
export const COMPARE_MAX = 4;
/** Most favourites a device keeps, and a favourites link shows. */
export const FAVOURITES_MAX = 50;
/** Most recently viewed properties a device keeps. */
export const RECENT_MAX = 8;
/** Characters of `ids` read at most (50 ids of 9 digits with their commas fit); the rest is not read. */
export const IDS_MAX_CHARS = 600;
/** Entries that are not property numbers named back to the visitor, at most, each cut to this length. */
const INVALID_SHOWN = 5;
const INVALID_CHARS = 20;

export interface IdsQuery {
  /** The property numbers of the link, in its order, each once, at most `max`. */
  ids: number[];
  /** Entries that are not property numbers (the first few, shortened). */
  invalid: string[];
  /** The link named more properties than `max` (or more characters than are read): the first are kept. */
  truncated: boolean;
}

/** Reads `ids` (`ids=1,2,3`, or `ids` given several times) keeping the first `max` distinct numbers. */
export function readIds(query: URLSearchParams, max: number): IdsQuery {
  let raw = query.getAll('ids').join(',');
  let truncated = false;
  if (raw.length > IDS_MAX_CHARS) {
    // Cut at the last comma within the bound, so that no number is read cut short.
    raw = raw.slice(0, raw.lastIndexOf(',', IDS_MAX_CHARS) + 1 || IDS_MAX_CHARS);
    truncated = true;
  }
  const ids: number[] = [];
  const invalid: string[] = [];
  for (const part of raw.split(',')) {
    const s = part.trim();
    if (!s) continue;
    if (!/^\d{1,9}$/.test(s)) {
      if (invalid.length < INVALID_SHOWN) invalid.push(s.length > INVALID_CHARS ? `${s.slice(0, INVALID_CHARS)}…` : s);
      continue;
    }
    const id = Number(s);
    if (ids.includes(id)) continue;
    if (ids.length === max) {
      truncated = true;
      continue;
    }
    ids.push(id);
  }
  return { ids, invalid, truncated };
}

/** The query string of a list of ids (`ids=1,2,3`; empty list: empty string). */
export const idsQuery = (ids: readonly number[]) => (ids.length ? `?ids=${ids.join(',')}` : '');
