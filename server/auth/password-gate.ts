/**
 * Password checks (scrypt, N=2^17: about 128 MiB and a few hundred ms of a CPU each) run on libuv's
 * small thread pool, which file reads, compression and image work share. So at most a few run at
 * once, a few more wait their turn, and the rest are answered "busy" at once: a burst of logins
 * can cost the site a core, never its pool or its memory.
 */
import type { Throttle } from '../http/request.ts';
import { verifyPassword } from './owner-accounts.ts';
import { LOGIN_MAX_FAILURES_PER_ACCOUNT, LOGIN_MAX_FAILURES_PER_IP, PASSWORD_CHECKS_CONCURRENT, PASSWORD_CHECKS_QUEUED } from '../../shared/constants.ts';

export const BUSY = Symbol('busy');

export class PasswordGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(readonly concurrent = PASSWORD_CHECKS_CONCURRENT, readonly queued = PASSWORD_CHECKS_QUEUED) {}

  /** Runs `work` when a slot is free, or returns BUSY at once when the queue is full. */
  async run<T>(work: () => Promise<T>): Promise<T | typeof BUSY> {
    if (this.running >= this.concurrent) {
      if (this.waiting.length >= this.queued) return BUSY;
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else this.running++;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      if (next) next(); // the slot passes on
      else this.running--;
    }
  }

  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}


export type LoginCheck = 'ok' | 'wrong' | 'tooMany' | 'busy';

/**
 * One password login, staff's or an owner's: the attempt is counted (per account and per address)
 * before any hashing, so a burst is refused from the sixth try on without costing a hash; then the
 * hash is checked through the gate — against a dummy hash when there is no such account, so the
 * answer takes as long. A success clears the account's failures and takes its own count back.
 */
export async function checkLogin(o: { gate: PasswordGate; throttle: Throttle; username: string; ip: string; password: string; hash: string | undefined; dummy: () => Promise<string> }): Promise<LoginCheck> {
  const u = `u:${o.username}`;
  const ip = `ip:${o.ip}`;
  if (o.throttle.count(u) >= LOGIN_MAX_FAILURES_PER_ACCOUNT || o.throttle.count(ip) >= LOGIN_MAX_FAILURES_PER_IP) return 'tooMany';
  o.throttle.add(u);
  o.throttle.add(ip);
  const hash = o.hash ?? (await o.dummy());
  const ok = await o.gate.run(() => verifyPassword(o.password, hash));
  if (ok === BUSY) {
    o.throttle.undo(u);
    o.throttle.undo(ip);
    return 'busy';
  }
  if (!ok || !o.hash) return 'wrong';
  o.throttle.clear(u);
  o.throttle.undo(ip);
  return 'ok';
}
