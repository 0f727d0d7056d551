import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffSession } from '../helpers/client.ts';
import { dataDirWith, rawSample } from '../helpers/listings.ts';
import { startTestServer } from '../helpers/server.ts';
import { text } from '../helpers/tools.ts';

// Properties shaped as the CRM sends them (SPEC §3: a record per language, Zip, CountryID 10 Belgium /
// 50 Luxembourg, Goal 0 sale / 1 rent), made from a sample record with the fields that matter here.
const raw = rawSample();
const template = raw.properties.filter((p) => p.ID === raw.properties[0].ID);
const ids = { brussels: 990_101, newBuild: 990_102, luxembourg: 990_103, rent: 990_104, sold: 990_105 };
const fixture = (ID: number, fields: Record<string, unknown>) =>
  template.map((p) => ({ ...p, ID, RecordFile: `VK/2026/${ID}`, ProjectID: null, VATRegime: null, VATValue: null, IsViager: false, ...fields }));
raw.properties.push(
  ...fixture(ids.brussels, { Goal: 0, Price: 400_000, Zip: '1030', City: 'Schaerbeek', CountryID: 10 }),
  // A new build sold with VAT: the CRM gives the VAT on the building (21 % of 183.600), the rest is land.
  ...fixture(ids.newBuild, {
    Goal: 0,
    Price: 306_000,
    Zip: '1050',
    City: 'Ixelles',
    CountryID: 10,
    VATRegime: 'TVA 21%',
    VATValue: 38_556,
    ConditionName: 'Neuf',
  }),
  ...fixture(ids.luxembourg, { Goal: 0, Price: 650_000, Zip: 'L-1471', City: 'Luxembourg', CountryID: 50, CountryName: 'Luxembourg' }),
  ...fixture(ids.rent, { Goal: 1, Price: 1_250, Zip: '1030', City: 'Schaerbeek', CountryID: 10 }),
  ...fixture(ids.sold, { Goal: 0, Price: 350_000, Zip: '1030', City: 'Schaerbeek', CountryID: 10, Availability: 'sold' }),
);

let srv: Awaited<ReturnType<typeof startTestServer>>;
const get = (path: string) => fetch(srv.url + path, { redirect: 'manual' });
const CALC = '/fr/frais-achat/';
/** A property's page, as a visitor reaches it: its CRM file number typed in the site search goes straight there (sold ones are off the lists). */
const pathOf = async (id: number) => {
  const r = await get(`/fr/chercher/?q=${encodeURIComponent(`VK/2026/${id}`)}`);
  expect(r.status).toBe(302);
  return new URL(r.headers.get('location')!, srv.url).pathname;
};
const inputValue = (html: string, name: string) => new RegExp(`<input[^>]*name="${name}"[^>]*value="([^"]*)"`).exec(html)?.[1];

beforeAll(async () => {
  srv = await startTestServer({ dataDir: await dataDirWith(raw, 'costs-data-') });
});
afterAll(async () => {
  await srv.close();
});

describe('the buying costs on a property page', () => {
  it('a Belgian sale shows about how much comes on top of the price, and the calculator prefilled with it', async () => {
    const html = await (await get(await pathOf(ids.brussels))).text();
    const section = /<section class="detail-section buying-costs-teaser".*?<\/section>/s.exec(html)![0];
    // Sole own home in Brussels: 25.000 duties + fee 2.534,65 + VAT 532,28 + costs 1.882,50 = 29.949,43.
    expect(text(section)).toContain(
      'Comme habitation propre et unique, environ € 29.949 en plus du prix : droits d’enregistrement (Région de Bruxelles-Capitale)',
    );
    expect(section).toContain(`href="${CALC}?property=${ids.brussels}"`);
    // No script of its own: the section is plain HTML with a link.
    expect(section).not.toContain('<script');
  });

  it('is prefilled from the property: price, region from the postcode, a loan of 80 %, the result at once', async () => {
    const r = await get(`${CALC}?property=${ids.brussels}`);
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(inputValue(html, 'price')).toBe('400000');
    expect(html).toMatch(/<option value="brussels" selected="">/);
    expect(html).toMatch(/<input type="checkbox"[^>]*name="sole"[^>]*checked=""/);
    expect(html).not.toMatch(/<input type="checkbox"[^>]*name="new"[^>]*checked=""/);
    expect(inputValue(html, 'loan')).toBe('320000');
    expect(inputValue(html, 'rate')).toBe('3,3');
    expect(inputValue(html, 'years')).toBe('25');
    const page = text(html);
    expect(page).toContain('Droits d’enregistrement (Région de Bruxelles-Capitale) 12,5 % sur € 400.000, moins l’abattement de € 200.000 € 25.000');
    expect(page).toContain('Honoraires du notaire Barème légal, dégressif par tranche € 2.535');
    expect(page).toContain('Frais de l’achat € 29.949');
    expect(page).toMatch(/Mensualité : € [\d.]+ pendant 25 ans à 3,3 % par an/);
    expect(page).toContain('Indicatif');
    expect(page).toContain('Bruxelles Fiscalité'); // every figure's source
    expect(page).toContain('(2023-04-01)');
    // What the figures leave out is said in the visitor's language, like the rest of the page.
    expect(page).toContain('Non calculé : l');
    expect(page).not.toContain('Not computed');
  });

  it('a new build: the land share from the CRM’s VAT, duties on the land and 21 % VAT on the building', async () => {
    const html = await (await get(`${CALC}?property=${ids.newBuild}`)).text();
    expect(html).toMatch(/<input type="checkbox"[^>]*name="new"[^>]*checked=""/);
    expect(inputValue(html, 'land')).toBe('122400');
    const page = text(html);
    // (122.400 − 100.000) × 12,5 % = 2.800; 183.600 × 21 % = 38.556.
    expect(page).toContain('12,5 % sur € 122.400, moins l’abattement de € 100.000 € 2.800');
    expect(page).toContain('TVA sur le bâtiment 21 % sur € 183.600 € 38.556');
  });

  it('a property in Luxembourg says the calculator covers Belgium', async () => {
    const detail = text(await (await get(await pathOf(ids.luxembourg))).text());
    expect(detail).toContain('Le calculateur des frais d’achat couvre les biens en Belgique ; ce bien se trouve hors de Belgique (Luxembourg).');
    const r = await get(`${CALC}?property=${ids.luxembourg}`);
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(text(html)).toContain('Ce bien se trouve hors de Belgique (Luxembourg). Le calculateur couvre l’achat en Belgique');
    expect(html).not.toMatch(/<option value="[a-z]+" selected="">/);
    expect(html).not.toContain('id="result"');
  });

  it('a rental, or a property already sold, has no buying costs', async () => {
    expect(await (await get(await pathOf(ids.rent))).text()).not.toContain('buying-costs-teaser');
    const sold = await (await get(await pathOf(ids.sold))).text();
    expect(sold).toContain('<article class="property-detail');
    expect(sold).not.toContain('buying-costs-teaser');
  });
});

describe('the calculator without JavaScript', () => {
  it('is a GET form to its own page', async () => {
    const html = await (await get(CALC)).text();
    const form = /<form class="tool-form"[^>]*>/.exec(html)![0];
    expect(form).toContain('method="get"');
    expect(form).toContain(`action="${CALC}#result"`);
    expect(html).toContain('<input type="hidden" name="calc" value="1"/>');
    expect(html).not.toContain('id="result"');
  });

  it('answers the form sent with the result', async () => {
    const page = text(await (await get(`${CALC}?calc=1&price=300000&region=flanders&sole=1&loan=&rate=3&years=25`)).text());
    expect(page).toContain('Droits d’enregistrement (Région flamande) 2 % sur € 300.000 € 6.000');
    expect(page).not.toContain('Acte de crédit pour un prêt');
    const standard = text(await (await get(`${CALC}?calc=1&price=300000&region=flanders&rate=3&years=25`)).text());
    expect(standard).toContain('12 % sur € 300.000 € 36.000');
    expect(standard).toContain('Calculé au taux normal de la Région flamande');
  });

  it('answers values out of range with 400 and a sentence at each field, in the visitor’s language', async () => {
    const r = await get(`${CALC}?calc=1&price=-5&region=wallonia&sole=1&loan=200000&rate=50&years=0`);
    expect(r.status).toBe(400);
    const html = await r.text();
    expect(html).toMatch(/<input[^>]*id="costs-price"[^>]*aria-invalid="true"[^>]*aria-describedby="costs-price-error"/);
    expect(html).toContain('<p class="form-error" id="costs-price-error">Indiquez un montant de €\u00a01.000 à €\u00a020.000.000</p>');
    expect(html).toContain('<p class="form-error" id="costs-rate-error">Indiquez un taux de 0 à 15 %</p>');
    expect(html).toContain('<p class="form-error" id="costs-years-error">Indiquez une durée de 1 à 40 ans, en années entières</p>');
    expect(html).not.toContain('id="result"');
    // What was typed stays in the form.
    expect(inputValue(html, 'price')).toBe('-5');
    const nl = await (await get('/nl/aankoopkosten/?calc=1&price=-5&region=wallonia&years=0')).text();
    expect(nl).toContain('<p class="form-error" id="costs-price-error">Geef een bedrag van €\u00a01.000 tot €\u00a020.000.000</p>');
    expect(nl).toContain('<p class="form-error" id="costs-years-error">Geef een looptijd van 1 tot 40 jaar, in hele jaren</p>');
    const en = await (await get('/en/buying-costs/?calc=1&price=abc&region=&rate=50')).text();
    expect(en).toContain('<p class="form-error" id="costs-price-error">Enter an amount in euro without cents, for example 350000</p>');
    expect(en).toContain('<p class="form-error" id="costs-region-error">This field is required</p>');
    expect(en).toContain('<p class="form-error" id="costs-rate-error">Enter a rate from 0 to 15 %</p>');
    // A property that is gone is named, not a 500.
    const gone = await get(`${CALC}?property=999999999`);
    expect(gone.status).toBe(400);
  });
});

describe('the figures are data, edited by an admin', () => {
  it('refuses a rate out of range at its field, and a change is live at once', async () => {
    const admin = await staffSession(srv.url, srv.dataDir, 'admin');
    const doc = (await admin.req('GET', '/api/admin/docs/buyingCosts')).json;
    const bad = structuredClone(doc.data);
    bad.regions.flanders.soleHome.rate = 150;
    const refused = await admin.req('PUT', '/api/admin/docs/buyingCosts', { data: bad, baseRev: doc.rev, publish: true });
    expect(refused.status).toBe(422);
    expect(refused.json.problems).toContainEqual(expect.objectContaining({ key: 'buyingCosts', pointer: '/regions/flanders/soleHome/rate' }));
    const changed = structuredClone(doc.data);
    changed.regions.flanders.soleHome.rate = 3;
    // The preview shows the calculator with an example before anything is saved.
    const preview = await admin.req('POST', '/api/admin/preview', { key: 'buyingCosts', data: changed, lang: 'en' });
    expect(preview.status).toBe(200);
    expect(text(preview.text)).toContain('Your buying costs');
    expect((await admin.req('PUT', '/api/admin/docs/buyingCosts', { data: changed, baseRev: doc.rev, publish: true })).status).toBe(200);
    const page = text(await (await get(`${CALC}?calc=1&price=300000&region=flanders&sole=1`)).text());
    expect(page).toContain('3 % sur € 300.000 € 9.000');
  });
});
