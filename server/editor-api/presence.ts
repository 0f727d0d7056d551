/**
 * Who has a document open (issue 38, point 5): `PUT /api/admin/presence/:key` `{tab}` — this window
 * has it open — answers `{people}`, the others who have it open now (and who left unsaved changes
 * of it); `DELETE` `{tab}` when the window closes it. The browser sends these by itself every
 * PRESENCE_PING_MS: they leave the session's idle deadline where it was (a person who walked away
 * is still logged out after 30 minutes).
 */
import type Router from '@koa/router';
import { readJson } from '../http/request.ts';
import type { AdminRoute } from '../auth/staff-routes.ts';
import { leaveIdleDeadline } from '../auth/sessions.ts';
import type { PresenceOperations } from '../editing/presence.ts';
import { keyOf, onlyKeys } from './input.ts';

export function presenceRoutes(router: Router, ops: PresenceOperations, route: AdminRoute) {
  router.put(
    '/api/admin/presence/:key',
    route('editor', async (ctx, account) => {
      leaveIdleDeadline(ctx);
      const key = keyOf(ctx);
      const body = await readJson(ctx);
      onlyKeys(body, ['tab']);
      ctx.body = { people: await ops.here(account, key, body.tab) };
    }),
  );

  router.delete(
    '/api/admin/presence/:key',
    route('editor', async (ctx, account) => {
      leaveIdleDeadline(ctx);
      const key = keyOf(ctx);
      const body = await readJson(ctx);
      onlyKeys(body, ['tab']);
      await ops.leave(account, key, body.tab);
      ctx.body = { ok: true };
    }),
  );
}
