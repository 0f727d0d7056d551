/**
 * The map search's area and zoom as they stand in a URL (issue 39, map search): `bbox=south,west,
 * north,east` in degrees (WGS 84, rounded to 4 decimals when written: about 11 m) and `zoom=0..20`.
 * The same rules for the list page (the area filter) and the map API (the area to cluster). Strict:
 * a bad value is an error naming its field, never a guess.
 */

/** South, west, north, east, in degrees. */
export interface Bbox {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Longest `bbox` value read (four numbers of up to 3 + 10 digits, a sign and the commas fit well under it). */
export const MAX_BBOX_CHARS = 80;
/** Decimals written in a URL (about 11 m): the same view shares the same link. */
export const BBOX_DECIMALS = 4;
/** Zoom levels of a web map (0: the world on one tile). */
export const MIN_ZOOM = 0;
export const MAX_ZOOM = 20;
/** The web map's latitude limit (Web Mercator): a view never reaches past it. */
export const MERCATOR_LAT = 85.0511;

/** The map's marks in screen pixels (the browser draws them, the server keeps them from overlapping): a price pill, and a cluster's circle by its count. */
export const PRICE_PILL = { width: 78, height: 26 } as const;
export const clusterPx = (count: number) => (count < 10 ? 36 : count < 100 ? 44 : count < 1000 ? 52 : 60);

export type AreaError = { field: 'bbox' | 'zoom'; message: string };

const DEGREES = /^-?\d{1,3}(\.\d{1,10})?$/;

/** Reads a `bbox` value: four decimal numbers, south < north in [-90, 90], west < east in [-180, 180]. */
export function parseBbox(raw: string): { bbox: Bbox } | { error: AreaError } {
  const fail = (message: string) => ({ error: { field: 'bbox' as const, message } });
  if (raw.length > MAX_BBOX_CHARS) return fail(`at most ${MAX_BBOX_CHARS} characters`);
  const parts = raw.split(',').map((p) => p.trim());
  if (parts.length !== 4 || !parts.every((p) => DEGREES.test(p))) return fail('must be four numbers: south,west,north,east');
  const [south, west, north, east] = parts.map(Number);
  if (![south, north].every((v) => v >= -90 && v <= 90)) return fail('latitudes must be from -90 to 90');
  if (![west, east].every((v) => v >= -180 && v <= 180)) return fail('longitudes must be from -180 to 180');
  if (south >= north) return fail('south must be below north');
  // An area across the 180th meridian is not one the agency's map shows (Belgium, Luxembourg).
  if (west >= east) return fail('west must be below east');
  return { bbox: { south, west, north, east } };
}

/** Reads a `zoom` value: a whole number from MIN_ZOOM to MAX_ZOOM. */
export function parseZoom(raw: string): { zoom: number } | { error: AreaError } {
  if (!/^\d{1,2}$/.test(raw) || Number(raw) < MIN_ZOOM || Number(raw) > MAX_ZOOM)
    return { error: { field: 'zoom', message: `must be a whole number from ${MIN_ZOOM} to ${MAX_ZOOM}` } };
  return { zoom: Number(raw) };
}

/**
 * The area and zoom of `params` (each given at most once); each bad one is left out with its error.
 * `required`: the map API needs both.
 */
export function readArea(params: URLSearchParams, required = false): { bbox?: Bbox; zoom?: number; errors: AreaError[] } {
  const errors: AreaError[] = [];
  const one = (name: 'bbox' | 'zoom') => {
    const all = params.getAll(name);
    if (all.length > 1) errors.push({ field: name, message: 'must be given once' });
    const v = all[0]?.trim();
    if ((v === undefined || v === '') && required) errors.push({ field: name, message: 'is required' });
    return v || undefined;
  };
  const b = one('bbox');
  const z = one('zoom');
  const bbox = b === undefined ? undefined : parseBbox(b);
  const zoom = z === undefined ? undefined : parseZoom(z);
  if (bbox && 'error' in bbox) errors.push(bbox.error);
  if (zoom && 'error' in zoom) errors.push(zoom.error);
  return { bbox: bbox && 'bbox' in bbox ? bbox.bbox : undefined, zoom: zoom && 'zoom' in zoom ? zoom.zoom : undefined, errors };
}

const round = (v: number, decimals = BBOX_DECIMALS) => Number(v.toFixed(decimals));

/** An area as written in a URL: rounded outwards to 4 decimals (the rounded area holds the one asked), clamped to the map. */
export function formatBbox(b: Bbox): string {
  const f = 10 ** BBOX_DECIMALS;
  // The epsilon keeps a value already rounded as it is (50.8467 * 10^4 is 508466.99999999994).
  const down = (v: number) => Math.floor(v * f + 1e-6) / f;
  const up = (v: number) => Math.ceil(v * f - 1e-6) / f;
  const lat = (v: number) => Math.max(-90, Math.min(90, v));
  const lng = (v: number) => Math.max(-180, Math.min(180, v));
  return [lat(down(b.south)), lng(down(b.west)), lat(up(b.north)), lng(up(b.east))].map((v) => String(round(v))).join(',');
}

/** Whether a point lies in an area (edges included). */
export const inBbox = (b: Bbox, lat: number, lng: number) => lat >= b.south && lat <= b.north && lng >= b.west && lng <= b.east;

/** The map API's answer (server/listings/map-cluster.ts makes it). */
export interface MapCluster {
  lat: number;
  lng: number;
  count: number;
  /** South, west, north, east of its properties. */
  bbox: [number, number, number, number];
}
export interface MapMarker {
  id: number;
  lat: number;
  lng: number;
  /** The published price (null: on request). */
  price: number | null;
}
export interface MapCells {
  /** Properties the search finds inside the view. */
  total: number;
  /** Properties the search finds anywhere with a position, and without one (those are on no map). */
  located: number;
  unlocated: number;
  /** The area the search's properties cover (null: none has a position). */
  extent: [number, number, number, number] | null;
  clusters: MapCluster[];
  markers: MapMarker[];
}
