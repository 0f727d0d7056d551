/**
 * The editor's listings screen (admins): the overview, one import's problems, and the actions —
 * upload a CRM export, sync now, undo the live import, publish a refused import anyway. Each route
 * reads its input and calls one operation of server/listings/admin.ts; a refusal answers with a
 * code (+ params) the editor says in its language and an English `error` for scripts and logs.
 */
import type Koa from 'koa';
import type Router from '@koa/router';
import type { AdminRoute } from '../auth/staff-routes.ts';
import { HttpError } from '../http/request.ts';
import { ListingActionError, publishRefusedListings, syncListingsNow, undoListings, uploadListings, uploadName } from '../listings/admin.ts';
import { entryView, listingEntry, listingOverview, type ListingViewDeps } from '../listings/admin-view.ts';

export type { ListingViewDeps as ListingAdminRouteDeps };

/** An operation's refusal as its answer; a body not read to its end closes the connection (the client stops sending). */
async function answer(ctx: Koa.Context, run: () => Promise<Record<string, unknown>>) {
  try {
    ctx.body = await run();
  } catch (e) {
    if (!(e instanceof ListingActionError)) throw e;
    if (e.status === 413) ctx.set('Connection', 'close');
    throw new HttpError(e.status, { error: e.reason.text, code: e.reason.code, ...(e.reason.params ? { params: e.reason.params } : {}) });
  }
}

export function listingAdminRoutes(router: Router, deps: ListingViewDeps, route: AdminRoute) {
  const overview = () => listingOverview(deps);

  router.get(
    '/api/admin/listings',
    route('admin', async (ctx) => {
      ctx.body = await overview();
    }),
  );

  router.get(
    '/api/admin/listings/imports/:id',
    route('admin', async (ctx) => {
      const entry = await listingEntry(deps, String(ctx.params.id));
      if (!entry) throw new HttpError(404, { error: 'That import is no longer in the history.', code: 'entryGone', field: 'id' });
      ctx.body = entry;
    }),
  );

  // The CRM's export as the request body (JSON, or gzip), its file name in ?name=.
  router.post(
    '/api/admin/listings/upload',
    route('admin', (ctx, account) =>
      answer(ctx, async () => {
        // The body is read as it arrives, up to LISTINGS_MAX_MB (declared or sent: 413 before it is all read).
        const declared = Number(ctx.get('content-length') || 0) || undefined;
        const entry = await uploadListings(deps, { name: uploadName(ctx.query.name), by: account.username, body: ctx.req, declared });
        const report = { outcome: { result: entry.result, entry: await entryView(deps, entry) }, ...(await overview()) };
        if (entry.result !== 'failed') return report;
        // Not a CRM export that can be read (a PDF, not JSON, no list of properties): kept in the history, answered as bad input.
        ctx.status = 422;
        return { error: `Not imported: ${entry.reason}.`, code: entry.code, ...(entry.params ? { params: entry.params } : {}), ...report };
      }),
    ),
  );

  router.post(
    '/api/admin/listings/sync',
    route('admin', (ctx, account) =>
      answer(ctx, async () => {
        const outcome = await syncListingsNow(deps, account.username);
        const entry = 'entry' in outcome && outcome.entry ? await entryView(deps, outcome.entry) : undefined;
        return { outcome: outcome.result === 'unchanged' ? { ...outcome, entry } : { result: outcome.result, entry }, ...(await overview()) };
      }),
    ),
  );

  router.post(
    '/api/admin/listings/rollback',
    route('admin', (ctx, account) =>
      answer(ctx, async () => {
        const entry = await undoListings(deps, account.username);
        return { outcome: { result: 'restored', entry: await entryView(deps, entry) }, ...(await overview()) };
      }),
    ),
  );

  router.post(
    '/api/admin/listings/publish/:id',
    route('admin', (ctx, account) =>
      answer(ctx, async () => {
        const entry = await publishRefusedListings(deps, String(ctx.params.id), account.username);
        return { outcome: { result: 'restored', entry: await entryView(deps, entry) }, ...(await overview()) };
      }),
    ),
  );
}
