// Logins slow down instead of locking (issue 40, point 4). The audit's probe: five wrong passwords
// from one address made the right one fail with 429 for 15 minutes from any address. Now the
// attempts are counted per account and address together: the real owner (or staff member) from
// their own address logs in at once while another address hammers the account; the hammering
// address waits longer and longer, then has to solve a captcha; one address failing on many
// accounts is still refused for a while.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { tempDir } from '../helpers/config.ts';
import { Client } from '../helpers/client.ts';
import { solveCaptcha } from '../helpers/captcha.ts';
import { OwnerAccounts, addOwner } from '../../server/auth/owner-accounts.ts';
import { StaffAccounts, addStaff } from '../../server/auth/staff-accounts.ts';
import { LOGIN_CAPTCHA_AFTER, LOGIN_FREE_FAILURES, LOGIN_MAX_FAILURES_PER_IP } from '../../shared/constants.ts';

// Behind one trusted proxy: each test's addresses are its own (the proxy's X-Forwarded-For).
const via = (ip: string) => ({ 'x-forwarded-for': ip });
let srv: Awaited<ReturnType<typeof startTestServer>>;
let run = 0;
const OWNER_PASSWORD = 'the right one, really';
const STAFF_PASSWORD = 'a long staff password';

/** A new owner and staff account for one test (retried tests get new ones). */
async function accounts() {
  const id = `${process.pid}-${++run}-${Date.now()}`;
  const owner = `owner.${id}@example.be`;
  const staff = `staff.${id}@atrium.example`;
  await addOwner(OwnerAccounts.inDataDir(srv.dataDir), { username: owner, password: OWNER_PASSWORD, lang: 'en' });
  await addStaff(StaffAccounts.inDataDir(srv.dataDir), { username: staff, password: STAFF_PASSWORD, role: 'editor' });
  return { owner, staff, net: `198.51.${run % 250}` };
}
const ownerLogin = (ip: string, username: string, password: string, extra: Record<string, string> = {}) =>
  new Client(srv.url, via(ip)).req('POST', '/api/owner/login', { username, password, lang: 'en', ...extra });
const staffLogin = (ip: string, username: string, password: string, extra: Record<string, string> = {}) =>
  new Client(srv.url, via(ip)).req('POST', '/api/admin/login', { username, password, ...extra });

/** Tries until the address's wait on the account is over (a refused try is not counted), then gives that answer. */
async function whenWaited(send: () => Promise<{ status: number; json: any; headers: Headers }>) {
  const deadline = Date.now() + 70_000;
  for (;;) {
    const r = await send();
    if (r.status !== 429 || !r.json?.wait) return r;
    if (Date.now() > deadline) throw new Error('the wait never ended');
    await new Promise((ok) => setTimeout(ok, 100));
  }
}

beforeAll(async () => {
  srv = await startTestServer({ dataDir: tempDir('login-throttle-'), trustProxy: 1 });
});
afterAll(() => srv?.close());

describe('an attack on one account from another address', () => {
  it('leaves the owner and the staff member logging in at once from their own address', async () => {
    const { owner, staff, net } = await accounts();
    const attacker = `${net}.66`;
    const attack = async (login: typeof ownerLogin, username: string) => {
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push((await login(attacker, username, `guess ${i}`)).status);
      return statuses;
    };
    for (const [login, username, password] of [
      [ownerLogin, owner, OWNER_PASSWORD],
      [staffLogin, staff, STAFF_PASSWORD],
    ] as const) {
      const statuses = await attack(login, username);
      // The attacker's first tries are checked; then it is made to wait (429), never let through.
      expect(statuses.slice(0, LOGIN_FREE_FAILURES + 2)).toEqual([...Array(LOGIN_FREE_FAILURES).fill(401), 429, 429]);
      expect(statuses.filter((s) => s !== 429 && s !== 401)).toEqual([]);
      // Even the right password from the attacker's address waits.
      const there = await login(attacker, username, password);
      expect(there.status).toBe(429);
      expect(Number(there.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    }
    // Meanwhile (before: 429 for 15 minutes, from any address), the real people log in at once.
    const mine = await ownerLogin(`${net}.7`, owner, OWNER_PASSWORD);
    expect(mine.status).toBe(200);
    expect(mine.headers.getSetCookie().some((c) => c.startsWith('vitrine.owner='))).toBe(true);
    const me = await staffLogin(`${net}.8`, staff, STAFF_PASSWORD);
    expect(me.status).toBe(200);
    expect(me.json.csrf).toBeTruthy();
  }, 60_000);
});

describe('a burst from one address', () => {
  it('holds one place at the password gate at most: the owner logging in meanwhile is checked, not told the server is busy', async () => {
    const { owner, net } = await accounts();
    const attacker = `${net}.30`;
    const burst = Promise.all(Array.from({ length: 8 }, (_, i) => ownerLogin(attacker, owner, `burst ${i}`)));
    const mine = await ownerLogin(`${net}.31`, owner, OWNER_PASSWORD);
    expect(mine.status).toBe(200);
    const answers = (await burst).map((r) => r.status);
    // One checked at a time: the others are told to wait (no hash for them, no place taken).
    expect(answers.filter((s) => s === 503)).toEqual([]);
    expect(answers.filter((s) => s === 429).length).toBeGreaterThan(0);
  }, 60_000);
});

describe('one address failing on one account', () => {
  it('waits longer after each failure, then is asked a captcha as well; the right password with it logs in', async () => {
    const { owner, net } = await accounts();
    const ip = `${net}.9`;
    for (let i = 0; i < LOGIN_FREE_FAILURES; i++) expect((await ownerLogin(ip, owner, `wrong ${i}`)).status).toBe(401);
    const waits: string[] = [];
    let failures = LOGIN_FREE_FAILURES;
    let last = { status: 0, json: {} as any, headers: new Headers() };
    while (failures < LOGIN_CAPTCHA_AFTER) {
      const early = await ownerLogin(ip, owner, 'too soon');
      expect(early.status).toBe(429);
      expect(early.json.error).toMatch(/^Several logins failed: please wait \d+ seconds? and try again\.$/);
      waits.push(early.headers.get('retry-after')!);
      last = await whenWaited(() => ownerLogin(ip, owner, `wrong ${failures}`));
      expect(last.status).toBe(401);
      failures++;
    }
    expect(waits).toEqual(['1', '2']);
    // The failure that reached the captcha's count says so: the login form shows the image.
    expect(last.json.captcha).toBe(true);
    // Without the captcha, even the right password is not checked; with a wrong one neither.
    const bare = await whenWaited(() => ownerLogin(ip, owner, OWNER_PASSWORD));
    expect(bare.status).toBe(401);
    expect(bare.json).toMatchObject({ captcha: true, field: 'captcha', message: 'Several logins failed: type the characters of the image as well.' });
    const { captchaToken } = await solveCaptcha(srv.url, srv.dataDir);
    const typo = await whenWaited(() => ownerLogin(ip, owner, OWNER_PASSWORD, { captchaToken, captcha: 'XXXXX' }));
    expect(typo.json.message).toBe('The characters typed are not those of the image: type those of the new image.');
    const solved = await solveCaptcha(srv.url, srv.dataDir);
    const ok = await whenWaited(() => ownerLogin(ip, owner, OWNER_PASSWORD, solved));
    expect(ok.status).toBe(200);
    // Logged in: this address starts afresh on the account.
    expect((await ownerLogin(ip, owner, 'wrong again')).status).toBe(401);
    expect((await ownerLogin(ip, owner, OWNER_PASSWORD)).status).toBe(200);
  }, 90_000);
});

describe('one address failing on many accounts', () => {
  it('is refused for a while on every account; another address is not', async () => {
    const { owner, net } = await accounts();
    const ip = `${net}.20`;
    for (let i = 0; i < LOGIN_MAX_FAILURES_PER_IP; i++) expect((await ownerLogin(ip, `guess${i}.${net}@example.be`, 'password')).status).toBe(401);
    const r = await ownerLogin(ip, owner, OWNER_PASSWORD);
    expect(r.status).toBe(429);
    expect(r.json.error).toBe('Too many failed attempts. Please wait a few minutes and try again.');
    expect((await ownerLogin(`${net}.21`, owner, OWNER_PASSWORD)).status).toBe(200);
  }, 120_000);
});
