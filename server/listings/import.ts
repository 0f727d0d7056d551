/**
 * One import of the listings, whatever started it (`npm run import`, the scheduled sync, the
 * editor): read leniently, checked, staged as a set of its own, and only then made live in one
 * atomic step. It is refused — the live listings unchanged — when the feed cannot be read, when no
 * property in it can be shown, or when it would take more than a configured share of the live
 * properties off the site (unless forced). Accepted and refused imports alike are in the history
 * that staff see, with their problems in plain words.
 */
import { createHash } from 'node:crypto';
import { normaliseFeed, type FeedProblem, type FeedResult, type NormaliseOptions } from './feed.ts';
import type { ListingSetRepository } from '../storage/types.ts';
import {
  addImportEntry,
  goLive,
  KEPT_IMPORTS,
  MAX_STORED_PROBLEMS,
  newSetId,
  type ImportEntry,
  type ImportTrigger,
  type ListingState,
  type Reason,
  type SyncState,
} from '../storage/listing-sets.ts';
export { parseFeedBytes, readFeedFile, type FeedRead } from './feed-file.ts';
import { coreSchemas, type SchemaRegistry } from '../config/schemas.ts';
import { recordPrices } from './price-history.ts';

/** The default share of the live properties an import may remove without --force. */
export const DEFAULT_MAX_REMOVED_SHARE = 0.5;

export interface ImportSettings {
  /** 0…1: an import that would remove more of the live properties is refused unless forced. */
  maxRemovedShare: number;
}

export interface FeedInput {
  /** The parsed feed, or why it could not be read. */
  raw?: unknown;
  readError?: Reason;
  /** The feed already checked while it was read (FeedReadOptions.check): then `raw` is not read again. */
  checked?: FeedResult;
  /** What reading the file left out (unknown fields, texts past their cap: feed-stream.ts). */
  leftOut?: FeedProblem[];
  /** File path or name, or the feed's URL: kept in the history. */
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

const share = (n: number, of: number) => (of ? n / of : 0);
/** A reason as the entry keeps it: the English sentence, the code and its values. */
const why = (r: Reason) => ({ reason: r.text, code: r.code, ...(r.params ? { params: r.params } : {}) });
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
        code: entry.code,
        params: entry.params,
      };
    addImportEntry(state, entry);
    await sets.prune(state);
    await sets.writeState(state);
    return entry;
  };

  if (input.readError !== undefined) {
    return sets.withLock(() => record({ ...base, result: 'failed', ...why(input.readError!), problems: [], problemCount: 0 }));
  }
  const feed = input.checked ?? (await normaliseFeed(input.raw, schemas, { onProgress: input.onProgress, yieldEvery: input.yieldEvery }));
  if (input.leftOut?.length) feed.problems = input.leftOut.concat(feed.problems);
  if (!feed.readable) {
    const reason = { code: 'notFeed', text: 'the file is not a preloaded response' };
    return sets.withLock(() => record({ ...base, result: 'failed', ...why(reason), ...capped(feed.problems) }));
  }
  if (feed.counts.properties === 0) {
    const reason = { code: 'noProperty', text: 'no property in it can be shown' };
    return sets.withLock(() => record({ ...base, result: 'refused', ...why(reason), counts: feed.counts, ...capped(feed.problems) }));
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
        Object.assign(
          entry,
          why({
            code: 'tooManyRemoved',
            params: { count: removed.count, of: removed.of, share: removed.share, max: settings.maxRemovedShare },
            text: `it would take ${removed.count} of the ${removed.of} properties now on the site off it (${pct(removed.share)}, more than the ${pct(settings.maxRemovedShare)} allowed)`,
          }),
        );
        // Kept, so that staff can still publish it if the agency really sold that much.
        return record(entry, (s) => void (s.refusedSet = id));
      }
      entry.forced = true;
    }
    // The price history first: a drop is known by the time a server loads the set.
    await recordPrices(sets, id, feed.data, base.at);
    return record(entry, (s) => {
      goLive(s, id);
      if (s.refusedSet) delete s.refusedSet;
    });
  });
}

/** What undoing the live import brings back: the import before it, the shipped sample, or nothing (and why). */
export type UndoTarget = { to: 'import'; id: string } | { to: 'sample' } | { to: null; why: Reason };

export async function undoTarget(sets: ListingSetRepository, state: ListingState): Promise<UndoTarget> {
  if (!state.live) return { to: null, why: { code: 'undoSample', text: 'no import is live: the site shows the sample listings shipped with it' } };
  const history = await keptSets(sets, state.liveHistory);
  if (history.at(-1) === state.live && history.length >= 2) return { to: 'import', id: history.at(-2)! };
  if (state.firstImport === state.live && history.length <= 1) return { to: 'sample' };
  return {
    to: null,
    why: {
      code: 'undoNotKept',
      params: { kept: KEPT_IMPORTS },
      text: `no earlier import is kept (the last ${KEPT_IMPORTS} are), so there is nothing to go back to`,
    },
  };
}

type Outcome = Promise<{ ok: true; entry: ImportEntry } | { ok: false; reason: string; code: string; params?: Reason['params'] }>;

/** Brings back what was live before the current import: the import before it, or the shipped sample after the first one. */
export async function rollbackListings(sets: ListingSetRepository, by?: { trigger: ImportTrigger; by?: string }): Outcome {
  return sets.withLock(async () => {
    const state = await sets.readState();
    const target = await undoTarget(sets, state);
    if (target.to === null) return { ok: false as const, reason: target.why.text, code: target.why.code, params: target.why.params };
    const undone = state.entries.find((e) => e.id === state.live);
    const base = {
      id: newSetId(),
      at: new Date().toISOString(),
      trigger: by?.trigger ?? 'file',
      ...(by?.by ? { by: by.by } : {}),
      result: 'restored' as const,
      problems: [],
      problemCount: 0,
    };
    let entry: ImportEntry;
    if (target.to === 'sample') {
      entry = {
        ...base,
        source: 'sample',
        ...why({
          code: 'restoredSample',
          params: { undone: undone?.at ?? '' },
          text: 'the sample listings shipped with the site are live again (nothing of the agency’s imports is shown)',
        }),
      };
      state.live = null;
      state.liveHistory = [];
    } else {
      const from = state.entries.find((e) => e.id === target.id);
      entry = {
        ...base,
        source: from?.source ?? target.id,
        restored: target.id,
        ...why({ code: 'restoredImport', params: { at: from?.at ?? '' }, text: `the import of ${from?.at ?? target.id} is live again` }),
        counts: from?.counts,
      };
      state.liveHistory = state.liveHistory.slice(0, state.liveHistory.lastIndexOf(target.id) + 1);
      state.live = target.id;
      await recordPrices(sets, target.id, (await sets.readSet(target.id)).data, base.at);
    }
    addImportEntry(state, entry);
    await sets.prune(state);
    await sets.writeState(state);
    return { ok: true as const, entry };
  });
}

/** Publishes the refused import that was kept (staff decided the removals are real). */
export async function publishRefused(sets: ListingSetRepository, id: string, by: { trigger: ImportTrigger; by?: string }): Outcome {
  return sets.withLock(async () => {
    const state = await sets.readState();
    if (state.refusedSet !== id || !(await sets.hasSet(id)))
      return { ok: false as const, code: 'refusedGone', reason: 'that import is no longer kept; import the file again' };
    const from = state.entries.find((e) => e.id === id);
    const entry: ImportEntry = {
      id: newSetId(),
      at: new Date().toISOString(),
      trigger: by.trigger,
      source: from?.source ?? id,
      ...(by.by ? { by: by.by } : {}),
      result: 'restored',
      restored: id,
      ...why({ code: 'publishedRefused', params: { at: from?.at ?? '' }, text: `the refused import of ${from?.at ?? id} was published anyway` }),
      counts: from?.counts,
      removed: from?.removed,
      added: from?.added,
      problems: [],
      problemCount: 0,
      forced: true,
    };
    await recordPrices(sets, id, (await sets.readSet(id)).data, entry.at);
    goLive(state, id);
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
    case 'unchanged':
      return 'The feed has not changed since the last sync: nothing to do.';
  }
}

/** The sets of `ids` still kept, in order. */
export async function keptSets(sets: ListingSetRepository, ids: string[]): Promise<string[]> {
  const kept = await Promise.all(ids.map((id) => sets.hasSet(id)));
  return ids.filter((_, i) => kept[i]);
}
