// Issue 39, point 3 on a real server: a price drop seen across two imports on the cards and the detail
// page with its price per m²; "save this search" posted from a list as the page draws it, stored with the
// list's filters, and its alert mail for a new property that matches.
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { tempDir } from '../helpers/config.ts';
import { fillToken } from '../helpers/fill-token.ts';
import { captchaAnswer } from '../helpers/captcha.ts';
import { leads, sample, until } from '../helpers/forms.ts';
import { importListingsData, rawSample } from '../helpers/listings.ts';

const waitFor = async (cond: () => Promise<boolean>, ms = 10_000) => {
  const t0 = Date.now();
  while (!(await cond())) {
    if (Date.now() - t0 > ms) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 100));
  }
};
const card = (html: string, id: number) => new RegExp(`<article class="property-card" data-property-id="${id}">[\\s\\S]*?</article>`).exec(html)?.[0] ?? '';
const text = (html: string) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ');

describe('price drops', () => {
  it('shows "price lowered" with the price before on the card and the detail page after an import lowers it, with the price per m²', async () => {
    const dataDir = tempDir('price-drop-');
    const feed = (price: number) => {
      const raw = rawSample();
      raw.properties = raw.properties.map((p) => (p.ID === 1001 ? { ...p, Price: price } : p));
      return raw;
    };
    expect((await importListingsData(feed(274000), dataDir)).result).toBe('accepted');
    const srv = await startTestServer({ dataDir });
    try {
      const list = `${srv.url}/nl/kopen/?q=VK/2025/0001`;
      const before = await (await fetch(list)).text();
      expect(text(card(before, 1001))).toContain('€ 274.000');
      expect(text(card(before, 1001))).toContain('€ 3.186/m²'); // 274.000 / 86 m²
      expect(card(before, 1001)).not.toContain('Prijs verlaagd');
      expect((await importListingsData(feed(259000), dataDir)).result).toBe('accepted');
      await waitFor(async () => text(card(await (await fetch(list)).text(), 1001)).includes('€ 259.000'));
      const after = text(card(await (await fetch(list)).text(), 1001));
      expect(after).toContain('Prijs verlaagd Vorige prijs: € 274.000');
      expect(after).toContain('€ 3.012/m²');
      const fr = text(card(await (await fetch(`${srv.url}/fr/acheter/?q=VK/2025/0001`)).text(), 1001));
      expect(fr).toContain('Prix baissé Prix précédent : € 274.000');
      const page = text(await (await fetch(`${srv.url}/nl/kopen/schaarbeek/ruim-appartement-met-2-slaapkamers/1001/`)).text());
      expect(page).toMatch(/€ 259\.000Prijs verlaagd op \d\d-\d\d-\d{4} Vorige prijs: € 274\.000€ 3\.012\/m² bewoonbare oppervlakte/);
      // The price up again: no badge any more.
      expect((await importListingsData(feed(262000), dataDir)).result).toBe('accepted');
      await waitFor(async () => text(card(await (await fetch(list)).text(), 1001)).includes('€ 262.000'));
      expect(card(await (await fetch(list)).text(), 1001)).not.toContain('Prijs verlaagd');
    } finally {
      await srv.close();
    }
  });
});

describe('save this search', () => {
  const hidden = (form: string) => [...form.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)"/g)].map((m) => [m[1], m[2]] as [string, string]);
  const formOf = (html: string) => /<form id="save-search"[\s\S]*?<\/form>/.exec(html)?.[0] ?? '';

  it('stores the list’s filters as a demand, names those it cannot hold, and mails a new property that matches', async () => {
    const smtp = await startSmtp();
    const dataDir = tempDir('save-search-');
    const srv = await startTestServer({ dataDir, smtpUrl: smtp.url, outboxRetryMs: 100 });
    try {
      const html = await (await fetch(`${srv.url}/nl/kopen/?type=3&city=1030&maxPrice=400000&bedrooms=2&minSurface=60`)).text();
      const form = formOf(html);
      expect(form).toContain('action="/api/forms/demand-register?lang=nl"');
      expect(html).toMatch(/<input type="hidden" name="formToken" form="save-search" value="[^"]+"/); // the fill-time token, also without JavaScript
      const fields = hidden(form);
      expect(fields).toEqual([
        ['lang', 'nl'],
        ['goal', 'sale'],
        ['types', '3'],
        ['cities', '1030'],
        ['maxPrice', '400000'],
        ['bedrooms', '2'],
      ]);
      expect(text(html)).toContain('Uw zoekopdracht zoekt: Te koop · Appartementen · Schaarbeek · tot € 400.000 · minstens 2 slaapkamers');
      expect(text(html)).toContain('Niet in de zoekopdracht (een zoekopdracht kan ze niet bewaren): minimale oppervlakte 60 m²');
      // Posted as the browser posts the form without JavaScript.
      const body = new URLSearchParams([
        ...fields,
        ['formToken', fillToken()],
        ['website', ''],
        ['firstName', 'Els'],
        ['lastName', 'Wouters'],
        ['email', 'els.wouters@example.be'],
      ]);
      const bad = await fetch(`${srv.url}/api/forms/demand-register?lang=nl`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: srv.url },
        body: new URLSearchParams([...body].filter(([k]) => k !== 'email')),
        redirect: 'manual',
      });
      expect(bad.status).toBe(422);
      expect(await bad.text()).toContain('E-mailadres is een verplicht veld');
      // Without JavaScript there is no proof of work (issue 40): one more step, the captcha, the demand carried along.
      const send = (b: URLSearchParams) =>
        fetch(`${srv.url}/api/forms/demand-register?lang=nl`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html', origin: srv.url },
          body: b,
          redirect: 'manual',
        });
      const step = await send(body);
      expect(step.status).toBe(422);
      const stepPage = await step.text();
      expect(stepPage).toContain('<h1>Nog één stap</h1>');
      expect(stepPage).toContain('Typ de tekens van de afbeelding om uw aanvraag te versturen.');
      expect(leads(dataDir).submissions.some((s) => s.kind === 'demand-register')).toBe(false);
      const carried = hidden(stepPage);
      for (const f of [...fields, ['email', 'els.wouters@example.be']]) expect(carried).toContainEqual(f);
      const token = carried.find(([k]) => k === 'captchaToken')![1];
      const r = await send(new URLSearchParams([...carried, ['captcha', captchaAnswer(dataDir, token)]]));
      expect(r.status).toBe(302);
      expect(r.headers.get('location')).toBe('/nl/bedankt/demand-register/');
      const stored = leads(dataDir).submissions.find((s) => s.kind === 'demand-register');
      expect(stored.fields).toMatchObject({ goal: 'sale', types: ['3'], cities: ['1030'], maxPrice: 400000, bedrooms: 2, email: 'els.wouters@example.be' });
      expect(stored.alert.active).toBe(true);
      // An import with a new apartment in Schaerbeek that matches, and one above the price.
      const data = structuredClone(sample);
      const base = data.properties.filter((p: { ID: number }) => p.ID === 1001);
      const make = (id: number, price: number) => base.map((p: object) => ({ ...p, ID: id, ProjectID: null, NumberOfBedRooms: 2, Price: price }));
      data.properties.push(...make(990101, 350000), ...make(990102, 450000));
      expect((await importListingsData(data, dataDir)).result).toBe('accepted');
      const subject = 'Een nieuw pand voor uw zoekopdracht';
      await until(() => smtp.received.some((m) => m.subject?.startsWith(subject)), 10_000);
      const alert = smtp.received.find((m) => m.subject?.startsWith(subject))!;
      expect(JSON.stringify(alert.to)).toContain('els.wouters@example.be');
      expect(alert.text).toContain('/990101/');
      expect(alert.text).not.toContain('/990102/');
    } finally {
      await srv.close();
      await smtp.close();
    }
  });

  it('is offered on "no results" too, with every type of the list when none was chosen', async () => {
    const srv = await startTestServer();
    try {
      const html = await (await fetch(`${srv.url}/fr/acheter/?city=1030&minPrice=90000000`)).text();
      expect(text(html)).toContain('Aucun résultat');
      expect(html).toMatch(/<details class="save-search" open="">/);
      const fields = hidden(formOf(html));
      expect(
        fields
          .filter(([k]) => k === 'types')
          .map(([, v]) => v)
          .sort(),
      ).toEqual(['1', '2', '3', '4', '5', '6', '7']);
      expect(fields).toContainEqual(['minPrice', '90000000']);
      expect(text(html)).toContain('Votre alerte recherche : À vendre · tous les types · Schaerbeek · à partir de € 90.000.000');
    } finally {
      await srv.close();
    }
  });
});
