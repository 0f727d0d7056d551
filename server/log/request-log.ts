/**
 * Request ids and the access log (issue 41, point 4). Each request gets an id — the caller's
 * X-Request-Id when it is sane (at most REQUEST_ID_MAX characters of letters, digits and `._:-`),
 * else a new one — sent back as X-Request-Id and carried by every line logged while it is answered
 * (the AsyncLocalStorage of server/log/logger.ts, entered by requestContext past the page cache;
 * the id is also ctx.state.requestId). When it
 * is answered, one access line: method, path (never the query: it may hold what a visitor typed),
 * route kind, status, duration, bytes, and for pages whether the page cache answered.
 */
import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import { pino } from 'pino';
import { isoTime, requestLogger, type Pino } from './logger.ts';
import type { Foreground } from '../http/foreground.ts';

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

/** The log when it writes anything: a silent log takes no id and keeps nothing per request. */
const written = (log: Pino | undefined) => (log && log.level !== 'silent' ? log : undefined);

/** What the first middleware does with each request; every part is optional. */
export interface RequestWatch {
  /** The server's log: an id per request, carried by the lines written while it is answered, and its access line. Silent: none of it. */
  log?: Pino;
  /** The requests under way (server/http/foreground.ts). */
  foreground?: Pick<Foreground, 'begin' | 'end'>;
  /** Told each request's duration once it is answered (the request metrics, server/metrics/operations.ts). */
  timed?: (ctx: Koa.Context, seconds: number) => void;
}

/**
 * The first middleware, one for what every request gets (one clock reading at each end, one
 * frame in the chain): the id and the request's log context, the count of requests under way, the
 * request metrics and the access line once answered (health checks at debug: they come every few
 * seconds). A silent log takes no id and keeps nothing per request.
 */
export function watchRequests({ log, foreground, timed }: RequestWatch): Koa.Middleware {
  const logged = written(log);
  return async (ctx, next) => {
    const t0 = performance.now();
    foreground?.begin();
    let id: string | undefined;
    try {
      if (logged) {
        id = requestIdOf(ctx.get('X-Request-Id') || undefined);
        ctx.set('X-Request-Id', id);
        ctx.state.requestId = id;
      }
      await next();
    } finally {
      const ms = performance.now() - t0;
      foreground?.end();
      timed?.(ctx, ms / 1000);
      if (id !== undefined) accessLine(logged!, ctx, id, ms);
    }
  };
}

/**
 * The request's log context (its id on every line written from here on, through `current()`),
 * entered past the page cache (server/app.ts): a cached page writes nothing but its access line,
 * and without the AsyncLocalStorage context (Node 20's async hooks on its promises) cached pages
 * were answered 2–4 % faster (two servers side by side).
 */
export function requestContext(log: Pino | undefined): Koa.Middleware {
  const logged = written(log);
  if (!logged) return (_ctx, next) => next();
  return (ctx, next) => (ctx.state.requestId ? requestLogger.run({ id: ctx.state.requestId, base: logged }, next) : next());
}

/** `write` in the request's log context (for a middleware before requestContext, e.g. the error handler). */
export function inRequestContext(log: Pino | undefined, ctx: Koa.Context, write: () => void): void {
  const id = ctx.state.requestId as string | undefined;
  if (log && id && !requestLogger.getStore()) requestLogger.run({ id, base: log }, write);
  else write();
}

/** One line per answered request: its fields, and a message that says them for a person. */
function accessLine(log: Pino, ctx: Koa.Context, reqId: string, elapsed: number): void {
  const kind = routeKindOf(ctx);
  const level = kind === 'health' ? 'debug' : 'info';
  if (!log.isLevelEnabled(level)) return;
  const { method, status } = ctx;
  const path = ctx.path.length > LOGGED_PATH_MAX ? `${ctx.path.slice(0, LOGGED_PATH_MAX)}…` : ctx.path;
  const ms = Math.round(elapsed * 10) / 10;
  const cache = kind === 'page' && status === 200 ? (ctx.state.cached ? 'hit' : 'miss') : undefined;
  const bytes = ctx.response.length;
  // The line pino would write for log[level]({ reqId, method, path, kind, status, ms, bytes, cache, query }, msg), made
  // here: every field is a known type and none can hold a secret (the path without its query; reqId and method are
  // checked tokens), so pino's generic serializer and its redaction are not needed (logs at info against silent: 0.81 → 0.85
  // of the cached pages per second).
  // `query`: that there was one, never what it said.
  const line =
    `{"level":"${level}"${isoTime()},"reqId":"${reqId}","method":${JSON.stringify(method)},"path":${JSON.stringify(path)},"kind":"${kind}",` +
    `"status":${status},"ms":${ms}${bytes === undefined ? '' : `,"bytes":${bytes}`}${cache ? `,"cache":"${cache}"` : ''}` +
    `${ctx.querystring ? ',"query":true' : ''},"msg":${JSON.stringify(`${method} ${path} ${status} ${ms} ms${cache ? ` (cache ${cache})` : ''}`)}}\n`;
  (log as unknown as Record<symbol, { write(line: string): void }>)[pino.symbols.streamSym].write(line);
}
