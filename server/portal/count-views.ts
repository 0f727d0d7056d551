/** Views of property detail pages for the owner portal, counted before the page cache answers. */
import type Koa from 'koa';
import type { PageState } from '../site/request.ts';
import { SESSION_COOKIE, type SessionStore } from '../auth/sessions.ts';
import { isBot, isPrefetch, type ViewStats } from './view-stats.ts';

/**
 * One view of a property's detail page, when a person looks at it: not a crawler (user agent), not
 * a prefetch or prerender, not the owner themself; not a redirect or a 404 either (the route says
 * so). Only the property id and the day are kept. A cached page is a view all the same.
 */
export function countViews(views: ViewStats, sessions: SessionStore): Koa.Middleware<PageState> {
  return async (ctx, next) => {
    const { route, cached } = ctx.state;
    const id = cached ? cached.propertyId : route?.kind === 'page' ? route.params.propertyId : undefined;
    if (id !== undefined && ctx.method === 'GET' && views.enabled && !isBot(ctx.get('user-agent')) && !isPrefetch(ctx)) {
      if (!(ctx.get('cookie').includes(`${SESSION_COOKIE}=`) && (await sessions.isOwner(ctx.cookies.get(SESSION_COOKIE))))) views.count(id);
    }
    await next();
  };
}
