/**
 * One page request, straight: a single middleware puts the current site, its page cache and where
 * the URL leads on `ctx.state`, so the path is resolved once and everything after it (view
 * counting, the page cache, the renderer) reads the same answer.
 */
import type Koa from 'koa';
import type { PageCache } from './page-cache.ts';
import type { SiteHolder } from './holder.ts';
import type { Site } from './site.ts';
import type { PageRoute } from './resolve.ts';

/** Longest page path (and `path` of /api/page) the site answers. */
export const MAX_PATH_LENGTH = 2000;

export interface PageState {
  site: Site;
  /** The rendered pages of this site (null: no page cache). */
  pages: PageCache | null;
  route: PageRoute;
}

/** Every GET that no route answered is a page path: resolved here, once. */
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
    ctx.state.route = site.resolve(ctx.url);
    await next();
  };
}
