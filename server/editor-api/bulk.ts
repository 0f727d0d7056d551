/**
 * Many documents at once (issue 38, point 9): publish the drafts (or the unpublished versions) of
 * the pages and articles ticked in a list, or take them off the site. Each is the same operation
 * as on its own screen, with its own checks; the answer says, document by document, what was done
 * and why not.
 */
import type Router from '@koa/router';
import type { AdminRoute } from '../auth/staff-routes.ts';
import { HttpError, readJson } from '../http/request.ts';
import { isDocKey, type DocKey } from '../content/doc-key.ts';
import type { ContentOperations } from '../content/operations.ts';

/** At most this many documents in one request (a list shows a few hundred). */
export const BULK_MAX = 200;

export function bulkRoutes(router: Router, ops: ContentOperations, route: AdminRoute) {
  router.post(
    '/api/admin/bulk',
    route('editor', async (ctx, account) => {
      const body = await readJson(ctx);
      const { action, keys } = body;
      if (action !== 'publish' && action !== 'unpublish') throw new HttpError(400, { error: 'action: must be publish or unpublish', field: 'action' });
      if (!Array.isArray(keys) || keys.length === 0 || keys.length > BULK_MAX)
        throw new HttpError(400, { error: `keys: must be a list of 1 to ${BULK_MAX} documents`, field: 'keys' });
      const list = [...new Set(keys)];
      for (const k of list)
        if (typeof k !== 'string' || !isDocKey(k) || !(k.startsWith('page:') || k.startsWith('article:')))
          throw new HttpError(400, { error: `keys: ${String(k).slice(0, 60)} is not a page or an article`, field: 'keys' });
      const actor = { username: account.username, role: account.role };
      const results = [];
      for (const key of list as DocKey[]) {
        const baseRev = ops.store.latest(key)?.rev ?? 0;
        try {
          const r = action === 'publish' ? await ops.publish(actor, key, baseRev) : await ops.unpublish(actor, key, baseRev);
          results.push({ key, ok: true, rev: r.revision.rev });
        } catch (e) {
          if (!(e instanceof HttpError)) throw e;
          const b = e.body as { code?: string; error?: string; problems?: Array<{ code?: string }> };
          results.push({ key, ok: false, status: e.status, code: b.code ?? b.problems?.[0]?.code, error: b.error });
        }
      }
      ctx.body = { results };
    }),
  );
}
