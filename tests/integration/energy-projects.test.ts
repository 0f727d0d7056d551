// Energy figures with their own unit, in the Belgian number format and in each region's wording
// (the EPC value kWh/m²/year, the home's yearly total kWh/year), and new-build projects as a
// visitor reads them: number, bathrooms, a lowest price among the units on offer, "sold out" in
// place of a price, a past delivery as delivered, and no made-up place in the address of a project
// without a municipality (issue 39). The feed is the sample as the CRM sends it, a few records
// changed as the spec allows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { dataDirWith, rawSample } from '../helpers/listings.ts';

let srv: Awaited<ReturnType<typeof startTestServer>>;
/** A delivery quarter `months` away from today (negative: past), as the CRM writes it. */
const quarter = (months: number) => {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() + months);
  return `Q${Math.floor(d.getUTCMonth() / 3) + 1} ${d.getUTCFullYear()}`;
};
const PAST = quarter(-6);
const FUTURE = quarter(15);

beforeAll(async () => {
  const raw = rawSample();
  for (const p of raw.properties) {
    // A Flemish home with a yearly total that has decimals.
    if (p.ID === 1023) Object.assign(p, { EPCTotal: 12345.5, EnergyPerformance: 150, EnergyValue: 150 });
  }
  for (const p of raw.projects) {
    if (p.ID === 6) p.Delivery = PAST; // Senne Park: delivered
    if (p.ID === 3) p.Delivery = FUTURE; // Jourdan Residence: still to come
    if (p.ID === 5) for (const u of p.Units) u.Status = u.Status === 'available' ? 'rented' : u.Status; // Brugmann Villas: sold and let, none left
  }
  srv = await startTestServer({ dataDir: await dataDirWith(raw, 'energy-projects-') });
});
afterAll(() => srv?.close());

const html = async (path: string) => {
  const r = await fetch(srv.url + path);
  expect(r.status, path).toBe(200);
  return (await r.text()).replace(/<!-- -->/g, '').replace(/&#x27;/g, "'");
};
/** A property's page in a language (through its canonical address and the alternates it lists). */
async function propertyPage(id: number, lang: 'nl' | 'fr' | 'en'): Promise<string> {
  const first = await html(`/property/${id}/`);
  const href = new RegExp(`hrefLang="${lang}" href="https?://[^/]+([^"]+)"`).exec(first)![1];
  return html(href);
}
/** The `<dt>`/`<dd>` pairs of a page's facts. */
const facts = (page: string) => Object.fromEntries([...page.matchAll(/<dt>([^<]+)<\/dt><dd>([^<]*)<\/dd>/g)].map((m) => [m[1], m[2]]));

describe('energy figures', () => {
  it('a Brussels home: the EPC value per m² and per year, the total per year with a thousands separator, in nl, fr and en', async () => {
    const nl = facts(await propertyPage(1132, 'nl'));
    expect(nl['Totaal primair energieverbruik']).toBe('20.445 kWh/jaar');
    expect(nl['Primair energieverbruik']).toBe('235 kWh/m²/jaar');
    expect(nl['Jaarlijkse CO₂-uitstoot']).toBe('47 kg CO₂/m²/jaar');
    const fr = facts(await propertyPage(1132, 'fr'));
    expect(fr["Consommation totale d'énergie primaire"]).toBe('20.445 kWh/an');
    expect(fr["Consommation d'énergie primaire"]).toBe('235 kWh/m²/an');
    const en = await propertyPage(1132, 'en');
    expect(facts(en)['Total primary energy consumption']).toBe('20.445 kWh/year');
    expect(en).toContain('<p>Primary energy consumption: 235 kWh/m²/year</p>');
    expect(en.slice(0, en.indexOf('id="vitrine-data"'))).not.toContain('20445');
  });

  it('a Walloon and a Flemish home in their region’s words, decimals with a comma', async () => {
    const namur = facts(await propertyPage(1009, 'fr'));
    expect(namur["Consommation théorique totale d'énergie primaire"]).toBe('116.328 kWh/an');
    expect(Object.keys(namur)).toContain("Consommation spécifique d'énergie primaire");
    const antwerp = facts(await propertyPage(1023, 'nl'));
    expect(antwerp['Totaal jaarlijks primair energieverbruik']).toBe('12.345,5 kWh/jaar');
    expect(antwerp['EPC-score']).toBe('150 kWh/m²/jaar');
    expect(facts(await propertyPage(1023, 'en'))['Total yearly primary energy use']).toBe('12.345,5 kWh/year');
  });

  it('surfaces in the Belgian format too', async () => {
    const page = await propertyPage(1009, 'fr');
    for (const [, v] of Object.entries(facts(page))) if (v.endsWith(' m²')) expect(v).toMatch(/^\d{1,3}(\.\d{3})*(,\d+)? m²$/);
  });
});

describe('projects', () => {
  const card = (page: string, name: string) => {
    const at = page.indexOf(`>${name}</a>`);
    expect(at, name).toBeGreaterThan(0);
    return page.slice(page.lastIndexOf('<article', at), page.indexOf('</article>', at));
  };

  it('a project without a municipality has no made-up place in its address, and opens', async () => {
    for (const [list, name] of [
      ['/en/projects/', 'New project – coming soon'],
      ['/nl/projecten/', 'Nieuw project – binnenkort'],
    ]) {
      const c = card(await html(list), name);
      const href = /href="([^"]+)"/.exec(c.slice(c.indexOf('property-card__title')))![1];
      expect(href).toMatch(/^\/(en|nl)\/(projects|projecten)\/[a-z0-9-]+\/9\/$/);
      expect(href).not.toContain('/be/');
      expect(await html(href)).toContain('PR-2025-009');
    }
    // The old address leads to the new one.
    const old = await fetch(`${srv.url}/en/projects/be/new-project-coming-soon/9/`, { redirect: 'manual' });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe('/en/projects/new-project-coming-soon/9/');
  });

  it('shows the project number and each unit’s bathrooms', async () => {
    const list = await html('/fr/projets/');
    const c = card(list, 'Résidence Colignon');
    const page = await html(/href="([^"]+)"/.exec(c.slice(c.indexOf('property-card__title')))![1]);
    expect(page).toContain('Numéro de projet PR-2025-001');
    expect(page).toContain('<th scope="col">Salles de bains</th>');
  });

  it('starts from the lowest price of a unit on offer, says sold out when none is left, and delivered once the delivery is past', async () => {
    const list = await html('/en/projects/');
    // Jette Gardens: its cheapest unit (€ 54.500) is sold; the cheapest left is € 264.000.
    expect(card(list, 'Jette Gardens')).toContain('Starting from € 264.000');
    // Brugmann Villas: every unit sold or let: sold out, no price, no "0 of 3 units".
    const brugmann = card(list, 'Brugmann Villas');
    expect(brugmann).toContain('<span class="badge badge--soldOut">Sold out</span>');
    expect(brugmann).not.toContain('Starting from');
    expect(brugmann).not.toContain('units available');
    // Senne Park: delivered; Jourdan Residence: still to come.
    expect(card(list, 'Senne Park')).toContain(`Delivered (${PAST})`);
    expect(card(list, 'Jourdan Residence')).toContain(`Delivery ${FUTURE}`);
    const senne = card(await html('/nl/projecten/'), 'Zennepark');
    expect(senne).toContain(`Opgeleverd (${PAST})`);
    const detail = await html(/href="([^"]+)"/.exec(senne.slice(senne.indexOf('property-card__title')))![1]);
    expect(detail).toContain(`<h2>Oplevering</h2><p>Opgeleverd (${PAST})</p>`);
  });
});
