/**
 * The property search as a query string — the whole state of a search lives in the URL, so that it
 * can be shared, rendered on the server and navigated with the back button. Parsing is strict:
 * every bad value is reported with the name of its field.
 */
import { SORTS, type Goal, type PropertyQuery, type Sort } from '../renderer/listing-types.ts';
import { EPC_LETTERS } from './epc.ts';
import { slugify } from './path.ts';
import { formatBbox, readArea } from './map-area.ts';

export const DEFAULT_PAGE_SIZE = 24;
export const MAX_PAGE_SIZE = 100;
export const MAX_TEXT_QUERY = 100;
const MAX_PRICE = 1e9;
const MAX_LIST = 30;

export interface QueryError {
  field: string;
  message: string;
}

const intIn = (v: string, min: number, max: number) => /^\d{1,10}$/.test(v) && Number(v) >= min && Number(v) <= max;

/** Reads `params` (goal may be fixed by the page); returns the query and one error per bad field. */
export function parsePropertyQuery(params: URLSearchParams, fixed: { goal?: Goal; pageSize?: number } = {}): { query: PropertyQuery; errors: QueryError[] } {
  const errors: QueryError[] = [];
  const one = (name: string): string | undefined => {
    const all = params.getAll(name);
    if (all.length > 1) errors.push({ field: name, message: 'must be given once' });
    const v = all[0]?.trim();
    return v === '' ? undefined : v;
  };
  const list = (name: string, re: RegExp): string[] | undefined => {
    const values = params
      .getAll(name)
      .flatMap((v) => v.split(','))
      .map((v) => v.trim())
      .filter(Boolean);
    if (!values.length) return undefined;
    if (values.length > MAX_LIST) errors.push({ field: name, message: `at most ${MAX_LIST} values` });
    const bad = values.find((v) => !re.test(v));
    if (bad !== undefined) errors.push({ field: name, message: `"${bad.slice(0, 40)}" is not valid` });
    return values.slice(0, MAX_LIST).filter((v) => re.test(v));
  };
  const number = (name: string, min: number, max: number): number | undefined => {
    const v = one(name);
    if (v === undefined) return undefined;
    if (!intIn(v, min, max)) {
      errors.push({ field: name, message: `must be a whole number from ${min} to ${max}` });
      return undefined;
    }
    return Number(v);
  };
  const flag = (name: string): boolean | undefined => {
    const v = one(name);
    if (v === undefined) return undefined;
    if (!['1', 'true', '0', 'false'].includes(v)) errors.push({ field: name, message: 'must be 1 or 0' });
    return v === '1' || v === 'true';
  };

  let goal: Goal = fixed.goal ?? 'sale';
  const g = one('goal');
  if (g !== undefined && !fixed.goal) {
    if (g === 'sale' || g === 'rent') goal = g;
    else errors.push({ field: 'goal', message: 'must be sale or rent' });
  }
  const sortRaw = one('sort');
  let sort: Sort = 'newest';
  if (sortRaw !== undefined) {
    if ((SORTS as readonly string[]).includes(sortRaw)) sort = sortRaw as Sort;
    else errors.push({ field: 'sort', message: `must be one of ${SORTS.join(', ')}` });
  }
  const maxEpcRaw = one('maxEpc');
  let maxEpc: string | undefined;
  if (maxEpcRaw !== undefined) {
    const up = maxEpcRaw.toUpperCase();
    if ((EPC_LETTERS as readonly string[]).includes(up)) maxEpc = up;
    else errors.push({ field: 'maxEpc', message: `must be one of ${EPC_LETTERS.join(', ')}` });
  }
  const q = one('q');
  if (q !== undefined && q.length > MAX_TEXT_QUERY) errors.push({ field: 'q', message: `at most ${MAX_TEXT_QUERY} characters` });
  const area = readArea(params);
  errors.push(...area.errors);
  const query: PropertyQuery = {
    goal,
    types: list('type', /^[1-7]$/)?.map(Number),
    cities: list('city', /^[a-z0-9-]{1,60}$/i),
    minPrice: number('minPrice', 0, MAX_PRICE),
    maxPrice: number('maxPrice', 0, MAX_PRICE),
    bedrooms: number('bedrooms', 0, 50),
    minSurface: number('minSurface', 0, 100000),
    garden: flag('garden'),
    terrace: flag('terrace'),
    parking: flag('parking'),
    maxEpc,
    q: q?.slice(0, MAX_TEXT_QUERY),
    // A bad area leaves the list without one (and its error on the page); a zoom without an area means nothing.
    bbox: area.bbox,
    zoom: area.bbox && area.zoom,
    sort,
    page: number('page', 1, 100000) ?? 1,
    pageSize: fixed.pageSize ?? number('pageSize', 1, MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE,
  };
  if (query.minPrice !== undefined && query.maxPrice !== undefined && query.minPrice > query.maxPrice) {
    errors.push({ field: 'maxPrice', message: 'must not be below minPrice' });
  }
  return { query, errors };
}

/** The query string of a search (only what differs from the defaults), for links and the URL. */
export function queryString(q: Partial<PropertyQuery>, fixedGoal?: Goal): string {
  const p = new URLSearchParams();
  if (q.goal && q.goal !== fixedGoal) p.set('goal', q.goal);
  for (const t of q.types ?? []) p.append('type', String(t));
  for (const c of q.cities ?? []) p.append('city', c);
  for (const k of ['minPrice', 'maxPrice', 'bedrooms', 'minSurface'] as const) if (q[k] !== undefined) p.set(k, String(q[k]));
  for (const k of ['garden', 'terrace', 'parking'] as const) if (q[k]) p.set(k, '1');
  if (q.maxEpc) p.set('maxEpc', q.maxEpc);
  if (q.q) p.set('q', q.q);
  if (q.bbox) p.set('bbox', formatBbox(q.bbox));
  if (q.bbox && q.zoom !== undefined) p.set('zoom', String(q.zoom));
  if (q.sort && q.sort !== 'newest') p.set('sort', q.sort);
  if (q.page && q.page > 1) p.set('page', String(q.page));
  // Commas stay commas (bbox=50.8,4.3,50.9,4.4 reads as it is written).
  const s = p.toString().replace(/%2C/g, ',');
  return s ? `?${s}` : '';
}

/** A property's or a city entry's value in the `city` filter: its postcode, else its name as a slug (foreign ones may have none). */
export const cityKeyOf = (zip: string | undefined | null, city: string) => (zip && zip.trim()) || slugify(city);
