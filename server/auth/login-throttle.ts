/**
 * How failed logins slow down the next ones (issue 40, point 4): counted per account AND address
 * together, so that someone hammering an account from elsewhere never locks its owner out. From one
 * address, an account gets a few free tries, then a growing wait between tries, then a captcha as
 * well. An account failing from many addresses at once (more than one address could fail) asks a
 * captcha of every address; one address failing on many accounts is refused for a while. The counts
 * are the store's counters (shared by every process; the embedded store bounds its entries).
 */
import type { CounterRepository } from '../storage/index.ts';
import {
  LOGIN_ACCOUNT_CAPTCHA_AFTER,
  LOGIN_CAPTCHA_AFTER,
  LOGIN_DELAY_MAX_S,
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FREE_FAILURES,
  LOGIN_MAX_FAILURES_PER_IP,
} from '../../shared/constants.ts';

/** The wait, in seconds, after `failures` failures of one account from one address (0: none). */
export const loginDelayS = (failures: number) => (failures < LOGIN_FREE_FAILURES ? 0 : Math.min(LOGIN_DELAY_MAX_S, 2 ** (failures - LOGIN_FREE_FAILURES)));

/** Whether the attempt after `pairFailures` (this address on this account) and `accountFailures` (all addresses) needs a captcha. */
export const loginNeedsCaptcha = (pairFailures: number, accountFailures: number) =>
  pairFailures >= LOGIN_CAPTCHA_AFTER || accountFailures >= LOGIN_ACCOUNT_CAPTCHA_AFTER;

/** What may happen to an attempt: go on to the password check, or be answered before it. */
export type Admission =
  | { kind: 'go'; release: (outcome: 'ok' | 'wrong' | 'unchecked') => Promise<{ captchaNext: boolean }> }
  | { kind: 'tooMany' }
  | { kind: 'wait'; seconds: number }
  | { kind: 'captcha' };

/** Addresses with a password check under way in this process, at most this many (past it, more wait). */
export const LOGIN_CHECKING_MAX_ADDRESSES = 10_000;

/** Failures of logins, as counters shared by every process of the store. */
export class LoginThrottle {
  /** The addresses whose password is being checked in this process: one at a time per address, so that one address never holds more than one place at the password gate. */
  private readonly checking = new Set<string>();
  constructor(private readonly counters: CounterRepository) {}

  /** Takes this address's one place for a password check; false while it has one (or too many addresses do). */
  enter(ip: string): boolean {
    if (this.checking.has(ip) || this.checking.size >= LOGIN_CHECKING_MAX_ADDRESSES) return false;
    this.checking.add(ip);
    return true;
  }
  leave(ip: string) {
    this.checking.delete(ip);
  }

  /**
   * Counts one attempt before any password is hashed (one step per counter, so that a burst cannot
   * slip past): the address's bound, the wait since the last try of this account from this address,
   * the captcha when one is due (`captcha` checks the one sent, true once per image).
   */
  async admit(username: string, ip: string, captcha: () => Promise<boolean>): Promise<Admission> {
    const who = username.slice(0, 254); // an e-mail address is never longer: the keys stay small
    const keys = { ip: `login:ip:${ip}`, account: `login:u:${who}`, pair: `login:p:${who}|${ip}`, recent: `login:r:${who}|${ip}` };
    const c = this.counters;
    const nip = await c.fail(keys.ip, LOGIN_FAILURE_WINDOW_MS);
    if (nip > LOGIN_MAX_FAILURES_PER_IP) {
      await c.undo(keys.ip);
      return { kind: 'tooMany' };
    }
    const [npair, naccount] = await Promise.all([c.fail(keys.pair, LOGIN_FAILURE_WINDOW_MS), c.fail(keys.account, LOGIN_FAILURE_WINDOW_MS)]);
    const prior = npair - 1;
    const undo = (...which: Array<keyof typeof keys>) => Promise.all(which.map((k) => c.undo(keys[k])));
    // The last failure of this account from this address (when it was answered): within the wait, this try is not checked.
    const delay = loginDelayS(prior);
    if (delay) {
      const recent = await c.fail(keys.recent, delay * 1000);
      await c.undo(keys.recent);
      if (recent > 1) {
        await undo('ip', 'pair', 'account');
        return { kind: 'wait', seconds: delay };
      }
    }
    if (loginNeedsCaptcha(prior, naccount - 1)) {
      if (!(await captcha())) {
        // Not a password tried: only the address's bound keeps it (a robot guessing images is bounded there).
        await undo('pair', 'account');
        return { kind: 'captcha' };
      }
    }
    return {
      kind: 'go',
      release: async (outcome) => {
        if (outcome === 'ok') {
          // The person is in: this address's failures on the account are forgotten; the account's
          // and the address's counts take this try back (an attack elsewhere stays counted).
          await Promise.all([c.clear(keys.pair), c.clear(keys.recent), c.undo(keys.account), c.undo(keys.ip)]);
          return { captchaNext: false };
        }
        if (outcome === 'unchecked') {
          await undo('ip', 'pair', 'account');
          return { captchaNext: false };
        }
        // The wait before the next try runs from this answer (a slow hash does not shorten it).
        await c.fail(keys.recent, LOGIN_DELAY_MAX_S * 1000);
        return { captchaNext: loginNeedsCaptcha(npair, naccount) };
      },
    };
  }
}
