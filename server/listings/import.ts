/**
 * One import of the listings, whatever started it (`npm run import`, the scheduled sync, the
 * editor): read leniently, checked, staged as a set of its own, and only then made live in one
 * atomic step. It is refused — the live listings unchanged — when the feed cannot be read, when no
 * property in it can be shown, or when it would take more than a configured share of the live
 * properties off the site (unless forced). Accepted and refused imports alike are in the history
 * that staff see, with their problems in plain words.
 */
import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { lineCol } from '../config/config.ts';
import { normaliseFeed, type FeedProblem, type NormaliseOptions } from './feed.ts';
import type { ListingSetRepository } from '../storage/types.ts';
import {
  addImportEntry,
  MAX_STORED_PROBLEMS,
  newSetId,
  type ImportEntry,
  type ImportTrigger,
  type ListingState,
  type SyncState,
} from '../storage/listing-sets.ts';
import { coreSchemas, type SchemaRegistry } from '../config/schemas.ts';

/** The default share of the live properties an import may remove without --force. */
export const DEFAULT_MAX_REMOVED_SHARE = 0.5;

export interface ImportSettings {
  /** 0…1: an import that would remove more of the live properties is refused unless forced. */
  maxRemovedShare: number;
}

export interface FeedInput {
  /** The parsed feed, or why it could not be read. */
  raw?: unknown;
  readError?: string;
  /** File path or URL, shown in the history. */
  source: string;
  trigger: ImportTrigger;
  by?: string;
  force?: boolean;
  onProgress?: NormaliseOptions['onProgress'];
  yieldEvery?: number;
  /** A sync's conditional-request state, saved with the result. */
  sync?: SyncState;
}

/** The hash of the schemas a set was checked with: a set is checked again when they change. */
export function listingSchemaHash(): string {
  const { property, project, propertyType, city, treeItem, listings } = coreSchemas;
  return createHash('sha256')
    .update(JSON.stringify([property, project, propertyType, city, treeItem, listings]))
    .digest('hex')
    .slice(0, 16);
}

/** Reads a feed file: its JSON, or a sentence saying why it cannot be read. */
export async function readFeedFile(path: string): Promise<{ raw?: unknown; readError?: string }> {
  let buf: Buffer;
  try {
    if ((await stat(path)).isDirectory()) return { readError: `${path} is a folder, not a file` };
    buf = await readFile(path);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return {
      readError:
        code === 'ENOENT'
          ? `${path} does not exist`
          : code === 'EACCES'
            ? `${path} may not be read (permissions)`
            : `${path} cannot be read (${(e as Error).message})`,
    };
  }
  return parseFeedText(buf);
}

/** A feed's bytes as JSON (a byte-order mark is allowed, as Windows exports write one). */
export function parseFeedText(buf: Buffer): { raw?: unknown; readError?: string } {
  if (!buf.length) return { readError: 'the file is empty' };
  let text: string;
  try {
    text = buf.toString('utf8');
  } catch {
    return { readError: `the file is too large to read (${Math.round(buf.length / 1e6)} MB)` };
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    return { raw: JSON.parse(text) };
  } catch (e) {
    return { readError: `the file is not valid JSON: ${lineCol(text, (e as Error).message)}` };
  }
}

const share = (n: number, of: number) => (of ? n / of : 0);
const pct = (x: number) => `${Math.round(x * 1000) / 10} %`;

function capped(problems: FeedProblem[]) {
  return { problems: problems.slice(0, MAX_STORED_PROBLEMS), problemCount: problems.length };
}

/** Imports a feed: checks it, stages it, and makes it live — or refuses it and says why. */
export async function importFeed(sets: ListingSetRepository, schemas: SchemaRegistry, settings: ImportSettings, input: FeedInput): Promise<ImportEntry> {
  const id = newSetId();
  const base = { id, at: new Date().toISOString(), trigger: input.trigger, source: input.source, ...(input.by ? { by: input.by } : {}) };
  const record = async (entry: ImportEntry, change?: (s: ListingState) => void) => {
    const state = await sets.readState();
    change?.(state);
    if (input.sync)
      state.sync = {
        ...input.sync,
        checkedAt: entry.at,
        result: entry.result === 'accepted' ? 'accepted' : entry.result === 'failed' ? 'failed' : 'refused',
        reason: entry.reason,
      };
    addImportEntry(state, entry);
    await sets.prune(state);
    await sets.writeState(state);
    return entry;
  };

  if (input.readError !== undefined) {
    return sets.withLock(() => record({ ...base, result: 'failed', reason: input.readError, problems: [], problemCount: 0 }));
  }
  const feed = await normaliseFeed(input.raw, schemas, { onProgress: input.onProgress, yieldEvery: input.yieldEvery });
  if (!feed.readable) {
    return sets.withLock(() => record({ ...base, result: 'failed', reason: 'the file is not a preloaded response', ...capped(feed.problems) }));
  }
  if (feed.counts.properties === 0) {
    return sets.withLock(() => record({ ...base, result: 'refused', reason: 'no property in it can be shown', counts: feed.counts, ...capped(feed.problems) }));
  }
  const nextIds = new Set(feed.data.properties.map((p) => p.ID));
  return sets.withLock(async () => {
    const state = await sets.readState();
    let removed: ImportEntry['removed'];
    let added: number | undefined;
    // The shipped sample is not the agency's listings: replacing it is never "removing" anything.
    if (state.live && (await sets.hasSet(state.live))) {
      const liveIds = await sets.propertyIds(state.live);
      const gone = liveIds.filter((x) => !nextIds.has(x)).length;
      const live = new Set(liveIds);
      removed = { count: gone, of: liveIds.length, share: share(gone, liveIds.length) };
      added = [...nextIds].filter((x) => !live.has(x)).length;
    }
    const entry: ImportEntry = { ...base, result: 'accepted', counts: feed.counts, ...(removed ? { removed, added } : {}), ...capped(feed.problems) };
    await sets.writeSet(id, feed.data, listingSchemaHash());
    if (removed && removed.share > settings.maxRemovedShare) {
      if (!input.force) {
        entry.result = 'refused';
        entry.reason = `it would take ${removed.count} of the ${removed.of} properties now on the site off it (${pct(removed.share)}, more than the ${pct(settings.maxRemovedShare)} allowed)`;
        // Kept, so that staff can still publish it if the agency really sold that much.
        return record(entry, (s) => void (s.refusedSet = id));
      }
      entry.forced = true;
    }
    return record(entry, (s) => {
      s.live = id;
      s.liveHistory.push(id);
      if (s.refusedSet) delete s.refusedSet;
    });
  });
}

/** Brings back the set that was live before the current one. */
export async function rollbackListings(
  sets: ListingSetRepository,
  by?: { trigger: ImportTrigger; by?: string },
): Promise<{ ok: true; entry: ImportEntry } | { ok: false; reason: string }> {
  return sets.withLock(async () => {
    const state = await sets.readState();
    const history = await keptSets(sets, state.liveHistory);
    if (!state.live || history.length < 2 || history.at(-1) !== state.live) {
      return { ok: false as const, reason: 'no earlier import is kept, so there is nothing to go back to' };
    }
    const previous = history.at(-2)!;
    const from = state.entries.find((e) => e.id === previous);
    const entry: ImportEntry = {
      id: newSetId(),
      at: new Date().toISOString(),
      trigger: by?.trigger ?? 'file',
      source: from?.source ?? previous,
      ...(by?.by ? { by: by.by } : {}),
      result: 'restored',
      restored: previous,
      reason: `the import of ${from?.at ?? previous} is live again`,
      counts: from?.counts,
      problems: [],
      problemCount: 0,
    };
    state.liveHistory = history.slice(0, -1);
    state.live = previous;
    addImportEntry(state, entry);
    await sets.prune(state);
    await sets.writeState(state);
    return { ok: true as const, entry };
  });
}

/** Publishes the refused import that was kept (staff decided the removals are real). */
export async function publishRefused(
  sets: ListingSetRepository,
  id: string,
  by: { trigger: ImportTrigger; by?: string },
): Promise<{ ok: true; entry: ImportEntry } | { ok: false; reason: string }> {
  return sets.withLock(async () => {
    const state = await sets.readState();
    if (state.refusedSet !== id || !sets.hasSet(id)) return { ok: false as const, reason: 'that import is no longer kept; import the file again' };
    const from = state.entries.find((e) => e.id === id);
    const entry: ImportEntry = {
      id: newSetId(),
      at: new Date().toISOString(),
      trigger: by.trigger,
      source: from?.source ?? id,
      ...(by.by ? { by: by.by } : {}),
      result: 'restored',
      restored: id,
      reason: `the refused import of ${from?.at ?? id} was published anyway`,
      counts: from?.counts,
      problems: [],
      problemCount: 0,
      forced: true,
    };
    state.live = id;
    state.liveHistory.push(id);
    delete state.refusedSet;
    addImportEntry(state, entry);
    await sets.prune(state);
    await sets.writeState(state);
    return { ok: true as const, entry };
  });
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** One line saying what an import did, for the command line and the log. */
export function summaryLine(e: ImportEntry): string {
  const c = e.counts;
  const what = c
    ? `${plural(c.properties, 'property', 'properties')} and ${plural(c.projects, 'project', 'projects')}${c.refusedRecords ? ` (${c.refusedRecords} of ${c.records} records refused)` : ''}`
    : '';
  const change = e.removed ? `; ${e.added ?? 0} new, ${e.removed.count} removed` : '';
  switch (e.result) {
    case 'accepted':
      return `Imported ${what}${change}${e.forced ? ' (forced)' : ''}. It is live.`;
    case 'restored':
      return `Restored: ${e.reason}.`;
    case 'refused':
      return `Refused: ${e.reason}. Nothing changed on the site.${c ? ` (The feed held ${what}.)` : ''}`;
    case 'failed':
      return `Not imported: ${e.reason}. Nothing changed on the site.`;
  }
}

/** The sets of `ids` still kept, in order. */
export async function keptSets(sets: ListingSetRepository, ids: string[]): Promise<string[]> {
  const kept = await Promise.all(ids.map((id) => sets.hasSet(id)));
  return ids.filter((_, i) => kept[i]);
}
