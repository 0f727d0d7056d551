/**
 * Password checks (scrypt, N=2^17: about 128 MiB and a few hundred ms of a CPU each) run on libuv's
 * small thread pool, which file reads, compression and image work share. So at most a few run at
 * once, a few more wait their turn, and the rest are answered "busy" at once: a burst of logins
 * can cost the site a core, never its pool or its memory.
 */
import { PASSWORD_CHECKS_CONCURRENT, PASSWORD_CHECKS_QUEUED } from '../../shared/constants.ts';

export const BUSY = Symbol('busy');

export class PasswordGate {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    readonly concurrent = PASSWORD_CHECKS_CONCURRENT,
    readonly queued = PASSWORD_CHECKS_QUEUED,
  ) {}

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
      if (next)
        next(); // the slot passes on
      else this.running--;
    }
  }

  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }
}
