import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { problemsOf, configCopy } from '../helpers/config.ts';
import { staffSession } from '../helpers/client.ts';
import { homeKindOf } from '../../shared/renovation.ts';
import { CALC, eHome, noEnergy, startToolsServer, text } from '../helpers/tools.ts';

let srv: Awaited<ReturnType<typeof startToolsServer>>;
const get = (path: string) => fetch(srv.url + path, { redirect: 'manual' });

beforeAll(async () => {
  srv = await startToolsServer();
});
afterAll(async () => {
  await srv.close();
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
