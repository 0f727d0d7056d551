/**
 * Request ids and the access log (issue 41, point 4). Each request gets an id — the caller's
 * X-Request-Id when it is sane (at most REQUEST_ID_MAX characters of letters, digits and `._:-`),
 * else a new one — sent back as X-Request-Id and carried by every line logged while it is answered
 * (the AsyncLocalStorage of server/log/logger.ts; the id is also ctx.state.requestId). When it
 * is answered, one access line: method, path (never the query: it may hold what a visitor typed),
 * route kind, status, duration, bytes, and for pages whether the page cache answered.
 */
import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import { requestLogger, type Pino } from './logger.ts';

/** The longest request id taken from a caller; a longer or stranger one is replaced. */
export const REQUEST_ID_MAX = 64;
const SANE_ID = new RegExp(`^[A-Za-z0-9._:-]{1,${REQUEST_ID_MAX}}$`);
/** The longest path written in an access line (a longer one is cut and marked). */
export const LOGGED_PATH_MAX = 256;

export type RouteKind = 'page' | 'api' | 'static' | 'health' | 'editor';

/** The caller's id when it is sane, else a new one. */
export function requestIdOf(given: string | undefined): string {
  return given && SANE_ID.test(given) ? given : randomUUID();
}

/** What the app distinguishes: pages (through the page cache or the resolver), the JSON API, static files, health, the editor. */
export function routeKindOf(ctx: Koa.Context): RouteKind {
  const path = ctx.path;
  if (path === '/healthz' || path === '/readyz') return 'health';
  if (path.startsWith('/api/')) return 'api';
  if (path === '/admin' || path.startsWith('/admin/')) return 'editor';
  if (/^\/(assets|media|images)\//.test(path)) return 'static';
  if (ctx.state.cacheKey !== undefined) return 'page'; // through the page cache or the resolver
  return /\.[a-z0-9]{2,5}$/i.test(path) && !path.endsWith('.xml') && !path.endsWith('.txt') ? 'static' : 'page';
}

/** The first middleware: the id, the request's logger, and the access line once answered (health checks at debug: they come every few seconds). */
export function requestLogging(log: Pino): Koa.Middleware {
  return async (ctx, next) => {
    const id = requestIdOf(ctx.get('X-Request-Id') || undefined);
    ctx.set('X-Request-Id', id);
    ctx.state.requestId = id;
    const t0 = performance.now();
    try {
      await requestLogger.run({ id, base: log }, next);
    } finally {
      const kind = routeKindOf(ctx);
      const level = kind === 'health' ? 'debug' : 'info';
      if (log.isLevelEnabled(level)) {
        const path = ctx.path.length > LOGGED_PATH_MAX ? `${ctx.path.slice(0, LOGGED_PATH_MAX)}…` : ctx.path;
        const line: Record<string, unknown> = {
          reqId: id,
          method: ctx.method,
          path,
          kind,
          status: ctx.status,
          ms: Math.round((performance.now() - t0) * 10) / 10,
        };
        const bytes = ctx.response.length;
        if (bytes !== undefined) line.bytes = bytes;
        if (kind === 'page' && ctx.status === 200) line.cache = ctx.state.cached ? 'hit' : 'miss';
        if (ctx.querystring) line.query = true; // that there was one, never what it said
        log[level](line, `${ctx.method} ${path} ${ctx.status} ${line.ms} ms${line.cache ? ` (cache ${line.cache})` : ''}`);
      }
    }
  };
}
