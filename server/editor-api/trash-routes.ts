/**
 * The trash in the editor's API (issue 38, point 1): what was deleted in the last 30 days (pages,
 * articles, modules taken off a page), each brought back where it was by one request; where its
 * place is gone, the request says where to put it.
 */
import type Router from '@koa/router';
import type { AdminRoute } from '../auth/staff-routes.ts';
import { HttpError, readJson } from '../http/request.ts';
import type { DeleteOperations } from '../content/delete-ops.ts';
import { trashItems } from '../content/trash.ts';
import type { AdminDeps } from './docs.ts';
import { answer } from './docs.ts';

export function trashRoutes(router: Router, deps: Pick<AdminDeps, 'store' | 'staff'> & { del: DeleteOperations }, route: AdminRoute) {
  router.get(
    '/api/admin/trash',
    route('editor', async (ctx) => {
      const names = new Map((await deps.staff.all()).map((a) => [a.username, a.name ?? a.username]));
      const { items, total } = trashItems(deps.store);
      ctx.body = { items: items.map((i) => ({ ...i, deletedByName: names.get(i.deletedBy) ?? i.deletedBy })), total };
    }),
  );

  router.post(
    '/api/admin/trash/restore',
    route('editor', async (ctx, account) => {
      const body = await readJson(ctx);
      const id = body.id;
      if (typeof id !== 'string' || id.length > 120) throw new HttpError(400, { error: 'id: must name an item of the trash', field: 'id' });
      const { parentId, pageId } = body;
      if (parentId !== undefined && parentId !== null && (typeof parentId !== 'number' || !Number.isInteger(parentId)))
        throw new HttpError(400, { error: 'parentId: must be a page id, or null for the top level', field: 'parentId' });
      if (pageId !== undefined && (typeof pageId !== 'number' || !Number.isInteger(pageId)))
        throw new HttpError(400, { error: 'pageId: must be a page id', field: 'pageId' });
      answer(
        ctx,
        await deps.del.untrash({ username: account.username, role: account.role }, id, {
          parentId: parentId as number | null | undefined,
          pageId: pageId as number | undefined,
        }),
        deps.store,
      );
    }),
  );
}
