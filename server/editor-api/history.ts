/**
 * A document's versions as people read them (issue 38, point 3): each numbered within the document
 * (1, 2, 3 …; the version shipped with the site is 0), who made it (by name) and when, and what it
 * changed field by field (the editor names each field in its own language); any version read-only;
 * any two compared side by side.
 */
import type Router from '@koa/router';
import type { AdminRoute } from '../auth/staff-routes.ts';
import { HttpError } from '../http/request.ts';
import type { ContentStore, Revision } from '../content/content-store.ts';
import { diffDoc } from '../content/changes.ts';
import { forMerge } from '../content/rebase.ts';
import type { DocKey } from '../content/doc-key.ts';
import type { AdminDeps } from './docs.ts';
import { keyOf } from './input.ts';

/** At most this many versions per answer (newer first; `offset` pages on). */
export const HISTORY_PAGE = 100;
/** Changes listed per version in the history (the comparison lists them all, up to its own bound). */
const HISTORY_CHANGES = 12;

interface Version {
  rev: number;
  /** Its number within the document (0: the version shipped with the site). */
  n: number;
  at: string;
  by: string;
  data: unknown;
  published: boolean;
  offline?: boolean;
  action?: string;
  scheduled?: boolean;
  restoredFrom?: number;
}

/** The document's versions, oldest first: the files' one (0) and each revision. */
export function versionsOf(store: ContentStore, key: DocKey): Version[] {
  const out: Version[] = [];
  const file = store.fileVersion(key);
  if (file !== undefined) out.push({ rev: 0, n: 0, at: store.baseAt, by: '', data: file, published: true });
  store.revisionsOf(key).forEach((r: Revision, i) =>
    out.push({
      rev: r.rev,
      n: i + 1,
      at: r.at,
      by: r.by,
      data: r.data,
      published: r.published,
      ...(r.offline ? { offline: true } : {}),
      ...(r.action ? { action: r.action } : {}),
      ...(r.scheduled ? { scheduled: true } : {}),
      ...(r.restoredFrom !== undefined ? { restoredFrom: r.restoredFrom } : {}),
    }),
  );
  return out;
}

const numberOf = (v: string | undefined, field: string) => {
  const n = Number(v);
  if (v === undefined || !/^\d{1,12}$/.test(v) || !Number.isSafeInteger(n)) throw new HttpError(400, { error: `${field}: must be a revision number`, field });
  return n;
};

export function historyRoutes(router: Router, deps: Pick<AdminDeps, 'store' | 'staff'>, route: AdminRoute) {
  const names = async () => new Map((await deps.staff.all()).map((a) => [a.username, a.name ?? a.username]));

  router.get(
    '/api/admin/docs/:key/history',
    route('editor', async (ctx) => {
      const key = keyOf(ctx);
      const offset = ctx.query.offset === undefined ? 0 : numberOf(String(ctx.query.offset), 'offset');
      const all = versionsOf(deps.store, key);
      const byRev = new Map(all.map((v) => [v.rev, v]));
      const who = await names();
      const newestFirst = all.map((v, i) => ({ v, before: i > 0 ? all[i - 1] : undefined })).reverse();
      const page = newestFirst.slice(offset, offset + HISTORY_PAGE);
      ctx.body = {
        total: all.length,
        revisions: page.map(({ v, before }) => {
          const diff = v.rev === 0 ? { changes: [], more: 0 } : diffDoc(forMerge(key, before?.data ?? null), forMerge(key, v.data), { max: HISTORY_CHANGES });
          return {
            rev: v.rev,
            n: v.n,
            at: v.at,
            by: v.by,
            ...(v.by ? { byName: who.get(v.by) ?? v.by } : {}),
            published: v.published,
            ...(v.offline ? { offline: true } : {}),
            ...(v.data === null ? { deleted: true } : {}),
            ...(v.action ? { action: v.action } : {}),
            ...(v.scheduled ? { scheduled: true } : {}),
            ...(v.restoredFrom !== undefined ? { restoredFrom: v.restoredFrom, restoredFromN: byRev.get(v.restoredFrom)?.n } : {}),
            changes: diff.changes,
            more: diff.more,
            // The stored line in English (scripts, logs).
            summary: v.rev === 0 ? 'the version from the files' : (deps.store.revision(key, v.rev)?.summary ?? ''),
          };
        }),
      };
    }),
  );

  router.get(
    '/api/admin/docs/:key/revisions/:rev',
    route('editor', async (ctx) => {
      const key = keyOf(ctx);
      const rev = numberOf(ctx.params.rev, 'rev');
      const v = versionsOf(deps.store, key).find((x) => x.rev === rev);
      if (!v) throw new HttpError(404, { error: `${key} has no revision ${rev}.`, field: 'rev', code: 'rev.unknown', params: { rev } });
      const who = await names();
      ctx.body = { ...v, ...(v.by ? { byName: who.get(v.by) ?? v.by } : {}) };
    }),
  );

  router.get(
    '/api/admin/docs/:key/compare',
    route('editor', async (ctx) => {
      const key = keyOf(ctx);
      const [a, b] = [numberOf(ctx.query.a as string | undefined, 'a'), numberOf(ctx.query.b as string | undefined, 'b')];
      const all = versionsOf(deps.store, key);
      const va = all.find((x) => x.rev === a);
      const vb = all.find((x) => x.rev === b);
      if (!va || !vb)
        throw new HttpError(404, { error: `${key} has no revision ${va ? b : a}.`, field: va ? 'b' : 'a', code: 'rev.unknown', params: { rev: va ? b : a } });
      const who = await names();
      const head = (v: Version) => ({ rev: v.rev, n: v.n, at: v.at, by: v.by, ...(v.by ? { byName: who.get(v.by) ?? v.by } : {}), published: v.published });
      const diff = diffDoc(forMerge(key, va.data), forMerge(key, vb.data), { values: true });
      ctx.body = { a: head(va), b: head(vb), changes: diff.changes, more: diff.more };
    }),
  );
}
