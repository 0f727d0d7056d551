/**
 * What the editor's Listings screen shows: what is live and since when, the CRM feed (its host, not
 * its address), whether undo is possible and what it brings back (or why not), a refused import with
 * the properties publishing it would take off the site, what is under way, and the history with each
 * entry's person by name. Never a server path, a feed's address or a set's id as words: the editor
 * puts codes in its own language (editor/inbox/listing-text.ts).
 */
import { basename } from 'node:path';
import type { ImportEntry } from '../storage/listing-sets.ts';
import type { Lang } from '../../shared/constants.ts';
import { undoTarget } from './import.ts';
import type { ListingAdminDeps } from './admin.ts';

/** Properties named in the confirmation of a refused import (the count says how many in all). */
export const REMOVED_EXAMPLES = 10;
const UI_LANGS: Lang[] = ['nl', 'fr', 'en'];

export interface ListingViewDeps extends ListingAdminDeps {
  /** The staff member's name, when their account has one. */
  nameOf: (username: string) => Promise<string | undefined>;
  /** A CRM field as the site names it for visitors (its dictionaries' `field.{name}`), per editor language. */
  fieldLabels: (field: string) => Partial<Record<Lang, string>>;
}

/** CRM fields as the site names them for visitors (its dictionaries' `field.{name}`), per editor language. */
export const siteFieldLabels =
  (dictionaries: () => Partial<Record<Lang, Record<string, string>>>) =>
  (field: string): Partial<Record<Lang, string>> => {
    const out: Partial<Record<Lang, string>> = {};
    for (const lang of UI_LANGS) {
      const text = dictionaries()[lang]?.[`field.${field}`];
      // A plain label only (a text with placeholders is a sentence, not a name).
      if (typeof text === 'string' && text && !text.includes('{')) out[lang] = text;
    }
    return out;
  };

/** Where an entry came from, in words staff know: a file's name, the feed's host; never a path or a full address. */
export function sourceLabel(e: Pick<ImportEntry, 'source' | 'trigger'>): string {
  const s = e.source ?? '';
  if (s === 'sample') return '';
  if (/^https?:\/\//.test(s)) {
    try {
      return new URL(s.replace(/\?…$/, '')).host;
    } catch {
      return '';
    }
  }
  return basename(s.replace(/\\/g, '/'));
}

type Names = Map<string, string>;
async function namesOf(deps: ListingViewDeps, entries: Array<{ by?: string }>): Promise<Names> {
  const names: Names = new Map();
  for (const by of new Set(entries.map((e) => e.by).filter((b): b is string => !!b))) {
    names.set(by, (await deps.nameOf(by).catch(() => undefined)) || by);
  }
  return names;
}

/** An entry as the screen lists it: without its problems, the person by name, the source as a label. */
const brief = (e: ImportEntry, names: Names) => ({
  ...e,
  problems: undefined,
  source: sourceLabel(e),
  ...(e.by ? { who: names.get(e.by) ?? e.by } : {}),
});

export async function entryView(deps: ListingViewDeps, e: ImportEntry) {
  return brief(e, await namesOf(deps, [e]));
}

/** The screen's overview. */
export async function listingOverview(deps: ListingViewDeps) {
  const state = await deps.sets.readState();
  const store = deps.live.get();
  const undo = await undoTarget(deps.sets, state);
  const busy = deps.gate.current;
  const names = await namesOf(deps, [...state.entries, ...(busy?.by ? [{ by: busy.by }] : [])]);
  const entryOf = (id: string | null | undefined) => (id ? state.entries.find((e) => e.id === id) : undefined);
  const since = state.live
    ? state.entries.find((e) => (e.result === 'accepted' && e.id === state.live) || (e.result === 'restored' && e.restored === state.live))?.at
    : state.entries.find((e) => e.code === 'restoredSample')?.at;
  const back = undo.to === 'import' ? entryOf(undo.id) : undefined;
  const refused = entryOf(state.refusedSet);
  return {
    live: {
      set: state.live,
      sample: state.live === null,
      properties: store.propertyIds().length,
      projects: store.projectIds().length,
      since: since ?? null,
    },
    /** Kept for scripts of an earlier version: whether "Restore" does something. */
    canRollback: undo.to !== null,
    undo:
      undo.to === null
        ? { possible: false as const, code: undo.why.code, params: undo.why.params ?? {}, reason: undo.why.text }
        : undo.to === 'sample'
          ? { possible: true as const, to: 'sample' as const }
          : { possible: true as const, to: 'import' as const, entry: back ? brief(back, names) : null },
    refusedSet: state.refusedSet ?? null,
    refused: refused && state.refusedSet ? { entry: brief(refused, names), removal: await removal(deps, state.refusedSet) } : null,
    sync: deps.sync
      ? {
          configured: true as const,
          url: state.sync?.url ?? null,
          host: state.sync?.url ? sourceLabel({ source: state.sync.url, trigger: 'sync' }) : sourceLabel({ source: deps.sync.config.url, trigger: 'sync' }),
          minutes: deps.sync.config.minutes,
          checkedAt: state.sync?.checkedAt ?? null,
          result: state.sync?.result ?? null,
          reason: state.sync?.reason ?? null,
          code: state.sync?.code ?? null,
          params: state.sync?.params ?? {},
        }
      : { configured: false as const },
    busy: busy ? { what: busy.what, since: busy.since, ...(busy.by ? { who: names.get(busy.by) ?? busy.by } : {}) } : null,
    limits: { maxBytes: deps.maxBytes },
    entries: state.entries.map((e) => brief(e, names)),
  };
}

/** The properties on the site now that the refused set does not hold: how many, and the first few by their titles. */
async function removal(deps: ListingViewDeps, setId: string) {
  const store = deps.live.get();
  let next: Set<number>;
  try {
    next = new Set(await deps.sets.propertyIds(setId));
  } catch {
    return null;
  }
  const gone = store
    .propertyIds()
    .filter((id) => !next.has(id))
    .sort((a, b) => a - b);
  const examples = gone.slice(0, REMOVED_EXAMPLES).map((id) => {
    const title: Partial<Record<Lang, string>> = {};
    for (const lang of UI_LANGS) {
      const p = store.property(id, lang);
      const words = [p?.TypeDescription, p?.City].filter(Boolean).join(', ');
      if (words) title[lang] = words;
    }
    return { id, title };
  });
  return { count: gone.length, of: store.propertyIds().length, added: [...next].filter((id) => !store.property(id, 'en')).length, examples };
}

/** One entry with its problems, each field named as the site names it where it can. */
export async function listingEntry(deps: ListingViewDeps, id: string) {
  const state = await deps.sets.readState();
  const entry = state.entries.find((e) => e.id === id);
  if (!entry) return undefined;
  const labels = new Map<string, Partial<Record<Lang, string>>>();
  const problems = entry.problems.map((p) => {
    const top = p.field.split('/')[1]?.replace(/~1/g, '/').replace(/~0/g, '~') ?? '';
    if (top && !labels.has(top)) labels.set(top, deps.fieldLabels(top));
    return { ...p, ...(top && Object.keys(labels.get(top)!).length ? { fieldLabels: labels.get(top) } : {}) };
  });
  return { ...(await entryView(deps, entry)), problems };
}
