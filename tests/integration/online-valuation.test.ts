import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from '../helpers/config.ts';
import { importListingsData } from '../helpers/listings.ts';
import { VAL, startToolsServer, text } from '../helpers/tools.ts';

let srv: Awaited<ReturnType<typeof startToolsServer>>;
const get = (path: string) => fetch(srv.url + path, { redirect: 'manual' });

beforeAll(async () => {
  srv = await startToolsServer();
});
afterAll(async () => {
  await srv.close();
});

describe('the online valuation, rendered on the server from its URL', () => {
  const all = 'address=Rue+Royale+Sainte-Marie+12&zip=1030&type=3&surface=85&bedrooms=2&condition=good&epc=D&outdoor=terrace';

  it('asks the address first, then the type, then the home, each a plain GET form carrying the answers so far', async () => {
    const first = await (await get(VAL)).text();
    expect(text(first)).toContain('Étape 1 sur 4: Adresse');
    const form = /<form class="tool-form"[^>]*>/.exec(first)![0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/fr/expertise/expertise-en-ligne/#valuation"');
    const second = await (await get(`${VAL}?address=Rue+Royale+Sainte-Marie+12&zip=1030`)).text();
    expect(text(second)).toContain('Étape 2 sur 4: Type');
    expect(second).toContain('<input type="hidden" name="zip" value="1030"/>');
    const third = await (await get(`${VAL}?address=Rue+Royale+Sainte-Marie+12&zip=1030&type=3`)).text();
    expect(text(third)).toContain('Étape 3 sur 4: Votre bien');
    expect(third).toContain('<input type="hidden" name="type" value="3"/>');
  });

  it('gives the range the API gives, from the live listings, with how many comparables where', async () => {
    const api = await (await get(`/api/valuation?lang=fr&${all}`)).json();
    const sale = api.estimates.find((e: { goal: string }) => e.goal === 'sale');
    expect(sale).toMatchObject({ ok: true, area: 'municipality' });
    expect(sale.comparables).toBeGreaterThanOrEqual(5);
    expect(sale.low).toBeLessThanOrEqual(sale.median);
    expect(sale.median).toBeLessThanOrEqual(sale.high);
    const page = text(await (await get(`${VAL}?${all}`)).text());
    const fmt = (n: number) => `€ ${n.toLocaleString('nl-BE')}`;
    expect(page).toContain(
      `Prix de vente ${fmt(sale.low)} – ${fmt(sale.high)} médiane ${fmt(sale.median)} Sur la base de ${sale.comparables} biens comparables du même type à Schaerbeek.`,
    );
    expect(page).toContain("Demandez l'estimation gratuite sur place");
  });

  it('answers a bad parameter with 400 and shows its step again with the message at the field', async () => {
    const r = await get(`${VAL}?address=Rue+Royale+12&zip=1030&type=3&surface=huge&bedrooms=2&condition=good&epc=D&outdoor=terrace`);
    expect(r.status).toBe(400);
    const html = await r.text();
    expect(text(html)).toContain('Étape 3 sur 4: Votre bien');
    expect(html).toContain('<p class="form-error" id="val-surface-error">Indiquez un nombre entier de 10 à 2000</p>');
  });
});

describe('estimates follow the live listings', () => {
  it('change after an import, without a restart', async () => {
    const q = '/api/valuation?zip=1030&type=3&surface=100';
    const before = (await (await get(q)).json()).estimates[0];
    const feed = JSON.parse(readFileSync(join(root, 'tests/fixtures/crm-feed.json'), 'utf8'));
    // The CRM's feed, plus five apartments in Schaerbeek at 5,000 €/m² (one record per language).
    for (let i = 0; i < 5; i++) {
      const base = {
        ID: 7100 + i,
        WebID: 3,
        WebIDs: '3',
        Goal: 0,
        PublishPrice: 1,
        Price: 400000 + i * 5000,
        PublishAddress: 1,
        Street: 'Rue Josaphat',
        HouseNumber: String(10 + i),
        Zip: '1030',
        CountryID: 10,
        NumberOfBedRooms: 2,
        SurfaceLiving: '80',
        ConditionName: 'Bon état',
        EnergyPerformance: 180,
      };
      feed.properties.push(
        { ...base, City: 'Schaerbeek', TypeDescription: 'Appartement rénové', language: 'fr' },
        { ...base, City: 'Schaarbeek', TypeDescription: 'Gerenoveerd appartement', language: 'nl' },
      );
    }
    expect((await importListingsData(feed, srv.dataDir)).result).toBe('accepted');
    await expect.poll(async () => (await (await get(q)).json()).estimates[0].comparables, { timeout: 10_000 }).not.toBe(before.comparables);
    const after = (await (await get(q)).json()).estimates[0];
    // The fixture's apartment in Schaerbeek (325,000 € for 86 m²) and the five new ones.
    expect(after).toMatchObject({ ok: true, comparables: 6, area: 'municipality' });
    expect(after.median).not.toBe(before.median);
  });
});
