/**
 * The server's autosaves of the editor's drafts (issue 38, point 2): `GET /api/admin/autosave/:key`
 * (this person's, or null), `PUT` `{data, baseRev}` (kept over the one before; 413 past 2 MB),
 * `DELETE` (saved, published or discarded). Each route reads its input and calls one operation
 * (server/editing/autosaves.ts). The person's own typing sends them: they move the session's idle
 * deadline like any other of their requests.
 */
import type Router from '@koa/router';
import { readJson } from '../http/request.ts';
import type { AdminRoute } from '../auth/staff-routes.ts';
import type { AutosaveOperations } from '../editing/autosaves.ts';
import { AUTOSAVE_MAX_BYTES } from '../../shared/editing.ts';
import { keyOf, onlyKeys } from './input.ts';

/** Room for the JSON around a draft of the largest size kept (past it the body is refused before it is read whole). */
const BODY_SLACK_BYTES = 64 * 1024;

export function autosaveRoutes(router: Router, ops: AutosaveOperations, route: AdminRoute) {
  router.get(
    '/api/admin/autosave/:key',
    route('editor', async (ctx, account) => {
      ctx.body = { autosave: await ops.read(account, keyOf(ctx)) };
    }),
  );

  router.put(
    '/api/admin/autosave/:key',
    route('editor', async (ctx, account) => {
      const key = keyOf(ctx);
      const body = await readJson(ctx, AUTOSAVE_MAX_BYTES + BODY_SLACK_BYTES);
      onlyKeys(body, ['data', 'baseRev']);
      ctx.body = await ops.write(account, key, { data: body.data, baseRev: body.baseRev });
    }),
  );

  router.delete(
    '/api/admin/autosave/:key',
    route('editor', async (ctx, account) => {
      await ops.discard(account, keyOf(ctx));
      ctx.body = { ok: true };
    }),
  );
}
