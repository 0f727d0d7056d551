import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer } from '../helpers/server.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { Client as HttpClient } from '../helpers/client.ts';
import { siteConfigDir, tempDir } from '../helpers/config.ts';
import { OwnerAccounts, addOwner } from '../../server/auth/owner-accounts.ts';
import { sampleListings, importListingsFile } from '../helpers/listings.ts';
import { dayOf } from '../../server/portal/view-stats.ts';
import { FORM_MIN_FILL_MS, LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP, RESET_TOKEN_TTL_MS } from '../../shared/constants.ts';
import { fillToken } from '../helpers/fill-token.ts';

const sample = (await sampleListings()) as unknown as { properties: Array<Record<string, unknown>> };
const idsOf = (ref: string) => [...new Set(sample.properties.filter((p) => p.OwnerRef === ref).map((p) => p.ID as number))].sort((a, b) => a - b);

let srv: Awaited<ReturnType<typeof startTestServer>>;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let accounts: OwnerAccounts;
const mine = idsOf('owner-001');
const theirs = idsOf('owner-002');

/** An owner's browser. */
class Client extends HttpClient {
  constructor(headers: Record<string, string> = {}) {
    super(srv.url, headers);
  }
  login(username: string, password: string, lang = 'fr') {
    return this.req('POST', '/api/owner/login', { username, password, lang });
  }
}

beforeAll(async () => {
  smtp = await startSmtp();
  const dataDir = tempDir('portal-');
  srv = await startTestServer({ dataDir, smtpUrl: smtp.url });
  // Accounts are added the way `npm run owners -- add` does, into the running server's data folder.
  accounts = OwnerAccounts.inDataDir(dataDir);
  await addOwner(accounts, { username: 'Marie.Dubois@example.be', password: 'correct horse battery', lang: 'fr', ref: 'owner-001' });
  await addOwner(accounts, { username: 'jan.peeters@example.be', password: 'another long secret', lang: 'nl', ref: 'owner-002' });
}, 60_000);
afterAll(async () => {
  await srv?.close();
  await smtp?.close();
});

describe('owner login', () => {
  it('says which field is missing, in French', async () => {
    const r = await new Client().login('marie.dubois@example.be', '');
    expect(r.status).toBe(422);
    expect(r.json.errors).toEqual([{ field: 'password', message: 'Le mot de passe est un champ obligatoire' }]);
    const en = await new Client().login('', '', 'en');
    expect(en.json.errors.map((e: { message: string }) => e.message)).toEqual(['email address is a required field', 'Password is a required field']);
  });

  it('answers a wrong password and an unknown account the same way, and sets no cookie', async () => {
    const wrong = await new Client().login('marie.dubois@example.be', 'not the password', 'en');
    const unknown = await new Client().login('nobody@example.be', 'not the password', 'en');
    for (const r of [wrong, unknown]) {
      expect(r.status).toBe(401);
      expect(r.json).toEqual({ error: 'Login failed', message: 'The username or password are not correct.' });
      expect(r.headers.getSetCookie()).toEqual([]);
    }
    const fr = await new Client().login('marie.dubois@example.be', 'nope');
    expect(fr.json.message).toBe("Le nom d'utilisateur ou le mot de passe n'est pas correct.");
  });

  it('logs in with the right password, lists the two properties of the owner, and tells the agency', async () => {
    const c = new Client();
    const r = await c.login('MARIE.DUBOIS@example.be', 'correct horse battery');
    expect(r.status).toBe(200);
    const cookie = r.headers.getSetCookie().find((x) => x.startsWith('vitrine.owner='))!;
    expect(cookie).toMatch(/httponly/i);
    expect(cookie).toMatch(/samesite=lax/i);
    expect(cookie).not.toMatch(/secure/i); // plain HTTP here; behind TLS it is Secure (test below)
    const me = await c.req('GET', '/api/owner/me?lang=fr');
    expect(me.json.properties.map((p: { id: number }) => p.id)).toEqual(mine);
    expect(mine).toHaveLength(2);
    await expect
      .poll(() => smtp.received.some((m) => m.subject === 'Eigenaar ingelogd: marie.dubois@example.be' || /marie\.dubois@example\.be/.test(m.subject ?? '')), {
        timeout: 10_000,
      })
      .toBe(true);
  });

  it('marks the cookie Secure behind a trusted TLS proxy (X-Forwarded-Proto), and only then', async () => {
    // Not trusted here (TRUST_PROXY off): the header alone must not change anything.
    const plain = await new Client({ 'x-forwarded-proto': 'https' }).login('marie.dubois@example.be', 'correct horse battery');
    expect(plain.headers.getSetCookie().join()).not.toMatch(/secure/i);
    const dataDir = tempDir('proxied-');
    await addOwner(OwnerAccounts.inDataDir(dataDir), { username: 'marie.dubois@example.be', password: 'correct horse battery', lang: 'fr' });
    const proxied = await startTestServer({ dataDir, trustProxy: 1 });
    try {
      const r = await fetch(`${proxied.url}/api/owner/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-proto': 'https' },
        body: JSON.stringify({ username: 'marie.dubois@example.be', password: 'correct horse battery', lang: 'fr' }),
      });
      expect(r.status).toBe(200);
      expect(r.headers.getSetCookie().find((c) => c.startsWith('vitrine.owner='))).toMatch(/;\s*secure/i);
    } finally {
      await proxied.close();
    }
  });

  it('gives a new session id at login, so that a planted id is worth nothing (fixation)', async () => {
    const c = new Client();
    c.cookie = 'vitrine.owner=attacker-chosen-id';
    await c.login('marie.dubois@example.be', 'correct horse battery');
    expect(c.cookie).toMatch(/^vitrine\.owner=/);
    expect(c.cookie).not.toContain('attacker-chosen-id');
    const attacker = new Client();
    attacker.cookie = 'vitrine.owner=attacker-chosen-id';
    expect((await attacker.req('GET', '/api/owner/me')).json).toEqual({ loggedIn: false });
    // A logged-in owner logging in again also gets a new id.
    const before = c.cookie;
    await c.login('marie.dubois@example.be', 'correct horse battery');
    expect(c.cookie).not.toBe(before);
    const old = new Client();
    old.cookie = before;
    expect((await old.req('GET', '/api/owner/me')).json).toEqual({ loggedIn: false });
  });

  it('logout ends the session on the server: the old cookie no longer works', async () => {
    const c = new Client();
    await c.login('marie.dubois@example.be', 'correct horse battery');
    const stolen = c.cookie;
    expect((await c.req('GET', '/api/owner/me')).json.loggedIn).toBe(true);
    expect((await c.req('POST', '/api/owner/logout')).status).toBe(200);
    const replay = new Client();
    replay.cookie = stolen;
    expect((await replay.req('GET', '/api/owner/me')).json).toEqual({ loggedIn: false });
    const r = await replay.req('GET', `/api/owner/properties/${mine[0]}?lang=en`);
    expect(r.status).toBe(401);
    expect(r.json.error).toBe('Your session has ended. Please log in again.');
  });

  it('refuses a login posted from another site', async () => {
    const r = await new Client().req(
      'POST',
      '/api/owner/login',
      { username: 'marie.dubois@example.be', password: 'correct horse battery', lang: 'fr' },
      { origin: 'https://evil.example' },
    );
    expect(r.status).toBe(403);
  });

  it('throttles an account after repeated failures (429 with a message), even with the right password', async () => {
    await addOwner(accounts, { username: 'throttled@example.be', password: 'the right one!', lang: 'en' });
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_ACCOUNT; i++) expect((await new Client().login('throttled@example.be', `wrong ${i}`, 'en')).status).toBe(401);
    const r = await new Client().login('throttled@example.be', 'the right one!', 'en');
    expect(r.status).toBe(429);
    expect(r.json.error).toBe('Too many failed attempts. Please wait a few minutes and try again.');
    expect(r.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('throttles an IP address that tries many accounts', async () => {
    // Its own server: every test here comes from 127.0.0.1, and this one uses up the address's allowance.
    const dataDir = tempDir('ip-');
    await addOwner(OwnerAccounts.inDataDir(dataDir), { username: 'real@example.be', password: 'real password 1', lang: 'en' });
    const own = await startTestServer({ dataDir });
    try {
      const login = (username: string, password: string) =>
        fetch(`${own.url}/api/owner/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username, password, lang: 'en' }),
        });
      const statuses = [];
      for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i++) statuses.push((await login(`guess${i}@example.be`, 'password')).status);
      expect(new Set(statuses)).toEqual(new Set([401]));
      const r = await login('real@example.be', 'real password 1');
      expect(r.status).toBe(429);
      expect((await r.json()).error).toBe('Too many failed attempts. Please wait a few minutes and try again.');
    } finally {
      await own.close();
    }
  }, 60_000);

  it('sets no cookie on public pages, also for a logged-in owner', async () => {
    const c = new Client();
    await c.login('marie.dubois@example.be', 'correct horse battery');
    const before = c.cookie;
    for (const path of ['/fr/login/', '/fr/', '/fr/acheter/']) {
      const r = await c.req('GET', path);
      expect(r.headers.getSetCookie(), path).toEqual([]);
    }
    expect(c.cookie).toBe(before);
  });
});

describe('ownership', () => {
  it("answers 404 for another owner's property, by API and by the portal page's data", async () => {
    const c = new Client();
    await c.login('marie.dubois@example.be', 'correct horse battery');
    expect((await c.req('GET', `/api/owner/properties/${mine[0]}?lang=fr`)).status).toBe(200);
    for (const path of [
      `/api/owner/properties/${theirs[0]}?lang=fr`,
      `/api/owner/properties/${theirs[0]}/communications`,
      '/api/owner/properties/999999999',
      '/api/owner/properties/abc',
    ]) {
      const r = await c.req('GET', path);
      expect(r.status, path).toBe(404);
    }
    expect((await c.req('GET', `/api/owner/properties/${theirs[0]}?lang=fr`)).json.error).toBe('Bien introuvable');
    expect((await new Client().req('GET', `/api/owner/properties/${mine[0]}`)).status).toBe(401);
    // The portal page is the same for everyone: no owner's data is in its HTML.
    const html = (await c.req('GET', '/fr/login/')).text;
    expect(html).toContain('data-form="owner-login"');
    expect(html).not.toContain('marie.dubois');
  });

  it('rejects a bad page number with a 400 naming the field', async () => {
    const c = new Client();
    await c.login('marie.dubois@example.be', 'correct horse battery');
    const r = await c.req('GET', `/api/owner/properties/${mine[0]}/communications?page=zero`);
    expect(r.status).toBe(400);
    expect(r.json.field).toBe('page');
  });
});

describe('figures', () => {
  it('counts N real views of a property page as N, and nothing for bots, prefetches and the owner', async () => {
    const owner = new Client();
    await owner.login('marie.dubois@example.be', 'correct horse battery');
    const id = mine[1];
    const total = async () => (await owner.req('GET', `/api/owner/properties/${id}?lang=fr`)).json.counters;
    const before = await total();
    const me = await owner.req('GET', '/api/owner/me?lang=fr');
    const path = me.json.properties.find((p: { id: number }) => p.id === id).path as string;
    const visitor = new Client();
    const N = 7;
    for (let i = 0; i < N; i++) expect((await visitor.req('GET', path)).status).toBe(200); // the first renders, the others come from the page cache
    await visitor.req('GET', path, undefined, { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' });
    await visitor.req('GET', path, undefined, { 'sec-purpose': 'prefetch' });
    await visitor.req('GET', path, undefined, { purpose: 'prefetch' });
    await owner.req('GET', path); // the owner looking at their own page
    await visitor.req('GET', path.replace(/\/$/, '')); // a redirect, not a view
    const after = await total();
    expect(after.today - before.today).toBe(N);
    expect(after.total - before.total).toBe(N);
    const figures = (await owner.req('GET', `/api/owner/properties/${id}?lang=fr`)).json;
    const site = figures.chart.series.find((s: { source: string }) => s.source === 'site');
    expect(site.points.at(-1)).toEqual({ date: dayOf(), visits: after.today });
    expect(figures.visits.items[0]).toEqual({ date: dayOf(), visits: after.today });
  });

  it('shows portal figures and online media from the listing import, and the requests sent about the property', async () => {
    const id = mine[0];
    const today = dayOf();
    const day = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    const data = JSON.parse(JSON.stringify(sample));
    for (const p of data.properties) {
      if (p.ID === id)
        p.PortalStats = [
          {
            Source: 'Immoweb',
            Url: 'https://www.immoweb.be/fr/annonce/1',
            Visits: [
              { Date: today, Count: 12 },
              { Date: day(1), Count: 30 },
              { Date: day(40), Count: 100 },
            ],
          },
          { Source: 'Zimmo', Url: 'https://www.zimmo.be/fr/1' },
        ];
    }
    const file = join(tempDir('import-'), 'listings.json');
    writeFileSync(file, JSON.stringify(data));
    expect((await importListingsFile(file, srv.dataDir)).result).toBe('accepted');
    // A visit booked through the site's appointment form, then a request through the contact form.
    const { slots } = (await new Client().req('GET', '/api/appointments')).json;
    const booking = await new Client().req('POST', '/api/forms/contact-appointment', {
      lang: 'fr',
      formToken: fillToken(),
      website: '',
      firstName: 'Camille',
      lastName: 'Dupont',
      email: 'camille.dupont@example.be',
      phone: '0470 12 34 56',
      slot: slots[0],
      propertyId: id,
    });
    expect(booking.status).toBe(201);
    const form = await new Client().req('POST', '/api/forms/contact-me', {
      lang: 'fr',
      formToken: fillToken(),
      website: '',
      title: 'ms',
      firstName: 'Camille',
      lastName: 'Dupont',
      email: 'camille.dupont@example.be',
      phone: '0470 12 34 56',
      message: 'Visite possible samedi ?\nMerci',
      newsletter: false,
      propertyId: id,
      request: 'visit',
      timeSlots: ['10:00-13:00'],
      preference: 'phone',
    });
    expect(form.status).toBe(201);
    const c = new Client();
    await c.login('marie.dubois@example.be', 'correct horse battery');
    // The server notices the new import within seconds.
    await expect
      .poll(async () => (await c.req('GET', `/api/owner/properties/${id}?lang=fr`)).json.chart.series.some((s: { source: string }) => s.source === 'Immoweb'), {
        timeout: 10_000,
      })
      .toBe(true);
    const f = (await c.req('GET', `/api/owner/properties/${id}?lang=fr`)).json;
    expect(f.media).toEqual([
      { source: 'Immoweb', url: 'https://www.immoweb.be/fr/annonce/1' },
      { source: 'Zimmo', url: 'https://www.zimmo.be/fr/1' },
    ]);
    const immoweb = f.chart.series.find((s: { source: string }) => s.source === 'Immoweb');
    expect(immoweb.points).toHaveLength(30);
    expect(immoweb.points.at(-1)).toEqual({ date: today, visits: 12 });
    expect(immoweb.points.at(-2)).toEqual({ date: day(1), visits: 30 });
    expect(f.counters.total).toBeGreaterThanOrEqual(142);
    expect(f.counters.today).toBeGreaterThanOrEqual(12);
    expect(f.communications.items[0]).toMatchObject({ type: 'contact-me', subject: 'Visite possible samedi ?', status: 'new' });
    expect(f.communications.items[1]).toMatchObject({ type: 'contact-appointment', subject: slots[0].replace('T', ' ') });
    expect(f.calendar.items).toContainEqual({ start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00\.000Z$/), status: 'confirmed' });
    expect(JSON.stringify(f)).not.toContain('camille.dupont@example.be'); // no visitor's personal data
  });

  it('lists the booked visits (appointments) of the property, latest first, with paging', async () => {
    const dataDir = tempDir('calendar-');
    const id = mine[0];
    const submissions = Array.from({ length: 12 }, (_, i) => ({
      id: `a${i}`,
      kind: 'contact-appointment',
      lang: 'fr',
      createdAt: `2026-11-${String(i + 1).padStart(2, '0')}T09:00:00.000Z`,
      page: null,
      propertyId: id,
      fields: { slot: `2026-12-${String(i + 1).padStart(2, '0')}T10:00:00.000Z` },
      status: 'new',
      appointment: { start: `2026-12-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`, status: 'confirmed' },
    }));
    submissions.push({ ...submissions[0], id: 'other', propertyId: theirs[0] });
    writeFileSync(join(dataDir, 'leads.json'), JSON.stringify({ submissions, outbox: [] }));
    const other = await startTestServer({ dataDir });
    try {
      await addOwner(OwnerAccounts.inDataDir(dataDir), {
        username: 'marie.dubois@example.be',
        password: 'correct horse battery',
        lang: 'fr',
        ref: 'owner-001',
      });
      const c = new Client();
      const r = await fetch(`${other.url}/api/owner/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'marie.dubois@example.be', password: 'correct horse battery', lang: 'fr' }),
      });
      c.cookie = r.headers.getSetCookie()[0].split(';')[0];
      const get = async (path: string) => (await fetch(other.url + path, { headers: { cookie: c.cookie } })).json();
      const f = await get(`/api/owner/properties/${id}?lang=fr`);
      // The shipped sample says where the owners' properties are published (online media).
      expect(f.media.slice(0, 2)).toEqual([
        { source: 'Immoweb', url: `https://www.immoweb.be/fr/annonce/${id}` },
        { source: 'Zimmo', url: `https://www.zimmo.be/fr/pand/${id}` },
      ]);
      expect(f.calendar.total).toBe(12);
      expect(f.calendar.pages).toBe(2);
      expect(f.calendar.items[0]).toEqual({ start: '2026-12-12T10:00:00.000Z', status: 'confirmed' });
      expect(f.communications.items[0]).toMatchObject({ date: '2026-11-12T09:00:00.000Z', type: 'contact-appointment', status: 'new' });
      const page2 = await get(`/api/owner/properties/${id}/calendar?page=2`);
      expect(page2.items.map((a: { start: string }) => a.start)).toEqual(['2026-12-02T10:00:00.000Z', '2026-12-01T10:00:00.000Z']);
    } finally {
      await other.close();
    }
  });
});

describe('forgotten password', () => {
  const linkOf = (text: string) => /(http\S+#reset=([\w-]+))/.exec(text)!;

  it('mails a link in the owner language, sets the new password once, ends other sessions, and the old password stops working', async () => {
    await addOwner(accounts, { username: 'luc.martin@example.be', password: 'old password 123', lang: 'nl', propertyIds: [mine[0]] });
    const elsewhere = new Client();
    expect((await elsewhere.login('luc.martin@example.be', 'old password 123')).status).toBe(200);
    const unknown = await new Client().req('POST', '/api/owner/password/forgot', { email: 'ghost@example.be', lang: 'fr' });
    const r = await new Client().req('POST', '/api/owner/password/forgot', { email: 'Luc.Martin@example.be', lang: 'fr' });
    expect(r.status).toBe(200);
    expect(unknown.json).toEqual(r.json); // the same answer whether the account exists or not
    await expect.poll(() => smtp.received.filter((m) => m.to && JSON.stringify(m.to).includes('luc.martin@example.be')).length, { timeout: 10_000 }).toBe(1);
    const mail = smtp.received.find((m) => JSON.stringify(m.to).includes('luc.martin@example.be'))!;
    expect(mail.subject).toBe('Kies een nieuw wachtwoord – Atrium Immo'); // the owner's language
    const [, link, token] = linkOf(mail.text!);
    expect(new URL(link).pathname).toBe('/nl/login/');
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(readFileSync(join(srv.dataDir, 'owners.json'), 'utf8')).not.toContain(token); // stored hashed

    const mismatch = await new Client().req('POST', '/api/owner/password/reset', {
      token,
      password: 'brand new secret',
      confirm: 'brand new secreT',
      lang: 'en',
    });
    expect(mismatch.status).toBe(422);
    expect(mismatch.json.errors).toEqual([{ field: 'confirm', message: 'The passwords must match' }]);
    const noConfirm = await new Client().req('POST', '/api/owner/password/reset', { token, password: 'brand new secret', lang: 'en' });
    expect(noConfirm.json.errors).toEqual([{ field: 'confirm', message: 'Please confirm the password' }]);

    const ok = await new Client().req('POST', '/api/owner/password/reset', { token, password: 'brand new secret', confirm: 'brand new secret', lang: 'nl' });
    expect(ok.status).toBe(200);
    expect((await elsewhere.req('GET', '/api/owner/me')).json).toEqual({ loggedIn: false }); // other sessions ended
    expect((await new Client().login('luc.martin@example.be', 'old password 123')).status).toBe(401);
    expect((await new Client().login('luc.martin@example.be', 'brand new secret')).status).toBe(200);
    await expect.poll(() => smtp.received.some((m) => m.subject === 'Uw wachtwoord is gewijzigd – Atrium Immo'), { timeout: 10_000 }).toBe(true);

    const again = await new Client().req('POST', '/api/owner/password/reset', { token, password: 'third password!', confirm: 'third password!', lang: 'en' });
    expect(again.status).toBe(400);
    expect(again.json).toEqual({ error: 'This link is no longer valid. Ask for a new one.', field: 'token' });
  });

  it('rejects an expired link', async () => {
    await addOwner(accounts, { username: 'late@example.be', password: 'late password 1', lang: 'en' });
    await new Client().req('POST', '/api/owner/password/forgot', { email: 'late@example.be', lang: 'en' });
    await expect.poll(() => smtp.received.some((m) => JSON.stringify(m.to).includes('late@example.be')), { timeout: 10_000 }).toBe(true);
    const [, , token] = linkOf(smtp.received.find((m) => JSON.stringify(m.to).includes('late@example.be'))!.text!);
    // The clock moves past the expiry: written as the stored deadline having passed.
    const late = (await accounts.byUsername('late@example.be'))!;
    await accounts.update(late.id, (o) => void (o.reset!.expiresAt = Date.now() - 1));
    expect(RESET_TOKEN_TTL_MS).toBeGreaterThan(0);
    const r = await new Client().req('POST', '/api/owner/password/reset', { token, password: 'new password 22', confirm: 'new password 22', lang: 'en' });
    expect(r.status).toBe(400);
    expect((await new Client().login('late@example.be', 'late password 1', 'en')).status).toBe(200);
  });
});
