/**
 * Readiness and metrics (issue 41, point 5). `/healthz` says the process lives; `/readyz` says it
 * can serve: the store answers a real query, the site is loaded and the server is not stopping
 * (503 with the check that failed otherwise). `/metrics` is Prometheus text (prom-client) from a
 * registry of this process: each node reports its own. It is never public: on the main port it
 * asks for METRICS_TOKEN (404 without one configured), and it may have a port of its own
 * (METRICS_PORT on METRICS_HOST, server/metrics/settings.ts).
 */
import { createServer, type Server } from 'node:http';
import { timingSafeEqual, createHash } from 'node:crypto';
import type Koa from 'koa';
import { Counter, Histogram, Registry } from 'prom-client';
import type { Store } from '../storage/index.ts';
import type { SiteHolder } from '../site/holder.ts';
import { within } from '../stop.ts';
import type { MetricsSettings } from './settings.ts';
import { methodLabel, routeKind, statusLabel } from './route-kind.ts';
import { registerGauges, type GaugeSources } from './gauges.ts';

/** How long a readiness check may take before it counts as failed. */
export const READY_TIMEOUT_MS = 2_000;

/** What the page renderer tells the metrics (server/site/serve.ts). */
export interface PageObserver {
  cache(hit: boolean): void;
  /** The document's render, in milliseconds. */
  rendered(ms: number): void;
  /** The uncached page answers under way (waiting for their turn or rendering). */
  queue(length: () => number): void;
}

export interface OperationsDeps extends Omit<GaugeSources, 'renderQueue'> {
  store: Pick<Store, 'listingSets' | 'outbox'>;
  sites: Pick<SiteHolder, 'current'>;
}

export class Operations {
  readonly registry = new Registry();
  /** Set once a stop starts: /readyz answers 503 from then on. */
  stopping = false;
  private readonly duration: Histogram<'kind' | 'method' | 'status'>;
  private readonly series = new Map<string, Map<string, Map<string, Histogram.Internal<'kind' | 'method' | 'status'>>>>();
  private readonly cacheHits: Counter.Internal;
  private readonly cacheMisses: Counter.Internal;
  private readonly render: Histogram;
  private renderQueue: () => number = () => 0;
  private server?: Server;
  private readonly token?: Buffer;

  readonly pages: PageObserver = {
    cache: (hit) => (hit ? this.cacheHits : this.cacheMisses).inc(),
    rendered: (ms) => this.render.observe(ms / 1000),
    queue: (length) => void (this.renderQueue = length),
  };

  constructor(
    readonly settings: MetricsSettings,
    private readonly deps: OperationsDeps,
  ) {
    const registers = [this.registry];
    this.duration = new Histogram({
      name: 'vitrine_http_request_duration_seconds',
      help: 'Time to answer a request, by route kind (page, api, form, admin, static, probe, other), method and status class.',
      labelNames: ['kind', 'method', 'status'],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    const pageCache = new Counter({
      name: 'vitrine_page_cache_requests_total',
      help: 'Page answers from the page cache (hit) or rendered (miss).',
      labelNames: ['result'],
      registers,
    });
    // Both series shown from the start (at 0), each kept for its increments.
    [this.cacheHits, this.cacheMisses] = ['hit', 'miss'].map((result) => {
      pageCache.inc({ result }, 0);
      return pageCache.labels(result);
    });
    this.render = new Histogram({
      name: 'vitrine_page_render_seconds',
      help: 'Time to render an uncached page document (React and the document around it).',
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers,
    });
    registerGauges(this.registry, { ...deps, renderQueue: () => this.renderQueue() });
  }

  /**
   * A request's duration, by its route kind, method and status class (told by the first middleware,
   * server/log/request-log.ts). Each series is looked up once and kept: at most
   * ROUTE_KINDS × methods × status classes of them.
   */
  readonly timed = (ctx: Koa.Context, seconds: number): void => {
    const kind = routeKind(ctx);
    const method = methodLabel(ctx.method);
    const status = statusLabel(ctx.status);
    // By the three label values (fixed strings each), without making a key per request.
    const byMethod = this.series.get(kind) ?? this.series.set(kind, new Map()).get(kind)!;
    const byStatus = byMethod.get(method) ?? byMethod.set(method, new Map()).get(method)!;
    let series = byStatus.get(status);
    if (!series) byStatus.set(status, (series = this.duration.labels(kind, method, status)));
    series.observe(seconds);
  };

  /** /readyz and /metrics on the main port; every other request passes on untouched. */
  answers(): Koa.Middleware {
    return (ctx, next) => {
      if ((ctx.path !== '/readyz' && ctx.path !== '/metrics') || (ctx.method !== 'GET' && ctx.method !== 'HEAD')) return next();
      return ctx.path === '/readyz' ? this.answerReady(ctx) : this.answerMetrics(ctx);
    };
  }

  /** The first check that fails (`store`, `site`, `stopping`), or undefined when the server is ready. */
  async check(): Promise<{ failed: 'stopping' | 'store' | 'site'; message: string } | undefined> {
    if (this.stopping) return { failed: 'stopping', message: 'the server is stopping' };
    // What failed is said in a few fixed words (the answer may be public: no error text, no address).
    const probe = async (work: () => Promise<unknown>): Promise<string | undefined> => {
      try {
        return (await within(
          work().then(() => 'ok'),
          READY_TIMEOUT_MS,
        ))
          ? undefined
          : `had no answer within ${READY_TIMEOUT_MS} ms`;
      } catch {
        return 'ended in an error';
      }
    };
    // A real query of the store (PostgreSQL: one row read; the embedded store: its state file looked at).
    const store = await probe(() => this.deps.store.listingSets.stateStamp());
    if (store) return { failed: 'store', message: `the store's query ${store}` };
    const site = await probe(() => this.deps.sites.current());
    if (site) return { failed: 'site', message: `loading the site ${site}` };
    if (this.stopping) return { failed: 'stopping', message: 'the server is stopping' };
    return undefined;
  }

  private async answerReady(ctx: { status: number; body: unknown; set(k: string, v: string): void }) {
    const failed = await this.check();
    ctx.set('Cache-Control', 'no-store');
    ctx.status = failed ? 503 : 200;
    ctx.body = failed ? { ready: false, ...failed } : { ready: true };
  }

  /** 404 without a token configured (the main port shows nothing), 401 without the right one. */
  private async answerMetrics(ctx: Koa.Context) {
    ctx.set('Cache-Control', 'no-store');
    if (!this.settings.token) {
      ctx.status = 404;
      ctx.body = { error: 'Not found' };
      return;
    }
    if (!this.authorized(ctx.get('Authorization'))) {
      ctx.status = 401;
      ctx.set('WWW-Authenticate', 'Bearer realm="metrics"');
      ctx.body = { error: 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.' };
      return;
    }
    ctx.type = this.registry.contentType;
    ctx.body = await this.registry.metrics();
  }

  private authorized(header: string | undefined): boolean {
    const expected = this.settings.token;
    if (!expected) return true;
    const m = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '');
    if (!m) return false;
    // Compared as hashes: the same length whatever was sent, in constant time.
    const digest = (s: string) => createHash('sha256').update(s).digest();
    return timingSafeEqual(digest(m[1]), digest(expected));
  }

  /** The port of its own (METRICS_PORT), when set: /metrics, /readyz and /healthz, nothing else. */
  async listen(): Promise<void> {
    if (this.settings.port === undefined) return;
    const server = createServer((req, res) => {
      const path = (req.url ?? '/').split('?')[0];
      const send = (status: number, type: string, body: string, headers: Record<string, string> = {}) => {
        res.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...headers });
        res.end(req.method === 'HEAD' ? undefined : body);
      };
      const json = (status: number, body: unknown, headers?: Record<string, string>) =>
        send(status, 'application/json; charset=utf-8', JSON.stringify(body), headers);
      if (req.method !== 'GET' && req.method !== 'HEAD') return json(405, { error: 'GET only' }, { Allow: 'GET, HEAD' });
      if (path === '/healthz') return json(200, { ok: true });
      if (path === '/readyz') return void this.check().then((failed) => json(failed ? 503 : 200, failed ? { ready: false, ...failed } : { ready: true }));
      if (path !== '/metrics') return json(404, { error: 'Not found: this port serves /metrics, /readyz and /healthz' });
      if (!this.authorized(req.headers.authorization))
        return json(401, { error: 'Send the metrics token: Authorization: Bearer <METRICS_TOKEN>.' }, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
      this.registry.metrics().then(
        (text) => send(200, this.registry.contentType, text),
        (e) => json(500, { error: `metrics: ${(e as Error).message}` }),
      );
    });
    server.requestTimeout = 10_000;
    server.headersTimeout = 5_000;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.settings.port, this.settings.host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    this.server = server;
  }

  /** Closes the port of its own (the last thing a stop does: /readyz says 503 until then). */
  async close(): Promise<void> {
    this.stopping = true;
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  }
}
