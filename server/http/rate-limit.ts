/** A fixed-window limit per key (a visitor's address), counted in the store's counters (shared by every server process). */
import type { CounterRepository } from '../storage/index.ts';

export class RateLimit {
  constructor(
    private readonly counters: CounterRepository,
    /** Which limit (forms, CSP reports): its keys are apart from the others'. */
    private readonly name: string,
    readonly max: number,
    readonly windowMs: number,
  ) {}

  /** Counts one request of `key`; gives the seconds to wait when over the limit, else 0. */
  async take(key: string): Promise<number> {
    const { count, resetAt } = await this.counters.hit(`${this.name}:${key}`, this.windowMs);
    return count > this.max ? Math.max(1, Math.ceil((resetAt - Date.now()) / 1000)) : 0;
  }
}
