// The search alert's mails never show the stored codes (brussels, flanders, wallonia: SPEC §3
// demand region/zip/city, §9 regions; issue 39): the agency's mail names the regions and types in
// the agency's language (Dutch); the visitor's copy is the fixed receipt of issue 40, which repeats
// nothing the visitor sent, chosen or typed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { signedToken } from '../helpers/visitor.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let srv: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  smtp = await startSmtp();
  srv = await startTestServer({ smtpUrl: smtp.url, outboxRetryMs: 100 });
}, 60_000);
afterAll(async () => {
  await srv?.close();
  await smtp?.close();
});

describe('a search alert by region', () => {
  it.each([
    ['fr', 'Région de Bruxelles-Capitale, Région flamande', 'Appartement'],
    ['en', 'Brussels-Capital Region, Flemish Region', 'Apartment'],
  ])('in %s: the agency mail names the regions and types in Dutch; the receipt repeats none of them', async (lang, words, type) => {
    const email = `alert.${lang}.${Date.now()}@example.be`;
    const r = await fetch(`${srv.url}/api/forms/demand-register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify({
        lang,
        ...signedToken(), // the form token and the proof of work the page's script adds
        website: '',
        goal: 'sale',
        types: ['3'],
        firstName: 'Lina',
        lastName: 'Dubois',
        email,
        regions: ['brussels', 'flanders'],
        zips: '1180',
        minPrice: 250000,
        maxPrice: 400000,
      }),
    });
    expect(r.status).toBe(201);
    await expect
      .poll(() => smtp.received.filter((m) => JSON.stringify(m.to).includes(email) || (m.text ?? '').includes(email)).length, { timeout: 10_000 })
      .toBe(2);
    const mails = smtp.received.filter((m) => JSON.stringify(m.to).includes(email) || (m.text ?? '').includes(email));
    const visitor = mails.find((m) => JSON.stringify(m.to).includes(email))!;
    const agency = mails.find((m) => m !== visitor)!;
    for (const part of [visitor.text!, visitor.html!]) expect(part).not.toContain(words);
    for (const part of [agency.text!, agency.html!]) expect(part).toContain('Brussels Hoofdstedelijk Gewest, Vlaams Gewest');
    expect(visitor.text).not.toMatch(new RegExp(`: ${type}\\n`));
    expect(agency.text).toMatch(/: Appartement\n/);
    for (const m of mails) expect(m.text).not.toMatch(/: 3\n/);
    // Amounts read as amounts (shared/form-fields.ts: minPrice and maxPrice show as prices), not as bare numbers.
    expect(agency.text).toContain(': € 250.000\n');
    expect(agency.text).toContain(': € 400.000\n');
    expect(agency.text).not.toMatch(/: (250000|400000)\n/);
    for (const m of mails) expect(`${m.text}\n${m.html}`).not.toMatch(/\b(brussels|flanders)\b/);
  });
});

describe('the search alert page', () => {
  it.each([
    ['/nl/zoekopdracht/', /gewesten \(Brussel, Vlaanderen, Wallonië\), postcodes of gemeenten/],
    ['/fr/recherche/', /régions \(Bruxelles, Flandre, Wallonie\), des codes postaux ou des communes/],
    ['/en/register/', /regions \(Brussels, Flanders, Wallonia\), postcodes or municipalities/],
  ])('%s: its introduction offers regions, postcodes and municipalities, as the form does', async (path, offer) => {
    const r = await fetch(srv.url + path);
    expect(r.status).toBe(200);
    const html = await r.text();
    const main = html.indexOf('<main');
    const intro = html.slice(main, html.indexOf('<form', main));
    expect(intro).toMatch(offer);
    // Its mails carry a link to stop the alert, none to change it.
    expect(intro).not.toMatch(/aanpassen of stopzetten|modifier ou arrêter|change or stop/);
  });
});
