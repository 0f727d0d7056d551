import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readStoredLeads } from '../../server/storage/index.ts';
import { startTestServer } from '../helpers/server.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { solveCaptcha } from '../helpers/captcha.ts';
import { fillToken } from '../helpers/fill-token.ts';
import { contactRequest, forSale, leads, sample, until } from '../helpers/forms.ts';
import { signedToken } from '../helpers/visitor.ts';

const property = forSale;
const valid = contactRequest;

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
    // The visitor's copy is a receipt (issue 40): what was asked and when, nothing typed.
    expect(visitor.text).toContain('Bonjour,');
    expect(visitor.text).toContain('Votre demande : Formulaire de contact');
    expect(visitor.text).not.toContain('Camille');
    expect(visitor.text).not.toContain('Uccle');
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
    // The agency's mail is in the agency's language (Dutch), its link too.
    expect(agency.text).toMatch(new RegExp(`https://www\\.atrium-immo\\.be/nl/kopen/[a-z0-9-]+/.*${property.ID}/`));
    // Every field by its label and every choice in words, as the definition says (shared/form-fields.ts):
    // the time slots as the page shows them, the request and the preference in Dutch, never the codes.
    expect(agency.text).toContain('Wanneer mogen wij u bellen?: 10:00 – 13:00, 16:00 – 19:00');
    expect(agency.text).toContain('Ik wil graag: een bezoek');
    expect(agency.text).toContain('Ik word liefst gecontacteerd per: telefoon');
    expect(agency.text).not.toMatch(/: (visit|phone|10:00-13:00)\b/);
    expect(agency.html).toContain('10:00 – 13:00, 16:00 – 19:00');
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
    // Asked again from the page loaded anew (a new token and proof: each is taken once).
    const again = await post('document-request', { ...body, ...signedToken(), email: 'CAMILLE.DUPONT@example.be' });
    expect(again.status).toBe(200);
    expect((await again.json()).message).toBe('You have already requested the documents for this property.');
    await until(() => smtp.received.some((m) => m.messageId === `<${id}-visitor@www.atrium-immo.be>`));
    const mail = smtp.received.find((m) => m.messageId === `<${id}-visitor@www.atrium-immo.be>`)!;
    expect(mail.text).toContain('https://www.atrium-immo.be/media/documents/');
  });

  it('takes a purchase offer on a property for sale and states the 10% advance; refuses one on a rental', async () => {
    const { title, firstName, lastName, email, phone, lang, formToken, proof, website } = valid();
    const offer = {
      lang,
      formToken,
      proof,
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

  it('asks for street, number, postal code, city and property type on a valuation request', async () => {
    const r = await post('contact-demand', { ...valid(), lang: 'en', goal: 'sell', street: '', houseNumber: '', zip: '', city: '' });
    expect(r.status).toBe(422);
    const messages = (await r.json()).errors.map((e: { message: string }) => e.message);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Address is a required field',
        'House number is a required field',
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
      street: 'Dorpsstraat',
      houseNumber: '12 bus 3',
      zip: '1800',
      city: 'Vilvoorde',
    });
    expect(ok.status).toBe(201);
    expect((await ok.json()).redirect).toBe('/nl/bedankt/contact-demand/');
    // A buyer may ask for a valuation too (§3: goal sell, rent out or buy).
    const buyer = await post('contact-demand', {
      ...valid(),
      lang: 'fr',
      goal: 'buy',
      propertyType: '3',
      street: 'Rue Haute',
      houseNumber: '210',
      zip: '1000',
      city: 'Bruxelles',
    });
    expect(buyer.status).toBe(201);
    // A page drawn before street and number were apart still posts one address: it is read as both.
    const legacy = await post('contact-demand', {
      ...valid(),
      lang: 'nl',
      goal: 'sell',
      propertyType: '1',
      address: 'Kerkstraat 7A',
      zip: '1800',
      city: 'Vilvoorde',
    });
    expect(legacy.status).toBe(201);
    const { id } = await legacy.json();
    const stored = leads(srv.dataDir).submissions.find((x: { id: string }) => x.id === id);
    expect(stored.fields).toMatchObject({ street: 'Kerkstraat', houseNumber: '7A' });
    expect(stored.fields).not.toHaveProperty('address');
  });

  it('signs a visitor up for the newsletter, with a link to unsubscribe that needs no login', async () => {
    const r = await post('sign-newsletter', { lang: 'en', ...signedToken(), website: '', email: 'reader@example.be' });
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
      ...signedToken(),
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
      ...signedToken(),
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
