// Staff accounts in the editor (issue 38, point 7): an admin invites by e-mail, the invitation
// reaches a real SMTP server in the chosen language with a link that works once, for 72 hours (the
// clock moved forward, never waited); used, expired or replaced links say so; wrong tokens are
// throttled; roles, disable (sessions end at once) and the rules that keep the site an active
// admin; a new password link; the audit log; the editor role refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHash } from 'node:crypto';
import { startTestServer } from '../helpers/server.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { ApiClient, ADMIN, EDITOR } from '../helpers/admin-api.ts';
import { StaffAccounts, addStaff, staffClock } from '../../server/auth/staff-accounts.ts';
import { readStoredSessions } from '../../server/storage/index.ts';
import { AUDIT_SHOWN, STAFF_LINK_MAX_GUESSES, STAFF_LINK_TTL_MS, STAFF_PAST_LINKS } from '../../shared/constants.ts';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let srv: Awaited<ReturnType<typeof startTestServer>>;
let admin: ApiClient;
let editor: ApiClient;
beforeAll(async () => {
  smtp = await startSmtp();
  srv = await startTestServer({ smtpUrl: smtp.url, trustProxy: 1 });
  const staff = StaffAccounts.inDataDir(srv.dataDir);
  await addStaff(staff, { ...ADMIN, name: 'Adam Peeters' });
  await addStaff(staff, EDITOR);
  admin = await new ApiClient(srv.url).login(ADMIN.username, ADMIN.password);
  editor = await new ApiClient(srv.url).login(EDITOR.username, EDITOR.password);
});
afterAll(async () => {
  await srv?.close();
  await smtp?.close();
});

/** A client from its own address (the server trusts one proxy): the link throttle counts per address. */
let nextIp = 10;
const visitor = () => {
  const c = new ApiClient(srv.url);
  const ip = `203.0.113.${nextIp++}`;
  const req = c.req.bind(c);
  c.req = (method, path, body, opts = {}) => req(method, path, body, { ...opts, headers: { 'x-forwarded-for': ip, ...opts.headers } });
  return c;
};

/** The n-th mail to `to` (1 = the first), once the SMTP server has it: its subject, text, HTML and link token. */
async function mailTo(to: string, n = 1) {
  const mine = () => smtp.received.filter((m) => JSON.stringify(m.to).includes(to));
  await expect.poll(() => mine().length, { timeout: 10_000 }).toBeGreaterThanOrEqual(n);
  const m = mine()[n - 1];
  const [, link, token] = /(http\S+\/admin\/set-password#token=([\w-]+))/.exec(m.text!)!;
  return { subject: m.subject, text: m.text!, html: String(m.html), link, token };
}

const invite = (o: { name: string; username: string; role?: string; lang?: string; password?: string }) =>
  admin.req('POST', '/api/admin/staff', { role: 'editor', lang: 'fr', ...o });
const list = async () => (await admin.req('GET', '/api/admin/staff')).json;
const accountOf = async (username: string) => (await list()).staff.find((s: any) => s.username === username);
/** Chooses a password with a link from a browser of its own, which is then logged in. */
async function choose(token: string, password: string, who = visitor()) {
  const r = await who.req('POST', '/api/admin/set-password', { token, password, confirm: password });
  return { r, who };
}

describe('inviting someone', () => {
  it('mails a French invitation with a link that works once, logs the person in, and shows them active with their last login', async () => {
    const before = Date.now();
    const r = await invite({ name: 'Camille Dubois', username: 'Camille.Dubois@atrium-immo.be' });
    expect(r.status, JSON.stringify(r.json)).toBe(201);
    expect(r.json.account).toMatchObject({
      username: 'camille.dubois@atrium-immo.be',
      name: 'Camille Dubois',
      role: 'editor',
      state: 'invited',
      lastLoginAt: null,
    });
    const expires = Date.parse(r.json.account.link.expiresAt);
    expect(expires - before).toBeGreaterThanOrEqual(STAFF_LINK_TTL_MS - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(STAFF_LINK_TTL_MS);

    const mail = await mailTo('camille.dubois@atrium-immo.be');
    expect(mail.subject).toBe('Invitation à l’éditeur du site Atrium Immo');
    expect(mail.text).toContain('Bonjour Camille Dubois');
    expect(mail.text).toContain('Adam Peeters vous invite à travailler sur le site Atrium Immo comme rédacteur.');
    expect(mail.text).toContain('pendant 72 heures');
    expect(new URL(mail.link).origin).toBe(srv.url); // the editor the admin used
    expect(mail.html).toContain('background:#1f2a44'); // the site's mail layout
    expect(mail.html).toContain(`href="${mail.link}"`);
    const stored = readFileSync(join(srv.dataDir, 'staff.json'), 'utf8');
    expect(stored).not.toContain(mail.token);
    expect(stored).toContain(createHash('sha256').update(mail.token).digest('hex'));

    // No password yet: nothing logs in with the address (like an address with no account).
    expect((await visitor().req('POST', '/api/admin/login', { username: 'camille.dubois@atrium-immo.be', password: 'any password 1' })).status).toBe(401);
    const check = await visitor().req('POST', '/api/admin/set-password/check', { token: mail.token });
    expect(check.json).toMatchObject({ kind: 'invite', name: 'Camille Dubois', username: 'camille.dubois@atrium-immo.be', lang: 'fr' });

    const camille = visitor();
    const short = await camille.req('POST', '/api/admin/set-password', { token: mail.token, password: 'short', confirm: 'short' });
    expect(short.status).toBe(422);
    expect(short.json).toMatchObject({ code: 'password.tooShort', field: 'password' });
    const mismatch = await camille.req('POST', '/api/admin/set-password', {
      token: mail.token,
      password: 'un jardin à Ixelles',
      confirm: 'un jardin a Ixelles',
    });
    expect(mismatch.json).toMatchObject({ code: 'password.mismatch', field: 'confirm' });
    const tooLong = await camille.req('POST', '/api/admin/set-password', { token: mail.token, password: 'x'.repeat(201), confirm: 'x'.repeat(201) });
    expect(tooLong.json.code).toBe('password.tooLong');

    const { r: ok } = await choose(mail.token, 'un jardin à Ixelles', camille);
    expect(ok.status).toBe(200);
    const me = await camille.req('GET', '/api/admin/me');
    expect(me.status).toBe(200);
    expect(me.json.user).toEqual({ username: 'camille.dubois@atrium-immo.be', name: 'Camille Dubois', role: 'editor' });

    // The link works once: used again, it says so.
    const again = await choose(mail.token, 'another password 2');
    expect(again.r.status).toBe(410);
    expect(again.r.json).toMatchObject({ code: 'link.used', field: 'token', params: { lang: 'fr' } }); // said in the invitation's language
    expect(again.r.json.error).toMatch(/used already/);
    expect((await visitor().req('POST', '/api/admin/set-password/check', { token: mail.token })).json.code).toBe('link.used');
    expect((await new ApiClient(srv.url).login('camille.dubois@atrium-immo.be', 'un jardin à Ixelles')).csrf).toBeTruthy();

    const shown = await accountOf('camille.dubois@atrium-immo.be');
    expect(shown).toMatchObject({ state: 'active', link: null });
    expect(Date.parse(shown.lastLoginAt)).toBeGreaterThanOrEqual(before);
  });

  it('refuses an address that has an account, and bad input with the field named', async () => {
    const taken = await invite({ name: 'Eva', username: EDITOR.username.toUpperCase() });
    expect(taken.status).toBe(409);
    expect(taken.json).toMatchObject({ code: 'staff.exists', field: 'username', params: { email: EDITOR.username } });
    for (const [body, field, code] of [
      [{ name: 'X', username: 'not-an-address' }, 'username', 'email.bad'],
      [{ name: 'x'.repeat(101), username: 'x@atrium-immo.be' }, 'name', 'name.bad'],
      [{ name: '  ', username: 'x@atrium-immo.be' }, 'name', 'name.bad'],
      [{ name: 'X', username: 'x@atrium-immo.be', role: 'owner' }, 'role', 'role.bad'],
      [{ name: 'X', username: 'x@atrium-immo.be', lang: 'de' }, 'lang', 'lang.bad'],
      [{ name: 'X', username: 'x@atrium-immo.be', password: 'p' }, 'password', 'request.bad'],
      [{ name: 'X', username: `${'x'.repeat(64)}@${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(59)}.be` }, 'username', 'email.bad'], // 255 characters
    ] as const) {
      const r = await invite(body);
      expect(r.status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
      expect(r.status).toBeLessThan(500);
      expect(r.json).toMatchObject({ field, code });
    }
    expect((await accountOf('x@atrium-immo.be')) ?? null).toBeNull();
  });
});

describe('links that no longer work', () => {
  it('expire after 72 hours (the clock moved forward), and a resent invitation replaces the first', async () => {
    await invite({ name: 'Lotte Janssens', username: 'lotte@atrium-immo.be', lang: 'nl' });
    const first = await mailTo('lotte@atrium-immo.be');
    expect(first.subject).toBe('Uitnodiging voor de website-editor van Atrium Immo');
    const real = staffClock.now;
    try {
      staffClock.now = () => real() + STAFF_LINK_TTL_MS - 60_000;
      expect((await visitor().req('POST', '/api/admin/set-password/check', { token: first.token })).status).toBe(200);
      staffClock.now = () => real() + STAFF_LINK_TTL_MS + 1000;
      const late = await choose(first.token, 'nieuw wachtwoord 1');
      expect(late.r.status).toBe(410);
      expect(late.r.json).toMatchObject({ code: 'link.expired' });
      expect(late.r.json.error).toMatch(/expired/);
      expect(await accountOf('lotte@atrium-immo.be')).toMatchObject({ state: 'inviteExpired', link: { expired: true } });

      const lotte = await accountOf('lotte@atrium-immo.be');
      expect((await admin.req('POST', `/api/admin/staff/${lotte.id}/reset`, {})).json.code).toBe('staff.stillInvited');
      const resent = await admin.req('POST', `/api/admin/staff/${lotte.id}/resend`, {});
      expect(resent.json.account.state).toBe('invited');
    } finally {
      staffClock.now = real;
    }
    const second = await mailTo('lotte@atrium-immo.be', 2);
    expect(second.token).not.toBe(first.token);
    const old = await visitor().req('POST', '/api/admin/set-password/check', { token: first.token });
    expect(old.status).toBe(410);
    expect(old.json.code).toBe('link.replaced');
    expect((await choose(second.token, 'nieuw wachtwoord 1')).r.status).toBe(200);
  });

  it(`remembers the last ${STAFF_PAST_LINKS} links of an account: older ones are not valid any more`, async () => {
    const r = await invite({ name: 'Nina Willems', username: 'nina@atrium-immo.be', lang: 'nl' });
    const first = (await mailTo('nina@atrium-immo.be')).token;
    const opens = async () => (await visitor().req('POST', '/api/admin/set-password/check', { token: first })).json.code;
    for (let n = 1; n <= STAFF_PAST_LINKS; n++) {
      expect((await admin.req('POST', `/api/admin/staff/${r.json.account.id}/resend`, {})).status).toBe(200);
      expect(await opens()).toBe('link.replaced');
    }
    expect((await admin.req('POST', `/api/admin/staff/${r.json.account.id}/resend`, {})).status).toBe(200);
    expect(await opens()).toBe('link.unknown');
    const tooLong = await visitor().req('POST', '/api/admin/set-password/check', { token: 'a'.repeat(101) });
    expect(tooLong.json.code).toBe('link.unknown');
  });

  it(`counts wrong tokens per address: ${STAFF_LINK_MAX_GUESSES} in 15 minutes, then 429 even for a working link; links that exist are not counted`, async () => {
    await invite({ name: 'Tom Claes', username: 'tom.claes@atrium-immo.be', lang: 'en' });
    const { token } = await mailTo('tom.claes@atrium-immo.be');
    const guesser = visitor();
    for (let i = 0; i < STAFF_LINK_MAX_GUESSES; i++) {
      const r = await guesser.req('POST', '/api/admin/set-password/check', { token: `guess-${i}-${'a'.repeat(40)}` });
      expect(r.status).toBe(404);
      expect(r.json.code).toBe('link.unknown');
    }
    const past = await guesser.req('POST', '/api/admin/set-password/check', { token: 'one-more' });
    expect(past.status).toBe(429);
    expect(past.json.code).toBe('link.tooMany');
    expect(Number(past.headers.get('retry-after'))).toBe(900);
    expect((await guesser.req('POST', '/api/admin/set-password', { token, password: 'a good password', confirm: 'a good password' })).status).toBe(429);
    // Another address is not held back; opening a real link many times costs nothing.
    const tom = visitor();
    for (let i = 0; i < STAFF_LINK_MAX_GUESSES + 2; i++) expect((await tom.req('POST', '/api/admin/set-password/check', { token })).status).toBe(200);
    expect((await choose(token, 'a good password', tom)).r.status).toBe(200);
  });
});

describe('roles, disable, new password', () => {
  it('changes a role, ends a disabled person’s sessions at once, keeps an active admin and never lets an admin lock themselves out', async () => {
    await invite({ name: 'Pieter Maes', username: 'pieter@atrium-immo.be', role: 'editor', lang: 'nl' });
    const { who: pieter } = await choose((await mailTo('pieter@atrium-immo.be')).token, 'pieter wachtwoord 1');
    pieter.csrf = (await pieter.req('GET', '/api/admin/me')).json.csrf;
    const p = await accountOf('pieter@atrium-immo.be');
    expect((await pieter.req('GET', '/api/admin/staff')).status).toBe(403);

    expect((await admin.req('POST', `/api/admin/staff/${p.id}`, { role: 'admin' })).json.account.role).toBe('admin');
    expect((await pieter.req('GET', '/api/admin/me')).json.user.role).toBe('admin');
    expect((await pieter.req('GET', '/api/admin/staff')).status).toBe(200);

    const me = (await list()).staff.find((s: any) => s.you);
    const demoteMe = await admin.req('POST', `/api/admin/staff/${me.id}`, { role: 'editor' });
    expect(demoteMe.status).toBe(409);
    expect(demoteMe.json).toMatchObject({ code: 'staff.notYourselfDemote', field: 'role' });
    expect((await admin.req('POST', `/api/admin/staff/${me.id}`, { disabled: true })).json.code).toBe('staff.notYourselfDisable');

    const off = await admin.req('POST', `/api/admin/staff/${p.id}`, { disabled: true });
    expect(off.json.account.state).toBe('disabled');
    expect((await pieter.req('GET', '/api/admin/me')).status).toBe(401);
    expect(readStoredSessions(srv.dataDir).filter((s) => s.person === `staff:${p.id}`)).toEqual([]);
    expect((await visitor().req('POST', '/api/admin/login', { username: 'pieter@atrium-immo.be', password: 'pieter wachtwoord 1' })).status).toBe(401);

    // Adam is now the only active admin: he cannot demote himself, whoever asks first.
    const last = await admin.req('POST', `/api/admin/staff/${me.id}`, { role: 'editor' });
    expect(last.json).toMatchObject({ code: 'staff.lastAdmin', params: { name: 'Adam Peeters' } });
    expect(last.json.error).toBe('Adam Peeters is the only active administrator: make someone else administrator first, so that the site keeps one.');
    expect((await admin.req('POST', `/api/admin/staff/${p.id}`, { disabled: false })).json.account.state).toBe('active');
    expect((await new ApiClient(srv.url).login('pieter@atrium-immo.be', 'pieter wachtwoord 1')).csrf).toBeTruthy();
    expect((await admin.req('POST', `/api/admin/staff/${p.id}`, { role: 'editor', name: 'Pieter Maes-Peeters' })).json.account).toMatchObject({
      role: 'editor',
      name: 'Pieter Maes-Peeters',
    });
    expect((await admin.req('POST', `/api/admin/staff/${p.id}`, {})).status).toBe(400);
    expect((await admin.req('POST', '/api/admin/staff/not-an-id', { disabled: true })).status).toBe(404);
  });

  it('sends a new password link: the old password works until the new one is set, then every other session ends', async () => {
    const camille = await accountOf('camille.dubois@atrium-immo.be');
    const open = await new ApiClient(srv.url).login('camille.dubois@atrium-immo.be', 'un jardin à Ixelles');
    expect((await admin.req('POST', `/api/admin/staff/${camille.id}/resend`, {})).json.code).toBe('staff.notInvited');
    expect((await admin.req('POST', `/api/admin/staff/${camille.id}/reset`, {})).json.account.link.kind).toBe('reset');
    const mail = await mailTo('camille.dubois@atrium-immo.be', 2);
    expect(mail.subject).toBe('Choisissez un nouveau mot de passe pour l’éditeur du site Atrium Immo');
    expect((await open.req('GET', '/api/admin/me')).status).toBe(200);
    expect((await choose(mail.token, 'une maison à Uccle')).r.status).toBe(200);
    expect((await open.req('GET', '/api/admin/me')).status).toBe(401);
    expect((await visitor().req('POST', '/api/admin/login', { username: 'camille.dubois@atrium-immo.be', password: 'un jardin à Ixelles' })).status).toBe(401);
  });

  it('refuses the Staff screen’s API to the editor role with a sentence, and gives every staff member the names', async () => {
    for (const [method, path] of [
      ['GET', '/api/admin/staff'],
      ['POST', '/api/admin/staff'],
      ['POST', '/api/admin/staff/00000000-0000-4000-8000-000000000000'],
    ] as const) {
      const r = await editor.req(method, path, method === 'POST' ? { name: 'X', username: 'y@atrium-immo.be', role: 'admin', lang: 'en' } : undefined);
      expect(r.status).toBe(403);
      expect(r.json).toEqual({ error: 'Only an admin may do this.', code: 'role.adminOnly' });
    }
    const names = await editor.req('GET', '/api/admin/staff/names');
    expect(names.json.names).toMatchObject({ [ADMIN.username]: 'Adam Peeters', [EDITOR.username]: EDITOR.username, 'tom.claes@atrium-immo.be': 'Tom Claes' });
  });

  it('recorded every action with who, when, to whom and what, newest first', async () => {
    const { activity } = await list();
    const lines = activity.map((e: any) => [e.by, e.action, e.target, e.details ?? {}]);
    expect(lines).toContainEqual([ADMIN.username, 'staff.invite', 'camille.dubois@atrium-immo.be', { role: 'editor', lang: 'fr' }]);
    expect(lines).toContainEqual(['camille.dubois@atrium-immo.be', 'staff.accept', 'camille.dubois@atrium-immo.be', {}]);
    expect(lines).toContainEqual([ADMIN.username, 'staff.resend', 'lotte@atrium-immo.be', { lang: 'nl' }]);
    expect(lines).toContainEqual([ADMIN.username, 'staff.role', 'pieter@atrium-immo.be', { from: 'editor', to: 'admin' }]);
    expect(lines).toContainEqual([ADMIN.username, 'staff.disable', 'pieter@atrium-immo.be', {}]);
    expect(lines).toContainEqual([ADMIN.username, 'staff.enable', 'pieter@atrium-immo.be', {}]);
    expect(lines).toContainEqual([ADMIN.username, 'staff.rename', 'pieter@atrium-immo.be', { from: 'Pieter Maes', to: 'Pieter Maes-Peeters' }]);
    expect(lines).toContainEqual([ADMIN.username, 'staff.reset', 'camille.dubois@atrium-immo.be', { lang: 'fr' }]);
    expect(lines).toContainEqual(['camille.dubois@atrium-immo.be', 'staff.newPassword', 'camille.dubois@atrium-immo.be', {}]);
    expect(lines).toContainEqual(['', 'staff.add', EDITOR.username, { role: 'editor' }]); // the command line
    // Refused actions change nothing and are not recorded.
    expect(lines.filter((l: any) => l[1] === 'staff.role' && l[2] === ADMIN.username)).toEqual([]);
    // Newest first: Camille accepted after she was invited, and chose a new password after that.
    const at = (action: string) => lines.findIndex((l: any) => l[1] === action && l[2] === 'camille.dubois@atrium-immo.be');
    expect(at('staff.newPassword')).toBeLessThan(at('staff.accept'));
    expect(at('staff.accept')).toBeLessThan(at('staff.invite'));
    expect(activity.every((e: any) => !Number.isNaN(Date.parse(e.at)))).toBe(true);
  });

  it(`shows the newest ${AUDIT_SHOWN} entries on the Staff screen`, async () => {
    const staff = StaffAccounts.inDataDir(srv.dataDir);
    for (let i = 0; i < AUDIT_SHOWN + 5; i++)
      await staff.record({ by: '', action: 'staff.role', target: EDITOR.username, details: { from: 'editor', to: 'editor' } });
    const { activity } = await list();
    expect(activity).toHaveLength(AUDIT_SHOWN);
    expect(activity.every((e: any) => e.by === '' && e.action === 'staff.role')).toBe(true);
  });
});
