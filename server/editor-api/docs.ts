/**
 * The editor's API under /api/admin/ (staff login and the route guard: server/auth/staff-routes.ts;
 * roles — editor: pages and dictionaries; admin: also the site settings and accounts): the documents: read, save (409 when another
 * save came first, 422 with the field paths when invalid), publish, history, restore, preview.
 */
import type Koa from 'koa';
import type Router from '@koa/router';
import { HttpError, readJson } from '../http/request.ts';
import type { PasswordGate } from '../auth/password-gate.ts';
import { staffRoutes, type AdminRoute } from '../auth/staff-routes.ts';
import type { CounterRepository } from '../storage/index.ts';
import { hasRole, type StaffAccount, type StaffAccounts, type StaffRole } from '../auth/staff-accounts.ts';
import { ContentStore, isDocKey, SINGLE_DOCS, type DocKey, type Revision, type SaveResult } from '../content/content-store.ts';
import { toolPreviewPath } from '../tools/visitor-tools.ts';
import { sanitize } from '../common/sanitize.ts';
import { documentRoutes, editorForms, sanitizeRichTexts, textProblems } from './documents.ts';
import type { SchemaRegistry, Problem } from '../config/schemas.ts';
import type { PageRecord } from '../../renderer/content.ts';
import { migrateModule, type ModuleRegistry } from '../../renderer/module-api.ts';
import type { SiteHolder } from '../site/holder.ts';
import type { Renderer } from '../app.ts';
import type { Assets } from '../../renderer/App.tsx';
import { LANGUAGES, type Lang } from '../../shared/constants.ts';
import { missingTextsRoute } from './missing-texts.ts';

/** Documents are larger than a visitor's form: a page with its modules, a dictionary. */
const ADMIN_MAX_BODY_BYTES = 2 * 1024 * 1024;

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
}

const userOf = (a: StaffAccount) => ({ username: a.username, ...(a.name ? { name: a.name } : {}), role: a.role });
const info = (r: Revision) => ({
  rev: r.rev,
  at: r.at,
  by: r.by,
  summary: r.summary,
  published: r.published,
  ...(r.restoredFrom !== undefined ? { restoredFrom: r.restoredFrom } : {}),
});
// Editors write pages, articles and dictionaries, and change the home banner (issue 14); the other settings are for admins.
const roleFor = (key: DocKey): StaffRole =>
  key.startsWith('page:') || key.startsWith('dictionary:') || key.startsWith('article:') || key === 'banner' ? 'editor' : 'admin';

function keyOf(ctx: Koa.Context): DocKey {
  const key = String(ctx.params.key ?? '');
  if (!isDocKey(key))
    throw new HttpError(404, {
      error: `No document "${key}": a document is page:<id>, article:<id>, dictionary:<${LANGUAGES.join('|')}> or one of ${SINGLE_DOCS.join(', ')}.`,
      field: 'key',
    });
  return key;
}

function baseRevOf(body: Record<string, unknown>): number {
  const v = body.baseRev;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 0)
    throw new HttpError(400, { error: 'baseRev: must be the revision number the change started from (0 for the version from the files)', field: 'baseRev' });
  return v;
}

/**
 * A page's modules in the order they render (by `sort`): the editor shows and edits that order,
 * and on save the order of the list is the order of the page (`sort` renumbered 1, 2, 3 …).
 */
function modulesInOrder(page: PageRecord, registry: ModuleRegistry): PageRecord {
  if (!Array.isArray(page?.modules)) return page;
  const modules = page.modules
    .map((m, i) => ({ m, i }))
    .sort((a, b) => (a.m.sort ?? 0) - (b.m.sort ?? 0) || a.i - b.i)
    // A record written with an older version of its type opens upgraded (the type's migrations), as it renders.
    .map(({ m }) => {
      const def = registry.get(m.view);
      return def ? migrateModule(m, def) : m;
    });
  return { ...page, modules };
}

/** HTML fields are sanitised on save (and again on render); a page's module order is its list order. */
function sanitizeDoc(key: DocKey, data: unknown, registry: ModuleRegistry, ajv: SchemaRegistry['ajv']): unknown {
  if (!data || typeof data !== 'object') return data;
  const d = structuredClone(data) as Record<string, unknown>;
  if (key.startsWith('page:') && Array.isArray(d.modules)) {
    d.modules.forEach((m: unknown, i: number) => {
      if (m && typeof m === 'object' && !Array.isArray(m)) (m as { sort?: number }).sort = i + 1;
    });
  }
  if (key.startsWith('page:') && d.content && typeof d.content === 'object') {
    for (const v of Object.values(d.content as Record<string, { html?: unknown }>)) if (v && typeof v.html === 'string') v.html = sanitize(v.html);
  }
  // Rich texts wherever the schemas have them (an article's body, a Text module, the footer's texts).
  return sanitizeRichTexts(key, d, registry, ajv);
}

/** The answer to a save: the revision, or 409 with who saved in between, or 422 with the problems. */
function answer(ctx: Koa.Context, key: DocKey, r: SaveResult) {
  if (r.ok) {
    // Merged with a colleague's save in between: the editor goes on from the merged document.
    ctx.body = { revision: info(r.revision), ...(r.merged ? { merged: true, mergedWith: r.mergedWith, data: r.revision.data } : {}) };
    return;
  }
  if ('conflict' in r) {
    const c = r.conflict;
    const n = r.conflicts?.length ?? 0;
    throw new HttpError(409, {
      error: `${key} was saved by ${c.by} at ${c.at} (revision ${c.rev}) after you opened it${n ? ` and ${n === 1 ? 'one field was' : `${n} fields were`} changed by both of you: choose which version to keep` : ''}; nothing was overwritten.`,
      conflict: { by: c.by, at: c.at, rev: c.rev },
      // Field by field: where it is, the version you started from, yours and theirs; `merged` has everything else merged.
      conflicts: r.conflicts ?? [],
      ...(r.merged !== undefined ? { merged: r.merged } : {}),
      theirs: c.data,
    });
  }
  const problems = r.problems;
  const mine = problems.filter((p) => p.file === key);
  const first = mine[0] ?? problems[0];
  throw new HttpError(422, {
    error: `${key} was not saved: ${first ? `${first.file === key ? '' : `${first.file} `}${first.pointer} ${first.message}` : 'it is not valid'}${problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''}`,
    problems: problems.map((p) => ({
      key: p.file,
      pointer: p.pointer,
      message: p.message,
      ...(p.code ? { code: p.code } : {}),
      ...(p.params ? { params: p.params } : {}),
    })),
  });
}

export function adminRoutes(router: Router, deps: AdminDeps, route: AdminRoute) {
  documentRoutes(router, deps, route);
  missingTextsRoute(router, deps, route);
  const me = async (account: StaffAccount, csrf: string) => {
    const site = await deps.sites.current();
    const langs = [site.routes.defaultLang, ...site.routes.enabled.filter((l) => l !== site.routes.defaultLang)];
    return { user: userOf(account), csrf, langs, defaultLang: site.routes.defaultLang, origin: deps.origin };
  };

  staffRoutes(router, { staff: deps.staff, gate: deps.gate, counters: deps.counters, me }, route);

  /** Newest version of every document (drafts, and versions marked for repair, included): what the editor shows. */
  const working = () => deps.store.overlay(() => true, undefined, true);

  // Made once per registry (a new one only on hot reload in development).
  router.get(
    '/api/admin/registry',
    route('editor', async (ctx) => {
      const registry = (await deps.renderer()).registry;
      const { schemas, modules } = editorForms(registry, deps.schemas.ajv);
      const pages = (working().single.pages as PageRecord[]) ?? [];
      ctx.body = {
        modules,
        schemas,
        maxModuleId: Math.max(0, ...pages.flatMap((p) => (p.modules ?? []).map((m) => m.id))),
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
      const pages = (working().single.pages as PageRecord[]) ?? [];
      ctx.body = {
        pages: pages.map((p) => {
          const latest = deps.store.latest(`page:${p.id}`);
          const live = site.content.pages.find((x) => x.id === p.id);
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
            draft: !!latest && !latest.published,
            repair: !!deps.store.repairOf(`page:${p.id}`),
            publicPath: live && !site.routes.templates.has(p.id) ? site.routes.pagePath(live, site.routes.defaultLang) : undefined,
            // Every language's public path (a link written in a text points at the page in that text's language).
            paths:
              live && !site.routes.templates.has(p.id) ? Object.fromEntries(site.routes.enabled.map((l) => [l, site.routes.pagePath(live, l)])) : undefined,
          };
        }),
      };
    }),
  );

  router.get(
    '/api/admin/docs/:key',
    route('editor', async (ctx) => {
      const key = keyOf(ctx);
      const doc = deps.store.doc(key);
      if (!doc || doc.data === null) throw new HttpError(404, { error: `${key} does not exist.` });
      const latest = deps.store.latest(key);
      const data = key.startsWith('page:') ? modulesInOrder(doc.data as PageRecord, (await deps.renderer()).registry) : doc.data;
      const repair = deps.store.repairOf(key);
      ctx.body = {
        key,
        data,
        rev: doc.rev,
        published: doc.published,
        ...(latest ? { by: latest.by, at: latest.at } : {}),
        // This version no longer validates (a schema changed): visitors see the files' version until it is fixed and saved.
        ...(repair ? { repair: repair.problems.map((p) => ({ key, pointer: p.pointer, message: p.message, code: p.code, params: p.params })) } : {}),
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
      if (!hasRole(account, roleFor(key))) throw new HttpError(403, { error: `Only an admin may change ${key}.` });
      const body = await readJson(ctx, ADMIN_MAX_BODY_BYTES);
      const baseRev = baseRevOf(body);
      const registry = (await deps.renderer()).registry;
      const data = sanitizeDoc(key, dataOf(body), registry, deps.schemas.ajv);
      if (key.startsWith('page:') && (data as PageRecord).id !== Number(key.slice(5)))
        throw new HttpError(422, {
          error: `id: must be ${key.slice(5)} (the page being saved)`,
          problems: [{ key, pointer: '/id', message: `must be ${key.slice(5)}` }],
        });
      if (key.startsWith('article:') && (data as { id?: unknown }).id !== key.slice(8))
        throw new HttpError(422, {
          error: `id: must be ${key.slice(8)} (the article being saved)`,
          problems: [{ key, pointer: '/id', message: `must be ${key.slice(8)}` }],
        });
      // Texts first: required ones in every language in use, placeholders that the reference text has (issue 14).
      const site = await deps.sites.current();
      const texts = textProblems(key, data, {
        forms: editorForms(registry, deps.schemas.ajv),
        langs: site.routes.enabled,
        defaultLang: site.routes.defaultLang,
        store: deps.store,
      });
      if (texts.length) answer(ctx, key, { ok: false, problems: texts });
      const r = await deps.store.save(key, data, { baseRev, by: account.username, publish: body.publish !== false });
      if (r.ok && r.revision.published) deps.sites.invalidate();
      answer(ctx, key, r);
    }),
  );

  router.delete(
    '/api/admin/docs/:key',
    route('editor', async (ctx, account) => {
      const key = keyOf(ctx);
      if (!key.startsWith('page:') && !key.startsWith('article:')) throw new HttpError(405, { error: 'Only pages and articles can be deleted.' });
      if (!hasRole(account, roleFor(key))) throw new HttpError(403, { error: `Only an admin may change ${key}.` });
      const body = await readJson(ctx);
      const r = await deps.store.save(key, null, { baseRev: baseRevOf(body), by: account.username, publish: true });
      if (r.ok) deps.sites.invalidate();
      answer(ctx, key, r);
    }),
  );

  router.post(
    '/api/admin/docs/:key/publish',
    route('editor', async (ctx, account) => {
      const key = keyOf(ctx);
      if (!hasRole(account, roleFor(key))) throw new HttpError(403, { error: `Only an admin may change ${key}.` });
      const body = await readJson(ctx);
      const r = await deps.store.publish(key, baseRevOf(body), account.username);
      if (r.ok) deps.sites.invalidate();
      answer(ctx, key, r);
    }),
  );

  router.get(
    '/api/admin/docs/:key/history',
    route('editor', async (ctx) => {
      const key = keyOf(ctx);
      const revisions = deps.store.history(key).map(info);
      // The version from the site-config files is revision 0, and can be restored like the others.
      const fromFiles = deps.store.fileVersion(key) !== undefined;
      ctx.body = {
        revisions: fromFiles
          ? [...revisions, { rev: 0, at: deps.store.baseAt, by: 'site-config files', summary: 'the version from the files', published: true }]
          : revisions,
      };
    }),
  );

  router.post(
    '/api/admin/docs/:key/restore',
    route('editor', async (ctx, account) => {
      const key = keyOf(ctx);
      if (!hasRole(account, roleFor(key))) throw new HttpError(403, { error: `Only an admin may change ${key}.` });
      const body = await readJson(ctx);
      const rev = body.rev;
      if (typeof rev !== 'number' || !Number.isInteger(rev) || rev < 0)
        throw new HttpError(400, { error: 'rev: must be a revision number of this document', field: 'rev' });
      const r = await deps.store.restore(key, rev, baseRevOf(body), account.username);
      if (!r) throw new HttpError(404, { error: `${key} has no revision ${rev}.`, field: 'rev' });
      if (r.ok) deps.sites.invalidate();
      answer(ctx, key, r);
    }),
  );

  // The page as it would look with the unsaved draft: the real renderer over the candidate content,
  // without the client script (the preview is a picture of the page; consent counts as given).
  router.post(
    '/api/admin/preview',
    route('editor', async (ctx) => {
      const body = await readJson(ctx, ADMIN_MAX_BODY_BYTES);
      const key = String(body.key ?? '');
      if (!isDocKey(key)) throw new HttpError(400, { error: 'key: must be a document key', field: 'key' });
      const renderer = await deps.renderer();
      const candidate = deps.store.candidate(key, sanitizeDoc(key, dataOf(body), renderer.registry, deps.schemas.ajv));
      if (!candidate.content) {
        throw new HttpError(422, {
          error: 'The draft cannot be shown while it has problems.',
          problems: candidate.problems.map((p: Problem) => ({
            key: p.file,
            pointer: p.pointer,
            message: p.message,
            ...(p.code ? { code: p.code, params: p.params } : {}),
          })),
        });
      }
      // An article not yet published is shown as it will look once it is (its own page exists only then).
      const articleId = key.startsWith('article:') ? key.slice(8) : undefined;
      const content = articleId
        ? { ...candidate.content, articles: candidate.content.articles.map((a) => (a.id === articleId ? { ...a, status: 'Published' as const } : a)) }
        : candidate.content;
      const site = await deps.sites.over({ content });
      const lang = typeof body.lang === 'string' && site.routes.enabled.includes(body.lang as Lang) ? (body.lang as Lang) : site.routes.defaultLang;
      const pageId = typeof body.pageId === 'number' ? body.pageId : key.startsWith('page:') ? Number(key.slice(5)) : undefined;
      const page = candidate.content.pages.find((p) => p.id === pageId) ?? candidate.content.pages.find((p) => p.path === '/');
      let path = `/${lang}/`;
      if (page && !site.routes.templates.has(page.id)) path = site.routes.pagePath(page, lang);
      else if (page) {
        // A detail template (property, project) is shown with the first listing that uses it.
        const id = site.listings.propertyIds()[0];
        const p = id !== undefined ? site.listings.property(id, lang) : undefined;
        path = (p && site.propertyPath(p, lang)) ?? path;
      }
      // A visitor tool's figures are shown on its page, with an example calculation (issue 16).
      if (pageId === undefined) path = toolPreviewPath(site, key, lang) ?? path;
      // An article on its own public page (issue 14), once its category has a page that lists it.
      if (articleId) {
        const article = content.articles.find((a) => a.id === articleId);
        path = (article && site.routes.articlePath(article, lang)) ?? path;
      }
      const result = await site.page(path);
      ctx.type = 'text/html; charset=utf-8';
      if ('redirect' in result) {
        ctx.body = `<!DOCTYPE html><meta charset="utf-8"><p style="font:16px system-ui;padding:2rem">This page redirects to <code>${result.redirect.replace(/[<&"]/g, '')}</code>.</p>`;
        return;
      }
      const assets = await deps.assets();
      const html = renderer.renderHtml(result.initial, { ...assets, js: '', preload: [], devScripts: [], devInline: [] });
      // Links open in a new tab: the preview itself stays on the draft.
      ctx.body = html.replace('<head>', '<head><base target="_blank">');
    }),
  );
}
