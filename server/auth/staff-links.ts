/**
 * Set-password links of staff (an invitation, a new password): a 256-bit token mailed once and kept
 * only as its SHA-256, working once for STAFF_LINK_TTL_MS. A link that no longer works says why —
 * used, expired, replaced by a newer one, withdrawn (the account disabled) — and wrong tokens are
 * counted per client address (STAFF_LINK_MAX_GUESSES in the login window, then 429).
 */
import { randomBytes } from 'node:crypto';
import type { CounterRepository } from '../storage/index.ts';
import { hashPassword, sha256 } from './passwords.ts';
import { BUSY, type PasswordGate } from './password-gate.ts';
import type { SessionStore } from './sessions.ts';
import {
  nowIso,
  passwordProblem,
  retireLink,
  staffClock,
  type StaffAccount,
  type StaffAccounts,
  type StaffLink,
  type StaffLinkKind,
} from './staff-accounts.ts';
import { StaffRefusal } from './staff-refusal.ts';
import {
  LOGIN_FAILURE_WINDOW_MS,
  OWNER_PASSWORD_MIN_LENGTH,
  STAFF_LINK_MAX_GUESSES,
  STAFF_LINK_TOKEN_BYTES,
  STAFF_LINK_TTL_MS,
} from '../../shared/constants.ts';

export type LinkState = 'valid' | 'expired' | 'used' | 'replaced' | 'withdrawn' | 'unknown';

/** A new link: the token to mail, and what the account keeps of it. */
export function newLink(kind: StaffLinkKind): { token: string; link: StaffLink } {
  const token = randomBytes(STAFF_LINK_TOKEN_BYTES).toString('base64url');
  return { token, link: { tokenHash: sha256(token), kind, expiresAt: staffClock.now() + STAFF_LINK_TTL_MS, sentAt: nowIso() } };
}

const TOKEN = /^[A-Za-z0-9_-]{1,100}$/;

/** What a token is: the account's waiting link (valid or expired), one of its past links, or nothing. */
export async function findLink(accounts: StaffAccounts, token: string): Promise<{ state: LinkState; account?: StaffAccount; kind?: StaffLinkKind }> {
  if (!TOKEN.test(token)) return { state: 'unknown' };
  const hash = sha256(token);
  for (const a of await accounts.all()) {
    if (a.link?.tokenHash === hash)
      return { state: a.disabled ? 'withdrawn' : a.link.expiresAt <= staffClock.now() ? 'expired' : 'valid', account: a, kind: a.link.kind };
    const past = a.pastLinks?.find((p) => p.tokenHash === hash);
    if (past) return { state: past.end, account: a, kind: past.kind };
  }
  return { state: 'unknown' };
}

/** Refusals of a link that does not work, in plain words (the editor says them in its language by their code). */
const LINK_WORDS: Record<Exclude<LinkState, 'valid'>, string> = {
  expired: 'This link has expired. Ask an administrator of the site to send you a new one.',
  used: 'This link has been used already: a password was chosen with it. Log in with that password, or ask an administrator for a new link.',
  replaced: 'A newer link was sent to you since this one: use the link in the newest mail, or ask an administrator for a new one.',
  withdrawn: 'This link no longer works: the account was disabled. Ask an administrator of the site.',
  unknown: 'This link is not valid: check that you opened the whole link from the mail, or ask an administrator for a new one.',
};

/** `account`: whose link it was (the refusal is then said in the language of their mails). */
export function linkRefusal(state: Exclude<LinkState, 'valid'>, account?: StaffAccount): StaffRefusal {
  return new StaffRefusal(state === 'unknown' ? 404 : 410, `link.${state}`, LINK_WORDS[state], 'token', account?.lang ? { lang: account.lang } : undefined);
}

export interface LinkDeps {
  accounts: StaffAccounts;
  counters: CounterRepository;
  sessions: SessionStore;
  /** Bounds the password hashes made at once (shared with the logins). */
  gate: PasswordGate;
}

/**
 * Looks a token up for the client at `ip`: counted first, so that a client past the bound is
 * refused without a look-up; a token that names a link (working or not) takes its count back.
 */
export async function openLink(deps: LinkDeps, ip: string, token: string) {
  const key = `staff-link:${ip}`;
  if ((await deps.counters.fail(key, LOGIN_FAILURE_WINDOW_MS)) > STAFF_LINK_MAX_GUESSES) {
    await deps.counters.undo(key);
    throw new StaffRefusal(429, 'link.tooMany', 'Too many links that do not work were tried from this address: wait 15 minutes and try again.');
  }
  const found = await findLink(deps.accounts, token);
  if (found.state !== 'unknown') await deps.counters.undo(key);
  return found;
}

/** What the set-password screen shows before the password is chosen. */
export async function checkLink(deps: LinkDeps, ip: string, token: string) {
  const { state, account, kind } = await openLink(deps, ip, token);
  if (state !== 'valid' || !account) throw linkRefusal(state === 'valid' ? 'unknown' : state, account);
  return {
    kind,
    username: account.username,
    name: account.name ?? account.username,
    lang: account.lang ?? 'en',
    expiresAt: new Date(account.link!.expiresAt).toISOString(),
  };
}

/**
 * The person chooses their password with a working link: the link is used up, their other
 * sessions end, and the account is given back for the route to open their session.
 */
export async function useLink(deps: LinkDeps, ip: string, o: { token: string; password: string; confirm: string }): Promise<StaffAccount> {
  const problem = o.password ? passwordProblem(o.password) : 'is required';
  const errors = [
    ...(problem
      ? [
          {
            field: 'password',
            code: !o.password ? 'password.required' : o.password.length < OWNER_PASSWORD_MIN_LENGTH ? 'password.tooShort' : 'password.tooLong',
            message: `password: ${problem}`,
          },
        ]
      : []),
    ...(!problem && o.confirm !== o.password ? [{ field: 'confirm', code: 'password.mismatch', message: 'confirm: the two passwords are not the same' }] : []),
  ];
  if (errors.length) throw new StaffRefusal(422, errors[0].code, errors[0].message, errors[0].field, undefined, errors);
  const found = await openLink(deps, ip, o.token);
  if (found.state !== 'valid' || !found.account) throw linkRefusal(found.state === 'valid' ? 'unknown' : found.state, found.account);
  const passwordHash = await deps.gate.run(() => hashPassword(o.password));
  if (passwordHash === BUSY) throw new StaffRefusal(503, 'login.busy', 'Many passwords are being checked right now: try again in a few seconds.');
  const hash = found.account.link!.tokenHash;
  let took = false;
  const account = await deps.accounts.update(found.account.id, (a) => {
    // Still this link, still working: two tabs sending it at once set one password.
    if (a.link?.tokenHash !== hash || a.link.expiresAt <= staffClock.now() || a.disabled) return;
    took = true;
    a.passwordHash = passwordHash;
    a.passwordChangedAt = a.lastLoginAt = nowIso();
    retireLink(a, 'used');
  });
  if (!took || !account) {
    const again = await findLink(deps.accounts, o.token);
    throw linkRefusal(again.state === 'valid' ? 'used' : again.state, again.account);
  }
  await deps.sessions.endPerson('staff', account.id);
  await deps.accounts.record({ by: account.username, action: found.kind === 'invite' ? 'staff.accept' : 'staff.newPassword', target: account.username });
  return account;
}
