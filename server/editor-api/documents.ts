/**
 * Lists of documents for the editor, kept apart from the routes in docs.ts: the menu's order and
 * nesting in one request (`PUT /api/admin/menu`), the articles (`GET /api/admin/articles`, with
 * each one's languages and state), and the documents marked for repair (`GET /api/admin/repairs`).
 */
import type Router from '@koa/router';
import type { Article, PageRecord } from '../../renderer/content.ts';
import type { Lang } from '../../shared/constants.ts';
import { langStates, type LangState } from '../content/lang-state.ts';
import type { ContentStore, DocKey } from '../content/content-store.ts';
import type { SiteHolder } from '../site/holder.ts';
import type { AdminRoute } from '../auth/staff-routes.ts';
import { HttpError, readJson } from '../http/request.ts';

/** A menu holds at most this many pages in one request (the site has about 35). */
const MAX_MENU_PAGES = 1000;

export interface ArticleSummary {
  id: string;
  category: string;
  column?: string;
  date?: string;
  status: string;
  title: Record<string, string>;
  rev: number;
  draft: boolean;
  offline: boolean;
  repair: boolean;
  langs: Partial<Record<Lang, LangState>>;
  /** The public path in the default language (published articles of a listed category). */
  publicPath?: string;
  /** The public path in each language it is written in. */
  paths?: Partial<Record<Lang, string | undefined>>;
  author?: string;
}

/** One page's place in the menu as the editor's tree sends it. */
interface MenuPlace {
  id: number;
  parentId: number | null;
  sort: number;
  showInMenu?: boolean;
}

function menuPlaces(body: Record<string, unknown>): MenuPlace[] {
  const list = body.pages;
  const bad = (i: number | string, what: string) => new HttpError(400, { error: `pages/${i}: ${what}`, field: 'pages' });
  if (!Array.isArray(list) || list.length === 0 || list.length > MAX_MENU_PAGES) throw bad('', `must be a list of 1 to ${MAX_MENU_PAGES} pages`);
  const seen = new Set<number>();
  return list.map((x, i) => {
    if (!x || typeof x !== 'object') throw bad(i, 'must be an object');
    const { id, parentId, sort, showInMenu } = x as Record<string, unknown>;
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) throw bad(i, 'id must be a page id');
    if (seen.has(id)) throw bad(i, `page ${id} is listed twice`);
    seen.add(id);
    if (parentId !== null && (typeof parentId !== 'number' || !Number.isInteger(parentId) || parentId < 1 || parentId === id))
      throw bad(i, 'parentId must be another page id or null');
    if (typeof sort !== 'number' || !Number.isInteger(sort) || sort < 0 || sort > 1_000_000) throw bad(i, 'sort must be a whole number');
    if (showInMenu !== undefined && typeof showInMenu !== 'boolean') throw bad(i, 'showInMenu must be true or false');
    return { id, parentId: parentId as number | null, sort, ...(showInMenu !== undefined ? { showInMenu } : {}) };
  });
}

export function documentRoutes(router: Router, deps: { store: ContentStore; sites: Pick<SiteHolder, 'current' | 'invalidate'> }, route: AdminRoute) {
  /**
   * The menu as a tree (issue 14, point 5): each page's parent and place among its siblings, in one
   * request. Only the pages whose place changed get a revision (a page with a stored draft keeps it
   * a draft), parents before their children, so that no step makes a cycle. A refused step stops
   * there: what was saved is listed, the problem names the page.
   */
  router.put(
    '/api/admin/menu',
    route('editor', async (ctx, account) => {
      const places = menuPlaces(await readJson(ctx));
      const depth = (p: MenuPlace, seen = new Set<number>()): number => {
        if (p.parentId === null || seen.has(p.id)) return 0;
        seen.add(p.id);
        const parent = places.find((x) => x.id === p.parentId);
        return parent ? 1 + depth(parent, seen) : 1;
      };
      const changes: Array<{ place: MenuPlace; doc: { data: unknown; rev: number; published: boolean } }> = [];
      for (const place of places) {
        const doc = deps.store.doc(`page:${place.id}`);
        if (!doc || !doc.data)
          throw new HttpError(422, {
            error: `page ${place.id} does not exist`,
            problems: [{ key: `page:${place.id}`, pointer: '/', message: 'does not exist', code: 'ref.page', params: { id: place.id } }],
          });
        const page = doc.data as PageRecord;
        const same =
          page.parentId === place.parentId && page.sort === place.sort && (place.showInMenu === undefined || (page.showInMenu !== false) === place.showInMenu);
        if (!same) changes.push({ place, doc });
      }
      changes.sort((a, b) => depth(a.place) - depth(b.place));
      const saved: Array<{ id: number; rev: number }> = [];
      let published = false;
      for (const { place, doc } of changes) {
        const page = { ...(doc.data as PageRecord), parentId: place.parentId, sort: place.sort };
        if (place.showInMenu === true) delete page.showInMenu;
        else if (place.showInMenu === false) page.showInMenu = false;
        const r = await deps.store.save(`page:${place.id}`, page, {
          baseRev: doc.rev,
          by: account.username,
          publish: doc.published,
          summary: 'place in the menu',
        });
        if (!r.ok) {
          if (published) deps.sites.invalidate();
          const problems =
            'problems' in r ? r.problems : [{ file: `page:${place.id}`, pointer: '/', message: 'was saved by someone else meanwhile', code: 'menu.conflict' }];
          ctx.status = 'problems' in r ? 422 : 409;
          ctx.body = {
            error: `page ${place.id} was not moved: ${problems[0]?.message ?? ''}`,
            saved,
            problems: problems.map((p) => ({ key: p.file, pointer: p.pointer, message: p.message, code: p.code, params: p.params })),
          };
          return;
        }
        saved.push({ id: place.id, rev: r.revision.rev });
        if (r.revision.published) published = true;
      }
      if (published) deps.sites.invalidate();
      ctx.body = { saved, problems: [] };
    }),
  );

  /** Every article in its newest version (drafts included), in the order of their files. */
  router.get(
    '/api/admin/articles',
    route('editor', async (ctx) => {
      const site = await deps.sites.current();
      const docs = deps.store.workingDocs();
      const articles: ArticleSummary[] = [];
      for (const f of docs.articles) {
        for (const a of (Array.isArray(f.data) ? f.data : []) as Article[]) {
          if (!a || typeof a !== 'object' || typeof a.id !== 'string') continue;
          const key = `article:${a.id}` as DocKey;
          const latest = deps.store.latest(key);
          const live = site.content.articles.find((x) => x.id === a.id);
          articles.push({
            id: a.id,
            category: a.category,
            column: a.column,
            date: a.date,
            status: a.status,
            title: a.title ?? {},
            author: a.author,
            rev: latest?.rev ?? 0,
            draft: !!latest && !latest.published,
            offline: !!latest?.offline,
            repair: !!deps.store.repairOf(key),
            langs: langStates(deps.store, key, site.routes.enabled, site.routes.defaultLang),
            publicPath:
              live && live.status === 'Published' && site.routes.articleAvailable(live, site.routes.defaultLang)
                ? site.routes.articlePath(live, site.routes.defaultLang)
                : undefined,
            paths:
              live && live.status === 'Published'
                ? Object.fromEntries(site.routes.enabled.filter((l) => site.routes.articleAvailable(live, l)).map((l) => [l, site.routes.articlePath(live, l)]))
                : undefined,
          });
        }
      }
      ctx.body = { articles };
    }),
  );

  /** The documents whose stored version no longer validates, and why (each shows its files' version meanwhile). */
  router.get(
    '/api/admin/repairs',
    route('editor', async (ctx) => {
      ctx.body = {
        repairs: deps.store.repairList().map((r) => ({
          key: r.key,
          rev: r.rev,
          problems: r.problems.map((p) => ({ pointer: p.pointer, message: p.message, code: p.code, params: p.params })),
        })),
      };
    }),
  );
}
