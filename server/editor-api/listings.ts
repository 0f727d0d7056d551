/**
 * The editor's listings screen (admins): what is live, the import and sync history with each
 * import's problems in plain words, and the actions "sync now", "restore the previous import" and
 * "publish a refused import anyway".
 */
import type Router from '@koa/router';
import type { AdminRoute } from '../auth/staff-routes.ts';
import { HttpError } from '../http/request.ts';
import { fieldName } from '../listings/feed.ts';
import { keptSets, publishRefused, rollbackListings } from '../listings/import.ts';
import type { ImportEntry } from '../storage/listing-sets.ts';
import type { ListingSetRepository } from '../storage/types.ts';
import type { ListingSync } from '../listings/sync.ts';
import type { LiveListings } from '../listings/live.ts';

export interface ListingAdminDeps {
  sets: ListingSetRepository;
  live: LiveListings;
  sync?: ListingSync;
}

const brief = (e: ImportEntry) => ({ ...e, problems: undefined });

export function listingAdminRoutes(router: Router, deps: ListingAdminDeps, route: AdminRoute) {
  const overview = async () => {
    const state = await deps.sets.readState();
    const store = deps.live.get();
    const kept = await keptSets(deps.sets, state.liveHistory);
    return {
      live: {
        set: state.live,
        sample: state.live === null,
        properties: store.propertyIds().length,
        projects: store.projectIds().length,
        since:
          state.entries.find((e) => (e.result === 'accepted' && e.id === state.live) || (e.result === 'restored' && e.restored === state.live))?.at ?? null,
      },
      canRollback: !!state.live && kept.length >= 2 && kept.at(-1) === state.live,
      refusedSet: state.refusedSet ?? null,
      sync: deps.sync
        ? {
            configured: true,
            url: state.sync?.url ?? null,
            minutes: deps.sync.config.minutes,
            checkedAt: state.sync?.checkedAt ?? null,
            result: state.sync?.result ?? null,
            reason: state.sync?.reason ?? null,
          }
        : { configured: false },
      entries: state.entries.map(brief),
    };
  };

  router.get(
    '/api/admin/listings',
    route('admin', async (ctx) => {
      ctx.body = await overview();
    }),
  );

  router.get(
    '/api/admin/listings/imports/:id',
    route('admin', async (ctx) => {
      const state = await deps.sets.readState();
      const entry = state.entries.find((e) => e.id === ctx.params.id);
      if (!entry) throw new HttpError(404, { error: 'That import is no longer in the history.', field: 'id' });
      ctx.body = { ...entry, problems: entry.problems.map((p) => ({ ...p, fieldLabel: p.field ? fieldName(p.field) : '' })) };
    }),
  );

  router.post(
    '/api/admin/listings/sync',
    route('admin', async (ctx, account) => {
      if (!deps.sync) throw new HttpError(409, { error: 'No feed is set up: the server needs LISTINGS_URL to sync. Imports from a file use npm run import.' });
      const outcome = await deps.sync.syncNow(account.username);
      await deps.live.check();
      ctx.body = { outcome: outcome.result === 'unchanged' ? outcome : { result: outcome.result, entry: brief(outcome.entry) }, ...(await overview()) };
    }),
  );

  router.post(
    '/api/admin/listings/rollback',
    route('admin', async (ctx, account) => {
      const r = await rollbackListings(deps.sets, { trigger: 'editor', by: account.username });
      if (!r.ok) throw new HttpError(409, { error: `Nothing was restored: ${r.reason}.` });
      await deps.live.check();
      ctx.body = { outcome: { result: 'restored', entry: brief(r.entry) }, ...(await overview()) };
    }),
  );

  router.post(
    '/api/admin/listings/publish/:id',
    route('admin', async (ctx, account) => {
      const r = await publishRefused(deps.sets, String(ctx.params.id), { trigger: 'editor', by: account.username });
      if (!r.ok) throw new HttpError(409, { error: `Nothing was published: ${r.reason}.` });
      await deps.live.check();
      ctx.body = { outcome: { result: 'restored', entry: brief(r.entry) }, ...(await overview()) };
    }),
  );
}
