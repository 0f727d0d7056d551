import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredLeads } from '../../server/storage/index.ts';
import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer } from '../helpers/server.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { root, tempDir } from '../helpers/config.ts';
import { FORM_MIN_FILL_MS } from '../../shared/constants.ts';
import { simpleParser } from 'mailparser';
import { solveCaptcha } from '../helpers/captcha.ts';
import { sampleListings } from '../helpers/listings.ts';
import { fillToken, seedFormKey } from '../helpers/fill-token.ts';

const sample = (await sampleListings()) as any;
const property = sample.properties.find(
  (p: { language: string; Availability: string; Goal: number }) => p.language === 'fr' && p.Availability === 'available' && p.Goal === 0,
);

const valid = () => ({
  lang: 'fr',
  formToken: fillToken(),
  website: '',
  title: 'ms',
  firstName: 'Camille',
  lastName: 'Dupont',
  email: 'camille.dupont@example.be',
  phone: '0470 12 34 56',
  message: 'Bonjour, je souhaite vendre ma maison à Uccle.',
  newsletter: false,
});
const until = async (cond: () => boolean, ms = 8000) => {
  const t0 = Date.now();
  while (!cond()) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
};
const leads = (dataDir: string) => readStoredLeads(dataDir) as { submissions: any[]; outbox: any[] };

describe('forms over HTTP with a real SMTP server', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let srv: Awaited<ReturnType<typeof startTestServer>>;
  const post = (kind: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${srv.url}/api/forms/${kind}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/json', ...headers },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    });
  beforeAll(async () => {
    smtp = await startSmtp();
    srv = await startTestServer({ smtpUrl: smtp.url, outboxRetryMs: 100 });
  });
  afterAll(async () => {
    await srv.close();
    await smtp.close();
  });

  it('keeps a general contact request and mails the agency and the visitor, in French for the visitor', async () => {
    const r = await post('site-contact', valid());
    expect(r.status).toBe(201);
    const body = await r.json();
    expect(body.redirect).toBe('/fr/merci/site-contact/');
    const stored = leads(srv.dataDir).submissions.find((s: { id: string }) => s.id === body.id);
    expect(stored).toMatchObject({ kind: 'site-contact', lang: 'fr', fields: { firstName: 'Camille', email: 'camille.dupont@example.be' } });
    await until(() => smtp.received.filter((m) => m.messageId?.startsWith(`<${body.id}`)).length === 2);
    const mine = smtp.received.filter((m) => m.messageId?.startsWith(`<${body.id}`));
    const agency = mine.find((m) => m.to && JSON.stringify(m.to).includes('info@atrium-immo.be'))!;
    const visitor = mine.find((m) => m.to && JSON.stringify(m.to).includes('camille.dupont@example.be'))!;
    expect(agency.subject).toBe('Contactformulier – Camille Dupont');
    expect(JSON.stringify(agency.replyTo)).toContain('camille.dupont@example.be');
    expect(agency.text).toContain('Bonjour, je souhaite vendre ma maison à Uccle.');
    expect(visitor.subject).toBe('Nous avons bien reçu votre message – Atrium Immo');
    expect(visitor.text).toContain('Bonjour Camille Dupont,');
    expect(visitor.html).toContain('Merci pour votre message.');
  });

  it('sends a property request with a link to the property', async () => {
    const r = await post('contact-me', {
      ...valid(),
      message: '',
      propertyId: property.ID,
      request: 'visit',
      timeSlots: ['10:00-13:00', '16:00-19:00'],
      preference: 'phone',
    });
    expect(r.status).toBe(201);
    const { id } = await r.json();
    await until(() => smtp.received.filter((m) => m.messageId?.startsWith(`<${id}`)).length === 2);
    const agency = smtp.received.find((m) => m.messageId === `<${id}-agency@www.atrium-immo.be>`)!;
    expect(agency.text).toMatch(new RegExp(`https://www\\.atrium-immo\\.be/fr/acheter/[a-z0-9-]+/.*${property.ID}/`));
    expect(agency.text).toContain('10:00-13:00, 16:00-19:00');
  });

  const bad: Array<[string, string, () => unknown, number, Record<string, string>?, string?]> = [
    ['a missing first name', 'site-contact', () => ({ ...valid(), firstName: '' }), 422, undefined, 'Le prénom est un champ obligatoire'],
    ['a malformed e-mail', 'site-contact', () => ({ ...valid(), email: 'camille@' }), 422, undefined, "L'adresse e-mail n'est pas valable"],
    ['a wrong type', 'site-contact', () => ({ ...valid(), newsletter: 'yes' }), 422],
    ['an unknown field', 'site-contact', () => ({ ...valid(), admin: true }), 422],
    ['a script tag', 'site-contact', () => ({ ...valid(), message: 'hi <script>alert(1)</script>' }), 422],
    ['a tag in a name', 'site-contact', () => ({ ...valid(), lastName: '<b>Dupont</b>' }), 422],
    ['a property that does not exist', 'contact-me', () => ({ ...valid(), propertyId: 99999999, request: 'info' }), 422],
    [
      'a missing phone on a property request',
      'contact-me',
      () => ({ ...valid(), phone: '', propertyId: property.ID, request: 'info' }),
      422,
      undefined,
      'Le numéro de téléphone est un champ obligatoire',
    ],
    ['a post sent too fast', 'site-contact', () => ({ ...valid(), formToken: fillToken(0) }), 400],
    ['no language', 'site-contact', () => ({ ...valid(), lang: undefined }), 400],
    ['a cross-origin post', 'site-contact', () => valid(), 403, { origin: 'https://evil.example' }],
    ['a body that is not JSON', 'site-contact', () => '{"firstName":', 400],
    ['a huge body', 'site-contact', () => ({ ...valid(), message: 'x'.repeat(70_000) }), 413],
    ['an unknown form', 'no-such-form', () => valid(), 404],
  ];
  it.each(bad)('refuses %s with its 4xx and a message, storing nothing', async (_name, kind, body, status, headers, message) => {
    const before = leads(srv.dataDir).submissions.length;
    const r = await post(kind, body(), headers);
    expect(r.status).toBe(status);
    const json = await r.json();
    expect(json.error).toBeTruthy();
    if (message) expect(json.errors.map((e: { message: string }) => e.message)).toContain(message);
    expect(leads(srv.dataDir).submissions.length).toBe(before);
  });

  it('gives a robot that fills the hidden field an answer that looks like success, keeps it apart and mails nothing', async () => {
    const before = leads(srv.dataDir).submissions.length;
    const r = await post('site-contact', { ...valid(), email: 'robot@spam.example', website: 'http://spam.example' });
    expect(r.status).toBe(201);
    expect((await r.json()).redirect).toBe('/fr/merci/site-contact/');
    const data = leads(srv.dataDir);
    expect(data.submissions.length).toBe(before);
    const quarantine = readStoredLeads(srv.dataDir).quarantine;
    expect(quarantine.at(-1)).toMatchObject({ kind: 'site-contact', reason: 'honeypot', fields: { email: 'robot@spam.example' } });
    expect(data.outbox.some((m: { to: string }) => m.to === 'robot@spam.example')).toBe(false);
  });

  const friend = async () => {
    const { firstName, lastName, email, lang, formToken, website } = valid();
    return {
      lang,
      formToken,
      website,
      firstName,
      lastName,
      email,
      friendFirstName: 'Lucie',
      friendLastName: 'Martin',
      receiverEmail: 'lucie.martin@example.be',
      message: 'Regarde celui-ci !',
      propertyId: property.ID,
      ...(await solveCaptcha(srv.url, srv.dataDir)),
    };
  };
  it('refuses a wrong captcha with "Les caractères saisis ne sont pas valides", and a captcha used once cannot be used again', async () => {
    const before = leads(srv.dataDir).submissions.length;
    const body = await friend();
    const wrong = await post('send-to-friend', { ...body, captcha: 'XXXXX' });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors).toEqual([{ field: 'captcha', message: 'Les caractères saisis ne sont pas valides' }]);
    // The right answer on a spent image is refused too: each image answers once.
    const replay = await post('send-to-friend', body);
    expect(replay.status).toBe(422);
    const missing = await post('send-to-friend', { ...body, captcha: undefined });
    expect(missing.status).toBe(422);
    expect((await missing.json()).errors[0].field).toBe('captcha');
    expect(leads(srv.dataDir).submissions.length).toBe(before);
  });

  it('sends a property to a friend: the mail goes to the friend, replying to the sender', async () => {
    const r = await post('send-to-friend', await friend());
    expect(r.status).toBe(201);
    const { id, redirect } = await r.json();
    expect(redirect).toBe('/fr/merci/send-to-friend/');
    await until(() => smtp.received.some((m) => m.messageId === `<${id}-visitor@www.atrium-immo.be>`));
    const mail = smtp.received.find((m) => m.messageId === `<${id}-visitor@www.atrium-immo.be>`)!;
    expect(JSON.stringify(mail.to)).toContain('lucie.martin@example.be');
    expect(JSON.stringify(mail.replyTo)).toContain('camille.dupont@example.be');
    expect(mail.subject).toBe('Camille Dupont vous envoie un bien');
    expect(mail.text).toContain('Regarde celui-ci !');
  });

  it('sends the documents once per e-mail address and property', async () => {
    const withDocs = sample.properties.find((p: { language: string; Documents?: unknown[] }) => p.language === 'en' && (p.Documents ?? []).length > 0);
    const body = { ...valid(), lang: 'en', message: undefined, newsletter: undefined, propertyId: withDocs.ID };
    delete body.message;
    delete body.newsletter;
    const first = await post('document-request', body);
    expect(first.status).toBe(201);
    const { id, message, redirect } = await first.json();
    expect(message).toBe('You will receive the documents by email shortly.');
    expect(redirect).toBeUndefined();
    const again = await post('document-request', { ...body, email: 'CAMILLE.DUPONT@example.be' });
    expect(again.status).toBe(200);
    expect((await again.json()).message).toBe('You have already requested the documents for this property.');
    await until(() => smtp.received.some((m) => m.messageId === `<${id}-visitor@www.atrium-immo.be>`));
    const mail = smtp.received.find((m) => m.messageId === `<${id}-visitor@www.atrium-immo.be>`)!;
    expect(mail.text).toContain('https://www.atrium-immo.be/media/documents/');
  });

  it('takes a purchase offer on a property for sale and states the 10% advance; refuses one on a rental', async () => {
    const { title, firstName, lastName, email, phone, lang, formToken, website } = valid();
    const offer = {
      lang,
      formToken,
      website,
      title,
      firstName,
      lastName,
      email,
      phone,
      offeredPrice: 350000,
      conditions: 'Sous réserve de financement',
      propertyId: property.ID,
    };
    const r = await post('purchase-offer', offer);
    expect(r.status).toBe(201);
    const { id } = await r.json();
    await until(() => smtp.received.some((m) => m.messageId === `<${id}-agency@www.atrium-immo.be>`));
    const agency = smtp.received.find((m) => m.messageId === `<${id}-agency@www.atrium-immo.be>`)!;
    expect(agency.text).toContain('€ 350.000');
    expect(agency.text).toContain('Voorschot bij de ondertekening (10 %): € 35.000');
    const rental = sample.properties.find((p: { language: string; Goal: number }) => p.language === 'fr' && p.Goal !== 0);
    const no = await post('purchase-offer', { ...offer, propertyId: rental.ID });
    expect(no.status).toBe(422);
    expect((await no.json()).errors[0]).toEqual({ field: 'propertyId', message: "Ce bien ne peut plus faire l'objet d'une offre" });
  });

  it('asks for address, postal code, city and property type on a valuation request', async () => {
    const r = await post('contact-demand', { ...valid(), lang: 'en', goal: 'sell', address: '', zip: '', city: '' });
    expect(r.status).toBe(422);
    const messages = (await r.json()).errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Address is a required field',
        'Postal code is a required field',
        'City is a required field',
        'Property type is a required field',
      ]),
    );
    const ok = await post('contact-demand', {
      ...valid(),
      lang: 'nl',
      goal: 'sell',
      propertyType: '1',
      address: 'Dorpsstraat 12',
      zip: '1800',
      city: 'Vilvoorde',
    });
    expect(ok.status).toBe(201);
    expect((await ok.json()).redirect).toBe('/nl/bedankt/contact-demand/');
  });

  it('signs a visitor up for the newsletter, with a link to unsubscribe that needs no login', async () => {
    const r = await post('sign-newsletter', { lang: 'en', formToken: fillToken(), website: '', email: 'reader@example.be' });
    expect(r.status).toBe(201);
    const { id, redirect } = await r.json();
    expect(redirect).toBe('/en/thank-you/sign-newsletter/');
    await until(() => smtp.received.some((m) => m.messageId === `<${id}-visitor@www.atrium-immo.be>`));
    const mail = smtp.received.find((m) => m.messageId === `<${id}-visitor@www.atrium-immo.be>`)!;
    expect(mail.text).toContain('You are now subscribed to our newsletter.');
    const link = /https:\/\/www\.atrium-immo\.be(\/api\/alerts\/unsubscribe\?token=[0-9a-f]{32})/.exec(mail.text!)![1];
    const un = await fetch(srv.url + link, { redirect: 'manual' });
    expect(un.headers.get('location')).toBe('/en/thank-you/unsubscribed/');
    const page = await (await fetch(`${srv.url}/en/thank-you/unsubscribed/`)).text();
    expect(page).toContain('You will no longer receive these e-mails.');
  });

  it('accepts a plain HTML form post (no JavaScript) and answers with the thank-you page', async () => {
    const form = new URLSearchParams({
      lang: 'nl',
      formToken: fillToken(),
      website: '',
      firstName: 'Jan',
      lastName: 'Peeters',
      email: 'jan@example.be',
      message: 'Graag een afspraak.',
      newsletter: 'on',
    });
    const r = await fetch(`${srv.url}/api/forms/site-contact`, { method: 'POST', redirect: 'manual', body: form });
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/nl/bedankt/site-contact/');
    // A document request has no thank-you page: back to the property page it came from.
    const docs = new URLSearchParams({
      lang: 'nl',
      formToken: fillToken(),
      website: '',
      firstName: 'Jan',
      lastName: 'Peeters',
      email: 'jan.docs@example.be',
      propertyId: String(property.ID),
    });
    const back = await fetch(`${srv.url}/api/forms/document-request`, {
      method: 'POST',
      redirect: 'manual',
      body: docs,
      headers: { referer: `${srv.url}/nl/kopen/x/${property.ID}/` },
    });
    expect(back.status).toBe(302);
    expect(back.headers.get('location')).toBe(`${srv.url}/nl/kopen/x/${property.ID}/`);
  });
});

describe('when the mail server is down', () => {
  it('keeps the request, and sends each mail exactly once when it answers again, also after a restart', async () => {
    const dataDir = tempDir('outbox-');
    const smtp = await startSmtp();
    const port = smtp.port;
    await smtp.close(); // refuses connections now
    let srv = await startTestServer({ dataDir, smtpUrl: `smtp://127.0.0.1:${port}`, outboxRetryMs: 100 });
    const r = await fetch(`${srv.url}/api/forms/site-contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(valid()),
    });
    expect(r.status).toBe(201);
    const { id } = await r.json();
    await new Promise((res) => setTimeout(res, 400));
    const pending = leads(dataDir).outbox.filter((m: { id: string; sentAt?: string; attempts: number }) => m.id.startsWith(id));
    expect(pending).toHaveLength(2);
    expect(pending.every((m: { sentAt?: string; attempts: number }) => !m.sentAt && m.attempts >= 1)).toBe(true);
    // The server restarts while the mail server is still down; then the mail server answers 4xx once, then accepts.
    await srv.close();
    const back = await startSmtp(port);
    back.state.refuse = 1;
    srv = await startTestServer({ dataDir, smtpUrl: back.url, outboxRetryMs: 100 });
    await until(() => back.received.filter((m) => m.messageId?.startsWith(`<${id}`)).length === 2, 15_000);
    await new Promise((res) => setTimeout(res, 800));
    await srv.close();
    srv = await startTestServer({ dataDir, smtpUrl: back.url, outboxRetryMs: 100 });
    await new Promise((res) => setTimeout(res, 800));
    expect(back.received.filter((m) => m.messageId?.startsWith(`<${id}`))).toHaveLength(2);
    expect(
      leads(dataDir)
        .outbox.filter((m: { id: string; sentAt?: string }) => m.id.startsWith(id))
        .every((m: { sentAt?: string }) => !!m.sentAt),
    ).toBe(true);
    await srv.close();
    await back.close();
  });
});

describe('without SMTP_URL', () => {
  it('writes the mails as .eml files in DATA_DIR/mail', async () => {
    const dataDir = tempDir('eml-');
    seedFormKey(dataDir);
    const { start } = await import('../../server/main.ts');
    const server = await start({ root, port: 0, host: '127.0.0.1', dataDir, quiet: true, assets: { js: '', css: [], preload: [] }, smtpUrl: '' });
    const url = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    const r = await fetch(`${url}/api/forms/site-contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...valid(), lang: 'en' }),
    });
    const { id } = await r.json();
    await until(() => existsSync(join(dataDir, 'mail')) && readdirSync(join(dataDir, 'mail')).filter((f) => f.startsWith(id)).length === 2);
    const visitor = await simpleParser(readFileSync(join(dataDir, 'mail', `${id}-visitor.eml`)));
    expect(visitor.subject).toBe('We have received your message – Atrium Immo');
    expect(visitor.text).toContain('Thank you for your message.');
    await new Promise<void>((res) => server.close(() => res()));
  });
});

describe('search alerts', () => {
  it('mails a registered demand the new matching properties after an import, until it unsubscribes', async () => {
    const { importListingsFile } = await import('../helpers/listings.ts');
    const { writeFileSync } = await import('node:fs');
    const smtp = await startSmtp();
    const dataDir = tempDir('alerts-');
    const srv = await startTestServer({ dataDir, smtpUrl: smtp.url, outboxRetryMs: 100 });
    try {
      const demand = {
        lang: 'nl',
        formToken: fillToken(),
        website: '',
        goal: 'sale',
        types: ['3'],
        cities: ['1030'],
        maxPrice: 600000,
        firstName: 'Els',
        lastName: 'Wouters',
        email: 'els.wouters@example.be',
      };
      const missing = await fetch(`${srv.url}/api/forms/demand-register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...demand, types: [], cities: [] }),
      });
      expect(missing.status).toBe(422);
      expect((await missing.json()).errors.map((e: { message: string }) => e.message)).toEqual(['Kies minstens één type pand', 'Kies minstens één zone']);
      const r = await fetch(`${srv.url}/api/forms/demand-register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(demand),
      });
      expect(r.status).toBe(201);
      expect((await r.json()).redirect).toBe('/nl/bedankt/demand-register/');
      // A new import: one new apartment for sale in Schaerbeek under the maximum, one house elsewhere.
      const data = structuredClone(sample);
      const base = data.properties.filter((p: { ID: number }) => p.ID === data.properties[0].ID);
      const make = (id: number, change: Record<string, unknown>) =>
        base.map((p: object) => ({ ...p, ID: id, ProjectID: null, Availability: 'available', PublishPrice: true, ...change }));
      data.properties.push(
        ...make(990001, { WebID: 3, WebIDs: '3', Goal: 0, Zip: '1030', City: 'Schaerbeek', Price: 350000 }),
        ...make(990002, { WebID: 1, WebIDs: '1', Goal: 0, Zip: '1180', City: 'Uccle', Price: 350000 }),
      );
      const file = join(dataDir, 'crm.json');
      writeFileSync(file, JSON.stringify(data));
      expect((await importListingsFile(file, dataDir)).result).toBe('accepted');
      await until(() => smtp.received.some((m) => m.subject?.startsWith('Een nieuw pand voor uw zoekopdracht')), 10_000);
      const alert = smtp.received.find((m) => m.subject?.startsWith('Een nieuw pand voor uw zoekopdracht'))!;
      expect(JSON.stringify(alert.to)).toContain('els.wouters@example.be');
      expect(alert.text).toContain('/990001/');
      expect(alert.text).not.toContain('/990002/');
      const link = /https:\/\/www\.atrium-immo\.be(\/api\/alerts\/unsubscribe\?token=[0-9a-f]{32})/.exec(alert.text!)![1];
      const un = await fetch(srv.url + link, { redirect: 'manual' });
      expect(un.status).toBe(302);
      expect(un.headers.get('location')).toBe('/nl/bedankt/uitgeschreven/');
      expect((await fetch(`${srv.url}/api/alerts/unsubscribe?token=${'0'.repeat(32)}`)).status).toBe(404);
      // Another new match after unsubscribing: no mail.
      data.properties.push(...make(990003, { WebID: 3, WebIDs: '3', Goal: 0, Zip: '1030', City: 'Schaerbeek', Price: 300000 }));
      writeFileSync(file, JSON.stringify(data));
      expect((await importListingsFile(file, dataDir)).result).toBe('accepted');
      await new Promise((res) => setTimeout(res, 3000));
      expect(smtp.received.filter((m) => m.text?.includes('/990003/'))).toHaveLength(0);
    } finally {
      await srv.close();
      await smtp.close();
    }
  });
});
