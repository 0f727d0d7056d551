/**
 * The scheduled sync: LISTINGS_URL is fetched every LISTINGS_SYNC_MINUTES with a conditional
 * request (ETag / Last-Modified), so an unchanged feed costs one 304; a changed one goes through
 * the same import as a file (import.ts), with the same safety rules. One sync at a time, and none
 * while another change of the listings is under way on this server (gate.ts).
 */
import { importFeed, type ImportSettings } from './import.ts';
import { FEED_MAX_BYTES, parseFeedBytes } from './feed-file.ts';
import { ImportGate, ImportRunning } from './gate.ts';
import { MB, listingsMaxBytes } from './limits.ts';
import { ImportBusyError, addImportEntry, newSetId, type ImportEntry, type Reason, type SyncState } from '../storage/listing-sets.ts';
import type { ListingSetRepository } from '../storage/types.ts';
import type { SchemaRegistry } from '../config/schemas.ts';
import type { ListingLog } from './live.ts';
import { SETTINGS, type Env } from '../env.ts';

export const DEFAULT_SYNC_MINUTES = SETTINGS.LISTINGS_SYNC_MINUTES.value;
export { FEED_MAX_BYTES };
/** Time for the whole download. */
export const FEED_TIMEOUT_MS = 5 * 60_000;
/** The first check after start, so that start-up is not slowed by it. */
const FIRST_SYNC_DELAY_MS = 5_000;

export interface SyncConfig {
  url: string;
  /** The value of the Authorization header (e.g. "Bearer …"), if the feed needs one. */
  auth?: string;
  minutes: number;
  /** The largest feed, as sent and once unpacked (LISTINGS_MAX_MB; default FEED_MAX_BYTES). */
  maxBytes?: number;
}

/** LISTINGS_URL, LISTINGS_AUTH, LISTINGS_SYNC_MINUTES, LISTINGS_MAX_MB of the settings (server/env.ts); undefined when no URL is set. */
export function syncConfigOf(env: Env): SyncConfig | undefined {
  if (!env.LISTINGS_URL) return undefined;
  return { url: env.LISTINGS_URL, auth: env.LISTINGS_AUTH, minutes: env.LISTINGS_SYNC_MINUTES, maxBytes: listingsMaxBytes(env) };
}

/** The URL as shown to staff and in logs: without a user name, password or query (which may hold a key). */
export function displayUrl(url: string): string {
  try {
    const u = new URL(url);
    return `${u.protocol}//${u.host}${u.pathname}${u.search ? '?…' : ''}`;
  } catch {
    return '(invalid URL)';
  }
}

/** What a sync did; `unchanged` has an entry when staff asked for it (the scheduled ones are not kept in the history). */
export type SyncOutcome = { result: 'unchanged'; at: string; entry?: ImportEntry } | { result: ImportEntry['result']; entry: ImportEntry };

export class ListingSync {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<SyncOutcome> | null = null;
  private stopped = false;

  constructor(
    readonly config: SyncConfig,
    private readonly sets: ListingSetRepository,
    private readonly schemas: SchemaRegistry,
    private readonly settings: () => ImportSettings,
    private readonly log: ListingLog,
    /** This server's one-change-at-a-time gate (shared with uploads and restores). */
    readonly gate: ImportGate = new ImportGate(),
  ) {}

  start() {
    const loop = (delay: number) => {
      if (this.stopped) return;
      this.timer = setTimeout(() => {
        void this.scheduled().finally(() => loop(this.config.minutes * 60_000));
      }, delay);
      this.timer.unref();
    };
    loop(FIRST_SYNC_DELAY_MS);
  }

  /**
   * Several nodes share the store (PostgreSQL): a scheduled round is left out when another node
   * checked the feed within the interval, so that the CRM is asked once per interval, not once per node.
   */
  shared = false;

  private async scheduled() {
    if (this.shared) {
      const last = (await this.sets.readState().catch(() => undefined))?.sync;
      const age = last?.checkedAt ? Date.now() - Date.parse(last.checkedAt) : Infinity;
      if (last?.url === displayUrl(this.config.url) && age < this.config.minutes * 60_000 * 0.9) return;
    }
    try {
      await this.syncNow();
    } catch (e) {
      // Another change is under way (here, on another node, or from the command line): next round.
      if (e instanceof ImportRunning || e instanceof ImportBusyError) this.log.info(`listings sync: left out this round (${(e as Error).message})`);
      else this.log.error(`listings sync: ${(e as Error).message}`);
    }
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  /**
   * Fetches the feed now, or joins the fetch under way. Throws ImportRunning when another change of
   * the listings is under way on this server, ImportBusyError when one is elsewhere.
   */
  syncNow(by?: string): Promise<SyncOutcome> {
    if (this.running) return this.running;
    const release = this.gate.enter({ what: 'sync', by });
    this.running = this.run(by)
      .catch((e): SyncOutcome => {
        if (e instanceof ImportBusyError) throw e;
        this.log.error(`listings sync: ${(e as Error).message}`);
        const entry: ImportEntry = {
          id: 'error',
          at: new Date().toISOString(),
          trigger: 'sync',
          source: displayUrl(this.config.url),
          result: 'failed',
          reason: (e as Error).message,
          code: 'syncError',
          params: { message: (e as Error).message },
          problems: [],
          problemCount: 0,
        };
        return { result: 'failed', entry };
      })
      .finally(() => {
        release();
        this.running = null;
      });
    return this.running;
  }

  private async run(by?: string): Promise<SyncOutcome> {
    const source = displayUrl(this.config.url);
    const previous = (await this.sets.readState()).sync;
    const same = previous?.url === source;
    const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': 'Vitrine listings sync' };
    if (this.config.auth) headers.Authorization = this.config.auth;
    if (same && previous?.etag) headers['If-None-Match'] = previous.etag;
    if (same && previous?.lastModified) headers['If-Modified-Since'] = previous.lastModified;
    const sync: SyncState = { url: source };
    const fail = (reason: Reason) =>
      importFeed(this.sets, this.schemas, this.settings(), {
        readError: reason,
        source,
        trigger: 'sync',
        by,
        sync: { ...sync, ...(same ? { etag: previous?.etag, lastModified: previous?.lastModified } : {}) },
      });

    let res: Response;
    try {
      res = await fetch(this.config.url, { headers, redirect: 'follow', signal: AbortSignal.timeout(FEED_TIMEOUT_MS) });
    } catch (e) {
      const cause = (e as { cause?: { code?: string; message?: string } }).cause;
      const why = cause?.code ?? cause?.message ?? (e as Error).message;
      const entry = await fail({ code: 'syncUnreachable', params: { cause: why }, text: `the feed could not be reached (${why})` });
      return { result: entry.result, entry };
    }
    if (res.status === 304) {
      const at = new Date().toISOString();
      // Asked for by staff, it is kept in the history (who, when); the scheduled ones are not.
      const entry: ImportEntry | undefined = by
        ? {
            id: newSetId(),
            at,
            trigger: 'sync',
            source,
            by,
            result: 'unchanged',
            code: 'unchanged',
            reason: 'the feed has not changed',
            problems: [],
            problemCount: 0,
          }
        : undefined;
      await this.sets.withLock(async () => {
        const state = await this.sets.readState();
        state.sync = { ...(state.sync ?? sync), url: source, checkedAt: at, result: 'unchanged', reason: undefined, code: undefined, params: undefined };
        if (entry) addImportEntry(state, entry);
        await this.sets.writeState(state);
      });
      return { result: 'unchanged', at, ...(entry ? { entry } : {}) };
    }
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      const entry = await fail({
        code: 'syncHttp',
        params: { status: res.status },
        text: `the feed answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}`,
      });
      return { result: entry.result, entry };
    }
    const etag = res.headers.get('etag') ?? undefined;
    const lastModified = res.headers.get('last-modified') ?? undefined;
    let body: Buffer;
    const maxBytes = this.config.maxBytes ?? FEED_MAX_BYTES;
    try {
      body = await readLimited(res, maxBytes);
    } catch (e) {
      const entry = await fail((e as FeedDownloadError).reason);
      return { result: entry.result, entry };
    }
    const { raw, readError, problems: leftOut, checked } = await parseFeedBytes(body, { schemas: this.schemas, maxBytes, check: true });
    body = Buffer.alloc(0);
    const entry = await importFeed(this.sets, this.schemas, this.settings(), {
      raw,
      readError,
      checked,
      leftOut,
      source,
      trigger: 'sync',
      by,
      yieldEvery: 1000,
      sync: { url: source, etag, lastModified },
    });
    this.log.info(`listings sync: ${entry.result}${entry.reason ? ` (${entry.reason})` : ''}`);
    return { result: entry.result, entry };
  }
}

class FeedDownloadError extends Error {
  constructor(readonly reason: Reason) {
    super(reason.text);
  }
}

async function readLimited(res: Response, max: number): Promise<Buffer> {
  const mb = Math.round(max / MB);
  const tooLarge = () =>
    new FeedDownloadError({
      code: 'syncTooLarge',
      params: { mb },
      text: `the feed is larger than ${mb} MB (the limit set by LISTINGS_MAX_MB): the listings on the site stay as they were`,
    });
  const declared = Number(res.headers.get('content-length') ?? 0);
  if (declared > max) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      size += chunk.length;
      if (size > max) throw tooLarge();
      chunks.push(Buffer.from(chunk));
    }
  } catch (e) {
    if (e instanceof FeedDownloadError) throw e;
    const cause = (e as Error).message;
    throw new FeedDownloadError({ code: 'syncBroken', params: { cause }, text: `the download of the feed broke off (${cause})` });
  }
  return Buffer.concat(chunks);
}
