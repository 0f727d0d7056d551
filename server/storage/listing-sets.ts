/**
 * The imported listing sets under DATA_DIR/listings: each accepted import is a set of its own
 * (`sets/{id}.ndjson`, one record per line, written and fsynced before it can go live), and
 * `state.json` says which set visitors see, the import history (accepted and refused, with their
 * problems) and the last sync. Going live is one atomic rename of `state.json`, so a reader sees the
 * old set or the new one, never half of one. The last few accepted sets are kept for a rollback.
 * Imports from the command line and from the server take the same lock file.
 */
import { createReadStream } from 'node:fs';
import { mkdir, open, readFile, readdir, rename, rm, stat } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { join } from 'node:path';
import { storeWrite, syncDir, writeFileDurably } from './files.ts';
import type { FeedCounts, FeedProblem, ListingData } from '../listings/feed.ts';
import type { ListingSetRepository } from './types.ts';
import type { PriceRecord } from '../../shared/price.ts';
import { FilePrices } from './file/prices.ts';

/** Accepted imports kept (the live one included) for a rollback. */
export const KEPT_IMPORTS = 5;
/** History entries kept in state.json. */
export const MAX_ENTRIES = 40;
/** Problems kept per entry (the count says how many there were). */
export const MAX_STORED_PROBLEMS = 500;

/**
 * How an entry came about: file (`npm run import` on the server), upload (a file sent from the
 * editor), sync (the CRM feed, scheduled or "Sync now"), editor (a restore or a publish from the
 * editor), legacy (the listings file of an earlier version taken over).
 */
export type ImportTrigger = 'file' | 'upload' | 'sync' | 'editor' | 'legacy';

/** Values of a reason or problem code, for the editor to put in its own words. */
export type ReasonParams = Record<string, string | number>;

/** Why something happened: a code and its values for the editor, the English sentence for logs and the command line. */
export interface Reason {
  code: string;
  params?: ReasonParams;
  text: string;
}

export interface ImportEntry {
  /** The set's id: sortable by time. */
  id: string;
  at: string;
  trigger: ImportTrigger;
  /** The file or feed URL it came from (never a credential). */
  source: string;
  /** The staff member (their login e-mail), for actions from the editor. */
  by?: string;
  /**
   * accepted: went live; refused: checked and not taken (the live set unchanged); failed: the feed
   * could not be read at all; restored: an earlier set (or the shipped sample) brought back, or a
   * refused import published anyway; unchanged: a sync asked for by staff found the feed as it was.
   */
  result: 'accepted' | 'refused' | 'failed' | 'restored' | 'unchanged';
  /** In English, for the command line and the log. */
  reason?: string;
  /** The reason as a code and its values, for the editor to say in its language. */
  code?: string;
  params?: ReasonParams;
  counts?: FeedCounts;
  /** Properties of the live set this import would remove (or removed). */
  removed?: { count: number; of: number; share: number };
  /** Properties that were not in the live set. */
  added?: number;
  problems: FeedProblem[];
  problemCount: number;
  /** The set restored by a `restored` entry. */
  restored?: string;
  /** Identical failures in a row are folded into one entry. */
  repeated?: number;
  /** Forced past the removal guard. */
  forced?: boolean;
}

export interface SyncState {
  url: string;
  etag?: string;
  lastModified?: string;
  checkedAt?: string;
  /** What the last check gave. */
  result?: 'unchanged' | 'accepted' | 'refused' | 'failed';
  reason?: string;
  code?: string;
  params?: ReasonParams;
}

export interface ListingState {
  /** The set visitors see; null: none imported yet (the shipped sample is shown). */
  live: string | null;
  /** Sets that went live, oldest first; the last is `live`. A rollback steps back along it. */
  liveHistory: string[];
  /** A refused import whose data is kept so that staff can still publish it. */
  refusedSet?: string;
  /** The import that replaced the shipped sample: undoing it brings the sample back. */
  firstImport?: string;
  /** Newest first. */
  entries: ImportEntry[];
  sync?: SyncState;
}

export interface SetHeader {
  kind: 'vitrine-listing-set';
  format: 1;
  id: string;
  /** Hash of the listing schemas the records were checked with (re-checked when it differs). */
  schema: string;
}

export type Line = [keyof ListingData, unknown];
export const LISTS: Array<keyof ListingData> = ['properties', 'projects', 'webIDs', 'citys', 'citysSale', 'citysRent', 'neighbourhoods'];

export const newSetId = () =>
  `${new Date()
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}-${Math.random().toString(36).slice(2, 6)}`;

export class ImportBusyError extends Error {}

/** The sets to keep: the last KEPT_IMPORTS that went live and the refused set (trims `state.liveHistory`). */
export function keptSetIds(state: ListingState): Set<string> {
  state.liveHistory = state.liveHistory.slice(-KEPT_IMPORTS);
  return new Set([...state.liveHistory, ...(state.live ? [state.live] : []), ...(state.refusedSet ? [state.refusedSet] : [])]);
}

/** A stored state read with today's fields (a state of an earlier version lacks some). */
export function stateOf(s: Partial<ListingState>): ListingState {
  return {
    live: s.live ?? null,
    liveHistory: s.liveHistory ?? (s.live ? [s.live] : []),
    refusedSet: s.refusedSet,
    firstImport: s.firstImport,
    entries: s.entries ?? [],
    sync: s.sync,
  };
}

/** Makes set `id` live; one that replaces the shipped sample is remembered, so that undoing it brings the sample back. */
export function goLive(state: ListingState, id: string) {
  if (!state.live) {
    state.firstImport = id;
    state.liveHistory = [];
  }
  state.live = id;
  state.liveHistory.push(id);
}

/** Adds an entry to the history, folding a failure (or a sync that found no change) identical to the newest entry. */
export function addImportEntry(state: ListingState, entry: ImportEntry) {
  const last = state.entries[0];
  const same = last?.result === entry.result && last.reason === entry.reason && last.source === entry.source && last.by === entry.by;
  if ((entry.result === 'failed' || entry.result === 'unchanged') && same) {
    last.repeated = (last.repeated ?? 1) + 1;
    last.at = entry.at;
    return;
  }
  state.entries.unshift(entry);
}

/** The file store's listing sets (DATA_DIR/listings). */
export class ListingSets implements ListingSetRepository {
  /** DATA_DIR/listings.json of an earlier version, if there is one to take over. */
  async legacyFile(): Promise<string | undefined> {
    const legacy = join(this.dir, '..', 'listings.json');
    return (await exists(legacy)) ? legacy : undefined;
  }

  /** The earlier version's file was imported: it is kept beside, renamed. */
  async legacyTaken(): Promise<void> {
    const legacy = join(this.dir, '..', 'listings.json');
    await storeWrite(() => rename(legacy, `${legacy}.imported`));
  }

  readonly statePath: string;
  private readonly setsDir: string;
  /** The price history (DATA_DIR/listings/prices.json). */
  private readonly prices: FilePrices;
  private chain: Promise<unknown> = Promise.resolve();

  constructor(readonly dir: string) {
    this.statePath = join(dir, 'state.json');
    this.setsDir = join(dir, 'sets');
    this.prices = new FilePrices(join(dir, 'prices.json'));
  }

  readPrices(): Promise<PriceRecord[]> {
    return this.prices.read();
  }

  priceDrops(since: string): Promise<PriceRecord[]> {
    return this.prices.drops(since);
  }

  writePrices(changed: PriceRecord[], gone: number[]): Promise<void> {
    return this.prices.write(changed, gone);
  }

  async readState(): Promise<ListingState> {
    try {
      const s = JSON.parse(await readFile(this.statePath, 'utf8')) as ListingState;
      return stateOf(s);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { live: null, liveHistory: [], entries: [] };
      throw new Error(`${this.statePath} cannot be read (${(e as Error).message})`);
    }
  }

  /** When state.json last changed (0 when there is none): the server polls this. */
  async stateStamp(): Promise<number> {
    return (await stat(this.statePath).catch(() => undefined))?.mtimeMs ?? 0;
  }

  async writeState(state: ListingState): Promise<void> {
    state.entries = state.entries.slice(0, MAX_ENTRIES);
    await writeFileDurably(this.statePath, JSON.stringify(state, null, 1));
  }

  /**
   * Runs `fn` holding the import lock: one import at a time in this process and across processes
   * (the command line and the server). A lock left by a process that died is taken over.
   */
  withLock<T>(fn: () => Promise<T>): Promise<T> {
    const run = async () => {
      await mkdir(this.dir, { recursive: true });
      const lock = join(this.dir, '.lock');
      let fh;
      try {
        fh = await open(lock, 'wx');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        const pid = Number((await readFile(lock, 'utf8').catch(() => '')).trim());
        if (pid && pid !== process.pid && alive(pid)) throw new ImportBusyError(`another import is running (process ${pid})`);
        await rm(lock, { force: true });
        fh = await open(lock, 'wx');
      }
      try {
        await fh.writeFile(String(process.pid));
        await fh.close();
        return await fn();
      } finally {
        await rm(lock, { force: true });
      }
    };
    const next = this.chain.then(run, run);
    this.chain = next.catch(() => undefined);
    return next;
  }

  setPath(id: string) {
    if (!/^[0-9A-Za-z-]+$/.test(id)) throw new Error(`bad set id ${id}`);
    return join(this.setsDir, `${id}.ndjson`);
  }

  hasSet(id: string): Promise<boolean> {
    return exists(this.setPath(id));
  }

  /** Writes a set durably: one record per line after a header line; its property IDs beside it. */
  async writeSet(id: string, data: ListingData, schemaHash: string): Promise<void> {
    await mkdir(this.setsDir, { recursive: true });
    const path = this.setPath(id);
    const tmp = `${path}.${process.pid}.tmp`;
    const fh = await open(tmp, 'w');
    try {
      const header: SetHeader = { kind: 'vitrine-listing-set', format: 1, id, schema: schemaHash };
      let buf = `${JSON.stringify(header)}\n`;
      for (const list of LISTS) {
        for (const r of data[list]) {
          buf += `${JSON.stringify([list, r] satisfies Line)}\n`;
          if (buf.length > 1 << 16) {
            await fh.write(buf);
            buf = '';
          }
        }
      }
      await fh.write(buf);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await writeFileDurably(join(this.setsDir, `${id}.ids.json`), JSON.stringify([...new Set(data.properties.map((p) => p.ID))]));
    await storeWrite(async () => {
      await rename(tmp, path);
      await syncDir(this.setsDir);
    });
  }

  /** Reads a set, giving the event loop a turn every `yieldEvery` records. */
  async readSet(id: string, yieldEvery = 2000): Promise<{ header: SetHeader; data: ListingData }> {
    const data: ListingData = { properties: [], projects: [], webIDs: [], citys: [], citysSale: [], citysRent: [], neighbourhoods: [] };
    const lines = createInterface({ input: createReadStream(this.setPath(id), 'utf8'), crlfDelay: Infinity });
    let header: SetHeader | undefined;
    let n = 0;
    for await (const line of lines) {
      if (!line) continue;
      if (!header) {
        header = JSON.parse(line) as SetHeader;
        if (header.kind !== 'vitrine-listing-set') throw new Error(`${this.setPath(id)} is not a listing set`);
        continue;
      }
      const [list, rec] = JSON.parse(line) as Line;
      if (LISTS.includes(list)) (data[list] as unknown[]).push(rec);
      if (++n % yieldEvery === 0) await new Promise<void>((r) => setImmediate(r));
    }
    if (!header) throw new Error(`${this.setPath(id)} is empty`);
    return { header, data };
  }

  async propertyIds(id: string): Promise<number[]> {
    try {
      return JSON.parse(await readFile(join(this.setsDir, `${id}.ids.json`), 'utf8')) as number[];
    } catch {
      return [...new Set((await this.readSet(id)).data.properties.map((p) => p.ID))];
    }
  }

  /** Removes the sets no longer needed: kept are the last KEPT_IMPORTS that went live and the refused set. */
  async prune(state: ListingState): Promise<void> {
    const keep = keptSetIds(state);
    let files: string[] = [];
    try {
      files = await readdir(this.setsDir);
    } catch {
      return;
    }
    for (const f of files) {
      const id = f.replace(/\.(ndjson|ids\.json)$/, '');
      if (f.endsWith('.tmp') || !keep.has(id)) await storeWrite(() => rm(join(this.setsDir, f), { force: true }));
    }
  }

  /** Saves a small text file beside the sets (known property IDs for search alerts). */
  async writeAux(name: string, text: string) {
    await writeFileDurably(join(this.dir, name), text);
  }

  async readAux(name: string): Promise<string | undefined> {
    try {
      return await readFile(join(this.dir, name), 'utf8');
    } catch {
      return undefined;
    }
  }
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function exists(path: string): Promise<boolean> {
  return (await stat(path).catch(() => undefined)) !== undefined;
}
