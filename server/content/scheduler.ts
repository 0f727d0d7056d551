/**
 * The scheduler of every node (issue 38, point 4): every SCHEDULE_TICK_MS (15 s) it claims the
 * changes that are due and makes them one after the other (schedule.ts). The claim is the store's:
 * on PostgreSQL a lease taken with FOR UPDATE SKIP LOCKED, so that each change is made by one node;
 * in the embedded store one process. The change reaches this node's visitors at once (its page
 * cache is dropped) and the other nodes' within a second (the revision's notice on the change feed):
 * a change happens at most 15 s after its time, plus that second.
 *
 * Its clock (`now`) and `tick()` are open to the tests, which move the one and call the other
 * rather than wait for real minutes.
 */
import { SCHEDULE_TICK_MS } from '../../shared/schedule.ts';
import type { ScheduleOperations } from './schedule.ts';

/** Changes taken per claim, and how long one is left to this node before another may take it. */
const BATCH = 20;
const LEASE_MS = 2 * 60_000;
/** Claims per tick: a backlog (a server down for a day) is worked through in batches, the later changes of a document after its earlier ones. */
const ROUNDS = 10;

export class Scheduler {
  /** The schedule's clock: what is due, and the refusal of times in the past. */
  now: () => number = Date.now;
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<number> = Promise.resolve(0);
  private stopped = false;

  constructor(
    private readonly schedule: ScheduleOperations,
    private readonly log: (line: string) => void = () => {},
    readonly tickMs = SCHEDULE_TICK_MS,
  ) {}

  start(): this {
    this.stopped = false;
    clearInterval(this.timer);
    this.timer = setInterval(() => void this.tick().catch((e) => this.log(`the schedule could not be looked at: ${(e as Error).message}`)), this.tickMs);
    this.timer.unref();
    return this;
  }

  /** Makes the changes due at `now` (one tick at a time on this node); gives how many were made. */
  tick(now = this.now()): Promise<number> {
    const run = this.running.then(() => (this.stopped ? 0 : this.round(now)));
    this.running = run.catch(() => 0);
    return run;
  }

  private async round(now: number): Promise<number> {
    let made = 0;
    for (let i = 0; i < ROUNDS && !this.stopped; i++) {
      const due = await this.schedule.claim(now, BATCH, LEASE_MS);
      if (!due.length) break;
      // Stopped meanwhile: the changes taken and not made are taken again once their lease runs out.
      for (const entry of due) {
        if (this.stopped) break;
        await this.schedule.run(entry);
        made++;
      }
    }
    return made;
  }

  /** No new tick; resolves once the change under way is made (then the store may close). */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }
}
