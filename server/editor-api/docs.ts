/**
 * The editor's API under /api/admin/ (staff login and the route guard: server/auth/staff-routes.ts;
 * roles — editor: pages, articles, dictionaries, redirects, the home banner; admin: also the site
 * settings and accounts): the documents — read, save (a draft whatever its state; a version to
 * publish checked: 409 when another save came first, 422 with the field paths), publish,
 * unpublish, delete to the trash (with what it would touch first), history, restore. Each route
 * reads its input and calls one content operation (server/content/operations.ts, delete-ops.ts).
 */
import type Koa from 'koa';
import type Router from '@koa/router';
import { HttpError, readJson } from '../http/request.ts';
import type { PasswordGate } from '../auth/password-gate.ts';
import { staffRoutes, type AdminRoute } from '../auth/staff-routes.ts';
import type { CounterRepository, MediaRepository } from '../storage/index.ts';
import type { StaffAccount, StaffAccounts } from '../auth/staff-accounts.ts';
import type { ContentStore } from '../content/content-store.ts';
import { ContentOperations, type Outcome } from '../content/operations.ts';
import { DeleteOperations } from '../content/delete-ops.ts';
import { editorForms, modulesInOrder } from '../content/doc-checks.ts';
import { trashedDoc, trashedModules } from '../content/trash.ts';
import { langStates } from '../content/lang-state.ts';
import type { SchemaRegistry } from '../config/schemas.ts';
import type { PageRecord } from '../../renderer/content.ts';
import type { SiteHolder } from '../site/holder.ts';
import type { Renderer } from '../app.ts';
import type { Assets } from '../../renderer/App.tsx';
import { baseRevOf, keyOf } from './input.ts';
import { documentRoutes } from './documents.ts';
import { missingTextsRoute } from './missing-texts.ts';
import { historyRoutes } from './history.ts';
import { trashRoutes } from './trash-routes.ts';
import { previewRoute } from './preview.ts';
import { bulkRoutes } from './bulk.ts';
import { systemRoles } from '../content/system-pages.ts';

/** Documents are larger than a visitor's form: a page with its modules, a dictionary. */
export const ADMIN_MAX_BODY_BYTES = 2 * 1024 * 1024;

export interface AdminDeps {
  store: ContentStore;
  staff: StaffAccounts;
  schemas: SchemaRegistry;
  renderer: () => Promise<Renderer>;
  assets: () => Promise<Assets>;
  /**
   * The live site (for languages and paths); a site over a draft for the preview; invalidated after
   * a save changed what visitors see.
   */
  sites: Pick<SiteHolder, 'current' | 'over' | 'invalidate'>;
  origin: string;
  /** Bounds the password checks running at once (shared with the owner portal's logins). */
  gate: PasswordGate;
  counters: CounterRepository;
  /** The site's captcha, asked after repeated failed logins. */
  captcha: { redeem(token: unknown, answer: unknown): Promise<boolean> };
  /** The media library's records: a version to publish may not show an image in its trash. */
  media?: Pick<MediaRepository, 'get'>;
}

/** The content operations the routes call (made once per server). */
export interface EditorOps {
  ops: ContentOperations;
  del: DeleteOperations;
}

const userOf = (a: StaffAccount) => ({ username: a.username, ...(a.name ? { name: a.name } : {}), role: a.role });
const actorOf = (a: StaffAccount) => ({ username: a.username, role: a.role });

const flag = (body: Record<string, unknown>, name: string): boolean | undefined => {
  const v = body[name];
  if (v === undefined) return undefined;
  if (typeof v !== 'boolean') throw new HttpError(400, { error: `${name}: must be true or false`, field: name });
  return v;
};

/** A done save as the editor reads it: the revision, the merged document, the marks of a draft, old addresses kept. */
export function answer(ctx: Koa.Context, r: Outcome & { asDraft?: boolean }, store: ContentStore) {
  // Numbered within its document (1, 2, 3 …), as the history numbers it.
  const n = store.revisionsOf(r.revision.key).findIndex((x) => x.rev === r.revision.rev) + 1;
  ctx.body = {
    revision: { ...ContentOperations.info(r.revision), n },
    ...(r.merged ? { merged: true, mergedWith: r.mergedWith, data: r.revision.data } : {}),
    ...(r.marks?.length ? { marks: r.marks.map((p) => ({ key: p.file, pointer: p.pointer, message: p.message, code: p.code, params: p.params })) } : {}),
    ...(r.redirected?.length ? { redirected: r.redirected } : {}),
    ...(r.asDraft ? { asDraft: true } : {}),
  };
}

export function adminRoutes(router: Router, deps: AdminDeps, route: AdminRoute): EditorOps {
  const ops = new ContentOperations({
    store: deps.store,
    schemas: deps.schemas,
    registry: async () => (await deps.renderer()).registry,
    sites: deps.sites,
    media: deps.media,
  });
  const del = new DeleteOperations(ops);
  documentRoutes(router, deps, route);
  missingTextsRoute(router, deps, route);
  historyRoutes(router, deps, route);
  trashRoutes(router, { ...deps, del }, route);
  previewRoute(router, deps, route);
  bulkRoutes(router, ops, route);
  const me = async (account: StaffAccount, csrf: string, ctx: Koa.Context) => {
    const site = await deps.sites.current();
    const langs = [site.routes.defaultLang, ...site.routes.enabled.filter((l) => l !== site.routes.defaultLang)];
    // Links to the public pages open on the server being edited, not on the address in site.json.
    return { user: userOf(account), csrf, langs, defaultLang: site.routes.defaultLang, origin: ctx.origin };
  };

  staffRoutes(router, { staff: deps.staff, gate: deps.gate, counters: deps.counters, captcha: deps.captcha, me }, route);

  // Made once per registry (a new one only on hot reload in development).
  router.get(
    '/api/admin/registry',
    route('editor', async (ctx) => {
      const registry = (await deps.renderer()).registry;
      const { schemas, modules } = editorForms(registry, deps.schemas.ajv);
      const pages = (deps.store.workingDocs().single.pages as PageRecord[]) ?? [];
      ctx.body = {
        modules,
        schemas,
        // A module in the trash keeps its id: a new module never takes it.
        maxModuleId: Math.max(0, ...pages.flatMap((p) => (p.modules ?? []).map((m) => m.id)), ...trashedModules(deps.store).keys()),
        // A deleted page keeps its history under its id: a new page never takes it.
        maxPageId: Math.max(
          0,
          ...pages.map((p) => p.id),
          ...deps.store
            .keys()
            .filter((k) => k.startsWith('page:'))
            .map((k) => Number(k.slice(5))),
        ),
      };
    }),
  );

  router.get(
    '/api/admin/pages',
    route('editor', async (ctx) => {
      const site = await deps.sites.current();
      const working = deps.store.workingDocs();
      const pages = (working.single.pages as PageRecord[]) ?? [];
      const home = site.content.pages.find((p) => p.path === '/');
      ctx.body = {
        pages: pages.map((p) => {
          const key = `page:${p.id}` as const;
          const latest = deps.store.latest(key);
          const live = site.content.pages.find((x) => x.id === p.id);
          const shown = live && !site.routes.templates.has(p.id) ? site.routes.enabled.filter((l) => site.routes.available(live, l)) : [];
          return {
            id: p.id,
            parentId: p.parentId,
            title: p.title,
            path: p.path,
            status: p.status,
            type: p.type,
            sort: p.sort ?? 0,
            showInMenu: p.showInMenu,
            modules: p.modules?.length ?? 0,
            rev: latest?.rev ?? 0,
            at: latest?.at,
            by: latest?.by,
            draft: !!latest && !latest.published,
            offline: !!latest?.offline,
            repair: !!deps.store.repairOf(key),
            system: systemRoles(p, working).map((r) => r.role),
            langs: langStates(deps.store, key, site.routes.enabled, site.routes.defaultLang),
            publicPath: shown.includes(site.routes.defaultLang) ? site.routes.pagePath(live!, site.routes.defaultLang) : undefined,
            // Every language's public path (a link written in a text points at the page in that text's language).
            paths: shown.length ? Object.fromEntries(shown.map((l) => [l, site.routes.pagePath(live!, l)])) : undefined,
          };
        }),
        // Visitors get the 404 page at /nl/, /fr/, /en/ until a home page is made again or restored from the trash.
        ...(home ? {} : { homeMissing: true }),
      };
    }),
  );

  router.get(
    '/api/admin/docs/:key',
    route('editor', async (ctx) => {
      const key = keyOf(ctx);
      const doc = deps.store.doc(key);
      if (!doc || doc.data === null) {
        const t = doc ? trashedDoc(deps.store, key) : undefined;
        throw new HttpError(404, {
          error: t ? `${key} is in the trash (deleted by ${t.deleted.by} at ${t.deleted.at}).` : `${key} does not exist.`,
          code: t ? 'doc.trashed' : 'doc.missing',
          ...(t ? { trashed: { at: t.deleted.at, by: t.deleted.by } } : {}),
        });
      }
      const latest = deps.store.latest(key);
      const data = key.startsWith('page:') ? modulesInOrder(doc.data as PageRecord, (await deps.renderer()).registry) : doc.data;
      const repair = deps.store.repairOf(key);
      const site = await deps.sites.current();
      const marks = latest && !latest.published ? await ops.marksOf(key, doc.data) : [];
      const byName = latest ? ((await deps.staff.byUsername(latest.by))?.name ?? latest.by) : undefined;
      ctx.body = {
        key,
        data,
        rev: doc.rev,
        // Its number within the document (0: the version shipped with the site).
        n: deps.store.revisionsOf(key).length,
        ...(byName ? { byName } : {}),
        published: doc.published,
        ...(doc.offline ? { offline: true } : {}),
        ...(latest ? { by: latest.by, at: latest.at } : {}),
        langs: langStates(deps.store, key, site.routes.enabled, site.routes.defaultLang),
        // This version no longer validates (a schema changed): visitors see the files' version until it is fixed and saved.
        ...(repair ? { repair: repair.problems.map((p) => ({ key, pointer: p.pointer, message: p.message, code: p.code, params: p.params })) } : {}),
        // A draft kept with what would stop it from being published.
        ...(marks.length ? { marks: marks.map((p) => ({ key, pointer: p.pointer, message: p.message, code: p.code, params: p.params })) } : {}),
      };
    }),
  );

  const dataOf = (body: Record<string, unknown>) => {
    if (!('data' in body) || body.data === null || typeof body.data !== 'object')
      throw new HttpError(400, { error: 'data: must be the whole document (a JSON object or array)', field: 'data' });
    return body.data;
  };

  router.put(
    '/api/admin/docs/:key',
    route('editor', async (ctx, account) => {
      const key = keyOf(ctx);
      const body = await readJson(ctx, ADMIN_MAX_BODY_BYTES);
      const o = { baseRev: baseRevOf(body), publish: body.publish !== false, keepOldAddresses: flag(body, 'keepOldAddresses') };
      answer(ctx, await ops.save(actorOf(account), key, dataOf(body), o), deps.store);
    }),
  );

  router.get(
    '/api/admin/docs/:key/impact',
    route('editor', async (ctx) => {
      ctx.body = await del.impact(keyOf(ctx));
    }),
  );

  router.delete(
    '/api/admin/docs/:key',
    route('editor', async (ctx, account) => {
      const key = keyOf(ctx);
      const body = await readJson(ctx);
      const replacement = body.replacement;
      if (replacement !== undefined && replacement !== null && (typeof replacement !== 'number' || !Number.isInteger(replacement)))
        throw new HttpError(400, { error: 'replacement: must be the id of a page', field: 'replacement' });
      answer(
        ctx,
        await del.remove(actorOf(account), key, baseRevOf(body), { replacement: (replacement ?? undefined) as number | undefined, force: flag(body, 'force') }),
        deps.store,
      );
    }),
  );

  router.post(
    '/api/admin/docs/:key/publish',
    route('editor', async (ctx, account) => {
      const key = keyOf(ctx);
      answer(ctx, await ops.publish(actorOf(account), key, baseRevOf(await readJson(ctx))), deps.store);
    }),
  );

  router.post(
    '/api/admin/docs/:key/unpublish',
    route('editor', async (ctx, account) => {
      const key = keyOf(ctx);
      const body = await readJson(ctx);
      answer(ctx, await ops.unpublish(actorOf(account), key, baseRevOf(body), { force: flag(body, 'force') }), deps.store);
    }),
  );

  router.post(
    '/api/admin/docs/:key/restore',
    route('editor', async (ctx, account) => {
      const key = keyOf(ctx);
      const body = await readJson(ctx);
      const rev = body.rev;
      if (typeof rev !== 'number' || !Number.isInteger(rev) || rev < 0)
        throw new HttpError(400, { error: 'rev: must be a revision number of this document', field: 'rev' });
      answer(ctx, await ops.restoreVersion(actorOf(account), key, rev, baseRevOf(body)), deps.store);
    }),
  );

  return { ops, del };
}
