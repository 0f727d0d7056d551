// The map search (issue 39) on a real server: GET /api/map's clusters and markers of the list's
// search inside a view, the cards its markers open, and the list page filtered by an area in its
// URL (server-rendered, the count line following), with bad areas and zooms answered by a sentence
// in the visitor's language, never a 500. The feed is the sample as the CRM sends it, with
// properties without a position (left out, and 0,0) and one in Luxembourg.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { dataDirWith, rawSample } from '../helpers/listings.ts';

type Raw = Record<string, any>;
let srv: Awaited<ReturnType<typeof startTestServer>>;
let props: Raw[];

/** Central Brussels, and what the map shows there. */
const AREA = { south: 50.82, west: 4.33, north: 50.88, east: 4.42 };
const AREA_Q = '50.82,4.33,50.88,4.42';
const onOffer = (p: Raw) => p.Availability === undefined || p.Availability === 'available' || p.Availability === 'option';
const located = (p: Raw) => typeof p.Latitude === 'number' && typeof p.Longitude === 'number' && !(p.Latitude === 0 && p.Longitude === 0);
const inArea = (p: Raw) => located(p) && p.Latitude >= AREA.south && p.Latitude <= AREA.north && p.Longitude >= AREA.west && p.Longitude <= AREA.east;
const forSale = () => props.filter((p) => p.Goal === 0 && onOffer(p));
let unplaced: number[];

beforeAll(async () => {
  const raw = rawSample();
  const sale = [...new Set(raw.properties.filter((p) => p.Goal === 0 && onOffer(p)).map((p) => p.ID as number))];
  // Inside the area: one without coordinates, one at 0,0; one moved to Luxembourg.
  unplaced = [sale.find((id) => inArea(raw.properties.find((p) => p.ID === id)!))!, sale.at(-1)!];
  expect(unplaced.every(Boolean)).toBe(true);
  for (const p of raw.properties) {
    if (p.ID === unplaced[0]) {
      delete p.Latitude;
      delete p.Longitude;
    }
    if (p.ID === unplaced[1]) Object.assign(p, { Latitude: 0, Longitude: 0 });
    if (p.ID === sale.at(-2)) Object.assign(p, { Latitude: 49.6116, Longitude: 6.1319, Zip: 'L-1724', City: 'Luxembourg' });
  }
  props = raw.properties.filter((p) => p.language === 'en');
  srv = await startTestServer({ dataDir: await dataDirWith(raw, 'map-search-') });
});
afterAll(() => srv?.close());

const api = async (query: string, headers: Record<string, string> = {}) => {
  const r = await fetch(`${srv.url}/api/map?${query}`, { headers });
  return { status: r.status, body: (await r.json()) as any };
};
const text = (s: string) =>
  s
    .replace(/<!-- -->/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'");
const page = async (path: string) => {
  const r = await fetch(srv.url + path);
  return { status: r.status, html: text(await r.text()) };
};
const countLine = (html: string) => /class="results-bar__title"[^>]*>([^<]+)</.exec(html)![1];
const total = (html: string) => Number(/\[([\d.]+) /.exec(countLine(html))![1].replace(/\./g, ''));

describe('GET /api/map', () => {
  it('clusters the search inside the view: every property on offer with a position counted once, the ones without told', async () => {
    const { status, body } = await api(`goal=sale&bbox=${AREA_Q}&zoom=12&lang=en`);
    expect(status).toBe(200);
    const expected = forSale().filter(inArea);
    expect(body.total).toBe(expected.length);
    expect(body.markers.length + body.clusters.reduce((n: number, c: any) => n + c.count, 0)).toBe(expected.length);
    expect(body.unlocated).toBe(2);
    expect(body.located).toBe(forSale().filter(located).length);
    // The extent reaches Luxembourg (the map's first view shows every result).
    expect(body.extent[0]).toBeCloseTo(49.6116, 3);
    for (const m of body.markers) expect(expected.map((p) => p.ID)).toContain(m.id);
    // Deeper, the same properties fall apart into more marks.
    const deep = (await api(`goal=sale&bbox=${AREA_Q}&zoom=16&lang=en`)).body;
    expect(deep.total).toBe(expected.length);
    expect(deep.markers.length + deep.clusters.length).toBeGreaterThan(body.markers.length + body.clusters.length);
  });

  it('follows the list’s filters (a type, a price) and its goal', async () => {
    const apartments = forSale().filter(
      (p) =>
        inArea(p) &&
        (p.WebID === 3 ||
          String(p.WebIDs ?? '')
            .split(',')
            .includes('3')),
    );
    expect((await api(`goal=sale&type=3&bbox=${AREA_Q}&zoom=12`)).body.total).toBe(apartments.length);
    const cheap = forSale().filter((p) => inArea(p) && p.PublishPrice !== false && !p.PriceOnDemand && p.Price <= 300000);
    expect((await api(`goal=sale&maxPrice=300000&bbox=${AREA_Q}&zoom=12`)).body.total).toBe(cheap.length);
    const rent = props.filter((p) => p.Goal !== 0 && onOffer(p) && inArea(p));
    expect((await api(`goal=rent&bbox=${AREA_Q}&zoom=12`)).body.total).toBe(rent.length);
  });

  it('never answers more marks than its bound, whatever the view', async () => {
    const { body } = await api('goal=sale&bbox=-85,-180,85,180&zoom=20');
    expect(body.clusters.length + body.markers.length).toBeLessThanOrEqual(400);
    expect(body.total).toBe(forSale().filter(located).length);
  });

  it.each([
    ['an inverted area', `bbox=50.88,4.33,50.82,4.42&zoom=12&lang=fr`, 'bbox', '« Zone de la carte » n’a pas pu être lu.'],
    ['a latitude out of range', `bbox=50.82,4.33,91,4.42&zoom=12&lang=en`, 'bbox', '“Map area” could not be read.'],
    ['NaN', `bbox=NaN,4.33,50.88,4.42&zoom=12&lang=nl`, 'bbox', '“Kaartgebied” kon niet gelezen worden.'],
    ['10,000 characters', `bbox=${'5'.repeat(10_000)}&zoom=12&lang=en`, 'bbox', '“Map area” could not be read.'],
    ['no area', `zoom=12&lang=en`, 'bbox', '“Map area” could not be read.'],
    ['an absurd zoom', `bbox=${AREA_Q}&zoom=99&lang=en`, 'zoom', '“Map zoom” could not be read.'],
    ['a fractional zoom', `bbox=${AREA_Q}&zoom=12.5&lang=en`, 'zoom', '“Map zoom” could not be read.'],
    ['a bad filter beside a good area', `bbox=${AREA_Q}&zoom=12&maxEpc=Z&lang=en`, 'maxEpc', '“EPC label at least” could not be read.'],
  ])('refuses %s with a 400 naming the field in the visitor’s language', async (_, query, field, error) => {
    const { status, body } = await api(query);
    expect(status).toBe(400);
    expect(body).toMatchObject({ field, error });
  });

  it('speaks the Accept-Language when no lang is given, and refuses a language the site has not', async () => {
    const nl = await api('bbox=1,2,3&zoom=4', { 'accept-language': 'nl-BE,nl;q=0.9' });
    expect(nl).toMatchObject({ status: 400, body: { field: 'bbox', error: '“Kaartgebied” kon niet gelezen worden.' } });
    expect(await api('bbox=1,2,3,4&zoom=4&lang=xx')).toMatchObject({ status: 400, body: { field: 'lang' } });
  });

  it('gives the card a marker opens, in the visitor’s language, and a sentence for a bad or unknown id', async () => {
    const id = forSale().find(inArea)!.ID;
    const card = await fetch(`${srv.url}/api/map/card?id=${id}&lang=fr`);
    expect(card.status).toBe(200);
    const body = (await card.json()) as any;
    expect(body.id).toBe(id);
    expect(body.path).toMatch(/^\/fr\/acheter\//);
    const bad = await fetch(`${srv.url}/api/map/card?id=abc&lang=en`);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as any).field).toBe('id');
    const gone = await fetch(`${srv.url}/api/map/card?id=987654321&lang=nl`);
    expect(gone.status).toBe(404);
    expect(((await gone.json()) as any).error).toBe('Dit pand staat niet meer te koop of te huur.');
  });
});

describe('the list filtered by an area in its URL', () => {
  it('renders on the server only the properties inside the area, its count line following, and removes the area in one link', async () => {
    const all = await page('/en/for-sale/');
    expect(total(all.html)).toBe(forSale().length);
    // Without an area, properties without a position stay in the list.
    const inside = forSale().filter(inArea);
    const { status, html } = await page(`/en/for-sale/?bbox=${AREA_Q}&zoom=13&pageSize=100`);
    expect(status).toBe(200);
    expect(total(html)).toBe(inside.length);
    expect(countLine(html)).toBe(`Page 1 of ${Math.ceil(inside.length / 24)} [${inside.length} objects]`);
    const ids = [...html.matchAll(/data-property-id="(\d+)"/g)].map((m) => Number(m[1]));
    expect(ids.length).toBe(Math.min(24, inside.length));
    for (const id of ids) expect(inside.map((p) => p.ID)).toContain(id);
    expect(ids).not.toContain(unplaced[0]);
    expect(html).toContain('Only properties in the area chosen on the map');
    expect(html).toMatch(/<a href="\/en\/for-sale\/" class="map-area-note__remove"[^>]*>.*Remove the area<\/a>/);
    // The area rides along: the pager, the filters' form, the map view's link.
    expect(html).toContain(`href="/en/for-sale/?bbox=${AREA_Q}&zoom=13&page=2"`);
    expect(html).toContain(`name="bbox" value="${AREA_Q}"`);
    expect(html).toContain(`href="/en/for-sale/?bbox=${AREA_Q}&zoom=13&view=map"`);
  });

  it('in Luxembourg, in Dutch: only the one there', async () => {
    const { html } = await page('/nl/kopen/?bbox=49.4,5.7,50.2,6.5');
    expect(countLine(html)).toBe('Pagina 1 van 1 [1 object]');
    expect(html).toContain('Enkel panden in de zone gekozen op de kaart');
  });

  it.each([
    ['/en/for-sale/?bbox=50.88,4.33,50.82,4.42&zoom=13', 'Some search criteria could not be read and were ignored:', '“Map area”'],
    ['/fr/acheter/?bbox=abc', 'Certains critères', '« Zone de la carte »'],
    [`/nl/kopen/?bbox=${'1'.repeat(10_000)}`, 'zoekcriteria', '“Kaartgebied”'],
  ])('%s: the list without the area, and a sentence naming the field', async (path, sentence, field) => {
    const { status, html } = await page(path);
    expect(status).toBe(400);
    expect(html).toContain(sentence);
    expect(html).toContain(`<li>${field}</li>`);
    expect(total(html)).toBe(forSale().length);
    expect(html).not.toContain('map-area-note');
  });

  it('keeps a good area beside a bad zoom (the zoom is only the map’s)', async () => {
    const { status, html } = await page(`/en/for-sale/?bbox=${AREA_Q}&zoom=-3`);
    expect(status).toBe(400);
    expect(html).toContain('<li>“Map zoom”</li>');
    expect(total(html)).toBe(forSale().filter(inArea).length);
    expect(html).toContain(`href="/en/for-sale/?bbox=${AREA_Q}&view=map"`);
  });
});
