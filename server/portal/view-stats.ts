/**
 * Views of property detail pages, counted per property per day: no personal data (no IP, no
 * cookie, no user agent is kept), only a number. Counting adds to a map in memory; a timer writes
 * the map to the statistics repository in one batch, so a page view costs no disk write.
 */
import type Koa from 'koa';
import type { StatsRepository } from '../storage/index.ts';
import { AGENCY_TIME_ZONE, VIEW_STATS_FLUSH_MS } from '../../shared/constants.ts';

const dayFormat = new Intl.DateTimeFormat('en-CA', { timeZone: AGENCY_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' });
/** The agency's calendar day of an instant, as YYYY-MM-DD. */
export const dayOf = (t: number | Date = Date.now()) => dayFormat.format(t);

/** Crawlers, link previews, monitors and scripted clients: not a person looking at the property. */
const BOT_UA =
  /bot|crawl|spider|slurp|bingpreview|facebookexternalhit|embedly|preview|headless|lighthouse|pingdom|monitor|curl|wget|python|java\/|go-http|okhttp|axios|node-fetch|undici|libwww|scrapy|phantomjs/i;

export function isBot(ua: string | undefined): boolean {
  return !ua || BOT_UA.test(ua);
}

/** A speculative load (link prefetch, prerender of a likely next page) is not a view. */
export function isPrefetch(ctx: Koa.Context): boolean {
  const purpose = `${ctx.get('sec-purpose')} ${ctx.get('purpose')} ${ctx.get('x-purpose')} ${ctx.get('x-moz')}`.toLowerCase();
  return /prefetch|preview|prerender/.test(purpose);
}

export class ViewStats {
  private pending = new Map<number, Map<string, number>>();
  /** The batch being written. */
  private writing = new Map<number, Map<string, number>>();
  private timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  /** Off in the benchmark's baseline run. */
  enabled = true;

  constructor(
    private readonly store: StatsRepository,
    flushMs = VIEW_STATS_FLUSH_MS,
  ) {
    this.timer = setInterval(() => void this.flush(), flushMs);
    this.timer.unref();
  }

  count(propertyId: number, day = dayOf()): void {
    let days = this.pending.get(propertyId);
    if (!days) this.pending.set(propertyId, (days = new Map()));
    days.set(day, (days.get(day) ?? 0) + 1);
  }

  /** Views per day of a property: what is written plus what waits for the next flush. */
  async days(propertyId: number): Promise<Record<string, number>> {
    const writing = this.writing;
    const out = await this.store.days(propertyId);
    // A batch written while the stored figures were read is in them already.
    const sources = writing === this.writing ? [writing, this.pending] : [this.pending];
    for (const batch of sources) for (const [day, n] of batch.get(propertyId) ?? []) out[day] = (out[day] ?? 0) + n;
    return out;
  }

  /** Writes the counts gathered since the last flush in one durable write. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (!this.pending.size) return;
      this.writing = this.pending;
      this.pending = new Map();
      try {
        await this.store.add(this.writing);
      } catch {
        // The store out of reach (the database restarting): the counts wait for the next flush.
        for (const [id, days] of this.writing) {
          const into = this.pending.get(id) ?? this.pending.set(id, new Map()).get(id)!;
          for (const [day, n] of days) into.set(day, (into.get(day) ?? 0) + n);
        }
      } finally {
        this.writing = new Map();
      }
    });
    return this.flushing;
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
