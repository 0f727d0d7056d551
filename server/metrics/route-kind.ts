/**
 * What kind of request an answer was, for the request metrics (and nothing finer: one series per
 * kind, never per path, so a thousand distinct paths make no thousand series).
 */
import type Koa from 'koa';

export const ROUTE_KINDS = ['page', 'api', 'form', 'admin', 'static', 'probe', 'other'] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];

const STATIC_PREFIXES = ['/assets/', '/media/', '/images/'];
const STATIC_FILES = new Set(['/robots.txt', '/sitemap.xml', '/favicon.ico']);
const PROBES = new Set(['/healthz', '/readyz', '/metrics']);
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The kind of an answered request: its path's prefix, else a page when the page resolver took it. */
export function routeKind(ctx: Koa.Context): RouteKind {
  const path = ctx.path;
  if (PROBES.has(path)) return 'probe';
  if (path.startsWith('/api/forms/')) return 'form';
  if (path.startsWith('/api/admin/') || path === '/admin' || path.startsWith('/admin/')) return 'admin';
  if (path.startsWith('/api/')) return 'api';
  if (STATIC_FILES.has(path) || STATIC_PREFIXES.some((p) => path.startsWith(p))) return 'static';
  const state = ctx.state as { cached?: unknown; route?: unknown };
  if (state.cached || state.route) return 'page';
  return 'other';
}

/** The method as a label: one of the HTTP methods the site knows, else "other". */
export const methodLabel = (method: string) => (METHODS.has(method) ? method : 'other');

const STATUS_CLASSES = ['1xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

/** The status as a label: its class (2xx, 3xx, 4xx, 5xx), one of a few fixed strings. */
export const statusLabel = (status: number) => STATUS_CLASSES[Math.min(5, Math.max(1, Math.floor(status / 100)))];
