// Confirmation mails cannot be used to send spam (issue 40, point 2): the audit posted a 4,000-character
// message to a stranger's address and it went out in the visitor's copy; six kinds had no guard; only
// 20 posts per 10 minutes per sender address limited it. Now the copy is a fixed receipt, every form
// that mails asks for a proof of work (the captcha without JavaScript), and copies to one address
// are limited per hour while the requests still reach the agency.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { captchaAnswer } from '../helpers/captcha.ts';
import { contactRequest, forSale, leads, qualifyingRental, sample, until } from '../helpers/forms.ts';
import { person, proofOf, signedToken } from '../helpers/visitor.ts';
import { fillToken } from '../helpers/fill-token.ts';
import { FORM_KINDS, formDefinition } from '../../shared/forms.ts';
import { MAILS_PER_RECIPIENT_HOUR } from '../../server/forms/abuse-guard.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let srv: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  smtp = await startSmtp();
  srv = await startTestServer({ smtpUrl: smtp.url, outboxRetryMs: 100 });
});
afterAll(async () => {
  await srv?.close();
  await smtp?.close();
});

const post = (kind: string, body: unknown) =>
  fetch(`${srv.url}/api/forms/${kind}?lang=fr`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
const mailsOf = (id: string) => smtp.received.filter((m) => m.messageId?.startsWith(`<${id}-`));
let n = 0;
const address = () => `cible.${process.pid}.${Date.now()}.${++n}@example.be`;
const withDocuments = sample.properties.find((p: { language: string; Documents?: unknown[] }) => p.language === 'fr' && (p.Documents ?? []).length > 0);
const SPAM = `Gagnez 10.000 € sur http://spam.example/win ${'achetez maintenant '.repeat(200)}`.slice(0, 4000);

describe('the visitor copy is a receipt', () => {
  it("repeats nothing typed (no message, name or phone), but says what was asked, about which property, when, in the visitor's language", async () => {
    const to = address();
    const r = await post('contact-me', {
      ...person(),
      firstName: 'Achetez',
      lastName: 'Viagra',
      email: to,
      message: SPAM,
      propertyId: forSale.ID,
      request: 'info',
    });
    expect(r.status).toBe(201);
    const { id } = await r.json();
    await until(() => mailsOf(id).length === 2);
    const visitor = mailsOf(id).find((m) => JSON.stringify(m.to).includes(to))!;
    const agency = mailsOf(id).find((m) => m.messageId === `<${id}-agency@www.atrium-immo.be>`)!;
    for (const part of [visitor.text!, String(visitor.html), visitor.subject!]) {
      expect(part).not.toContain('spam.example');
      expect(part).not.toContain('achetez maintenant');
      expect(part).not.toContain('Viagra');
      expect(part).not.toContain('Achetez');
      expect(part).not.toContain('0470');
    }
    expect(visitor.text).toContain('Votre demande : Demande sur un bien');
    expect(visitor.text).toMatch(/Bien: .+\nhttps:\/\/www\.atrium-immo\.be\/fr\/acheter\//);
    expect(visitor.text).toMatch(/Envoyée le [a-z]+ \d{2}-\d{2}-\d{4}, \d{2}:\d{2}/);
    expect(visitor.text).toContain(id);
    expect(visitor.text!.length).toBeLessThan(900);
    // The agency still reads everything.
    expect(agency.text).toContain('spam.example');
  });
});

describe('the abuse guard', () => {
  it('is on every kind that mails: a captcha of its own, or the proof of work', () => {
    const withCaptcha = FORM_KINDS.filter((k) => formDefinition(k).fields.some((f) => f.type === 'captcha'));
    const withProof = FORM_KINDS.filter((k) => formDefinition(k).guard === 'proof');
    expect(withCaptcha).toEqual(['send-to-friend', 'testimonial']);
    expect(withProof.sort()).toEqual([
      'contact-appointment',
      'contact-construction',
      'contact-demand',
      'contact-me',
      'demand-register',
      'document-request',
      'job-application',
      'purchase-offer',
      'rental-application',
      'sign-newsletter',
      'site-contact',
    ]);
    // Every kind has one or the other (a kind added later is decided on here).
    expect(FORM_KINDS.filter((k) => !withCaptcha.includes(k) && !withProof.includes(k))).toEqual([]);
  });

  const bodies: Record<string, () => Record<string, unknown> | Promise<Record<string, unknown>>> = {
    'site-contact': () => contactRequest(),
    'contact-me': () => ({ ...person(), propertyId: forSale.ID, request: 'info' }),
    'contact-demand': () => ({ ...person(), goal: 'sell', propertyType: '1', street: 'Rue Vanderkindere', houseNumber: '12', zip: '1180', city: 'Uccle' }),
    'purchase-offer': () => ({ ...person(), propertyId: forSale.ID, offeredPrice: 300000 }),
    'contact-construction': () => ({ ...person(), projectId: 1 }),
    // The four that mailed the visitor without a guard (documents to the typed address, alerts, a booking).
    'document-request': () => ({ ...person(), email: address(), propertyId: withDocuments.ID }),
    'sign-newsletter': () => ({ lang: 'fr', ...signedToken(), website: '', firstName: 'Camille', email: address() }),
    'demand-register': () => ({ ...person(), email: address(), goal: 'sale', types: ['3'], cities: ['1030'] }),
    'contact-appointment': async () => ({
      ...person(),
      email: address(),
      propertyId: forSale.ID,
      slot: (await (await fetch(`${srv.url}/api/appointments`)).json()).slots[0],
    }),
    // And the rental application, which mails its receipt too.
    'rental-application': () => ({ ...person(), email: address(), ...qualifyingRental() }),
  };
  it.each(Object.keys(bodies))('%s: refused without a proof, or with one spent already; nothing stored, nothing mailed', async (kind) => {
    const before = leads(srv.dataDir).submissions.length;
    const { proof: _none, ...without } = await bodies[kind]();
    const r = await post(kind, without);
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({
      field: 'proof',
      error: "Votre navigateur n'a pas pu terminer le contrôle de sécurité. Veuillez envoyer le formulaire à nouveau.",
    });
    // A proof of another token does not count either.
    expect((await post(kind, { ...without, proof: proofOf(fillToken()) })).status).toBe(400);
    const once = await bodies[kind]();
    const taken = await post(kind, once);
    expect(taken.status).toBe(201);
    const { id } = await taken.json();
    const again = await post(kind, once);
    expect(again.status).toBe(400);
    expect((await again.json()).error).toBe('Ce formulaire a déjà été envoyé. Rechargez la page pour envoyer une nouvelle demande.');
    expect(leads(srv.dataDir).submissions.length).toBe(before + 1);
    // The refused posts mailed nobody: once the taken one's mail is out, none went to the address they named.
    await until(() => mailsOf(id).length > 0);
    if (without.email !== once.email) expect(smtp.received.some((m) => JSON.stringify(m.to).includes(String(without.email)))).toBe(false);
  });

  it('without JavaScript: one more step with the captcha, the request carried along; a wrong answer asks again; the right one sends it', async () => {
    const form = (fields: Record<string, string | string[]>) => {
      const p = new URLSearchParams();
      for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) p.append(k, x);
      return fetch(`${srv.url}/api/forms/site-contact?lang=fr`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: srv.url },
        body: p.toString(),
      });
    };
    const to = address();
    const first = await form({
      lang: 'fr',
      formToken: fillToken(),
      website: '',
      firstName: 'Lou',
      lastName: 'Peeters',
      email: to,
      message: 'Une question & un « détail »',
    });
    expect(first.status).toBe(422);
    const page = await first.text();
    expect(page).toContain('<h1>Encore une étape</h1>');
    expect(page).toContain("Tapez les caractères de l'image pour envoyer votre demande.");
    expect(page).toMatch(/<img src="data:image\/png;base64,/);
    expect(leads(srv.dataDir).submissions.some((s) => s.fields.email === to)).toBe(false);
    const hidden = (html: string) => {
      const out: Record<string, string> = {};
      for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
        out[m[1]] = m[2]
          .replace(/&amp;/g, '&')
          .replace(/&quot;/g, '"')
          .replace(/&#39;/g, "'")
          .replace(/&lt;/g, '<')
          .replace(/&gt;/g, '>');
      return out;
    };
    const carried = hidden(page);
    expect(carried).toMatchObject({ firstName: 'Lou', email: to, message: 'Une question & un « détail »' });
    const wrong = await form({ ...carried, captcha: 'XXXXX' });
    expect(wrong.status).toBe(422);
    const again = await wrong.text();
    expect(again).toContain('Les caractères saisis ne sont pas valides');
    const next = hidden(again);
    const ok = await form({ ...next, captcha: captchaAnswer(srv.dataDir, next.captchaToken).toLowerCase() });
    expect(ok.status).toBe(302);
    expect(ok.headers.get('location')).toBe('/fr/merci/site-contact/');
    expect(leads(srv.dataDir).submissions.find((s) => s.fields.email === to)?.fields.message).toBe('Une question & un « détail »');
  });
  it('without JavaScript, documents asked for from a property page: the captcha step, then back to the property (not to the form address)', async () => {
    const to = address();
    const property = `/fr/acheter/x/${withDocuments.ID}/`;
    const send = (fields: Array<[string, string]>) =>
      fetch(`${srv.url}/api/forms/document-request?lang=fr`, {
        method: 'POST',
        redirect: 'manual',
        // The step's form posts to the form address, so that is the referer of the second post.
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'text/html',
          origin: srv.url,
          referer: `${srv.url}/api/forms/document-request?lang=fr`,
        },
        body: new URLSearchParams(fields).toString(),
      });
    const first = await fetch(`${srv.url}/api/forms/document-request?lang=fr`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: srv.url, referer: `${srv.url}${property}` },
      body: new URLSearchParams({
        lang: 'fr',
        formToken: fillToken(),
        website: '',
        firstName: 'Lou',
        lastName: 'Peeters',
        email: to,
        propertyId: String(withDocuments.ID),
      }).toString(),
    });
    expect(first.status).toBe(422);
    const page = await first.text();
    expect(page).toContain('<h1>Encore une étape</h1>');
    expect(leads(srv.dataDir).submissions.some((s) => s.fields.email === to)).toBe(false);
    const carried = [...page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)].map(
      (m) => [m[1], m[2].replace(/&amp;/g, '&')] as [string, string],
    );
    const token = carried.find(([k]) => k === 'captchaToken')![1];
    const ok = await send([...carried, ['captcha', captchaAnswer(srv.dataDir, token)]]);
    expect(ok.status).toBe(302);
    expect(new URL(ok.headers.get('location')!, srv.url).pathname).toMatch(new RegExp(`^/fr/acheter/.+/${withDocuments.ID}/$`));
    const stored = leads(srv.dataDir).submissions.find((s) => s.fields.email === to);
    expect(stored).toMatchObject({ kind: 'document-request', propertyId: withDocuments.ID });
    await until(() => smtp.received.some((m) => m.messageId === `<${stored.id}-visitor@www.atrium-immo.be>`));
  });
});

describe('copies to one address per hour', () => {
  it(`sends at most ${MAILS_PER_RECIPIENT_HOUR} copies to one address; the requests past that are stored and reach the agency`, async () => {
    const to = address();
    const ids: string[] = [];
    for (let i = 0; i <= MAILS_PER_RECIPIENT_HOUR + 1; i++) {
      const r = await post('site-contact', { ...contactRequest(), ...signedToken(), email: to.toUpperCase().replace('@EXAMPLE.BE', '@example.be') });
      expect(r.status).toBe(201);
      ids.push((await r.json()).id);
    }
    const stored = leads(srv.dataDir);
    expect(ids.every((id) => stored.submissions.some((s) => s.id === id))).toBe(true);
    await until(() => ids.every((id) => smtp.received.some((m) => m.messageId === `<${id}-agency@www.atrium-immo.be>`)));
    await until(() => smtp.received.filter((m) => JSON.stringify(m.to).toLowerCase().includes(to)).length >= MAILS_PER_RECIPIENT_HOUR);
    await new Promise((r) => setTimeout(r, 500)); // any copy past the limit would have been sent by now
    expect(smtp.received.filter((m) => JSON.stringify(m.to).toLowerCase().includes(to)).length).toBe(MAILS_PER_RECIPIENT_HOUR);
    expect(stored.outbox.filter((m) => m.to.toLowerCase() === to).length).toBe(MAILS_PER_RECIPIENT_HOUR);
  });
});
