// The certificate's name in each region's usual wording (issue 39): a Flemish property's card and
// page say "EPC", a Brussels or Walloon one "EPB" in Dutch and English, "PEB" in French, as the
// detail page words its energy figures (shared/epc.ts epcNameKey). Records of the sample as the CRM sends them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { sampleListings } from '../helpers/listings.ts';
import { regionOfPostcode } from '../../shared/region.ts';
import { epcForProperty, epcDisplayText } from '../../shared/epc.ts';

type Rec = { ID: number; language: string; Goal: number; Availability?: string; Zip: string; CountryID: number; EnergyPerformance?: number | null };
const props = (await sampleListings()).properties as unknown as Rec[];
const forSaleIn = (region: string) =>
  props.find(
    (p) =>
      p.language === 'nl' && p.Goal === 0 && (p.Availability ?? 'available') === 'available' && regionOfPostcode(p.Zip) === region && epcForProperty(p).label,
  )!;
const label = (p: Rec) => epcDisplayText(epcForProperty(p).label!);

let srv: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  srv = await startTestServer();
}, 60_000);
afterAll(async () => {
  await srv?.close();
});

const html = async (path: string) => {
  const r = await fetch(srv.url + path);
  expect(r.status, path).toBe(200);
  return r.text();
};
/** The card of a property on a list page, and the property's page path. */
const card = (page: string, id: number) => {
  const c = page
    .split('<article class="property-card"')
    .find((s) => s.startsWith(` data-property-id="${id}"`))
    ?.split('</article>')[0];
  expect(c, `card ${id}`).toBeTruthy();
  return { text: c!, path: /href="([^"]*\/\d+\/)"/.exec(c!)![1] };
};

describe('EPC or EPB by region', () => {
  it.each([
    ['flanders', 'nl', '/nl/kopen/', 'EPC', 'Energieprestatie (EPC)'],
    ['brussels', 'nl', '/nl/kopen/', 'EPB', 'Energieprestatie (EPB)'],
    ['wallonia', 'nl', '/nl/kopen/', 'EPB', 'Energieprestatie (EPB)'],
    ['flanders', 'en', '/en/for-sale/', 'EPC', 'Energy performance (EPC)'],
    ['brussels', 'en', '/en/for-sale/', 'EPB', 'Energy performance (EPB)'],
    ['flanders', 'fr', '/fr/acheter/', 'PEB', 'Performance énergétique (PEB)'],
  ])('a property in %s in %s: its card and its page name the certificate %s', async (region, _lang, list, word, heading) => {
    const p = forSaleIn(region);
    expect(p, region).toBeTruthy();
    const c = card(await html(`${list}?city=${p.Zip}`), p.ID);
    expect(c.text).toContain(`alt="${word} ${label(p)}"`);
    const other = ['EPC', 'EPB', 'PEB'].filter((w) => w !== word);
    for (const w of other) expect(c.text).not.toContain(`alt="${w} `);
    const page = await html(c.path);
    expect(page).toContain(`<li>${word} ${label(p)}</li>`);
    expect(page).toContain(`<h2 id="epc-title">${heading}</h2>`);
  });
});
