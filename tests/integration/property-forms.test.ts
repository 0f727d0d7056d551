// The forms around a property by its goal and state (issue 39): what the page offers, what the
// server refuses, what the mails say and in which language — a real server and a real SMTP peer.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { forSale, leads, rental, sample, until, type P } from '../helpers/forms.ts';
import { signedToken } from '../helpers/visitor.ts';

type Doc = P & { Documents?: unknown[] };
const fr = (test: (p: Doc) => boolean): Doc => sample.properties.find((p: Doc) => p.language === 'fr' && test(p));
const sold = fr((p) => p.Goal === 0 && p.Availability === 'sold');
const rented = fr((p) => p.Goal === 1 && p.Availability === 'rented');
const noDocuments = fr((p) => p.Goal === 0 && p.Availability === 'available' && !p.Documents?.length);

const visitor = (email: string) => ({
  lang: 'fr',
  ...signedToken(),
  website: '',
  title: 'ms',
  firstName: 'Lotte',
  lastName: 'Janssens',
  email,
  phone: '0470/12.34.56',
});

/** The contact modules a page shows: each one's title and the form under it. */
function contactModules(html: string): Array<{ title: string; form: string | undefined }> {
  return [...html.matchAll(/<section class="module module--contact[^"]*"[^>]*>([\s\S]*?)<\/section>/g)].map((m) => ({
    title: /<h2 class="module__title">([^<]*)<\/h2>/.exec(m[1])?.[1] ?? '',
    form: /data-form="([^"]+)"/.exec(m[1])?.[1],
  }));
}

describe('forms around a property, by its goal and state', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let srv: Awaited<ReturnType<typeof startTestServer>>;
  const post = (kind: string, body: unknown, query = '?lang=fr') =>
    fetch(`${srv.url}/api/forms/${kind}${query}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  /** The property's page in `lang`: /property/{id}/ leads to the Dutch one, whose alternates name the others. */
  const page = async (id: number, lang = 'fr') => {
    const nl = await fetch(`${srv.url}/property/${id}/`);
    expect(nl.status).toBe(200);
    const html = await nl.text();
    if (lang === 'nl') return html;
    const href = new RegExp(`<link rel="alternate" hrefLang="${lang}" href="([^"]+)"`).exec(html)![1];
    const r = await fetch(`${srv.url}${new URL(href).pathname}`);
    expect(r.status).toBe(200);
    return r.text();
  };
  beforeAll(async () => {
    smtp = await startSmtp();
    srv = await startTestServer({ smtpUrl: smtp.url, outboxRetryMs: 100 });
  });
  afterAll(async () => {
    await srv.close();
    await smtp.close();
  });

  it('shows each property the forms of its goal and state, and no title without its form', async () => {
    const forms = async (id: number) => {
      const modules = contactModules(await page(id));
      // Every contact module drawn holds its form: no empty heading.
      for (const m of modules) expect(m.form, m.title).toBeDefined();
      return modules.map((m) => m.form).sort();
    };
    expect(await forms(forSale.ID)).toEqual(['contact-appointment', 'contact-me', 'document-request', 'purchase-offer', 'send-to-friend']);
    expect(await forms(rental.ID)).toEqual(['contact-appointment', 'contact-me', 'document-request', 'rental-application', 'send-to-friend']);
    // Sold or let: a general contact and similar properties, no booking, offer or application.
    expect(await forms(sold.ID)).toEqual(['contact-me', 'send-to-friend']);
    expect(await forms(rented.ID)).toEqual(['contact-me', 'send-to-friend']);
    const soldPage = await page(sold.ID);
    expect(soldPage).toContain('Bien vendu');
    expect(soldPage).toMatch(/<h2>Biens similaires<\/h2>/);
    for (const title of ['Faire une offre', 'Planifiez vous-même une visite', 'Poser votre candidature', 'Documents par e-mail'])
      expect(soldPage).not.toContain(title);
    // No documents: no form asking for them.
    expect(await forms(noDocuments.ID)).toEqual(['contact-appointment', 'contact-me', 'purchase-offer', 'send-to-friend']);
  });

  it('refuses a booking, an offer or an application for a sold or let property, and documents where there are none, with a sentence at the field', async () => {
    const before = leads(srv.dataDir).submissions.length;
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ['contact-appointment', { slot: '2030-01-07T10:00', propertyId: sold.ID }, "Ce bien est vendu : il n'est plus possible de réserver une visite."],
      ['contact-appointment', { slot: '2030-01-07T10:00', propertyId: rented.ID }, "Ce bien est loué : il n'est plus possible de réserver une visite."],
      ['purchase-offer', { offeredPrice: 250000, propertyId: sold.ID }, "Ce bien ne peut plus faire l'objet d'une offre"],
      [
        'rental-application',
        {
          propertyId: rented.ID,
          monthlyIncome: 9000,
          persons: 1,
          confirmIncome: true,
          confirmPersons: true,
          confirmDescription: true,
          confirmPayment: true,
        },
        'Ce bien ne peut plus recevoir de candidature locative',
      ],
      ['document-request', { propertyId: noDocuments.ID }, "Il n'y a pas de documents pour ce bien."],
    ];
    for (const [kind, fields, message] of cases) {
      const r = await post(kind, { ...visitor(`refused.${kind}@example.be`), ...fields });
      expect(r.status, kind).toBe(422);
      expect((await r.json()).errors, kind).toContainEqual({ field: 'propertyId', message });
    }
    // The same in Dutch for a visitor writing in Dutch.
    const nl = await post('contact-appointment', { ...visitor('geweigerd@example.be'), lang: 'nl', slot: '2030-01-07T10:00', propertyId: sold.ID }, '?lang=nl');
    expect((await nl.json()).errors).toContainEqual({ field: 'propertyId', message: 'Dit pand is verkocht: er kan geen bezoek meer geboekt worden.' });
    expect(leads(srv.dataDir).submissions.length).toBe(before);
  });

  it("mails the agency wholly in its language (the property's title in Dutch), the visitor in theirs, phones grouped, documents listed", async () => {
    const titleNl = /<h1>([^<]*)<\/h1>/.exec(await page(forSale.ID, 'nl'))![1];
    const titleFr = /<h1>([^<]*)<\/h1>/.exec(await page(forSale.ID, 'fr'))![1];
    expect(titleNl).not.toBe(titleFr);
    const r = await post('document-request', { ...visitor(`docs.${Date.now()}@example.be`), propertyId: forSale.ID });
    expect(r.status).toBe(201);
    const { id } = await r.json();
    await until(() => smtp.received.filter((m) => m.messageId?.startsWith(`<${id}`)).length === 2);
    const agency = smtp.received.find((m) => m.messageId === `<${id}-agency@www.atrium-immo.be>`)!;
    const mine = smtp.received.find((m) => m.messageId === `<${id}-visitor@www.atrium-immo.be>`)!;
    expect(agency.text).toContain(`Pand: ${titleNl}`);
    expect(agency.text).not.toContain(titleFr);
    expect(agency.html).toContain(titleNl);
    expect(agency.text).toContain('/nl/kopen/');
    expect(agency.text).toMatch(/Telefoonnummer: 0470 12 34 56/);
    expect(agency.text).not.toContain('0470/12.34.56');
    // The visitor's confirmation: French, their title, the documents themselves.
    expect(mine.text).toContain(titleFr);
    expect(mine.text).toContain('/fr/acheter/');
    // A receipt: nothing typed comes back (issue 40), the documents do.
    expect(mine.text).not.toContain('0470');
    expect(mine.text).toContain('Votre demande : Demande de documents');
    const docs = (forSale as Doc).Documents as Array<{ Name: string }>;
    for (const d of docs) expect(mine.text).toContain(d.Name);
    expect(mine.text).not.toMatch(/Aucun document|No documents|Geen documenten/);
  });
});

describe('the language of the form API', () => {
  it("answers by ?lang=, else Accept-Language, else the site's default — a rate limit too", async () => {
    const srv = await startTestServer({ formRate: { max: 1, windowMs: 60_000 } });
    try {
      const send = (query: string, headers: Record<string, string> = {}) =>
        fetch(`${srv.url}/api/forms/site-contact${query}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json', ...headers },
          body: JSON.stringify({ ...visitor('limit@example.be'), message: 'Bonjour' }),
        });
      expect((await send('?lang=fr')).status).toBe(201);
      const answer = async (query: string, headers?: Record<string, string>) => {
        const r = await send(query, headers);
        expect(r.status).toBe(429);
        return (await r.json()).error as string;
      };
      const french = 'Vous avez envoyé beaucoup de formulaires en peu de temps. Veuillez réessayer dans quelques minutes.';
      const english = 'You have sent many forms in a short time. Please try again in a few minutes.';
      const dutch = 'U hebt op korte tijd veel formulieren verstuurd. Probeer het over enkele minuten opnieuw.';
      expect(await answer('', { 'accept-language': 'fr-BE,fr;q=0.9,en;q=0.5' })).toBe(french);
      expect(await answer('', { 'accept-language': 'en-GB,en;q=0.8' })).toBe(english);
      expect(await answer('?lang=en', { 'accept-language': 'fr-BE' })).toBe(english);
      // German is not enabled on this site, nor is Spanish: the next accepted language, else the default.
      expect(await answer('', { 'accept-language': 'de-DE,de;q=0.9,fr;q=0.5' })).toBe(french);
      expect(await answer('', { 'accept-language': 'es' })).toBe(dutch);
      expect(await answer('')).toBe(dutch);
      expect(leads(srv.dataDir).submissions.filter((s: { kind: string }) => s.kind === 'site-contact').length).toBe(1);
    } finally {
      await srv.close();
    }
  });
});
