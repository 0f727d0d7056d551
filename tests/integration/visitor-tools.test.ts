import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredLeads } from '../../server/storage/index.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { staffSession } from '../helpers/client.ts';
import { CALC, VAL, eHome, startToolsServer } from '../helpers/tools.ts';
import { signedToken } from '../helpers/visitor.ts';

const until = async (cond: () => boolean, ms = 10_000) => {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let srv: Awaited<ReturnType<typeof startToolsServer>>;
const get = (path: string) => fetch(srv.url + path, { redirect: 'manual' });

beforeAll(async () => {
  smtp = await startSmtp();
  srv = await startToolsServer({ smtpUrl: smtp.url, outboxRetryMs: 100 });
});
afterAll(async () => {
  await srv.close();
  await smtp.close();
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
    ...signedToken(),
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
      street: 'Rue Royale Sainte-Marie',
      houseNumber: '12',
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
    // The visitor's copy is a receipt (issue 40): it names the request, it does not repeat the typed address.
    if (visitor) {
      expect(visitor.text).toContain("Votre demande : Demande d'estimation");
      expect(visitor.text).not.toContain('Rue Royale');
    }

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
      street: 'x',
      houseNumber: '1',
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
      street: 'x',
      houseNumber: '1',
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
