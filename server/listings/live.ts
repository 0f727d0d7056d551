/**
 * The listings visitors see: the live imported set (DATA_DIR/listings, see listing-sets.ts), else
 * the sample shipped in site-config/listings/ until the agency's first import. The server notices
 * within a second when another process (npm run import) or the sync made another set live, loads it
 * without holding the event loop, and only then swaps it in: a set that cannot be read never
 * replaces the one being shown.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { ListingStore } from './store.ts';
import { formatFeedProblem, normaliseFeed, type ListingData } from './feed.ts';
import { importFeed, listingSchemaHash, parseFeedBytes, readFeedFile } from './import.ts';
import type { ListingSetRepository } from '../storage/types.ts';
import type { SchemaRegistry } from '../config/schemas.ts';
import { recentDrops } from './price-history.ts';

/** How often the server looks at state.json for another live set. */
export const LISTINGS_POLL_MS = 500;

export interface ListingLog {
  info: (m: string) => void;
  warn: (m: string) => void;
  error: (m: string) => void;
}

const EMPTY: ListingData = { properties: [], projects: [], webIDs: [], citys: [], citysSale: [], citysRent: [], neighbourhoods: [] };

/** The shipped sample, read the way a CRM feed is read. */
export async function loadSample(file: string, schemas: SchemaRegistry, log: ListingLog): Promise<ListingStore> {
  if (!existsSync(file)) return new ListingStore(EMPTY, 'empty');
  const buf = readFileSync(file);
  // Shipped with the site: read within the default limit, whatever LISTINGS_MAX_MB says.
  const { raw, readError } = await parseFeedBytes(buf, { schemas });
  if (readError) {
    log.error(`listings: ${file}: ${readError.text}`);
    return new ListingStore(EMPTY, 'empty');
  }
  const feed = await normaliseFeed(raw, schemas);
  for (const p of feed.problems) log.warn(`listings: ${formatFeedProblem(p)}`);
  return new ListingStore(feed.data, `sample-${createHash('sha256').update(buf).digest('hex').slice(0, 10)}`);
}

export class LiveListings {
  private store: ListingStore = new ListingStore(EMPTY, 'empty');
  private liveId: string | null | undefined;
  private stamp = -1;
  private timer: NodeJS.Timeout | undefined;
  private checking: Promise<void> | null = null;
  private unreadable = false;

  constructor(
    readonly sets: ListingSetRepository,
    private readonly sampleFile: string,
    private readonly schemas: SchemaRegistry,
    private readonly log: ListingLog,
    /** Called after another set became live (not for the first one). */
    private readonly onChange: (prev: ListingStore, next: ListingStore) => void,
  ) {}

  get(): ListingStore {
    return this.store;
  }

  /** The id of the live set; null while the sample is shown. */
  get live(): string | null {
    return this.liveId ?? null;
  }

  /** Loads what is live (taking over a listings.json of an older version once) and starts watching. */
  async start(): Promise<ListingStore> {
    await this.migrateLegacy();
    await this.check();
    this.timer = setInterval(() => void this.check(), LISTINGS_POLL_MS);
    this.timer.unref();
    return this.store;
  }

  stop() {
    clearInterval(this.timer);
  }

  /** Looks whether another set is live and swaps it in once it is loaded; resolves when done. */
  check(): Promise<void> {
    this.checking ??= this.doCheck().finally(() => (this.checking = null));
    return this.checking;
  }

  private async doCheck() {
    let stamp;
    let state;
    try {
      stamp = await this.sets.stateStamp();
      if (stamp === this.stamp) return;
      state = await this.sets.readState();
    } catch (e) {
      // Said once while it lasts (the store out of reach is looked at again every half second).
      if (!this.unreadable) this.log.error(`listings: ${(e as Error).message}; the listings shown are unchanged`);
      this.unreadable = true;
      return;
    }
    this.unreadable = false;
    this.stamp = stamp;
    if (state.live === this.liveId) return;
    const first = this.liveId === undefined;
    const next = await this.loadLive(state.live, state.liveHistory);
    if (!next) return;
    // The site search's index is made before the set is shown, never on a visitor's query.
    await next.store.prepareFind();
    const prev = this.store;
    this.store = next.store;
    this.liveId = next.id;
    if (!first) {
      this.log.info(`listings: set ${next.id ?? 'sample'} is live`);
      this.onChange(prev, next.store);
    }
  }

  /** The live set, else the newest earlier set that can be read, else (nothing imported yet) the sample. */
  private async loadLive(live: string | null, history: string[]): Promise<{ id: string | null; store: ListingStore } | undefined> {
    if (!live) return { id: null, store: await loadSample(this.sampleFile, this.schemas, this.log) };
    for (const id of [live, ...history.filter((h) => h !== live).reverse()]) {
      try {
        const store = await this.loadSet(id);
        if (id !== live) this.log.error(`listings: the live set ${live} cannot be read; showing the earlier set ${id}`);
        return { id, store };
      } catch (e) {
        this.log.error(`listings: set ${id}: ${(e as Error).message}`);
        if (this.liveId !== undefined) return undefined; // keep showing what is shown
      }
    }
    this.log.error('listings: no imported set can be read; showing none');
    return { id: live, store: new ListingStore(EMPTY, `unreadable-${live}`) };
  }

  /** The recent price drops; none (said in the log) when the price history cannot be read: the set is shown all the same. */
  private async drops() {
    return recentDrops(this.sets).catch((e) => {
      this.log.error(`listings: the price history cannot be read (${(e as Error).message}); no price drop is shown`);
      return undefined;
    });
  }

  private async loadSet(id: string): Promise<ListingStore> {
    const { header, data } = await this.sets.readSet(id);
    const drops = await this.drops();
    if (header.schema !== listingSchemaHash()) {
      // Checked with other schemas (an older version of the site): read again with today's.
      const feed = await normaliseFeed(data, this.schemas, { yieldEvery: 2000 });
      for (const p of feed.problems.slice(0, 20)) this.log.warn(`listings: ${formatFeedProblem(p)}`);
      return new ListingStore(feed.data, id, drops);
    }
    return new ListingStore(data, id, drops);
  }

  /** DATA_DIR/listings.json of an earlier version becomes the first imported set. */
  private async migrateLegacy() {
    const legacy = await this.sets.legacyFile();
    if (!legacy || (await this.sets.readState()).live) return;
    const { raw, readError, problems: leftOut, checked } = await readFeedFile(legacy, { schemas: this.schemas, check: true });
    const entry = await importFeed(
      this.sets,
      this.schemas,
      { maxRemovedShare: 1 },
      { raw, readError, checked, leftOut, source: legacy, trigger: 'legacy', force: true },
    );
    this.log.info(`listings: ${legacy} taken over as an import (${entry.result})`);
    if (entry.result === 'accepted') await this.sets.legacyTaken();
  }
}
