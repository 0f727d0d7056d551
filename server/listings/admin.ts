/**
 * What admins do with the listings in the editor, each one operation with its rules: upload a CRM
 * export (read and imported by the same code as `npm run import`), sync now, undo the live import
 * (back to the import before it, or to the shipped sample after the first one), publish a refused
 * import anyway. One at a time on this server (gate.ts); each is kept in the history with who did it
 * and when. The HTTP routes (server/editor-api/listings.ts) only read the request and answer.
 */
import { ImportBusyError, type ImportEntry, type Reason } from '../storage/listing-sets.ts';
import type { ListingSetRepository } from '../storage/types.ts';
import type { SchemaRegistry } from '../config/schemas.ts';
import { importFeed, publishRefused, rollbackListings, type ImportSettings } from './import.ts';
import { readFeedStream } from './feed-file.ts';
import { MB } from './limits.ts';
import { ImportGate, ImportRunning } from './gate.ts';
import type { LiveListings } from './live.ts';
import type { ListingSync, SyncOutcome } from './sync.ts';

/** Longest file name kept for the history. */
const MAX_NAME_LENGTH = 120;

export interface ListingAdminDeps {
  sets: ListingSetRepository;
  live: LiveListings;
  sync?: ListingSync;
  /** This server's one-change-at-a-time gate (the sync's own when there is one). */
  gate: ImportGate;
  schemas: SchemaRegistry;
  settings: () => ImportSettings;
  /** The largest CRM export, as sent and once unpacked (LISTINGS_MAX_MB, limits.ts). */
  maxBytes: number;
}

/** An action that cannot be done: the HTTP status, a code (the editor's words) and the English sentence. */
export class ListingActionError extends Error {
  constructor(
    readonly status: number,
    readonly reason: Reason,
  ) {
    super(reason.text);
  }
}

const mb = (n: number) => Math.round(n / MB);
export const uploadTooLarge = (maxBytes: number) =>
  new ListingActionError(413, {
    code: 'uploadTooLarge',
    params: { mb: mb(maxBytes) },
    text: `The file is larger than ${mb(maxBytes)} MB, the limit set by LISTINGS_MAX_MB: nothing was imported. A CRM's export of the listings is a few MB; check that this is that file.`,
  });

/** Runs `fn` as this server's one listings change; another one under way (here or elsewhere) is a 409 that says which. */
async function alone<T>(deps: ListingAdminDeps, work: { what: 'upload' | 'sync' | 'restore' | 'publish'; by: string }, fn: () => Promise<T>): Promise<T> {
  try {
    return await deps.gate.run(work, fn);
  } catch (e) {
    throw busyError(e);
  }
}

function busyError(e: unknown): unknown {
  if (e instanceof ImportRunning)
    return new ListingActionError(409, {
      code: 'busy',
      params: { what: e.work.what, by: e.work.by ?? '', since: e.work.since },
      text: `Another change of the listings is under way (${e.work.what}${e.work.by ? ` by ${e.work.by}` : ''}): try again when it has finished.`,
    });
  if (e instanceof ImportBusyError)
    return new ListingActionError(409, { code: 'busyElsewhere', text: `Another import is running (${e.message}): try again when it has finished.` });
  return e;
}

/** The uploader's file name, made harmless (it is only ever shown). */
export function uploadName(name: unknown): string {
  const s = typeof name === 'string' ? name : '';
  const base = s.split(/[\\/]/).pop() ?? '';
  const clean = base
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f<>"]/g, '')
    .trim()
    .slice(0, MAX_NAME_LENGTH);
  return clean || 'file';
}

/**
 * A CRM export sent from the editor: read by `read` (which refuses a body past the bound), then
 * checked and imported as `npm run import` does. The gate is taken before the body is read, so a
 * second upload meanwhile is refused at once.
 */
export function uploadListings(deps: ListingAdminDeps, o: { name: string; by: string; body: AsyncIterable<Buffer>; declared?: number }): Promise<ImportEntry> {
  return alone(deps, { what: 'upload', by: o.by }, async () => {
    if ((o.declared ?? 0) > deps.maxBytes) throw uploadTooLarge(deps.maxBytes);
    // Read as it arrives (nothing of it held once read); past the limit as sent: a 413, not an import.
    const counted = async function* () {
      let size = 0;
      for await (const chunk of o.body) {
        size += chunk.length;
        if (size > deps.maxBytes) throw uploadTooLarge(deps.maxBytes);
        yield chunk;
      }
    };
    const read = await readFeedStream(counted(), { schemas: deps.schemas, maxBytes: deps.maxBytes, check: true });
    const { raw, readError, problems: leftOut, checked } = read;
    const entry = await importFeed(deps.sets, deps.schemas, deps.settings(), {
      raw,
      readError,
      checked,
      leftOut,
      source: o.name,
      trigger: 'upload',
      by: o.by,
      yieldEvery: 1000,
    });
    await deps.live.check();
    return entry;
  });
}

/** "Sync now": the feed fetched at once (joining a sync under way). */
export async function syncListingsNow(deps: ListingAdminDeps, by: string): Promise<SyncOutcome> {
  if (!deps.sync)
    throw new ListingActionError(409, {
      code: 'noFeed',
      text: 'No feed is set up: the server needs LISTINGS_URL to sync. Imports from a file use the editor or npm run import.',
    });
  let outcome: SyncOutcome;
  try {
    outcome = await deps.sync.syncNow(by);
  } catch (e) {
    throw busyError(e);
  }
  await deps.live.check();
  return outcome;
}

/** Undoes the live import: what was live before it is live again (the shipped sample after the first import). */
export function undoListings(deps: ListingAdminDeps, by: string): Promise<ImportEntry> {
  return alone(deps, { what: 'restore', by }, async () => {
    const r = await rollbackListings(deps.sets, { trigger: 'editor', by });
    if (!r.ok) throw new ListingActionError(409, { code: r.code, params: r.params, text: `Nothing was restored: ${r.reason}.` });
    await deps.live.check();
    return r.entry;
  });
}

/** Publishes the refused import `id` anyway (the agency really took that many properties off the market). */
export function publishRefusedListings(deps: ListingAdminDeps, id: string, by: string): Promise<ImportEntry> {
  return alone(deps, { what: 'publish', by }, async () => {
    const r = await publishRefused(deps.sets, id, { trigger: 'editor', by });
    if (!r.ok) throw new ListingActionError(409, { code: r.code, params: r.params, text: `Nothing was published: ${r.reason}.` });
    await deps.live.check();
    return r.entry;
  });
}
