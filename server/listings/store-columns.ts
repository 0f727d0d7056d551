/**
 * The live set's search entries as columns, and the one test of a search's filters on them (used by
 * the list's search and by the map's clusters, so both find the same properties).
 */
import type { Goal, PropertyQuery } from '../../renderer/listing-types.ts';
import { epcRank } from '../../shared/epc.ts';
import { MERCATOR_LAT } from '../../shared/map-area.ts';

export interface Entry {
  id: number;
  goal: Goal;
  webId: number | undefined;
  types: number[];
  price: number | null;
  zip: string;
  cityKey: string;
  bedrooms: number;
  surface: number;
  garden: boolean;
  terrace: boolean;
  parking: boolean;
  epc: number; // index in EPC_LETTERS, or EPC_LETTERS.length when unknown
  text: string;
  created: string;
  available: boolean;
  lat: number | null;
  lng: number | null;
}

/**
 * One order's entries as columns (typed arrays, in the order's sequence): a search reads a few
 * numbers per entry from memory laid out in a row, not a field of an object somewhere on the heap
 * (at 100,000 properties the walk over objects cost about 20 ms).
 */
export interface Columns {
  ids: Int32Array;
  /** NaN: no published price. */
  price: Float64Array;
  bedrooms: Float64Array;
  surface: Float64Array;
  /** 1 garden, 2 terrace, 4 parking. */
  flags: Uint8Array;
  epc: Uint8Array;
  /** Bit t for each type id t from 1 to 30 (the query's type ids are 1–7). */
  typeMask: Int32Array;
  /** Number of the entry's city key in LangIndex.cityKeys (which holds every entry's). */
  city: Int32Array;
  /** Degrees; NaN: no position (such a property is in no map area). */
  lat: Float64Array;
  lng: Float64Array;
  /** The position on the Web Mercator world square (0..1 across, 0..1 down), for the map's grid. */
  x: Float64Array;
  y: Float64Array;
}

export const GARDEN = 1;
export const TERRACE = 2;
export const PARKING = 4;
export const typeMaskOf = (types: readonly number[]) => types.reduce((m, t) => (t >= 1 && t <= 30 ? m | (1 << t) : m), 0);

/** A position on the Web Mercator world square (0..1; latitudes past the map's limit kept at its edge). */
export function mercator(lat: number, lng: number): [number, number] {
  const l = (Math.max(-MERCATOR_LAT, Math.min(MERCATOR_LAT, lat)) * Math.PI) / 180;
  return [(lng + 180) / 360, 0.5 - Math.log((1 + Math.sin(l)) / (1 - Math.sin(l))) / (4 * Math.PI)];
}

/** A position the map can show: both coordinates, finite, and not 0,0 (what a CRM sends for "unknown"). */
const located = (e: Entry) => e.lat !== null && e.lng !== null && Number.isFinite(e.lat) && Number.isFinite(e.lng) && !(e.lat === 0 && e.lng === 0);

export function columnsOf(order: Entry[], cityKeys: Map<string, number>): Columns {
  const n = order.length;
  const c: Columns = {
    ids: new Int32Array(n),
    price: new Float64Array(n),
    bedrooms: new Float64Array(n),
    surface: new Float64Array(n),
    flags: new Uint8Array(n),
    epc: new Uint8Array(n),
    typeMask: new Int32Array(n),
    city: new Int32Array(n),
    lat: new Float64Array(n),
    lng: new Float64Array(n),
    x: new Float64Array(n),
    y: new Float64Array(n),
  };
  for (let i = 0; i < n; i++) {
    const e = order[i];
    c.ids[i] = e.id;
    c.price[i] = e.price ?? NaN;
    c.bedrooms[i] = e.bedrooms;
    c.surface[i] = e.surface;
    c.flags[i] = (e.garden ? GARDEN : 0) | (e.terrace ? TERRACE : 0) | (e.parking ? PARKING : 0);
    c.epc[i] = e.epc;
    c.typeMask[i] = typeMaskOf(e.types);
    c.city[i] = cityKeys.get(e.cityKey)!;
    const [x, y] = located(e) ? mercator(e.lat!, e.lng!) : [NaN, NaN];
    c.lat[i] = located(e) ? e.lat! : NaN;
    c.lng[i] = located(e) ? e.lng! : NaN;
    c.x[i] = x;
    c.y[i] = y;
  }
  return c;
}

/**
 * The test of a search's filters on entry i of `c` (the columns of `order`). `withArea`: the query's
 * area counts (the list); the map's clusters leave it out (the map shows around the area too).
 */
export function matcherOf(q: PropertyQuery, c: Columns, order: readonly Entry[], cityKeys: Map<string, number>, withArea = true): (i: number) => boolean {
  const { price, bedrooms: beds, surface, flags, epc, typeMask, city, lat, lng } = c;
  // Bit 0 stands for type ids no property can have (none above 30): it matches nothing.
  const types = q.types?.length ? typeMaskOf(q.types) || 1 : 0;
  // The cities asked for, as a table by city number (a city no property has matches nothing).
  let cities: Uint8Array | null = null;
  if (q.cities?.length) {
    cities = new Uint8Array(cityKeys.size);
    for (const key of q.cities) {
      const k = cityKeys.get(key);
      if (k !== undefined) cities[k] = 1;
    }
  }
  const maxEpc = q.maxEpc ? (epcRank(q.maxEpc) ?? -1) : -1;
  const text = q.q?.trim().toLowerCase();
  const { minPrice, maxPrice, bedrooms, minSurface } = q;
  const wanted = (q.garden ? GARDEN : 0) | (q.terrace ? TERRACE : 0) | (q.parking ? PARKING : 0);
  const priced = minPrice !== undefined || maxPrice !== undefined;
  const low = minPrice ?? -Infinity;
  const high = maxPrice ?? Infinity;
  const area = withArea ? q.bbox : undefined;
  const [south, west, north, east] = area ? [area.south, area.west, area.north, area.east] : [0, 0, 0, 0];
  return (i) => {
    if (types && (typeMask[i] & types) === 0) return false;
    if (cities && !cities[city[i]]) return false;
    // A property without a published price (NaN) fails every comparison; without a position, every area.
    if (priced && !(price[i] >= low && price[i] <= high)) return false;
    if (bedrooms !== undefined && beds[i] < bedrooms) return false;
    if (minSurface !== undefined && surface[i] < minSurface) return false;
    if (wanted && (flags[i] & wanted) !== wanted) return false;
    if (maxEpc >= 0 && epc[i] > maxEpc) return false;
    if (area && !(lat[i] >= south && lat[i] <= north && lng[i] >= west && lng[i] <= east)) return false;
    if (text && !order[i].text.includes(text)) return false;
    return true;
  };
}
