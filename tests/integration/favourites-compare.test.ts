// The favourites and compare pages (issue 39, point 3): server-rendered from the link's ids, so a
// shared link shows the same list anywhere. The feed is the sample in the CRM's own shape with one
// house sold, one flat let, one property gone from the feed, and flood scores given (SPEC §3:
// Availability, flood zone G-score and P-score).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { dataDirWith, rawSample } from '../helpers/listings.ts';

const SOLD = 1009; // Spacious 4-bedroom house
const LET = 1005; // Bright apartment with terrace (for rent)
const GONE = 1012; // taken out of the feed
let srv: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  const raw = rawSample();
  raw.properties = raw.properties.filter((p) => p.ID !== GONE);
  for (const p of raw.properties) {
    if (p.ID === SOLD) p.Availability = 'sold';
    if (p.ID === LET) p.Availability = 'rented';
    if (p.ID === 1013) Object.assign(p, { PScore: 2, GScore: 3 });
  }
  srv = await startTestServer({ dataDir: await dataDirWith(raw, 'favourites-') });
});
afterAll(() => srv?.close());

const get = async (path: string) => {
  const r = await fetch(srv.url + path);
  const html = await r.text();
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  const text = main
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');
  return { status: r.status, html, main, text };
};
const columns = (main: string) => [...main.matchAll(/<th scope="col">.*?<a href="[^"]+">([^<]+)<\/a>/g)].map((m) => m[1]);
const cards = (main: string) => [...main.matchAll(/data-property-id="(\d+)"/g)].map((m) => Number(m[1]));
/** No dictionary key shown as such. */
const noKeys = (text: string) => expect(text).not.toMatch(/\b(compare|favourites|mylist|recent|field|group)\.[a-zA-Z]/);

describe('the compare page', () => {
  it('puts the properties of its link side by side, with price per m², surfaces, rooms, energy, flood scores and costs, in nl, fr and en', async () => {
    for (const [path, perM2, kwh, flood, titles] of [
      [
        '/en/compare/?ids=1001,1002,1013',
        ['€ 3.186/m²', '€ 3.485/m²', '€ 1.952/m²'],
        '297 kWh/m²/year',
        ['P-score (plot)', 'G-score (building)'],
        ['Cosy studio close to public transport', 'Family house with garden'],
      ],
      ['/fr/comparer/?ids=1001,1002,1013', ['€ 3.186/m²', '€ 3.485/m²', '€ 1.952/m²'], '297 kWh/m²/an', [], ['Studio cosy proche des transports']],
      ['/nl/vergelijken/?ids=1001,1002,1013', ['€ 3.186/m²', '€ 3.485/m²', '€ 1.952/m²'], '297 kWh/m²/jaar', [], ['Gezellige studio nabij openbaar vervoer']],
    ] as const) {
      const { status, main, text, html } = await get(path);
      expect(status, path).toBe(200);
      expect(columns(main), path).toHaveLength(3);
      for (const t of titles) expect(columns(main), path).toContain(t);
      // Each column's price per m² is its price over its living surface (274.000 / 86 m², …).
      for (const v of perM2) expect(text, path).toContain(v);
      expect(text).toContain(kwh);
      for (const f of flood) expect(text).toContain(f);
      // 1013's flood scores, in its column (the third); the others have none.
      expect(main).toMatch(
        /<th scope="row">[^<]+<\/th><td>(<span[^>]*>[^<]*<\/span>)+<\/td><td>(<span[^>]*>[^<]*<\/span>)+<\/td><td>2<\/td><\/tr><tr><th scope="row">[^<]+<\/th><td>(<span[^>]*>[^<]*<\/span>)+<\/td><td>(<span[^>]*>[^<]*<\/span>)+<\/td><td>3<\/td>/,
      );
      expect(text).toMatch(/€ 4\.299/); // 1001's notary fees
      expect(html).toMatch(/<meta name="robots" content="noindex/);
      noKeys(text);
    }
  });

  it('leaves out what went and says so: sold or let properties by name, properties gone by number', async () => {
    for (const [path, sold, gone] of [
      [`/en/compare/?ids=${SOLD},1001,${GONE},1002`, 'Spacious 4-bedroom house – Sold', `Property ${GONE} is no longer on our site.`],
      [`/fr/comparer/?ids=${SOLD},1001,${GONE},1002`, 'Vendu', `Le bien ${GONE} n’est plus sur notre site.`],
      [`/nl/vergelijken/?ids=${SOLD},1001,${GONE},1002`, 'Verkocht', `Pand ${GONE} staat niet meer op onze site.`],
    ]) {
      const { status, main, text } = await get(path);
      expect(status, path).toBe(200);
      expect(columns(main), path).toHaveLength(2);
      expect(text, path).toContain(sold);
      expect(text, path).toContain(gone);
      expect(main).toMatch(new RegExp(`<a href="/[a-z]+/[^"]+/${SOLD}/">`)); // the sold house's page is still linked
      noKeys(text);
    }
  });

  it('keeps the first 4 of a longer link and says so; a remove link per column is the link without it', async () => {
    const { status, main, text } = await get('/en/compare/?ids=1001,1002,1004,1008,1013,1014');
    expect(status).toBe(200);
    expect(columns(main)).toHaveLength(4);
    expect(text).toContain('You can compare up to 4 properties: the first 4 of the link are compared.');
    expect(main).toContain('href="/en/compare/?ids=1002,1004,1008"');
  });

  it('answers a link with entries that are not numbers 400, naming the field and showing the rest; duplicates count once', async () => {
    const { status, main, text } = await get('/fr/comparer/?ids=1001,abc,1001,%3Cscript%3E,1002');
    expect(status).toBe(400);
    expect(columns(main)).toHaveLength(2);
    expect(text).toContain('2 éléments du lien (ids) ne sont pas des numéros de bien et ont été ignorés');
    expect(main).toContain('abc · &lt;script&gt;');
    expect(main).not.toContain('<script>');
  });

  it('answers every odd link without a 5xx: empty, 1,000 ids, huge numbers, control characters, ids given twice', async () => {
    const thousand = Array.from({ length: 1000 }, (_, i) => 1000 + i).join(',');
    const cases: Array<[string, number, number]> = [
      ['/en/compare/', 200, 0],
      ['/en/compare/?ids=', 200, 0],
      [`/en/compare/?ids=${thousand}`, 200, 2], // 1000 gone, 1001, 1002, 1003 let
      ['/en/compare/?ids=99999999999999999999', 400, 0],
      ['/en/compare/?ids=%00%01,1001', 400, 1],
      ['/en/compare/?ids=1001&ids=1002', 200, 2],
      [`/en/compare/?ids=${','.repeat(5000)}1001`, 200, 0], // past the characters read
      ['/en/compare/?ids=-1,1.5,1e3', 400, 0],
    ];
    for (const [path, status, n] of cases) {
      const r = await get(path);
      expect(r.status, path.slice(0, 60)).toBe(status);
      expect(columns(r.main), path.slice(0, 60)).toHaveLength(n);
      noKeys(r.text);
    }
    const empty = await get('/nl/vergelijken/');
    expect(empty.text).toContain('Nog niets te vergelijken: kies tot 4 panden');
    const api = await fetch(`${srv.url}/api/page?path=${encodeURIComponent(`/en/compare/?ids=${thousand}`)}`);
    expect(api.status).toBeLessThan(500);
  });
});

describe('the favourites page', () => {
  it('shows the properties of its link, names those sold, let or gone, in nl, fr and en', async () => {
    for (const [path, went, gone] of [
      [
        `/en/favourites/?ids=1001,${SOLD},${GONE},${LET},1002`,
        ['Spacious 4-bedroom house – Sold', 'Bright apartment with terrace – Let', 'No longer available (2)'],
        `Property ${GONE} is no longer on our site.`,
      ],
      [`/fr/favoris/?ids=1001,${SOLD},${GONE},${LET},1002`, ['Vendu', 'Loué', 'Plus disponibles (2)'], `Le bien ${GONE} n’est plus sur notre site.`],
      [
        `/nl/favorieten/?ids=1001,${SOLD},${GONE},${LET},1002`,
        ['Verkocht', 'Verhuurd', 'Niet meer beschikbaar (2)'],
        `Pand ${GONE} staat niet meer op onze site.`,
      ],
    ] as const) {
      const { status, main, text, html } = await get(path);
      expect(status, path).toBe(200);
      expect(cards(main), path).toEqual([1001, 1002]);
      for (const w of went) expect(text, path).toContain(w);
      expect(text, path).toContain(gone);
      // The list's own address, to share.
      expect(main).toContain(`href="${path.split('?')[0]}?ids=1001,${SOLD},${GONE},${LET},1002"`);
      expect(html).toMatch(/<meta name="robots" content="noindex/);
      noKeys(text);
    }
  });

  it('keeps the first 50 of a longer link and says so; unreadable entries are named, the rest shown', async () => {
    const ids = Array.from({ length: 120 }, (_, i) => 1001 + i).join(',');
    const long = await get(`/en/favourites/?ids=${ids}`);
    expect(long.status).toBe(200);
    expect(long.text).toContain('A list holds up to 50 properties: the first 50 of the link are shown.');
    expect(cards(long.main).length).toBeGreaterThan(20);
    expect(cards(long.main).length).toBeLessThanOrEqual(50);
    const bad = await get('/nl/favorieten/?ids=1001,twee,1001');
    expect(bad.status).toBe(400);
    expect(cards(bad.main)).toEqual([1001]);
    expect(bad.text).toContain('Eén element van de link (ids) is geen pandnummer en werd weggelaten: twee');
  });

  it('without ids says the favourites are kept on the device (the browser then opens its own list)', async () => {
    for (const [path, words] of [
      ['/en/favourites/', 'You have no favourites yet.'],
      ['/fr/favoris/', 'Vous n’avez pas encore de favoris.'],
      ['/nl/favorieten/', 'U hebt nog geen favorieten.'],
    ]) {
      const { status, text } = await get(path);
      expect(status).toBe(200);
      expect(text).toContain(words);
    }
  });
});
