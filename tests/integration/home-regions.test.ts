// The home's counts per type are also given per region (by postcode: SPEC §9), sale and rent
// summed, once the agency's properties lie in more than one region. The feed is the sample in the
// CRM's shape (Brussels, Flemish and Walloon postcodes), a few more properties moved out of Brussels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { dataDirWith, rawSample } from '../helpers/listings.ts';

interface Raw {
  ID: number;
  Zip: string;
  City: string;
  WebID: number;
  Goal: number;
  Availability?: string;
}
let srv: Awaited<ReturnType<typeof startTestServer>>;
const expected: Record<string, Record<number, number>> = {};
beforeAll(async () => {
  const raw = rawSample() as unknown as { properties: Raw[] };
  // Per id: the first two ids move to Leuven (Flanders), the next one to Namur (Wallonia).
  const ids = [...new Set(raw.properties.map((p) => p.ID))];
  const move = new Map<number, { Zip: string; City: string }>([
    [ids[0], { Zip: '3000', City: 'Leuven' }],
    [ids[1], { Zip: '3000', City: 'Leuven' }],
    [ids[2], { Zip: '5000', City: 'Namur' }],
  ]);
  for (const p of raw.properties) Object.assign(p, move.get(p.ID) ?? {});
  const dataDir = await dataDirWith(raw, 'regions-');
  srv = await startTestServer({ dataDir });
  // What the home should count, worked out from the feed itself (one language's records, available ones).
  const region = (zip: string) => {
    const n = Number(zip);
    return n < 1300 ? 'brussels' : n < 1500 || (n >= 4000 && n < 8000) ? 'wallonia' : 'flanders';
  };
  const seen = new Set<number>();
  for (const p of raw.properties) {
    if (seen.has(p.ID) || !['available', 'option', undefined].includes(p.Availability)) continue;
    seen.add(p.ID);
    const types = (expected[region(p.Zip)] ??= {});
    types[p.WebID] = (types[p.WebID] ?? 0) + 1;
  }
});
afterAll(() => srv?.close());

describe('the home’s counts per region', () => {
  it('list each region’s properties per type, sale and rent summed, in the page’s language', async () => {
    const html = await (await fetch(`${srv.url}/nl/`)).text();
    const at = html.indexOf('class="home-blocks__regions"');
    expect(at).toBeGreaterThan(0);
    const section = html.slice(at, html.indexOf('</section>', at));
    const shown: Record<string, number> = {};
    for (const m of section.matchAll(/<h3>([^<]+)<\/h3><ul>(.*?)<\/ul>/g)) {
      shown[m[1]] = [...m[2].matchAll(/<span class="count">(\d+)<\/span>/g)].reduce((a, c) => a + Number(c[1]), 0);
    }
    const total = (r: string) => Object.values(expected[r] ?? {}).reduce((a, b) => a + b, 0);
    expect(shown).toEqual({
      'Vlaams Gewest': total('flanders'),
      'Brussels Hoofdstedelijk Gewest': total('brussels'),
      'Waals Gewest': total('wallonia'),
    });
    expect(section).toContain('Appartementen');
  });

  it('is left out while every property lies in one region', async () => {
    const raw = rawSample() as unknown as { properties: Raw[] };
    for (const p of raw.properties) Object.assign(p, { Zip: '1000', City: 'Bruxelles' });
    const dataDir = await dataDirWith(raw, 'one-region-');
    const one = await startTestServer({ dataDir });
    try {
      const html = await (await fetch(`${one.url}/nl/`)).text();
      expect(html).toContain('home-blocks__types');
      expect(html).not.toContain('home-blocks__regions');
    } finally {
      await one.close();
    }
  });
});
