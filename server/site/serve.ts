/**
 * Answers a resolved page path (server/site/request.ts): from the page cache when it holds the
 * page, else rendered by React on the server (whole, so that the policy can name the hashes of its
 * inline styles before the answer starts; on a render worker in production, server/site/render.ts)
 * and kept for the next visitor.
 */
import type Koa from 'koa';
import type { Assets } from '../../renderer/App.tsx';
import type { Renderer } from '../app.ts';
import type { FillTokens } from '../forms/fill-token.ts';
import { acceptsGzip, chosenEncoding } from '../http/compress.ts';
import { pageCsp, type TrackingIds } from '../http/security.ts';
import { FORM_TOKEN_FIELD } from '../../shared/constants.ts';
import { CompressionQueue, compressPrefix, finishBrotli, finishGzip, type PageCache, type PreparedPage } from './page-cache.ts';
import type { PageState } from './request.ts';
import type { Logger } from './site.ts';
import { renderPage, type RenderPage, type RenderedPage } from './render.ts';
import { reportModuleFailure } from './module-failures.ts';
import type { PageObserver } from '../metrics/operations.ts';

export interface ServeDeps {
  /** The renderer module; in development it is loaded anew per request (hot reload). */
  renderer: () => Promise<Renderer>;
  assets: () => Promise<Assets>;
  /** Renders pages elsewhere than on the event loop (production: worker threads, server/site/render.ts). */
  render?: RenderPage;
  /** Signs the time each answer shows its forms (the minimum fill time). */
  fillTokens: FillTokens;
  log: Logger;
  /** Development (Vite): the policy lets Vite's injected styles and its websocket through. */
  dev?: boolean;
  /** The page cache's hits and misses, render times and the queue of renders, for /metrics (server/metrics/). */
  observe?: PageObserver;
}

/**
 * Renders take turns, one per turn of the event loop. Each render holds the loop for a few
 * milliseconds; started together (a hundred requests read in one poll) they would hold it for
 * hundreds, and while the loop is held nothing else happens: no cached page is answered, and new
 * connections wait to be accepted (Node accepts about one per turn of a busy loop, so a burst of new
 * visitors waited seconds). Between two renders the loop now reads, accepts and answers the rest.
 */
export class RenderTurns {
  private readonly waiting: Array<() => void> = [];
  private scheduled = false;

  /** Resolves on a turn of the event loop of its own, in the order asked. */
  turn(): Promise<void> {
    return new Promise((resolve) => {
      this.waiting.push(resolve);
      this.schedule();
    });
  }

  get queued(): number {
    return this.waiting.length;
  }

  private schedule(): void {
    if (this.scheduled || !this.waiting.length) return;
    this.scheduled = true;
    // An immediate queued from within an immediate runs on the next turn of the loop, after its poll.
    setImmediate(this.next);
  }

  private readonly next = () => {
    this.scheduled = false;
    this.waiting.shift()?.();
    this.schedule();
  };
}

/**
 * The policy of a rendered page: its inline scripts are the renderer's own fixed texts, allowed by
 * hashes known ahead (nothing is taken from the page's scripts); its style elements by their hashes.
 */
export function pagePolicy(page: Pick<RenderedPage, 'styles'>, ids: TrackingIds, assets: Pick<Assets, 'devInline'>, dev = false): string {
  return pageCsp(page.styles, ids, dev, assets.devInline);
}

export function servePage(deps: ServeDeps): Koa.Middleware<PageState> {
  const compression = new CompressionQueue();
  const turns = new RenderTurns();
  const compressing = new WeakSet<PreparedPage>();
  let pending = 0;
  deps.observe?.queue(() => pending);

  /** The cached parts of a page: the document up to </body>, its forms, its policy. */
  const preparePage = (status: number, lang: string, page: RenderedPage, ids: TrackingIds, assets: Assets): PreparedPage => {
    const { prefix, end, forms, gzip } = page;
    return { status, lang, prefix, end, gzip, forms, csp: pagePolicy(page, ids, assets, deps.dev) };
  };

  /**
   * A page's answer: the kept bytes (compressed once when the cache has them so) and, per answer,
   * a fresh fill-time token for each of its forms, then the end of the document.
   */
  const sendPage = (ctx: Koa.Context, page: PreparedPage) => {
    ctx.set('Content-Security-Policy', page.csp);
    const token = page.forms.length ? deps.fillTokens.forAnswer() : '';
    const end = Buffer.from(
      `${page.forms.length ? `<div hidden>${page.forms.map((id) => `<input type="hidden" name="${FORM_TOKEN_FIELD}" form="${id}" value="${token}">`).join('')}</div>` : ''}${page.end}`,
    );
    const encoding = page.br ? chosenEncoding(ctx, 'br-gzip') : page.gzip ? chosenEncoding(ctx, 'gzip') : 'identity';
    ctx.vary('Accept-Encoding');
    if (encoding === 'br' && page.br) {
      ctx.set('Content-Encoding', 'br');
      ctx.body = finishBrotli(page.br, end);
    } else if (encoding === 'gzip' && page.gzip) {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = finishGzip(page.gzip, page.prefix.length, end);
    } else ctx.body = Buffer.concat([page.prefix, end]); // koa-compress gzips it at a moderate level
  };

  /** Brotli and gzip of a cached page, made once in the background (one page at a time). */
  const compressLater = (pages: PageCache, path: string, page: PreparedPage) => {
    if (compressing.has(page)) return;
    if (compression.add(async () => pages.compressed(path, page, await compressPrefix(page.prefix)))) compressing.add(page);
  };

  return async (ctx) => {
    const { site, pages, route, cached: hit, cacheKey } = ctx.state;
    const html = (status: number, lang: string) => {
      ctx.status = status;
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Content-Language', lang);
      ctx.set('Cache-Control', 'public, max-age=0, must-revalidate');
    };
    if (hit && pages) {
      deps.observe?.cache(true);
      html(hit.status, hit.lang);
      if (ctx.method === 'GET') {
        sendPage(ctx, hit);
        if (!hit.br) compressLater(pages, cacheKey, hit);
      }
      return;
    }
    if (!route) throw new Error('a page path reached the renderer unresolved');
    // Uncached answers under way: one alone is rendered where it is (server/site/render.ts).
    pending++;
    try {
      await turns.turn();
      const started = performance.now();
      const result = await site.page(route);
      if ('redirect' in result) {
        ctx.status = result.status;
        ctx.redirect(result.redirect);
        return;
      }
      const { status, initial } = result;
      const { lang } = initial.page;
      html(status, lang);
      if (ctx.method === 'HEAD') return;
      const assets = await deps.assets();
      const loaded = performance.now();
      // The whole page as one string: the policy needs the hashes of its inline styles before the
      // answer starts anyway, and React's string renderer costs about half of its stream.
      let document: RenderedPage;
      try {
        const options = { gzip: acceptsGzip(ctx), alone: pending === 1 };
        document = deps.render ? await deps.render(initial, assets, options) : renderPage((await deps.renderer()).renderParts, initial, assets, options);
      } catch (e) {
        deps.log.error(`render ${ctx.url}`, e);
        throw e;
      }
      const rendered = performance.now();
      deps.observe?.rendered(rendered - loaded);
      if (pages) deps.observe?.cache(false);
      for (const f of document.failed ?? [])
        reportModuleFailure(deps.log, { kind: 'render', page: initial.page.page.id, path: ctx.path, module: f.id, view: f.view, error: f.error });
      const page = preparePage(status, lang, document, site.content.site, assets);
      if (route.kind === 'page') page.propertyId = route.params.propertyId;
      // Kept; compressed once it is asked for again (a page seen once, by a crawler say, costs no Brotli).
      // A search is kept when it found something to show (a refused query is cheap to answer again).
      if (pages && (!cacheKey.includes('?') || status === 200)) pages.set(cacheKey, page);
      // The server's own time for the page and its parts (the modules' data, the document with
      // React's part of it, the policy and the bytes kept), for browsers' developer tools and the bench.
      const done = performance.now();
      const ms = (t: number) => t.toFixed(2);
      ctx.set(
        'Server-Timing',
        `total;dur=${ms(done - started)}, react;dur=${ms(document.react)}, ${document.took === undefined ? '' : `worker;dur=${ms(document.took)}, `}data;dur=${ms(loaded - started)}, document;dur=${ms(rendered - loaded)}, keep;dur=${ms(done - rendered)}`,
      );
      sendPage(ctx, page);
    } finally {
      pending--;
    }
  };
}
