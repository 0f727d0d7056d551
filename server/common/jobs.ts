/** Small helpers for work that must not be done twice or all at once. */

/** One job per key at a time: requests that ask for the same image while it is being made share that work. */
export function singleFlight<T>(): (key: string, make: () => Promise<T>) => Promise<T> {
  const inFlight = new Map<string, Promise<T>>();
  return (key, make) => {
    let job = inFlight.get(key);
    if (!job) {
      job = make().finally(() => inFlight.delete(key));
      inFlight.set(key, job);
    }
    return job;
  };
}

/** At most `n` jobs at once; the others wait their turn, first come first served. */
export function limiter(n: number): <T>(job: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (job) => {
    if (running >= n) await new Promise<void>((r) => waiting.push(r));
    running++;
    try {
      return await job();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

/** Places for at most `max` jobs at once: `enter` is false when they are all taken; `leave` frees one. */
export class Places {
  private taken = 0;
  constructor(readonly max: number) {}
  get inUse(): number {
    return this.taken;
  }
  enter(): boolean {
    if (this.taken >= this.max) return false;
    this.taken++;
    return true;
  }
  leave(): void {
    this.taken = Math.max(0, this.taken - 1);
  }
}
