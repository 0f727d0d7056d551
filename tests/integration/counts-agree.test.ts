// What "for sale" and "for rent" count, said once (shared/goal.ts onOffer: available or under
// option) and read the same on the home, the lists and their "Page X of Y [Z objects]", the type
// links (per goal, opening that goal's list), the region counts and the city filter (issue 39). The
// feed is the sample as the CRM sends it (sold and let properties among them), with more shaped
// from the spec: a property of two types (WebIDs "5,6"), one under option, one sold out, a
// Flemish and a Walloon one, a property whose Availability is left out (the spec's summary record).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { dataDirWith, rawSample } from '../helpers/listings.ts';

type Raw = Record<string, any>;
let srv: Awaited<ReturnType<typeof startTestServer>>;
let raw: ReturnType<typeof rawSample>;
/** One record per property (the English one), as the feed gives it. */
let props: Raw[];

const onOffer = (p: Raw) => p.Availability === undefined || p.Availability === 'available' || p.Availability === 'option';
const typesOf = (p: Raw) =>
  [
    ...new Set(
      [
        p.WebID,
        ...String(p.WebIDs ?? '')
          .split(',')
          .filter(Boolean)
          .map(Number),
      ].filter(Boolean),
    ),
  ] as number[];
const regionOf = (zip: string) => {
  const n = Number(zip);
  return n < 1300 ? 'brussels' : n < 1500 || (n >= 4000 && n < 8000) ? 'wallonia' : 'flanders';
};

beforeAll(async () => {
  raw = rawSample();
  const ids = [...new Set(raw.properties.map((p) => p.ID as number))];
  const change = new Map<number, Raw>([
    [ids[3], { WebID: 5, WebIDs: '5,6' }],
    [ids[4], { Availability: 'option' }],
    [ids[5], { Availability: 'soldOut' }],
    [ids[6], { Zip: '3000', City: 'Leuven' }],
    [ids[7], { Zip: '5000', City: 'Namur' }],
  ]);
  for (const p of raw.properties) {
    Object.assign(p, change.get(p.ID) ?? {});
    if (p.Availability === 'available' && p.ID === ids[8]) delete p.Availability;
  }
  props = raw.properties.filter((p) => p.language === 'en');
  srv = await startTestServer({ dataDir: await dataDirWith(raw, 'counts-') });
});
afterAll(() => srv?.close());

const html = async (path: string) => {
  const r = await fetch(srv.url + path);
  expect(r.status, path).toBe(200);
  return r.text();
};
const text = (s: string) => s.replace(/<!-- -->/g, '').replace(/&#x27;/g, "'");
/** The list's "Page X of Y [Z objects]" line and its Z. */
async function listed(path: string): Promise<{ line: string; total: number }> {
  const page = text(await html(path));
  const line = /class="results-bar__title"[^>]*>([^<]+)</.exec(page)![1];
  return { line, total: Number(/\[([\d.]+) /.exec(line)![1].replace(/\./g, '')) };
}
const lists = {
  en: { sale: '/en/for-sale/', rent: '/en/for-rent/' },
  nl: { sale: '/nl/kopen/', rent: '/nl/huren/' },
  fr: { sale: '/fr/acheter/', rent: '/fr/louer/' },
};

describe('counts that agree', () => {
  it('the home, the lists and the sample agree on what is for sale and for rent, sold and let ones left out', async () => {
    const expected = { sale: props.filter((p) => p.Goal === 0 && onOffer(p)).length, rent: props.filter((p) => p.Goal !== 0 && onOffer(p)).length };
    const sold = props.filter((p) => !onOffer(p)).length;
    expect(sold, 'the feed has sold and let properties').toBeGreaterThan(10);
    const words = { en: ['properties for sale', 'properties to rent'], nl: ['panden te koop', 'panden te huur'], fr: ['biens à vendre', 'biens à louer'] };
    for (const lang of ['en', 'nl', 'fr'] as const) {
      const home = text(await html(`/${lang}/`));
      for (const [i, goal] of (['sale', 'rent'] as const).entries()) {
        expect(home, `${lang} ${goal}`).toContain(`${expected[goal]} ${words[lang][i]}`);
        expect((await listed(lists[lang][goal])).total, `${lang} ${goal} list`).toBe(expected[goal]);
      }
    }
  });

  it('each type link counts its goal’s properties of the type and opens that goal’s list, which finds as many', async () => {
    for (const lang of ['en', 'fr'] as const) {
      const home = text(await html(`/${lang}/`));
      for (const goal of ['sale', 'rent'] as const) {
        const block = home.slice(home.indexOf(`home-block--${goal === 'sale' ? 'buy' : 'rent'}`));
        const types = block.slice(block.indexOf('home-blocks__types'), block.indexOf('</ul>'));
        const links = [...types.matchAll(/<a href="([^"]+)">[^<]*<span class="count">(\d+)<\/span>/g)].map((m) => ({ href: m[1], count: Number(m[2]) }));
        expect(links.length, `${lang} ${goal}`).toBeGreaterThan(2);
        for (const { href, count } of links) {
          expect(href.startsWith(`${lists[lang][goal]}?type=`), href).toBe(true);
          const type = Number(href.split('=')[1]);
          expect(count, href).toBe(props.filter((p) => (goal === 'sale' ? p.Goal === 0 : p.Goal !== 0) && onOffer(p) && typesOf(p).includes(type)).length);
          expect((await listed(href)).total, href).toBe(count);
        }
      }
    }
    // The property of two types counts (and is found) under both.
    const home = text(await html('/en/'));
    expect(home).toMatch(/href="\/en\/for-sale\/\?type=5">Investment properties <span class="count">\d+/);
  });

  it('the region counts are the properties on offer per type, sale and rent summed', async () => {
    const expected: Record<string, number> = {};
    for (const p of props) if (onOffer(p)) for (const t of typesOf(p)) expected[`${regionOf(p.Zip)} ${t}`] = (expected[`${regionOf(p.Zip)} ${t}`] ?? 0) + 1;
    const home = text(await html('/en/'));
    const section = home.slice(home.indexOf('home-blocks__regions'), home.indexOf('</section>', home.indexOf('home-blocks__regions')));
    const names: Record<string, string> = { 'Brussels-Capital Region': 'brussels', 'Flemish Region': 'flanders', 'Walloon Region': 'wallonia' };
    const shown: Record<string, number> = {};
    const typeIds: Record<string, number> = {
      Houses: 1,
      Studios: 2,
      Apartments: 3,
      Plots: 4,
      'Investment properties': 5,
      'Commercial properties': 6,
      'Garages / parking spaces': 7,
    };
    for (const m of section.matchAll(/<h3>([^<]+)<\/h3><ul>(.*?)<\/ul>/g))
      for (const li of m[2].matchAll(/<li>([^<]+) <span class="count">(\d+)<\/span>/g)) shown[`${names[m[1]]} ${typeIds[li[1]]}`] = Number(li[2]);
    expect(shown).toEqual(expected);
  });

  it('the city filter counts what each city finds', async () => {
    const page = text(await html('/en/for-sale/'));
    const options = [...page.matchAll(/name="city" value="([^"]+)"[^>]*\/><span>[^<]*<small>\((\d+)\)<\/small>/g)].map((m) => ({
      city: m[1],
      count: Number(m[2]),
    }));
    expect(options.length).toBeGreaterThan(5);
    for (const { city, count } of options.slice(0, 6)) {
      expect(count, city).toBe(props.filter((p) => p.Goal === 0 && onOffer(p) && p.Zip === city).length);
      expect((await listed(`/en/for-sale/?city=${city}`)).total, city).toBe(count);
    }
  });

  it('says one object and several objects in each language', async () => {
    const one = props.find((p) => p.Goal === 0 && onOffer(p) && p.RecordFile)!;
    const q = `?q=${encodeURIComponent(one.RecordFile)}`;
    expect((await listed(`/en/for-sale/${q}`)).line).toBe('Page 1 of 1 [1 object]');
    expect((await listed(`/nl/kopen/${q}`)).line).toBe('Pagina 1 van 1 [1 object]');
    expect((await listed(`/fr/acheter/${q}`)).line).toBe('Page 1 sur 1 [1 objet]');
    expect((await listed('/fr/acheter/')).line).toMatch(/^Page 1 sur \d+ \[\d+ objets\]$/);
    // A sold property is not in the list (its own page still says it is sold).
    const sold = props.find((p) => p.Goal === 0 && p.Availability === 'sold' && p.RecordFile && !p.ProjectID)!;
    expect(await html(`/en/for-sale/?q=${encodeURIComponent(sold.RecordFile)}`)).toContain('No results');
  });
});
