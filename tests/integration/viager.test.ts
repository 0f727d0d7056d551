// An annuity sale (viager) reads as its bouquet and monthly rent, not as an ordinary price: on its
// card in the list and on its page, in each language. The feed is the sample in the CRM's shape,
// one property turned into a viager as a CRM sends it (IsViager 1, the bouquet and the rent).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { dataDirWith, rawSample } from '../helpers/listings.ts';

const VIAGER = 1001;
let srv: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  const raw = rawSample();
  for (const p of raw.properties) if (p.ID === VIAGER) Object.assign(p, { IsViager: 1, ViagerBouquet: 85000, ViagerRent: 950, ViagerAge: 78 });
  const dataDir = await dataDirWith(raw, 'viager-');
  srv = await startTestServer({ dataDir });
});
afterAll(() => srv?.close());

const text = (html: string) => html.replace(/<script[^>]*>[^<]*<\/script>/g, '');

describe('an annuity sale', () => {
  it('shows its bouquet and monthly rent in place of a price, on its card and its page', async () => {
    for (const [lang, expected] of [
      ['nl', 'Boeket € 85.000 + Rente € 950 per maand'],
      ['fr', 'Bouquet € 85.000 + Rente € 950 par mois'],
      ['en', 'Bouquet € 85.000 + Annuity € 950 per month'],
    ]) {
      const { items } = await (await fetch(`${srv.url}/api/properties?lang=${lang}&goal=sale&pageSize=100`)).json();
      const item = (items as Array<{ id: number; path: string }>).find((i) => i.id === VIAGER)!;
      expect(item, lang).toBeDefined();
      const detail = text(await (await fetch(srv.url + item.path)).text());
      const price = /<p class="property-detail__price"><span>([^<]*)<\/span>/.exec(detail)?.[1];
      expect(price?.replace(/\u00a0|\u202f/g, ' '), lang).toBe(expected);
      expect(detail, lang).not.toContain('274');

      const listPath = item.path.split('/').slice(0, 3).join('/') + '/?sort=price-asc&maxPrice=300000';
      const list = text(await (await fetch(srv.url + listPath)).text());
      const at = list.indexOf(`data-property-id="${VIAGER}"`);
      expect(at, `${lang} ${listPath}`).toBeGreaterThan(0);
      const card = list.slice(at, list.indexOf('</article>', at));
      expect(/<p class="property-card__price"><span>([^<]*)<\/span>/.exec(card)?.[1]?.replace(/\u00a0|\u202f/g, ' '), lang).toBe(expected);
    }
  });
});
