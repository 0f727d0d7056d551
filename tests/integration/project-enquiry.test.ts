// Project enquiries (issue 15, point 3): every project page carries the contact-construction form;
// a visitor's enquiry lands on its own thank-you page, the agency's mail over a real SMTP peer names
// the project and the units by name, and the lead is in the editor's inbox.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { staffSession } from '../helpers/client.ts';
import { leads, until } from '../helpers/forms.ts';
import { signedToken } from '../helpers/visitor.ts';

// The sample's "Résidence Colignon" in Schaerbeek: units 1081 and 1033 on offer, 1050 and 1007 sold.
const COLIGNON = 1;
const OPEN = ['1081', '1033'];
const SOLD = '1050';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let srv: Awaited<ReturnType<typeof startTestServer>>;
let projectPath = '';

const enquiry = (n: string, extra: Record<string, unknown> = {}) => ({
  lang: 'fr',
  ...signedToken(),
  website: '',
  projectId: COLIGNON,
  units: OPEN,
  budget: 320000,
  bedrooms: 2,
  title: 'ms',
  firstName: 'Nathalie',
  lastName: `Dewulf-${n}`,
  email: `nathalie.dewulf+${n}@example.be`,
  phone: '0498 76 54 32',
  message: 'Nous cherchons un appartement avec terrasse pour 2027.',
  ...extra,
});
const post = (body: unknown) =>
  fetch(`${srv.url}/api/forms/contact-construction?lang=fr`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });

beforeAll(async () => {
  smtp = await startSmtp();
  srv = await startTestServer({ smtpUrl: smtp.url, outboxRetryMs: 100 });
  const sitemap = await (await fetch(`${srv.url}/sitemap.xml`)).text();
  projectPath = new URL([...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]).find((u) => /\/fr\/projets\/[^/]+\/residence-colignon\/1\/$/.test(u))!)
    .pathname;
});
afterAll(async () => {
  await srv?.close();
  await smtp?.close();
});

describe('a project enquiry', () => {
  it('is on the project page, offering the units still on offer by name, not the sold ones', async () => {
    const html = await (await fetch(`${srv.url}${projectPath}`)).text();
    const form = html.slice(html.indexOf('data-form="contact-construction"'));
    expect(html).toMatch(/<h2[^>]*>Ce projet vous intéresse \?<\/h2>/);
    expect(form).toContain('name="projectId" value="1"');
    for (const [id, name] of [
      ['1081', 'Studio 4.1'],
      ['1033', 'Appartement 0.2'],
    ])
      expect(form).toMatch(new RegExp(`name="units" value="${id}"/><span>${name}</span>`));
    expect(form).not.toContain(`value="${SOLD}"`);
    expect(form).toContain('Votre budget (€)');
  });

  it('lands on its own thank-you page, mails the agency the project and units by name, and is in the inbox', async () => {
    const r = await post(enquiry('ok'));
    expect(r.status).toBe(201);
    const { id, redirect } = await r.json();
    expect(redirect).toBe('/fr/merci/contact-construction/');
    const thanks = await (await fetch(`${srv.url}${redirect}`)).text();
    expect(thanks).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
    await until(() => smtp.received.some((m) => m.messageId === `<${id}-agency@www.atrium-immo.be>`), 15_000);
    const agency = smtp.received.find((m) => m.messageId === `<${id}-agency@www.atrium-immo.be>`)!;
    // The agency's mail is wholly in the agency's language (Dutch): the project's name and address too.
    expect(agency.subject).toMatch(/Residentie Colignon/);
    expect(agency.text).toContain('Project: Residentie Colignon\n');
    expect(agency.text).not.toContain('Résidence');
    expect(agency.text).toContain('https://www.atrium-immo.be/nl/projecten/schaarbeek/residentie-colignon/1/');
    expect(agency.text).toMatch(/Studio 4\.1, Appartement 0\.2/);
    expect(agency.text).toMatch(/320\.000/);
    expect(agency.text).not.toMatch(/projectId/);
    const visitorId = `<${id}-visitor@www.atrium-immo.be>`;
    await until(() => smtp.received.some((m) => m.messageId === visitorId), 15_000);
    expect(smtp.received.find((m) => m.messageId === visitorId)!.text).toContain('Projet: Résidence Colignon');
    const stored = leads(srv.dataDir).submissions.find((s) => s.id === id);
    expect(stored).toMatchObject({ kind: 'contact-construction', fields: { projectId: COLIGNON, units: OPEN, budget: 320000, bedrooms: 2 } });
    const staff = await staffSession(srv.url, srv.dataDir, 'editor', 'projects');
    const inbox = await staff.req('GET', '/api/admin/leads?kind=contact-construction');
    expect(inbox.status).toBe(200);
    expect(inbox.json.items.map((x: { id: string }) => x.id)).toContain(id);
    expect(inbox.json.items.find((x: { id: string }) => x.id === id)).toMatchObject({ name: 'Nathalie Dewulf-ok', kind: 'contact-construction' });
    // Staff read the project and the units by name, with a link to the project's page.
    const detail = (await staff.req('GET', `/api/admin/leads/${id}`)).json.lead;
    // (in the agency's language, Dutch, as its mail)
    expect(detail.about).toEqual({ title: 'Residentie Colignon', path: '/nl/projecten/schaarbeek/residentie-colignon/1/' });
    expect(detail.fields.units).toEqual([expect.stringMatching(/ \(1081\)$/), expect.stringMatching(/ \(1033\)$/)]);
    expect(detail.fields.units[0]).toMatch(/^Studio/);
  });

  it.each([
    ['a project that does not exist', { projectId: 999999 }, 'projectId', 'Ce projet n’est pas (ou plus) proposé.'],
    ['a sold unit', { units: [OPEN[0], SOLD] }, 'units', 'Choisissez des unités de ce projet.'],
    ['a unit of another project', { units: ['1066'] }, 'units', 'Choisissez des unités de ce projet.'],
    ['no project at all', { projectId: undefined }, 'projectId', 'Ce champ est obligatoire'],
    ['a budget in words', { budget: 'trois cent mille' }, 'budget', "Cette valeur n'est pas valable"],
  ])('refuses %s with a message on the field, and stores nothing', async (_what, change, field, message) => {
    const before = leads(srv.dataDir).submissions.length;
    const r = await post(enquiry(`bad-${field}`, change));
    expect(r.status).toBe(422);
    const { errors } = await r.json();
    expect(errors[0]).toEqual({ field, message });
    expect(leads(srv.dataDir).submissions.length).toBe(before);
  });
});
