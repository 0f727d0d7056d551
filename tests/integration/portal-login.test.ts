import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { tempDir } from '../helpers/config.ts';
import { OwnerAccounts, addOwner } from '../../server/auth/owner-accounts.ts';
import { mine, usePortalServer } from '../helpers/portal.ts';
import { LOGIN_FREE_FAILURES, LOGIN_MAX_FAILURES_PER_IP } from '../../shared/constants.ts';

const portal = usePortalServer();
const { Client } = portal;

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
      .poll(
        () => portal.smtp.received.some((m) => m.subject === 'Eigenaar ingelogd: marie.dubois@example.be' || /marie\.dubois@example\.be/.test(m.subject ?? '')),
        {
          timeout: 10_000,
        },
      )
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

  it('slows an account down after repeated failures from one address (429 with how long to wait), never for 15 minutes', async () => {
    await addOwner(portal.accounts, { username: 'throttled@example.be', password: 'the right one!', lang: 'en' });
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) expect((await new Client().login('throttled@example.be', `wrong ${i}`, 'en')).status).toBe(401);
    const r = await new Client().login('throttled@example.be', 'the right one!', 'en');
    expect(r.status).toBe(429);
    expect(r.json.error).toBe('Several logins failed: please wait 1 second and try again.');
    expect(r.headers.get('retry-after')).toBe('1');
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
