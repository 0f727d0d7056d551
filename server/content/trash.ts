/**
 * The trash (issue 38, point 1): a page or an article deleted in the last 30 days, and a module
 * taken off a page that is still there. Nothing is thrown away when staff delete: a deleted page
 * or article is a revision without data, a module taken off a page is in the page's revision
 * before; the trash is read from the revisions, so it is the same on every node and keeps each
 * item's history. Pure over the content store.
 */
import type { PageRecord } from '../../renderer/content.ts';
import type { ContentStore, Revision } from './content-store.ts';
import type { DocKey } from './doc-key.ts';
import type { TrashItem } from '../../shared/trash-item.ts';

/** How long a deleted item can be brought back. */
export const TRASH_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;
/** At most this many items are listed (newest first); the count says how many there are. */
export const TRASH_LIST_MAX = 500;

type ModuleLike = { id: number; view?: string; title?: Record<string, string>; [k: string]: unknown };

export type { TrashItem } from '../../shared/trash-item.ts';

export interface TrashedDoc {
  /** The deletion (a revision without data). */
  deleted: Revision;
  /** The newest version before it (draft or not), and the newest published one (a revision, or the files' version). */
  last: { data: unknown; published: boolean };
  lastPublished?: { data: unknown };
}

const expired = (at: string, now: number) => now - Date.parse(at) > TRASH_DAYS * DAY_MS;
const purgeAt = (at: string) => new Date(Date.parse(at) + TRASH_DAYS * DAY_MS).toISOString();

/** A page or article in the trash: its deletion and what it was before (undefined: not in the trash, or deleted too long ago). */
export function trashedDoc(store: ContentStore, key: DocKey, now = Date.now()): TrashedDoc | undefined {
  const revisions = store.revisionsOf(key);
  const deleted = revisions.at(-1);
  if (!deleted || deleted.data !== null || expired(deleted.at, now)) return undefined;
  let last: TrashedDoc['last'] | undefined;
  let lastPublished: TrashedDoc['lastPublished'];
  for (let i = revisions.length - 2; i >= 0; i--) {
    const r = revisions[i];
    if (r.data === null) break; // deleted before: what came before that was restored already or is older
    if (!last) last = { data: r.data, published: r.published && !r.offline };
    if (r.published && !r.offline) {
      lastPublished = { data: r.data };
      break;
    }
  }
  const file = store.fileVersion(key);
  if (!last) {
    if (file === undefined) return undefined;
    last = { data: file, published: true };
  }
  if (!lastPublished && file !== undefined && revisions.every((r) => r === deleted || r.data !== null)) lastPublished = { data: file };
  return { deleted, last, lastPublished };
}

interface ModuleGone {
  module: ModuleLike;
  index: number;
  at: string;
  by: string;
}

/** The modules taken off a page (and not put back since), by module id; their page may be gone since. */
export function trashedModules(store: ContentStore, now = Date.now()): Map<number, ModuleGone & { key: DocKey }> {
  const out = new Map<number, ModuleGone & { key: DocKey }>();
  const present = new Set<number>();
  for (const p of (store.workingDocs().single.pages as PageRecord[] | undefined) ?? []) for (const m of p.modules ?? []) present.add(m.id);
  for (const key of store.keys()) {
    if (!key.startsWith('page:')) continue;
    const revisions = store.revisionsOf(key);
    let before = modulesOf(store.fileVersion(key));
    const gone = new Map<number, ModuleGone>();
    for (const r of revisions) {
      // A deleted page takes the modules it had with it (restoring the page brings them back); those taken off before stay here.
      if (r.data === null) {
        before = [];
        continue;
      }
      const after = modulesOf(r.data);
      const ids = new Set(after.map((m) => m.id));
      before.forEach((m, index) => {
        if (!ids.has(m.id)) gone.set(m.id, { module: m, index, at: r.at, by: r.by });
      });
      for (const id of ids) gone.delete(id);
      before = after;
    }
    for (const [id, g] of gone) if (!present.has(id) && !expired(g.at, now)) out.set(id, { ...g, key });
  }
  return out;
}

function modulesOf(page: unknown): ModuleLike[] {
  const list = (page as { modules?: unknown } | null | undefined)?.modules;
  return Array.isArray(list) ? (list.filter((m) => m && typeof m === 'object' && typeof m.id === 'number') as ModuleLike[]) : [];
}

/** Everything in the trash, newest first. */
export function trashItems(store: ContentStore, now = Date.now()): { items: TrashItem[]; total: number } {
  const working = store.workingDocs();
  const pages = (working.single.pages as PageRecord[] | undefined) ?? [];
  const pageIds = new Set(pages.map((p) => p.id));
  const items: TrashItem[] = [];
  for (const key of store.keys()) {
    if (!key.startsWith('page:') && !key.startsWith('article:')) continue;
    const t = trashedDoc(store, key, now);
    if (!t) continue;
    const data = t.last.data as { title?: Record<string, string>; parentId?: number | null };
    items.push({
      id: key,
      kind: key.startsWith('page:') ? 'page' : 'article',
      key: key as TrashItem['key'],
      title: data?.title,
      deletedAt: t.deleted.at,
      deletedBy: t.deleted.by,
      purgeAt: purgeAt(t.deleted.at),
      placeGone: key.startsWith('page:') && data?.parentId != null && !pageIds.has(data.parentId),
    });
  }
  for (const [id, g] of trashedModules(store, now)) {
    const page = pages.find((p) => `page:${p.id}` === g.key);
    items.push({
      id: `module:${id}`,
      kind: 'module',
      key: g.key as TrashItem['key'],
      title: g.module.title,
      view: g.module.view,
      pageTitle: page?.title,
      deletedAt: g.at,
      deletedBy: g.by,
      purgeAt: purgeAt(g.at),
      placeGone: !page,
    });
  }
  items.sort((a, b) => b.deletedAt.localeCompare(a.deletedAt) || a.id.localeCompare(b.id));
  return { items: items.slice(0, TRASH_LIST_MAX), total: items.length };
}
