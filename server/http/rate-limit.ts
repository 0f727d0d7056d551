/** A fixed-window counter per key (a visitor's address): `take` says whether one more is allowed. */
export class RateLimit {
  private readonly hits = new Map<string, { start: number; count: number }>();

  constructor(readonly max: number, readonly windowMs: number) {}

  /** Counts one request of `key`; returns the seconds to wait when over the limit, else 0. */
  take(key: string, now = Date.now()): number {
    let h = this.hits.get(key);
    if (!h || now - h.start >= this.windowMs) {
      h = { start: now, count: 0 };
      this.hits.set(key, h);
      if (this.hits.size > 50_000) for (const [k, v] of this.hits) if (now - v.start >= this.windowMs) this.hits.delete(k);
    }
    h.count++;
    return h.count > this.max ? Math.ceil((h.start + this.windowMs - now) / 1000) : 0;
  }
}
