import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { startTestServer } from '../helpers/server.ts';
import { sampleListings, importListingsData } from '../helpers/listings.ts';
import { epcForProperty, epcRank } from '../../shared/epc.ts';
import { slugify } from '../../shared/path.ts';
import { onOffer } from '../../shared/goal.ts';
import type { PropertyRecord } from '../../renderer/listing-types.ts';

const sample = (await sampleListings()) as any;
const fr: PropertyRecord[] = sample.properties.filter((p: PropertyRecord) => p.language === 'fr');
const priceOf = (p: PropertyRecord) => (p.PublishPrice === false || p.PriceOnDemand ? null : p.Price);

let srv: Awaited<ReturnType<typeof startTestServer>>;
const get = (path: string) => fetch(srv.url + path, { redirect: 'manual' });
const api = async (qs: string) => {
  const r = await get(`/api/properties?lang=fr&pageSize=100&${qs}`);
  expect(r.status, qs).toBe(200);
  return r.json() as Promise<{
    total: number;
    page: number;
    pages: number;
    items: Array<{ id: number; price: number | null; path: string; city: string; type: number }>;
  }>;
};
/** Every id of a search, over all its pages. */
async function allIds(qs: string): Promise<number[]> {
  const first = await api(qs);
  const ids = first.items.map((i) => i.id);
  for (let page = 2; page <= first.pages; page++) ids.push(...(await api(`${qs}&page=${page}`)).items.map((i) => i.id));
  expect(ids.length).toBe(first.total);
  return ids;
}

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

describe('the sample listings', () => {
  it('are large and varied enough to exercise every filter and EPC scale', () => {
    expect(fr.length).toBeGreaterThanOrEqual(120);
    expect(new Set(fr.map((p) => p.WebID)).size).toBe(7);
    const regions = new Set(fr.map((p) => epcForProperty(p).region));
    for (const r of ['brussels', 'flanders', 'wallonia', 'luxembourg']) expect(regions).toContain(r);
    expect(fr.some((p) => p.Availability === 'sold')).toBe(true);
    expect(fr.some((p) => p.Availability === 'rented')).toBe(true);
    expect(fr.some((p) => p.PublishPrice === false)).toBe(true);
    expect(fr.some((p) => p.PriceUnit === 7)).toBe(true);
    expect(new Set(sample.projects.map((p: { ID: number }) => p.ID)).size).toBeGreaterThanOrEqual(8);
    for (const lang of ['nl', 'en']) expect(sample.properties.filter((p: PropertyRecord) => p.language === lang).length).toBe(fr.length);
  });
});

describe('GET /api/properties', () => {
  // A list holds the properties on offer (available or under option): sold and let ones are not listed.
  const naive = (pred: (p: PropertyRecord) => boolean) =>
    fr
      .filter((p) => onOffer(p) && pred(p))
      .map((p) => p.ID)
      .sort((a, b) => a - b);
  const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);
  const sale = (p: PropertyRecord) => p.Goal === 0;

  it.each([
    ['goal=sale', (p: PropertyRecord) => sale(p)],
    ['goal=rent', (p: PropertyRecord) => !sale(p)],
    ['goal=sale&type=3', (p: PropertyRecord) => sale(p) && (p.WebID === 3 || (p.WebIDs ?? '').split(',').includes('3'))],
    ['goal=sale&city=1030', (p: PropertyRecord) => sale(p) && p.Zip === '1030'],
    ['goal=sale&maxPrice=400000', (p: PropertyRecord) => sale(p) && priceOf(p) !== null && priceOf(p)! <= 400000],
    ['goal=sale&minPrice=500000', (p: PropertyRecord) => sale(p) && priceOf(p) !== null && priceOf(p)! >= 500000],
    ['goal=sale&bedrooms=3', (p: PropertyRecord) => sale(p) && (p.NumberOfBedRooms ?? 0) >= 3],
    ['goal=rent&minSurface=100', (p: PropertyRecord) => !sale(p) && (p.SurfaceLiving ?? p.SurfaceTotal ?? p.SurfaceGround ?? 0) >= 100],
    ['goal=sale&garden=1', (p: PropertyRecord) => sale(p) && !!(p.HasGarden || (p.SurfaceGarden ?? 0) > 0)],
    ['goal=sale&terrace=1', (p: PropertyRecord) => sale(p) && !!(p.HasTerrace || (p.SurfaceTerrace ?? 0) > 0)],
    ['goal=sale&maxEpc=C', (p: PropertyRecord) => sale(p) && (epcRank(epcForProperty(p).label) ?? 99) <= 4],
  ])('%s finds exactly what a plain filter of the records finds', async (qs, pred) => {
    const expected = naive(pred);
    expect(expected.length, `the sample has matches for ${qs}`).toBeGreaterThan(0);
    expect(sorted(await allIds(qs))).toEqual(expected);
  });

  it('combines filters: apartments in Schaerbeek under € 400.000 with at least 2 bedrooms', async () => {
    const expected = naive(
      (p) => sale(p) && p.WebID === 3 && p.Zip === '1030' && priceOf(p) !== null && priceOf(p)! <= 400000 && (p.NumberOfBedRooms ?? 0) >= 2,
    );
    expect(expected.length).toBeGreaterThanOrEqual(3);
    const r = await api('goal=sale&type=3&city=1030&maxPrice=400000&bedrooms=2&sort=price-asc');
    expect(sorted(r.items.map((i) => i.id))).toEqual(expected);
    const prices = r.items.map((i) => i.price!);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(r.items.every((i) => i.city === 'Schaerbeek')).toBe(true);
  });

  it('finds a property by its reference and by its street', async () => {
    const p = fr.find((x) => x.PublishAddress !== false && x.Street && x.Goal === 0 && onOffer(x))!;
    expect(await allIds(`goal=sale&q=${encodeURIComponent(p.Street!)}`)).toContain(p.ID);
    expect(await allIds(`goal=${p.Goal === 0 ? 'sale' : 'rent'}&q=${p.ID}`)).toContain(p.ID);
  });

  it('sorts by price both ways with prices on demand last, and by newest', async () => {
    for (const [sort, dir] of [
      ['price-asc', 1],
      ['price-desc', -1],
    ] as const) {
      const items = (await api(`goal=sale&sort=${sort}`)).items;
      const priced = items.filter((i) => i.price !== null).map((i) => i.price!);
      expect(priced).toEqual([...priced].sort((a, b) => dir * (a - b)));
      const firstNull = items.findIndex((i) => i.price === null);
      if (firstNull >= 0) expect(items.slice(firstNull).every((i) => i.price === null)).toBe(true);
    }
    const newest = (await api('goal=rent&sort=newest')).items.map((i) => fr.find((p) => p.ID === i.id)!.CreateDate);
    expect(newest).toEqual([...newest].sort().reverse());
    const byCity = (await api('goal=sale&sort=city')).items.map((i) => slugify(i.city));
    expect(byCity.length).toBeGreaterThan(10);
  });

  it('pages: 24 per page by default, the last page holds the rest', async () => {
    const r = await (await get('/api/properties?lang=nl&goal=sale')).json();
    expect(r.items.length).toBe(Math.min(24, r.total));
    expect(r.pages).toBe(Math.ceil(r.total / 24));
    const last = await (await get(`/api/properties?lang=nl&goal=sale&page=${r.pages}`)).json();
    expect(last.items.length).toBe(r.total - 24 * (r.pages - 1));
  });

  it('answers the same search written differently with the same result, gzipped or not', async () => {
    const plain = async (qs: string, encoding: string) => {
      const r = await fetch(`${srv.url}/api/properties?${qs}`, { headers: { 'accept-encoding': encoding } });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toMatch(/^application\/json/);
      expect(r.headers.get('vary')).toMatch(/accept-encoding/i);
      return { encoding: r.headers.get('content-encoding'), body: await r.json() };
    };
    const a = await plain('lang=fr&goal=sale&type=3&type=1&maxPrice=500000', 'gzip');
    const b = await plain('maxPrice=500000&type=1&goal=sale&type=3&lang=fr', 'identity');
    const c = await plain('lang=fr&goal=sale&type=1&type=3&maxPrice=500000&sort=newest&page=1', 'gzip, deflate, br');
    expect(a.encoding).toBe('gzip');
    expect(b.encoding).toBeNull();
    expect(c.encoding).toBe('gzip');
    expect(a.body.total).toBeGreaterThan(0);
    expect(b.body).toEqual(a.body);
    expect(c.body).toEqual(a.body);
    // Another language or page is another answer.
    const nl = await plain('lang=nl&goal=sale&type=3&type=1&maxPrice=500000', 'gzip');
    expect(nl.body.total).toBe(a.body.total);
    expect(nl.body.items[0].path).toMatch(/^\/nl\//);
    const first = await plain('lang=fr&goal=sale&type=3&type=1&maxPrice=500000&pageSize=2', 'gzip');
    const second = await plain('lang=fr&goal=sale&type=3&type=1&maxPrice=500000&pageSize=2&page=2', 'gzip');
    expect(first.body.pages).toBeGreaterThan(1);
    expect(second.body.page).toBe(2);
    expect(second.body.items.map((i: { id: number }) => i.id)).not.toContain(first.body.items[0].id);
  });

  it.each([
    ['maxPrice=abc', 'maxPrice'],
    ['sort=cheapest', 'sort'],
    ['type=9', 'type'],
    ['goal=buy', 'goal'],
    ['page=0', 'page'],
    ['maxEpc=Z', 'maxEpc'],
    ['lang=xx', 'lang'],
    ['minPrice=500000&maxPrice=100000', 'maxPrice'],
    [`q=${'x'.repeat(101)}`, 'q'],
    ['bedrooms=1&bedrooms=2', 'bedrooms'],
  ])('refuses %s with 400 naming %s', async (qs, field) => {
    const r = await get(`/api/properties?${qs}`);
    expect(r.status).toBe(400);
    expect((await r.json()).field).toBe(field);
  });
});

describe('property pages', () => {
  const saleOne = fr.find((p) => p.Goal === 0 && p.Availability === 'available' && !p.ProjectID && p.TypeDescription)!;
  const rentOne = fr.find((p) => p.Goal !== 0 && p.Availability === 'available' && !p.ProjectID)!;

  it('redirects /property/{id}/ to the canonical path of the default language', async () => {
    const r = await get(`/property/${saleOne.ID}/`);
    expect(r.status).toBe(301);
    expect(r.headers.get('location')).toMatch(new RegExp(`^/nl/kopen/[a-z0-9-]+/([a-z0-9-]+/)?${saleOne.ID}/$`));
  });

  it('shows a property in French under /fr/acheter/…, with its alternates, and 301s a wrong slug', async () => {
    const api = await (await get(`/api/properties?lang=fr&goal=sale&q=${saleOne.ID}`)).json();
    const path = api.items.find((i: { id: number }) => i.id === saleOne.ID).path as string;
    expect(path).toBe(`/fr/acheter/${slugify(saleOne.City)}/${slugify(saleOne.TypeDescription!)}/${saleOne.ID}/`);
    const r = await get(path);
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toContain(`<html lang="fr"`);
    expect(html).toContain('"@type":"RealEstateListing"');
    expect(html).toMatch(/<link rel="alternate" hrefLang="nl" href="https:\/\/www\.atrium-immo\.be\/nl\/kopen\//);
    const wrong = await get(`/fr/acheter/${slugify(saleOne.City)}/un-autre-titre/${saleOne.ID}/`);
    expect(wrong.status).toBe(301);
    expect(wrong.headers.get('location')).toBe(path);
  });

  it('puts rentals under /en/for-rent/', async () => {
    const r = await get(`/property/${rentOne.ID}/`);
    const nl = r.headers.get('location')!;
    expect(nl.startsWith('/nl/huren/')).toBe(true);
  });

  it('answers an unknown id with Property Not Found and 404', async () => {
    const r = await get('/en/for-sale/brussels/nice-flat/99999999/');
    expect(r.status).toBe(404);
    expect(await r.text()).toContain('Property Not Found');
  });

  it('says a sold property is sold', async () => {
    const sold = fr.find((p) => p.Availability === 'sold' && !p.ProjectID)!;
    const loc = (await get(`/property/${sold.ID}/`)).headers.get('location')!.replace('/nl/kopen/', '/en/for-sale/');
    const r = await get(loc);
    const html = r.status === 301 ? await (await get(r.headers.get('location')!)).text() : await r.text();
    expect(html).toContain('Property Sold');
  });

  it('answers a list page with a bad query string 400, naming the field, and still shows the list', async () => {
    const r = await get('/fr/acheter/?maxPrice=beaucoup');
    expect(r.status).toBe(400);
    const html = await r.text();
    expect(html).toContain('role="alert"');
    expect(html).toContain('Prix maximum (€)');
    expect(html).toContain('property-card');
  });

  it('renders a search server-side from its URL, with the paging title in the language', async () => {
    const html = await (await get('/nl/kopen/?type=3&city=1030&maxPrice=400000&bedrooms=2&sort=price-asc')).text();
    expect(html).toMatch(/Pagina 1 van \d+ \[\d+ objecten\]/);
    const en = await (await get('/en/for-sale/?type=99')).text();
    expect(en).toContain('role="alert"');
  });
});

describe('images', () => {
  it('serves listing photos at the responsive widths and refuses other widths', async () => {
    const p = fr[0];
    const r = await get(`/media/listings/${p.ID}/1.jpg?w=400`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('image/jpeg');
    const meta = await sharp(Buffer.from(await r.arrayBuffer())).metadata();
    expect(meta.width).toBe(400);
    expect((await get(`/media/listings/${p.ID}/1.jpg?w=123`)).status).toBe(400);
    expect((await get('/media/listings/99999999/1.jpg?w=400')).status).toBe(404);
  });

  it('serves the EPC label images of every region', async () => {
    for (const path of ['/images/epc/brussels/c.png', '/images/epc/flanders/a.png', '/images/epc/wallonia/a_plusplus.png']) {
      const r = await get(path);
      expect(r.status, path).toBe(200);
      expect(r.headers.get('content-type')).toBe('image/png');
    }
  });
});

describe('projects, home and sitemap', () => {
  it('lists projects and shows a project with its price list linking to its units', async () => {
    const list = await (await get('/fr/projets/')).text();
    const href = /href="(\/fr\/projets\/[^"]+\/\d+\/)"/.exec(list)![1];
    const html = await (await get(href)).text();
    expect(html).toContain('class="price-list"');
    const unit = new RegExp(`href="(${href.replace(/\//g, '\\/')}[a-z0-9-]+\\/\\d+\\/)"`).exec(html);
    expect(unit).not.toBeNull();
    expect((await get(unit![1])).status).toBe(200);
  });

  it('counts the properties for sale and for rent on the home page', async () => {
    const available = (goal: number) =>
      fr.filter((p) => (goal === 0 ? p.Goal === 0 : p.Goal !== 0) && (p.Availability === 'available' || p.Availability === 'option')).length;
    const html = await (await get('/fr/')).text();
    expect(html).toContain(`${available(0)} biens à vendre`);
    expect(html).toContain(`${available(1)} biens à louer`);
  });

  it('lists every property and project in the sitemap with alternates', async () => {
    const xml = await (await get('/sitemap.xml')).text();
    for (const p of fr.slice(0, 20)) expect(xml).toMatch(new RegExp(`/fr/(acheter|louer|projets)/[^<]*/${p.ID}/</loc>`));
    expect(xml).toMatch(/hreflang="en" href="https:\/\/www\.atrium-immo\.be\/en\/for-sale\//);
  });
});

describe('a banner of type properties', () => {
  let own: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    const { configCopy } = await import('../helpers/config.ts');
    const dir = configCopy(({ read, write }) => {
      const pages = read('pages.json');
      pages.find((p: { name: string }) => p.name === 'home').bannerType = 'properties';
      write('pages.json', pages);
    });
    own = await startTestServer({ configDir: dir });
  });
  afterAll(() => own.close());

  it('shows a slideshow of the newest available properties, each linking to its page', async () => {
    const html = await (await fetch(`${own.url}/en/`)).text();
    const slide = /<p class="banner__slide"><a href="([^"]+)"/.exec(html);
    expect(slide).not.toBeNull();
    expect(slide![1]).toMatch(/^\/en\/for-(sale|rent)\/[a-z0-9-]+\/([a-z0-9-]+\/)?\d+\/$/);
    expect(html).toMatch(/class="banner__media" src="\/media\/listings\/\d+\/1\.jpg\?v=[0-9a-z]+&amp;w=1360"/);
  });
});

describe('a running server after an import', () => {
  it('serves the new listings within a second and forgets the rendered pages of the old ones', async () => {
    const own = await startTestServer();
    try {
      const before = await (await fetch(`${own.url}/api/properties?lang=en&goal=sale`)).json();
      const gone = fr.find((p) => p.Goal === 0 && !p.ProjectID)!;
      const listPage = await (await fetch(`${own.url}/en/for-sale/`)).text();
      const path = (await (await fetch(`${own.url}/property/${gone.ID}/`, { redirect: 'manual' })).headers.get('location'))!;
      expect((await fetch(own.url + path)).status).toBe(200);
      const data = structuredClone(sample);
      data.properties = data.properties.filter((p: PropertyRecord) => p.ID !== gone.ID);
      expect((await importListingsData(data, own.dataDir)).result).toBe('accepted');
      await expect
        .poll(async () => (await (await fetch(`${own.url}/api/properties?lang=en&goal=sale`)).json()).total, { timeout: 10_000, interval: 100 })
        .toBe(before.total - 1);
      expect((await fetch(own.url + path)).status).toBe(404);
      expect(await (await fetch(`${own.url}/en/for-sale/`)).text()).not.toBe(listPage);
    } finally {
      await own.close();
    }
  });
});
