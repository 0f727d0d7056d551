/**
 * One page request, straight: a single middleware puts the current site, its page cache and where
 * the URL leads on `ctx.state`, so the path is resolved once and everything after it (view
 * counting, the page cache, the renderer) reads the same answer.
 */
import type Koa from 'koa';
import { pageCacheKey, type PageCache, type PreparedPage } from './page-cache.ts';
import type { SiteHolder } from './holder.ts';
import type { Site } from './site.ts';
import type { PageRoute } from './resolve.ts';

/** Longest page path (and `path` of /api/page) the site answers. */
export const MAX_PATH_LENGTH = 2000;

export interface PageState {
  site: Site;
  /** The rendered pages of this site (null: no page cache). */
  pages: PageCache | null;
  /** Where the URL leads; not worked out when the page cache holds the answer. */
  route?: PageRoute;
  /** The page's key in the cache: the path and the query without analytics parameters. */
  cacheKey: string;
  /** The page cache's answer (rendered before for this content and listings version). */
  cached?: PreparedPage;
}

/**
 * A page the cache holds, answered first, before the static folders and the routes look at the
 * request: a cached page costs a lookup and its answer, like a static file. Only pages rendered
 * with status 200 are answered here: such a page was rendered because nothing before the renderer
 * answered its path, and what those answer is fixed by their paths (/assets/, /media/, /api/, …),
 * so none of them could answer it now. A kept 404 is left to the full path: a file may have been
 * added at its address since (a picture uploaded to the media library).
 */
export function cachedPages(sites: SiteHolder, answer: Koa.Middleware<PageState>): Koa.Middleware<PageState> {
  return async (ctx, next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.length > MAX_PATH_LENGTH) return next();
    const { site, pages } = await sites.now();
    if (!pages) return next();
    const key = pageCacheKey(ctx.path, ctx.querystring);
    const cached = pages.get(key);
    if (cached?.status !== 200) return next();
    Object.assign(ctx.state, { site, pages, cacheKey: key, cached } satisfies PageState);
    return answer(ctx, next);
  };
}

/** Every GET that no route answered is a page path: looked up in the page cache, else resolved here, once. */
export function resolvePage(sites: SiteHolder): Koa.Middleware<PageState> {
  return async (ctx, next) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }
    if (ctx.path.length > MAX_PATH_LENGTH) {
      ctx.status = 414;
      return;
    }
    const { site, pages } = await sites.now();
    ctx.state.site = site;
    ctx.state.pages = pages;
    // A key the cache holds was a rendered page of this content and listings version (redirects are
    // never kept): it needs no resolving again.
    const key = pageCacheKey(ctx.path, ctx.querystring);
    ctx.state.cacheKey = key;
    const cached = pages?.get(key);
    if (cached) ctx.state.cached = cached;
    else {
      const route = site.resolve(ctx.url);
      // The page is made from what it is kept under (a redirect keeps the whole query).
      if (route.kind === 'page' && key !== ctx.url) route.url = new URL(key, route.url);
      ctx.state.route = route;
    }
    await next();
  };
}
