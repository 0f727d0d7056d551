/**
 * Scheduled changes in the editor's API (issue 38, point 4): plan one (`POST /api/admin/schedule`
 * `{ key, action: 'publish' | 'unpublish', at, force? }`, `at` a Brussels date and time
 * `2026-12-24T09:00` or an ISO instant with its offset), list them (`GET /api/admin/schedule
 * [?key=page:12]`: the waiting ones and the newest finished ones, with titles and names), cancel
 * one (`DELETE /api/admin/schedule/{id}`). Each reads its input and calls one operation
 * (server/content/schedule.ts), which says who may and what must hold.
 */
import type Router from '@koa/router';
import type { AdminRoute } from '../auth/staff-routes.ts';
import { readJson } from '../http/request.ts';
import { isDocKey, type DocKey } from '../content/doc-key.ts';
import type { ScheduleOperations } from '../content/schedule.ts';
import { SCHEDULE_ACTIONS, type ScheduleAction } from '../../shared/schedule.ts';
import { bad, onlyKeys, UUID } from './input.ts';

/** The longest `at` read (an ISO instant with milliseconds and an offset is 29 characters). */
const AT_MAX_LENGTH = 40;
const KEY_MAX_LENGTH = 120;

const docKey = (v: unknown): DocKey => {
  if (typeof v !== 'string' || v.length > KEY_MAX_LENGTH || !isDocKey(v)) throw bad('key', 'must name a page (page:12), an article, the popup or the banner');
  return v;
};

export function scheduleRoutes(router: Router, schedule: ScheduleOperations, route: AdminRoute) {
  router.get(
    '/api/admin/schedule',
    route('editor', async (ctx) => {
      const key = ctx.query.key;
      ctx.body = await schedule.list(key === undefined ? undefined : docKey(key));
    }),
  );

  router.post(
    '/api/admin/schedule',
    route('editor', async (ctx, account) => {
      const body = await readJson(ctx);
      onlyKeys(body, ['key', 'action', 'at', 'force']);
      const key = docKey(body.key);
      if (!SCHEDULE_ACTIONS.includes(body.action as ScheduleAction)) throw bad('action', `must be one of ${SCHEDULE_ACTIONS.join(', ')}`);
      if (typeof body.at !== 'string' || !body.at || body.at.length > AT_MAX_LENGTH)
        throw bad('at', 'must be a Brussels date and time (2026-12-24T09:00) or an ISO instant with its offset');
      if (body.force !== undefined && typeof body.force !== 'boolean') throw bad('force', 'must be true or false');
      const made = await schedule.create(
        { username: account.username, role: account.role },
        { key, action: body.action as ScheduleAction, when: body.at, force: body.force as boolean | undefined },
      );
      ctx.status = 201;
      ctx.body = made;
    }),
  );

  router.delete(
    '/api/admin/schedule/:id',
    route('editor', async (ctx, account) => {
      const id = String(ctx.params.id ?? '');
      if (!UUID.test(id)) throw bad('id', 'must name a scheduled change', 404);
      ctx.body = { entry: await schedule.cancel({ username: account.username, role: account.role }, id) };
    }),
  );
}
