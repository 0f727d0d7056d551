/**
 * The map search (issue 39): the area and zoom of a URL (shared/map-area.ts) read strictly, written
 * rounded; the list's area filter (store.search) and the map's clusters (map-cluster.ts through
 * store.mapCells) on records shaped like the CRM's: coordinates missing, zero or given once.
 */
import { describe, expect, it } from 'vitest';
import { formatBbox, parseBbox, parseZoom, readArea, MAX_BBOX_CHARS } from '../../shared/map-area.ts';
import { parsePropertyQuery, queryString } from '../../shared/listing-query.ts';
import { GridClusters, MAX_MAP_CELLS } from '../../server/listings/map-cluster.ts';
import { mercator } from '../../server/listings/store-columns.ts';
import { ListingStore } from '../../server/listings/store.ts';
import type { PropertyQuery, PropertyRecord } from '../../renderer/listing-types.ts';

const BRUSSELS = { south: 50.79, west: 4.3, north: 50.9, east: 4.45 };

describe('the map area in a URL', () => {
  it('reads four numbers south,west,north,east', () => {
    expect(parseBbox('50.79,4.3,50.9,4.45')).toEqual({ bbox: BRUSSELS });
    expect(parseBbox(' -33.9 , 18.4 , -33.8 , 18.5 ')).toEqual({ bbox: { south: -33.9, west: 18.4, north: -33.8, east: 18.5 } });
  });

  it.each([
    ['inverted latitudes', '50.9,4.3,50.79,4.45', 'south must be below north'],
    ['inverted longitudes', '50.79,4.45,50.9,4.3', 'west must be below east'],
    ['an area of no height', '50.8,4.3,50.8,4.45', 'south must be below north'],
    ['a latitude past the pole', '50.79,4.3,90.5,4.45', 'latitudes must be from -90 to 90'],
    ['a longitude past the date line', '50.79,-181,50.9,4.45', 'longitudes must be from -180 to 180'],
    ['NaN', 'NaN,4.3,50.9,4.45', 'four numbers'],
    ['Infinity', '50.79,4.3,Infinity,4.45', 'four numbers'],
    ['an exponent', '5e1,4.3,50.9,4.45', 'four numbers'],
    ['three numbers', '50.79,4.3,50.9', 'four numbers'],
    ['five numbers', '50.79,4.3,50.9,4.45,1', 'four numbers'],
    ['an empty number', '50.79,,50.9,4.45', 'four numbers'],
    ['hexadecimal', '0x32,4.3,50.9,4.45', 'four numbers'],
    ['10,000 characters', `50.${'1'.repeat(9996)},4,51,5`, `at most ${MAX_BBOX_CHARS} characters`],
    ['just past the bound', `50.79,4.3,50.9,4.${'4'.repeat(MAX_BBOX_CHARS)}`.slice(0, MAX_BBOX_CHARS + 1), `at most ${MAX_BBOX_CHARS} characters`],
  ])('refuses %s, naming the field', (_, raw, message) => {
    const r = parseBbox(raw);
    expect('error' in r && r.error.field).toBe('bbox');
    expect('error' in r && r.error.message).toContain(message);
  });

  it('reads a zoom from 0 to 20, whole', () => {
    expect(parseZoom('0')).toEqual({ zoom: 0 });
    expect(parseZoom('20')).toEqual({ zoom: 20 });
    for (const bad of ['21', '-1', '12.5', 'NaN', '', '1e1', '9'.repeat(10_000)])
      expect(parseZoom(bad), bad).toEqual({ error: expect.objectContaining({ field: 'zoom' }) });
  });

  it('asks for each once, and for both when the map API needs them', () => {
    expect(readArea(new URLSearchParams('bbox=50,4,51,5&bbox=50,4,51,5')).errors).toEqual([{ field: 'bbox', message: 'must be given once' }]);
    expect(readArea(new URLSearchParams(''), true).errors.map((e) => e.field)).toEqual(['bbox', 'zoom']);
    expect(readArea(new URLSearchParams('bbox=50,4,51,5&zoom=9'))).toEqual({ bbox: { south: 50, west: 4, north: 51, east: 5 }, zoom: 9, errors: [] });
  });

  it('writes an area rounded outwards to 4 decimals, the same again when read back', () => {
    const written = formatBbox({ south: 50.846712, west: 4.352549, north: 50.900001, east: 4.4 });
    expect(written).toBe('50.8467,4.3525,50.9001,4.4');
    const read = parseBbox(written);
    expect('bbox' in read && formatBbox(read.bbox)).toBe(written);
    expect(formatBbox({ south: -95, west: -200, north: 95, east: 200 })).toBe('-90,-180,90,180');
  });

  it('rides in the list’s query: a bad area leaves the list without one, a zoom needs an area', () => {
    const good = parsePropertyQuery(new URLSearchParams('type=3&bbox=50.79,4.3,50.9,4.45&zoom=13'));
    expect(good.errors).toEqual([]);
    expect(good.query.bbox).toEqual(BRUSSELS);
    expect(queryString(good.query, 'sale')).toBe('?type=3&bbox=50.79,4.3,50.9,4.45&zoom=13');
    const bad = parsePropertyQuery(new URLSearchParams('type=3&bbox=50.9,4.3,50.79,4.45&zoom=13'));
    expect(bad.errors.map((e) => e.field)).toEqual(['bbox']);
    expect(bad.query.bbox).toBeUndefined();
    expect(bad.query.zoom).toBeUndefined();
    expect(bad.query.types).toEqual([3]);
  });
});

describe('the map’s grid of clusters', () => {
  const points = Array.from({ length: 5000 }, (_, i) => ({ id: i + 1, lat: 50.5 + ((i * 7919) % 1000) / 1000, lng: 3.5 + ((i * 104729) % 2000) / 1000 }));
  const cluster = (view: typeof BRUSSELS, zoom: number, max?: number) => {
    const g = new GridClusters(view, zoom, max);
    let inside = 0;
    for (const p of points) if (g.add(p.id, p.lat, p.lng, ...mercator(p.lat, p.lng), 100000 + p.id)) inside++;
    return { inside, ...g.cells() };
  };

  it('counts every property of the view once, as a marker or in a cluster', () => {
    const view = { south: 50.5, west: 3.5, north: 51.5, east: 5.5 };
    const r = cluster(view, 9);
    expect(r.inside).toBe(5000);
    expect(r.markers.length + r.clusters.reduce((n, c) => n + c.count, 0)).toBe(5000);
    for (const c of r.clusters) {
      expect(c.count).toBeGreaterThan(1);
      expect(c.lat).toBeGreaterThanOrEqual(c.bbox[0]);
      expect(c.lat).toBeLessThanOrEqual(c.bbox[2]);
    }
  });

  it('never answers more than its bound: the whole world at the deepest zoom gets a coarser grid', () => {
    const world = { south: -85, west: -180, north: 85, east: 180 };
    for (const max of [1, 10, MAX_MAP_CELLS]) {
      const r = cluster(world, 20, max);
      expect(r.markers.length + r.clusters.length).toBeLessThanOrEqual(max);
      expect(r.clusters.reduce((n, c) => n + c.count, 0) + r.markers.length).toBe(5000);
    }
  });

  it('gives single properties as markers with their price, and leaves out what is outside the view', () => {
    const g = new GridClusters({ south: 50.8, west: 4.3, north: 50.9, east: 4.4 }, 14);
    const put = (id: number, lat: number, lng: number, price: number) => g.add(id, lat, lng, ...mercator(lat, lng), price);
    expect([put(1, 50.81, 4.31, 250000), put(2, 50.85, 4.35, NaN), put(3, 50.89, 4.39, 1200), put(4, 50.95, 4.35, 1), put(5, 50.85, 4.45, 1)]).toEqual([
      true,
      true,
      true,
      false,
      false,
    ]);
    expect(g.cells()).toEqual({
      clusters: [],
      markers: [
        { id: 3, lat: 50.89, lng: 4.39, price: 1200 },
        { id: 2, lat: 50.85, lng: 4.35, price: null },
        { id: 1, lat: 50.81, lng: 4.31, price: 250000 },
      ],
    });
  });

  it('keeps properties at one address in one cluster at the deepest zoom (a click there chooses its area)', () => {
    const r = cluster({ south: 50.49, west: 3.49, north: 50.5005, east: 3.5005 }, 20);
    expect(r.clusters).toEqual([{ lat: 50.5, lng: 3.5, count: 3, bbox: [50.5, 3.5, 50.5, 3.5] }]);
  });

  it('keeps a cluster where it is when the view pans (the grid is fixed to the world)', () => {
    const a = cluster({ south: 50.6, west: 4.0, north: 51.0, east: 4.6 }, 11).clusters;
    const b = cluster({ south: 50.65, west: 4.05, north: 51.05, east: 4.65 }, 11).clusters;
    const inBoth = (c: { bbox: number[] }) => c.bbox[0] > 50.7 && c.bbox[2] < 50.95 && c.bbox[1] > 4.1 && c.bbox[3] < 4.55;
    const key = (c: { lat: number; lng: number; count: number }) => `${c.lat},${c.lng},${c.count}`;
    expect(a.filter(inBoth).length).toBeGreaterThan(5);
    expect(a.filter(inBoth).map(key)).toEqual(b.filter(inBoth).map(key));
  });
});

describe('the store’s area filter and clusters', () => {
  const base = { language: 'nl', Goal: 0, Availability: 'available', City: 'Elsene', Zip: '1050', WebID: 3, Price: 300000, CreateDate: '2026-01-01' };
  const records = [
    { ID: 1, Latitude: 50.83, Longitude: 4.37 },
    { ID: 2, Latitude: 50.831, Longitude: 4.371, WebID: 1 },
    { ID: 3, Latitude: 50.86, Longitude: 4.38, Price: 650000 },
    { ID: 4 }, // no position
    { ID: 5, Latitude: null, Longitude: 4.3 }, // half a position
    { ID: 6, Latitude: 49.61, Longitude: 6.13, Zip: 'L-1234', City: 'Luxembourg' },
    { ID: 7, Goal: 1, Latitude: 50.83, Longitude: 4.37, Price: 1200 },
    { ID: 8, Latitude: 50.84, Longitude: 4.36, Availability: 'sold' },
    { ID: 9, Latitude: 0, Longitude: 0 }, // the CRM's unknown
  ].map((r) => ({ ...base, ...r })) as unknown as PropertyRecord[];
  const store = new ListingStore(
    { properties: records, projects: [], webIDs: [], citys: [], citysSale: [], citysRent: [], neighbourhoods: [] } as never,
    'test',
  );
  const q = (over: Partial<PropertyQuery> = {}): PropertyQuery => ({ goal: 'sale', sort: 'newest', page: 1, pageSize: 24, ...over });
  const ids = (over: Partial<PropertyQuery>) => [...store.search(q(over), 'nl').ids].sort((a, b) => a - b);

  it('keeps properties without a position in the list without an area, and leaves them out with one', () => {
    expect(ids({})).toEqual([1, 2, 3, 4, 5, 6, 9]);
    expect(ids({ bbox: BRUSSELS })).toEqual([1, 2, 3]);
    expect(ids({ bbox: BRUSSELS, types: [1] })).toEqual([2]);
    expect(ids({ bbox: { south: 49, west: 5.7, north: 50, east: 6.5 } })).toEqual([6]);
    expect(ids({ bbox: { south: -1, west: -1, north: 1, east: 1 } })).toEqual([]);
    expect(store.search(q({ bbox: BRUSSELS, pageSize: 2 }), 'nl')).toMatchObject({ total: 3, pages: 2 });
  });

  it('clusters what the search finds in the view, on offer only, and tells how many have no position', () => {
    const r = store.mapCells(q(), { bbox: BRUSSELS, zoom: 12 }, 'nl');
    expect(r).toMatchObject({ total: 3, located: 4, unlocated: 3, extent: [49.61, 4.37, 50.86, 6.13] });
    expect(r.markers.map((m) => m.id)).toEqual([3]);
    expect(r.markers[0].price).toBe(650000);
    expect(r.clusters).toEqual([{ lat: 50.8305, lng: 4.3705, count: 2, bbox: [50.83, 4.37, 50.831, 4.371] }]);
    // The list's own area is left aside: the map shows around it.
    expect(store.mapCells(q({ bbox: { south: 49, west: 5.7, north: 50, east: 6.5 } }), { bbox: BRUSSELS, zoom: 12 }, 'nl').total).toBe(3);
    expect(store.mapCells(q({ goal: 'rent' }), { bbox: BRUSSELS, zoom: 12 }, 'nl').markers.map((m) => m.id)).toEqual([7]);
    expect(store.mapCells(q({ types: [7] }), { bbox: BRUSSELS, zoom: 12 }, 'nl')).toMatchObject({ total: 0, extent: null, clusters: [], markers: [] });
  });
});
