import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredLeads } from '../../server/storage/index.ts';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer } from '../helpers/server.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { configCopy, problemsOf, root } from '../helpers/config.ts';
import { importListingsData, sampleListings } from '../helpers/listings.ts';
import { staffSession } from '../helpers/client.ts';
import { fillToken } from '../helpers/fill-token.ts';
import { epcForProperty, epcLetter } from '../../shared/epc.ts';
import { homeKindOf } from '../../shared/renovation.ts';

const src = { name: 'Test price list', url: 'https://example.be/prices', date: '2026-10' };
const kinds = (terraced: number, semi: number, detached: number, apartment: number) => ({ terraced, 'semi-detached': semi, detached, apartment });
/** The calculator's figures for these tests: round numbers, a Brussels obligation, one grant per region. */
const RENOVATION = {
  note: { nl: 'Indicatieve bedragen.', fr: 'Montants indicatifs, à titre d’exemple.', en: 'Indicative amounts.' },
  works: [
    {
      key: 'walls',
      name: { nl: 'Gevelisolatie', fr: 'Isolation des façades', en: 'Wall insulation' },
      unit: 'm2',
      quantity: { basis: 'surface', perKind: kinds(1, 1, 1, 0.5) },
      unitCost: { low: 100, high: 200 },
      energyEffect: 0.25,
      source: src,
    },
    {
      key: 'glazing',
      name: { nl: 'Ramen', fr: 'Châssis', en: 'Windows' },
      unit: 'm2',
      quantity: { basis: 'surface', perKind: kinds(0.2, 0.2, 0.2, 0.2) },
      unitCost: { low: 600, high: 1000 },
      energyEffect: 0.1,
      source: src,
    },
    {
      key: 'heat-pump',
      group: 'heating',
      name: { nl: 'Warmtepomp', fr: 'Pompe à chaleur', en: 'Heat pump' },
      unit: 'unit',
      quantity: { basis: 'fixed', perKind: kinds(1, 1, 1, 1) },
      unitCost: { low: 10000, high: 14000 },
      energyEffect: 0.4,
      source: src,
    },
    {
      key: 'boiler',
      group: 'heating',
      name: { nl: 'Condensatieketel', fr: 'Chaudière à condensation', en: 'Condensing boiler' },
      unit: 'unit',
      quantity: { basis: 'fixed', perKind: kinds(1, 1, 1, 1) },
      unitCost: { low: 5000, high: 8000 },
      energyEffect: 0.15,
      source: src,
    },
  ],
  obligations: [{ region: 'brussels', labels: ['E', 'F', 'G'], target: 'D', years: 5, boughtFrom: '2023-01-01', source: src }],
  grants: [
    {
      region: 'brussels',
      name: { nl: 'Brusselse testpremie', fr: 'Prime bruxelloise de test', en: 'Brussels test grant' },
      condition: { nl: 'Gebouw van meer dan 10 jaar.', fr: 'Bâtiment de plus de 10 ans.', en: 'Building over 10 years old.' },
      url: 'https://example.be/bru',
      minHomeAge: 10,
      source: src,
    },
    {
      region: 'flanders',
      name: { nl: 'Vlaamse testpremie', fr: 'Prime flamande de test', en: 'Flemish test grant' },
      condition: { nl: 'Alle werken.', fr: 'Tous travaux.', en: 'Any work.' },
      url: 'https://example.be/fl',
      source: src,
    },
  ],
};

const sample = (await sampleListings()) as { properties: Array<Record<string, any>> };
/** An apartment for sale in Brussels with label E, as the listings have it. */
const eHome = sample.properties.find(
  (p) => p.language === 'fr' && p.Goal === 0 && p.Zip?.startsWith('1') && homeKindOf(p.WebID, p.Facades) && epcLetter(epcForProperty(p as never).label) === 'E',
)!;
const noEnergy = sample.properties.find((p) => p.language === 'fr' && p.Goal === 0 && p.WebID === 3 && p.EnergyPerformance == null && p.CountryID === 10)!;

const until = async (cond: () => boolean, ms = 10_000) => {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\u00a0/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let srv: Awaited<ReturnType<typeof startTestServer>>;
const get = (path: string) => fetch(srv.url + path, { redirect: 'manual' });
const CALC = '/fr/calculateur-renovation/';
const VAL = '/fr/expertise/expertise-en-ligne/';

beforeAll(async () => {
  smtp = await startSmtp();
  const configDir = configCopy(({ write }) => write('renovation.json', RENOVATION));
  srv = await startTestServer({ configDir, smtpUrl: smtp.url, outboxRetryMs: 100 });
});
afterAll(async () => {
  await srv.close();
  await smtp.close();
});

describe('the renovation calculator, rendered on the server from its URL', () => {
  it('shows the costs per work and in total, the expected label, the deadline and the grants', async () => {
    const r = await get(`${CALC}?zip=1030&kind=apartment&surface=80&year=1930&energy=240&works=walls&works=glazing&works=heat-pump`);
    expect(r.status).toBe(200);
    const page = text(await r.text());
    // Walls 0.5 m² per m² → 40 m² × 100–200 €; windows 16 m² × 600–1000 €; one heat pump.
    expect(page).toContain('Isolation des façades 40 m² € 4.000 – € 8.000');
    expect(page).toContain('Châssis 16 m² € 9.600 – € 16.000');
    expect(page).toContain('Pompe à chaleur 1 pièce € 10.000 – € 14.000');
    expect(page).toContain('Total : € 23.600 – € 38.000');
    // 240 (Brussels e) × 0.75 × 0.9 × 0.6 = 97.2 → 97: c_plus.
    expect(page).toContain("Aujourd'hui : E (240 kWh/m²/an)");
    expect(page).toContain('Après les travaux : C+ (97 kWh/m²/an)');
    expect(page).toContain('Objectif D atteint avec ces travaux. (minimum légal)');
    expect(page).toMatch(/Obligation de rénovation \(Région de Bruxelles-Capitale\) : .* d'ici \d{4}\./);
    const grants = /Primes qui peuvent s'appliquer (.*?) Montants indicatifs/.exec(page)![1];
    expect(grants).toBe('Prime bruxelloise de test Bâtiment de plus de 10 ans.');
    expect(page).toContain('Montants indicatifs, à titre d’exemple.');
    expect(page).toContain('Test price list'); // every figure's source
  });

  it('works without JavaScript: a plain GET form to the same page, the quantities proposed from the surface', async () => {
    const html = await (await get(`${CALC}?zip=1030&kind=apartment&surface=80&energy=240&works=walls`)).text();
    const form = /<form class="tool-form"[^>]*>/.exec(html)![0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/fr/calculateur-renovation/#result"');
    expect(html).toMatch(/<input type="checkbox" name="works" checked="" value="walls"\/>/);
    expect(html).toMatch(/<input type="checkbox" name="works" value="glazing"\/>/);
    expect(html).toMatch(/name="q\.walls"[^>]* value="40"/);
    expect(html).toMatch(/name="q\.glazing"[^>]* value="16"/);
  });

  it('answers a bad parameter with 400 and the message at its field, in the visitor’s language', async () => {
    const r = await get(`${CALC}?calc=1&zip=99&kind=apartment&surface=5&energy=240`);
    expect(r.status).toBe(400);
    const html = await r.text();
    expect(html).toMatch(/<input[^>]*id="calc-zip"[^>]*aria-invalid="true"/);
    expect(html).toContain('<p class="form-error" id="calc-zip-error">Indiquez un code postal belge à quatre chiffres</p>');
    expect(html).toContain('<p class="form-error" id="calc-surface-error">Indiquez un nombre entier de 10 à 2000</p>');
    expect(html).not.toContain('id="result"');
    const nl = await (await get('/nl/renovatiecalculator/?calc=1&zip=&kind=&surface=80')).text();
    expect(nl).toContain('<p class="form-error" id="calc-zip-error">Dit veld is verplicht</p>');
    expect(nl).toContain('Kies het huidige label of geef de energiescore');
  });

  it('is opened from the detail page of a home with an energy value, prefilled with that home', async () => {
    const pathOf = async (id: number) =>
      (await (await get(`/api/properties?lang=fr&goal=sale&q=${id}`)).json()).items.find((i: { id: number }) => i.id === id).path as string;
    const detail = await pathOf(eHome.ID);
    const html = await (await get(detail)).text();
    const link = /<div class="notice epc__renovation">.*?<a href="([^"]+)" class="button">Calculer le coût de la rénovation<\/a>/s.exec(html);
    expect(link).not.toBeNull();
    const href = link![1].replace(/&amp;/g, '&');
    const q = new URL(href, srv.url).searchParams;
    expect(new URL(href, srv.url).pathname).toBe(CALC);
    expect(Object.fromEntries(q)).toEqual({
      property: String(eHome.ID),
      zip: eHome.Zip,
      kind: homeKindOf(eHome.WebID, eHome.Facades),
      surface: String(eHome.SurfaceLiving ?? eHome.SurfaceTotal),
      ...(eHome.ConstructionYear ? { year: String(eHome.ConstructionYear) } : {}),
      energy: String(Math.round(eHome.EnergyPerformance)),
    });
    const calc = text(await (await get(href)).text());
    expect(calc).toContain(`Pour le bien : ${eHome.TypeDescription}`);
    // Without a label or an energy value there is nothing to calculate from: no link.
    const other = await pathOf(noEnergy.ID);
    expect(await (await get(other)).text()).not.toContain(`${CALC}?property=`);
  });
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

describe('the tools’ JSON APIs', () => {
  it('give the estimate and the renovation result for the pages’ query strings', async () => {
    const v = await get('/api/valuation?lang=en&zip=1030&type=3&surface=85');
    expect(v.status).toBe(200);
    expect(await v.json()).toMatchObject({ region: 'brussels', municipality: 'Schaerbeek', minComparables: 5 });
    const r = await get('/api/renovation?lang=en&zip=1030&kind=apartment&surface=80&epc=E&works=walls');
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({
      region: 'brussels',
      lines: [{ key: 'walls', quantity: 40, low: 4000, high: 8000, name: 'Wall insulation' }],
      grants: [{ name: 'Brussels test grant' }],
    });
  });

  it('answer 400 naming the field, never 5xx, for what clients and attackers send', async () => {
    const bad: Array<[string, string]> = [
      ['/api/valuation?zip=1030&type=3', 'surface'],
      ['/api/valuation?zip=abcd&type=3&surface=80', 'zip'],
      ['/api/valuation?zip=1030&type=4&surface=80', 'type'],
      ['/api/valuation?zip=1030&zip=1040&type=3&surface=80', 'zip'],
      ['/api/valuation?zip=1030&type=3&surface=80&epc=%00', 'epc'],
      ['/api/valuation?zip=1030&type=3&surface=80&lang=xx', 'lang'],
      ['/api/valuation?zip=1030&type=3&surface=1e9', 'surface'],
      ['/api/valuation?zip=1030&type=3&surface=80&address=%3Cscript%3Ealert(1)%3C%2Fscript%3E', 'address'],
      ['/api/renovation?zip=1030&kind=apartment&surface=80', 'epc'],
      ['/api/renovation?zip=1030&kind=apartment&surface=80&epc=E&works=pool', 'works'],
      ['/api/renovation?zip=1030&kind=apartment&surface=80&epc=E&works=heat-pump&works=boiler', 'works'],
      ['/api/renovation?zip=1030&kind=apartment&surface=80&epc=E&q.walls=' + '9'.repeat(40), 'q.walls'],
      ['/api/renovation?zip=2000&kind=terraced&surface=80&epc=G', 'epc'],
      ['/api/renovation?zip=1030&kind=apartment&surface=80&energy=-99999', 'energy'],
      [`/api/renovation?zip=1030&kind=apartment&surface=80&epc=E&${'x'.repeat(3000)}=1`, 'ok'],
    ];
    for (const [path, field] of bad) {
      const r = await get(path);
      if (field === 'ok') {
        expect(r.status, path).toBe(200); // unknown parameters are ignored
        continue;
      }
      expect(r.status, path).toBe(400);
      expect((await r.json()).field, path).toBe(field);
    }
    // Pages: whatever the query string, an answer, never an error page.
    for (const q of [
      'works=%E2%82%AC',
      'q.roof=NaN',
      'epc=A%2B%2B%2B',
      'surface=-0',
      `zip=${'1'.repeat(5000)}`,
      'step=99',
      'type=__proto__',
      'kind=constructor',
    ]) {
      for (const path of [CALC, VAL]) expect((await get(`${path}?${q}`)).status, `${path}?${q}`).toBeLessThan(500);
    }
  });
});

describe('a request from a tool carries its result to the agency (real SMTP peer) and the inbox', () => {
  const person = () => ({
    lang: 'fr',
    formToken: fillToken(),
    website: '',
    firstName: 'Camille',
    lastName: 'Dupont',
    email: 'camille.dupont@example.be',
    phone: '0470 12 34 56',
  });
  const post = (kind: string, body: unknown) =>
    fetch(`${srv.url}/api/forms/${kind}?lang=fr`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  const leads = () => readStoredLeads(srv.dataDir).submissions as Array<Record<string, any>>;

  it('the in-depth valuation: the estimate recomputed on the server, in the agency’s mail and in the inbox', async () => {
    const valuation = 'address=Rue+Royale+Sainte-Marie+12&zip=1030&type=3&surface=85&bedrooms=2&condition=good&epc=D&outdoor=terrace';
    const r = await post('contact-demand', {
      ...person(),
      goal: 'sell',
      propertyType: '3',
      address: 'Rue Royale Sainte-Marie 12',
      zip: '1030',
      city: 'Schaerbeek',
      valuation,
    });
    expect(r.status).toBe(201);
    const { id } = await r.json();
    const stored = leads().find((s) => s.id === id)!;
    expect(stored.fields).not.toHaveProperty('valuation');
    expect(stored.tool).toMatchObject({ tool: 'online-valuation', query: valuation, inputs: { zip: '1030', type: 3, surface: 85, condition: 'good' } });
    const api = await (await get(`/api/valuation?${valuation}`)).json();
    expect(stored.tool.result.estimates).toEqual(api.estimates);
    const sale = api.estimates[0];
    await until(() => smtp.received.some((m) => m.messageId?.startsWith(`<${id}-agency`)));
    const agency = smtp.received.find((m) => m.messageId?.startsWith(`<${id}-agency`))!;
    // The agency reads Dutch (the site's default language).
    expect(agency.text).toContain('Online schatting');
    expect(agency.text).toContain(`Verkoopprijs: € ${sale.low.toLocaleString('nl-BE')} – € ${sale.high.toLocaleString('nl-BE')}`);
    expect(agency.text).toContain('Type pand: Appartement');
    expect(agency.text).toContain('Ik wil mijn pand: verkopen');
    expect(agency.html).toContain('/nl/deskundigheid/online-expertise/?address=Rue+Royale+Sainte-Marie+12&amp;zip=1030');
    const visitor = smtp.received.find((m) => m.messageId?.startsWith(`<${id}-visitor`));
    if (visitor) expect(visitor.text).toContain('Estimation en ligne');

    const staff = await staffSession(srv.url, srv.dataDir, 'editor');
    const detail = (await staff.req('GET', `/api/admin/leads/${id}`)).json.lead;
    expect(detail.tool.title).toBe('Online schatting');
    expect(detail.tool.rows).toContainEqual(['Verkoopprijs', expect.stringContaining(`€ ${sale.median.toLocaleString('nl-BE')}`)]);
    expect(detail.tool.url).toMatch(/\/nl\/deskundigheid\/online-expertise\/\?address=/);
  });

  it('“talk to us about this property”: the renovation result on the property’s request', async () => {
    const renovation = `property=${eHome.ID}&zip=${eHome.Zip}&kind=apartment&surface=80&energy=240&works=walls`;
    const r = await post('contact-me', { ...person(), request: 'info', propertyId: eHome.ID, renovation });
    expect(r.status).toBe(201);
    const { id } = await r.json();
    const stored = leads().find((s) => s.id === id)!;
    expect(stored.propertyId).toBe(eHome.ID);
    expect(stored.tool).toMatchObject({ tool: 'renovation-calculator', result: { total: { low: 4000, high: 8000 } } });
    await until(() => smtp.received.some((m) => m.messageId?.startsWith(`<${id}-agency`)));
    const agency = smtp.received.find((m) => m.messageId?.startsWith(`<${id}-agency`))!;
    expect(agency.text).toContain('Renovatieberekening');
    expect(agency.text).toContain('Gevelisolatie (40 m²): € 4.000 – € 8.000');
  });

  it('refuses a tool state that does not read, at its field, and stores nothing', async () => {
    const before = leads().length;
    const markup = await post('contact-demand', {
      ...person(),
      goal: 'sell',
      propertyType: '3',
      address: 'x',
      zip: '1030',
      city: 'Schaerbeek',
      valuation: '<script>',
    });
    expect(markup.status).toBe(422);
    expect((await markup.json()).errors).toEqual([{ field: 'valuation', message: expect.any(String) }]);
    const inner = await post('contact-demand', {
      ...person(),
      goal: 'sell',
      propertyType: '3',
      address: 'x',
      zip: '1030',
      city: 'Schaerbeek',
      valuation: 'address=x&zip=1030&type=3&surface=9999999',
    });
    expect(inner.status).toBe(422);
    expect((await inner.json()).errors).toEqual([{ field: 'valuation', message: 'Indiquez un nombre entier de 10 à 2000' }]);
    const unfinished = await post('site-contact', { ...person(), message: 'Bonjour', renovation: 'zip=1030' });
    expect(unfinished.status).toBe(422);
    expect((await unfinished.json()).errors).toEqual([{ field: 'renovation', message: "Le calcul est incomplet : rouvrez l'outil" }]);
    expect(leads().length).toBe(before);
  });
});

describe('the figures are data, checked like every other config', () => {
  it('refuses a bad unit cost at start, with its file and pointer', () => {
    const negative = configCopy(({ read, write }) => {
      const r = read('renovation.json');
      r.works[0].unitCost.low = -45;
      write('renovation.json', r);
    });
    expect(problemsOf(negative).lines).toEqual(['renovation.json /works/0/unitCost/low: must be >= 0']);
    const upsideDown = configCopy(({ read, write }) => {
      const r = read('renovation.json');
      r.works[2].unitCost = { low: 90, high: 25 };
      write('renovation.json', r);
    });
    expect(problemsOf(upsideDown).lines).toEqual(['renovation.json /works/2/unitCost/high: must not be below low (90)']);
    const noSource = configCopy(({ read, write }) => {
      const v = read('valuation.json');
      v.minComparables = 1;
      delete v.factors.source;
      write('valuation.json', v);
    });
    expect(problemsOf(noSource).lines.sort()).toEqual(['valuation.json /factors/source: is required', 'valuation.json /minComparables: must be >= 2']);
  });

  it('are edited by an admin in the site settings: refused at the field, or live at once', async () => {
    const admin = await staffSession(srv.url, srv.dataDir, 'admin');
    const doc = (await admin.req('GET', '/api/admin/docs/renovation')).json;
    const bad = structuredClone(doc.data);
    bad.works[0].unitCost.high = 50;
    const refused = await admin.req('PUT', '/api/admin/docs/renovation', { data: bad, baseRev: doc.rev, publish: true });
    expect(refused.status).toBe(422);
    expect(refused.json.problems).toContainEqual(expect.objectContaining({ key: 'renovation', pointer: '/works/0/unitCost/high' }));
    const cheaper = structuredClone(doc.data);
    cheaper.works[0].unitCost = { low: 50, high: 150 };
    // The preview shows the calculator with an example using every work, before anything is saved.
    const preview = await admin.req('POST', '/api/admin/preview', { key: 'renovation', data: cheaper, lang: 'en' });
    expect(preview.status).toBe(200);
    expect(text(preview.text)).toContain('Wall insulation 120 m² € 6.000 – € 18.000'); // a terraced house of 120 m²
    expect((await admin.req('PUT', '/api/admin/docs/renovation', { data: cheaper, baseRev: doc.rev, publish: true })).status).toBe(200);
    const page = text(await (await get(`${CALC}?zip=1030&kind=apartment&surface=80&epc=E&works=walls`)).text());
    expect(page).toContain('Isolation des façades 40 m² € 2.000 – € 6.000');
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
