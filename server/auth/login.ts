/**
 * The one password login of the site, used by the editor (staff) and the owner portal (owners):
 * the fields are checked, the attempt counted (per account and address together, login-throttle.ts:
 * a growing wait, then a captcha, never a lockout) before any hashing,
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
import { LOGIN_FAILURE_WINDOW_MS, PASSWORD_BUSY_RETRY_S } from '../../shared/constants.ts';
import { LoginThrottle } from './login-throttle.ts';
import { countLoginRefused, type LoginRefusal } from '../metrics/events.ts';

export interface LoginWords {
  usernameRequired: string;
  passwordRequired: string;
  /** The 422 and 401 answers' error. */
  failed: string;
  /** The 401 answer's message, if it differs. */
  wrong?: string;
  tooMany: string;
  busy: string;
  /** The 429 answer while this address waits before its next try on the account. */
  wait: (seconds: number) => string;
  /** The message when a captcha is asked (`sent`: one was sent, and it was not right). */
  captcha: (sent: boolean) => string;
}

export interface LoginAccount {
  id: string;
  username: string;
  passwordHash: string;
  passwordChangedAt: string;
  disabled?: boolean;
}

export type LoginCheck = 'ok' | 'wrong' | 'tooMany' | 'busy' | { wait: number } | 'captcha';

/** A refused check as the metrics name it (server/metrics/events.ts). */
const loginRefusalOf = (check: LoginCheck): LoginRefusal =>
  typeof check === 'object' ? 'wait' : check === 'tooMany' ? 'too_many' : check === 'captcha' ? 'captcha' : check === 'busy' ? 'busy' : 'wrong';

/**
 * Checks one password: counted first (per account and address, per account, per address), a
 * bounded number at once, as long whether or not the account exists. `captchaNext`: the next try
 * from this address needs a captcha.
 */
export async function checkPassword(o: {
  gate: PasswordGate;
  throttle: LoginThrottle;
  username: string;
  ip: string;
  password: string;
  hash: string | undefined;
  dummy: () => Promise<string>;
  captcha: () => Promise<boolean>;
}): Promise<{ check: LoginCheck; captchaNext?: boolean }> {
  const admitted = await o.throttle.admit(o.username, o.ip, o.captcha);
  if (admitted.kind === 'tooMany' || admitted.kind === 'captcha') return { check: admitted.kind };
  if (admitted.kind === 'wait') return { check: { wait: admitted.seconds } };
  // One check at a time per address: a burst from one address never fills the gate before others.
  if (!o.throttle.enter(o.ip)) {
    await admitted.release('unchecked');
    return { check: { wait: 1 } };
  }
  let ok: boolean | typeof BUSY;
  try {
    const hash = o.hash ?? (await o.dummy());
    ok = await o.gate.run(() => verifyPassword(o.password, hash));
  } finally {
    o.throttle.leave(o.ip);
  }
  if (ok === BUSY) {
    await admitted.release('unchecked');
    return { check: 'busy' };
  }
  if (!ok || !o.hash) return { check: 'wrong', captchaNext: (await admitted.release('wrong')).captchaNext };
  await admitted.release('ok');
  return { check: 'ok' };
}

/** POST handler body of a login: returns the account whose session is now open, or throws the HttpError to answer. */
export function passwordLogin<A extends LoginAccount>(o: {
  kind: PersonKind;
  gate: PasswordGate;
  counters: CounterRepository;
  /** The site's captcha (server/forms/captcha.ts), asked after repeated failures. */
  captcha: { redeem(token: unknown, answer: unknown): Promise<boolean> };
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
    if (errors.length) {
      countLoginRefused(o.kind, 'input');
      throw new HttpError(422, { error: words.failed, errors });
    }
    const account = await o.byUsername(username);
    const { check, captchaNext } = await checkPassword({
      gate: o.gate,
      throttle,
      username,
      ip: ctx.ip,
      password,
      // A disabled account, or one whose invited person has not chosen a password yet, logs in like none.
      hash: account?.disabled || !account?.passwordHash ? undefined : account.passwordHash,
      dummy: () => dummy,
      captcha: () => o.captcha.redeem(body.captchaToken, body.captcha),
    });
    if (check !== 'ok' || !account) countLoginRefused(o.kind, loginRefusalOf(check));
    if (check === 'tooMany') {
      ctx.set('Retry-After', String(Math.ceil(LOGIN_FAILURE_WINDOW_MS / 1000)));
      throw new HttpError(429, { error: words.tooMany });
    }
    if (typeof check === 'object') {
      ctx.set('Retry-After', String(check.wait));
      throw new HttpError(429, { error: words.wait(check.wait), wait: check.wait });
    }
    if (check === 'captcha') {
      const sent = typeof body.captcha === 'string' && body.captcha.trim() !== '';
      throw new HttpError(401, { error: words.failed, message: words.captcha(sent), captcha: true, field: 'captcha' });
    }
    if (check === 'busy') {
      ctx.set('Retry-After', String(PASSWORD_BUSY_RETRY_S));
      throw new HttpError(503, { error: words.busy });
    }
    if (check !== 'ok' || !account)
      throw new HttpError(401, { error: words.failed, ...(words.wrong ? { message: words.wrong } : {}), ...(captchaNext ? { captcha: true } : {}) });
    await startSession(ctx, o.kind, account, session(account));
    return { account, body };
  };
}
