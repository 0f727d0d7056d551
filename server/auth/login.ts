/**
 * The one password login of the site, used by the editor (staff) and the owner portal (owners):
 * the fields are checked, the attempt counted (per account and per address) before any hashing,
 * the hash checked through the password gate — against a dummy hash when there is no such account,
 * so the answer takes as long — and on success the person's session opened. Each caller gives its
 * own words (the editor speaks to staff, the portal in the visitor's language).
 */
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import { HttpError, readJson } from '../http/request.ts';
import { BUSY, type PasswordGate } from './password-gate.ts';
import { hashPassword, normalizeUsername, verifyPassword } from './passwords.ts';
import { startSession, type PersonKind, type PersonSession } from './sessions.ts';
import type { CounterRepository } from '../storage/index.ts';
import { LOGIN_FAILURE_WINDOW_MS, LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP, PASSWORD_BUSY_RETRY_S } from '../../shared/constants.ts';

export interface LoginWords {
  usernameRequired: string;
  passwordRequired: string;
  /** The 422 and 401 answers' error. */
  failed: string;
  /** The 401 answer's message, if it differs. */
  wrong?: string;
  tooMany: string;
  busy: string;
}

export interface LoginAccount {
  id: string;
  username: string;
  passwordHash: string;
  passwordChangedAt: string;
  disabled?: boolean;
}

export type LoginCheck = 'ok' | 'wrong' | 'tooMany' | 'busy';

/** Failures of logins, as counters shared by every process of the store. */
export class LoginThrottle {
  constructor(private readonly counters: CounterRepository) {}
  /** Counts one attempt; gives the attempts within the window, this one included. */
  add(key: string) {
    return this.counters.fail(`login:${key}`, LOGIN_FAILURE_WINDOW_MS);
  }
  clear(key: string) {
    return this.counters.clear(`login:${key}`);
  }
  undo(key: string) {
    return this.counters.undo(`login:${key}`);
  }
}

/** Checks one password: counted first, a bounded number at once, as long whether or not the account exists. */
export async function checkPassword(o: {
  gate: PasswordGate;
  throttle: LoginThrottle;
  username: string;
  ip: string;
  password: string;
  hash: string | undefined;
  dummy: () => Promise<string>;
}): Promise<LoginCheck> {
  const u = `u:${o.username}`;
  const ip = `ip:${o.ip}`;
  // Counted before the hash is checked (one step per counter, so that a burst cannot slip past
  // it): a burst is refused from the limit on without costing a hash.
  const [nu, nip] = await Promise.all([o.throttle.add(u), o.throttle.add(ip)]);
  if (nu > LOGIN_MAX_FAILURES_PER_ACCOUNT || nip > LOGIN_MAX_FAILURES_PER_IP) {
    await Promise.all([o.throttle.undo(u), o.throttle.undo(ip)]);
    return 'tooMany';
  }
  const hash = o.hash ?? (await o.dummy());
  const ok = await o.gate.run(() => verifyPassword(o.password, hash));
  if (ok === BUSY) {
    await Promise.all([o.throttle.undo(u), o.throttle.undo(ip)]);
    return 'busy';
  }
  if (!ok || !o.hash) return 'wrong';
  // A success clears the account's failures and takes its own count back.
  await Promise.all([o.throttle.clear(u), o.throttle.undo(ip)]);
  return 'ok';
}

/** POST handler body of a login: returns the account whose session is now open, or throws the HttpError to answer. */
export function passwordLogin<A extends LoginAccount>(o: {
  kind: PersonKind;
  gate: PasswordGate;
  counters: CounterRepository;
  byUsername: (u: string) => Promise<A | undefined>;
}) {
  const throttle = new LoginThrottle(o.counters);
  // A hash to check against when the account does not exist; made at start, so that the first
  // unknown username costs no more than the others.
  const dummy = hashPassword(randomBytes(16).toString('hex'));
  return async (
    ctx: Koa.Context,
    /** The answers' words (from the body: the portal's language is in it). */
    wordsOf: (body: Record<string, unknown>) => LoginWords,
    session: (account: A) => Partial<PersonSession> = () => ({}),
  ): Promise<{ account: A; body: Record<string, unknown> }> => {
    const body = await readJson(ctx);
    const words = wordsOf(body);
    const username = normalizeUsername(typeof body.username === 'string' ? body.username : '');
    const password = typeof body.password === 'string' ? body.password : '';
    const errors = [
      ...(username ? [] : [{ field: 'username', message: words.usernameRequired }]),
      ...(password ? [] : [{ field: 'password', message: words.passwordRequired }]),
    ];
    if (errors.length) throw new HttpError(422, { error: words.failed, errors });
    const account = await o.byUsername(username);
    const check = await checkPassword({
      gate: o.gate,
      throttle,
      username,
      ip: ctx.ip,
      password,
      // A disabled account, or one whose invited person has not chosen a password yet, logs in like none.
      hash: account?.disabled || !account?.passwordHash ? undefined : account.passwordHash,
      dummy: () => dummy,
    });
    if (check === 'tooMany') {
      ctx.set('Retry-After', String(Math.ceil(LOGIN_FAILURE_WINDOW_MS / 1000)));
      throw new HttpError(429, { error: words.tooMany });
    }
    if (check === 'busy') {
      ctx.set('Retry-After', String(PASSWORD_BUSY_RETRY_S));
      throw new HttpError(503, { error: words.busy });
    }
    if (check !== 'ok' || !account) throw new HttpError(401, { error: words.failed, ...(words.wrong ? { message: words.wrong } : {}) });
    await startSession(ctx, o.kind, account, session(account));
    return { account, body };
  };
}
