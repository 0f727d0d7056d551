// Issue 41, point 4: the server's log as an operator reads it. A real server writes its whole log
// (debug and up) to a stream; staff log in, an owner resets a forgotten password and logs in, a
// visitor sends a form and a testimonial with a captcha, pages are asked twice (the page cache's miss
// then hit). Then the whole log is searched for every secret the test used: none is there. Every
// answer named its request id, and the access lines carry those ids with the route kind, status
// and duration, without the query.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { startTestServer } from '../helpers/server.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { captureLog, type LogLine } from '../helpers/log.ts';
import { ApiClient } from '../helpers/admin-api.ts';
import { Client } from '../helpers/client.ts';
import { person } from '../helpers/visitor.ts';
import { forSale } from '../helpers/forms.ts';
import { solveCaptcha } from '../helpers/captcha.ts';
import { StaffAccounts, addStaff } from '../../server/auth/staff-accounts.ts';
import { OwnerAccounts, addOwner } from '../../server/auth/owner-accounts.ts';
import { REQUEST_ID_MAX } from '../../server/log/request-log.ts';

const unique = randomBytes(6).toString('hex');
const withoutPhone = ({ title: _t, phone: _p, ...rest }: ReturnType<typeof person>) => rest;
const log = captureLog();
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let srv: Awaited<ReturnType<typeof startTestServer>>;
/** Every value that must never be written, by what it is. */
const secrets: Record<string, string> = {};
/** The request id each answer named, by what was asked. */
const answered: Array<{ what: string; id: string | null; status: number }> = [];

const remember = (what: string, r: { status: number; headers: Headers }) => answered.push({ what, id: r.headers.get('x-request-id'), status: r.status });

beforeAll(async () => {
  smtp = await startSmtp();
  srv = await startTestServer({ smtpUrl: smtp.url, log: { stream: log.stream, level: 'debug' } });
}, 60_000);
afterAll(async () => {
  await srv?.close();
  await smtp?.close();
});

describe('the log', () => {
  it('holds no password, cookie, token, captcha answer, proof of work or form content, after a session of staff, an owner and a visitor', async () => {
    // Staff: a login with a known password, then a request with the session cookie and the anti-CSRF token.
    const staffPassword = `staff pass ${unique}`;
    await addStaff(StaffAccounts.inDataDir(srv.dataDir), { username: `eva.${unique}@atrium-immo.be`, password: staffPassword, role: 'editor' });
    const staff = await new ApiClient(srv.url).login(`eva.${unique}@atrium-immo.be`, staffPassword);
    secrets['staff password'] = staffPassword;
    secrets['staff session cookie'] = staff.cookie.split('=').slice(1).join('=').split(';')[0];
    secrets['anti-CSRF token'] = staff.csrf;
    expect(secrets['staff session cookie'].length).toBeGreaterThan(10);
    const docs = await staff.req('GET', '/api/admin/pages');
    expect(docs.status).toBe(200);
    remember('staff GET /api/admin/pages', docs);

    // An owner forgets the password: the mailed link's token, posted back with a new password; then a login.
    const ownerEmail = `owner.${unique}@example.be`;
    await addOwner(OwnerAccounts.inDataDir(srv.dataDir), { username: ownerEmail, password: `old owner pass ${unique}`, lang: 'nl', ref: 'owner-001' });
    const forgot = await new Client(srv.url).req('POST', '/api/owner/password/forgot', { email: ownerEmail, lang: 'nl' });
    expect(forgot.status).toBe(200);
    await expect.poll(() => smtp.received.filter((m) => JSON.stringify(m.to).includes(ownerEmail)).length, { timeout: 10_000 }).toBe(1);
    const mail = smtp.received.find((m) => JSON.stringify(m.to).includes(ownerEmail))!;
    const [, link, token] = /(http\S+#reset=([\w-]+))/.exec(mail.text!)!;
    secrets['reset token'] = token;
    // A browser never sends the fragment; a careless client might put the token in the query: neither is written.
    remember('the reset link', await fetch(srv.url + new URL(link).pathname + new URL(link).hash));
    remember('the reset link with its token in the query', await fetch(`${srv.url}/nl/login/?reset=${token}`));
    const newPassword = `new owner pass ${unique}`;
    secrets['owner password'] = newPassword;
    const reset = await new Client(srv.url).req('POST', '/api/owner/password/reset', { token, password: newPassword, confirm: newPassword, lang: 'nl' });
    expect(reset.status).toBe(200);
    const owner = new Client(srv.url);
    const login = await owner.req('POST', '/api/owner/login', { username: ownerEmail, password: newPassword, lang: 'nl' });
    expect(login.status).toBe(200);
    remember('owner login', login);
    secrets['owner session cookie'] = owner.cookie.split('=').slice(1).join('=');
    expect(secrets['owner session cookie'].length).toBeGreaterThan(10);
    // A wrong password is refused (a warning at most), and not written either.
    const wrong = `wrong owner pass ${unique}`;
    secrets['a wrong password'] = wrong;
    expect((await new Client(srv.url).req('POST', '/api/owner/login', { username: ownerEmail, password: wrong, lang: 'nl' })).status).toBe(401);

    // A visitor's contact request: the message and the e-mail address typed, the form's token and proof of work.
    const visitor = { ...person(), email: `visitor.${unique}@example.be`, message: `Marker ${unique}: I want to sell my house in Uccle.`, newsletter: false };
    Object.assign(secrets, {
      'form message': visitor.message,
      'visitor e-mail': visitor.email,
      'fill token': visitor.formToken,
      'proof of work': visitor.proof,
    });
    const sent = await fetch(`${srv.url}/api/forms/site-contact?email=${encodeURIComponent(visitor.email)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(visitor),
    });
    expect(sent.status).toBe(201);
    remember('a contact request', sent);
    // A property sent to a friend, with a captcha: its token and answer, and the friend's address.
    const captcha = await solveCaptcha(srv.url, srv.dataDir);
    Object.assign(secrets, { 'captcha token': captcha.captchaToken, 'captcha answer': captcha.captcha, "a friend's e-mail": `friend.${unique}@example.be` });
    const toFriend = await fetch(`${srv.url}/api/forms/send-to-friend`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        ...withoutPhone(person()),
        friendFirstName: 'Lucie',
        friendLastName: 'Martin',
        receiverEmail: secrets["a friend's e-mail"],
        propertyId: forSale.ID,
        ...captcha,
      }),
    });
    expect(toFriend.status, await toFriend.clone().text()).toBe(201);
    remember('a property sent to a friend', toFriend);
    // Search words typed into a page's query.
    secrets['search words'] = `Uccle-${unique}`;
    remember('a search', await fetch(`${srv.url}/fr/?q=${secrets['search words']}`));

    await expect.poll(() => smtp.received.filter((m) => JSON.stringify(m.to).includes(visitor.email)).length, { timeout: 10_000 }).toBe(1);
    const text = log.text();
    expect(text.length).toBeGreaterThan(1000);
    for (const [what, secret] of Object.entries(secrets)) {
      expect(secret.length, what).toBeGreaterThanOrEqual(4);
      // A short one (the captcha's answer) as a word of its own: by chance it could be a part of a longer word.
      const escaped = secret.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const found = secret.length >= 8 ? text.includes(secret) : new RegExp(`(?<![A-Za-z0-9])${escaped}(?![A-Za-z0-9])`).test(text);
      expect(found, `${what} is in the log`).toBe(false);
    }
    // The e-mail addresses typed or named, whatever their case.
    expect(text.toLowerCase()).not.toContain(`.${unique}@`);
  }, 60_000);

  it('names each request by its id: sent back in X-Request-Id and carried by its access line (method, path without the query, route kind, status, duration)', async () => {
    const page = async (path: string, headers: Record<string, string> = {}) => {
      const r = await fetch(srv.url + path, { headers });
      await r.arrayBuffer();
      remember(`GET ${path}`, r);
      return r;
    };
    const first = await page(`/nl/?utm_source=${unique}`);
    const again = await page(`/nl/?utm_source=${unique}`);
    const mine = await page('/en/', { 'X-Request-Id': `proxy-${unique}.1` });
    expect(mine.headers.get('x-request-id')).toBe(`proxy-${unique}.1`);
    // An id too long, or with characters a log line should not carry, is replaced by a new one.
    const long = await page('/en/', { 'X-Request-Id': 'a'.repeat(REQUEST_ID_MAX + 1) });
    const strange = await page('/en/', { 'X-Request-Id': `bad id <${unique}>` });
    for (const r of [long, strange]) expect(r.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect((await page('/en/', { 'X-Request-Id': 'a'.repeat(REQUEST_ID_MAX) })).headers.get('x-request-id')).toBe('a'.repeat(REQUEST_ID_MAX));
    remember('the health check', await fetch(`${srv.url}/healthz`));
    remember('a stylesheet that is not there', await fetch(`${srv.url}/assets/none-${unique}.css`));

    const access = log.lines().filter((l) => l.method !== undefined && l.reqId !== undefined);
    const byId = new Map<string, LogLine>(access.map((l) => [l.reqId!, l]));
    for (const a of answered) {
      expect(a.id, a.what).toBeTruthy();
      const line = byId.get(a.id!);
      expect(line, `the access line of ${a.what}`).toBeDefined();
      expect(line!.status, a.what).toBe(a.status);
      expect(typeof line!.ms).toBe('number');
      expect(line!.path).not.toContain('?');
    }
    const lineOf = (r: Response) => byId.get(r.headers.get('x-request-id')!)!;
    expect(lineOf(first)).toMatchObject({ level: 'info', method: 'GET', path: '/nl/', kind: 'page', status: 200, cache: 'miss', query: true });
    expect(lineOf(again)).toMatchObject({ path: '/nl/', kind: 'page', status: 200, cache: 'hit' });
    expect(lineOf(again).bytes).toBeGreaterThan(1000);
    expect(lineOf(again).msg).toBe(`GET /nl/ 200 ${lineOf(again).ms} ms (cache hit)`);
    const kindOf = (what: string) => byId.get(answered.find((a) => a.what === what)!.id!)!;
    expect(kindOf('staff GET /api/admin/pages')).toMatchObject({ kind: 'api', status: 200 });
    expect(kindOf('the health check')).toMatchObject({ kind: 'health', level: 'debug' });
    expect(kindOf('a stylesheet that is not there')).toMatchObject({ kind: 'static', status: 404 });
    expect(kindOf('the reset link')).toMatchObject({ kind: 'page', path: '/nl/login/' });
    // Every line is one JSON object with its level, time and message.
    for (const l of log.lines()) {
      expect(l.level).toMatch(/^(trace|debug|info|warn|error|fatal)$/);
      expect(new Date(l.time).getTime()).toBeGreaterThan(0);
      expect(typeof l.msg).toBe('string');
    }
  });
});
