/**
 * The Koa application: static files, JSON API, robots.txt and sitemap.xml, and server-side
 * rendering of every page path. Public pages set no cookies.
 */
import Koa from 'koa';
import Router from '@koa/router';
import compress from 'koa-compress';
import { staticFolder } from './http/static-files.ts';
import { join } from 'node:path';
import type { PassThrough } from 'node:stream';
import type { Assets } from '../renderer/App.tsx';
import type { InitialData } from '../renderer/page-data.ts';
import type { Content } from '../renderer/content.ts';
import type { ContentStore } from './content/content-store.ts';
import type { StaffAccounts } from './auth/staff-accounts.ts';
import { adminGuard, adminRoutes } from './editor-api/docs.ts';
import { inboxRoutes, mediaLibrary } from './editor-api/inbox.ts';
import { listingAdminRoutes, type ListingAdminDeps } from './editor-api/listings.ts';
import { HttpError, escapeHtml, readBody } from './http/request.ts';
import type { ModuleRegistry } from '../renderer/module-api.ts';
import { Site, type Logger } from './site/site.ts';
import { CompressionQueue, PageCache, compressPrefix, finishBrotli, finishGzip, splitDocument, tokenForms, type PreparedPage } from './site/page-cache.ts';
import { FillTokens } from './forms/fill-token.ts';
import { PasswordGate } from './auth/password-gate.ts';
import { CSP_REPORT_PATH, editorCsp, inlineHashes, pageCsp, securityHeaders, trustProxyHops, type TrackingIds } from './http/security.ts';
import { listingMedia } from './listings/photo-route.ts';
import type { ListingPictures } from './listings/pictures.ts';
import { alertRoutes, formRoutes } from './forms/routes.ts';
import { visitorToolRoutes } from './tools/visitor-tools.ts';
import type { SchemaRegistry } from './config/schemas.ts';
import type { Collection } from './storage/files.ts';
import type { LeadStore } from './mail/outbox.ts';
import { parsePropertyQuery } from '../shared/listing-query.ts';
import { isLang } from '../shared/routes.ts';
import type { Storage } from './storage/files.ts';
import type { ListingSource } from '../renderer/listing-types.ts';
import { Captcha } from './forms/captcha.ts';
import { RateLimit } from './http/rate-limit.ts';
import { dataSecret } from './storage/secrets.ts';
import { CSP_REPORT_MAX_BYTES, CSP_REPORT_RATE, FORM_RATE_LIMIT, FORM_TOKEN_FIELD } from '../shared/constants.ts';
import { publishedTestimonials } from './forms/testimonials.ts';
import { SESSION_COOKIE, hasOwnerSession, ownerRoutes, ownerSessions, type SessionStore } from './portal/portal.ts';
import type { OwnerAccounts } from './auth/owner-accounts.ts';
import { isBot, isPrefetch, type ViewStats } from './portal/view-stats.ts';

export interface Renderer {
  registry: ModuleRegistry;
  renderStream: (initial: InitialData, assets: Assets, onError: (e: unknown) => void) => Promise<PassThrough>;
  renderHtml: (initial: InitialData, assets: Assets) => string;
}

export interface AppOptions {
  /** The content: the files with what staff saved in the editor laid over them. */
  content: ContentStore;
  /** Staff accounts of the editor (/admin/). */
  staff: StaffAccounts;
  /** The editor's client entry and styles. */
  editorAssets: () => Promise<Assets>;
  /** The renderer module; in development it is loaded anew per request (hot reload). */
  renderer: () => Promise<Renderer>;
  assets: () => Promise<Assets>;
  /** Folder of built client assets (hashed, served as immutable), absent in development. */
  clientDir?: string;
  configDir: string;
  storage: Storage;
  origin: string;
  log?: Logger;
  /** Extra middleware placed before the page renderer (Vite's in development). */
  before?: Koa.Middleware[];
  /** Keep rendered pages in memory (off in development, where the renderer changes). */
  pageCache?: boolean;
  /** The current listings (a new store after an import). */
  listings: () => ListingSource;
  /** The editor's listings screen: import history, sync, rollback. */
  listingAdmin: ListingAdminDeps;
  /** Static files of the product (EPC label images) served under /images/. */
  publicDir: string;
  schemas: SchemaRegistry;
  /** Submissions and their mail outbox; `kick` sends what is due now. */
  leads: { store: Collection<LeadStore>; kick: () => void; agencyEmail?: string };
  /** Form posts per visitor address and window (default FORM_RATE_LIMIT). */
  formRate?: { max: number; windowMs: number };
  /** The owner portal: accounts, server-side sessions, and the property view counter. */
  owners: { accounts: OwnerAccounts; sessions: SessionStore; views: ViewStats };
  /** Listing pictures (CRM's picture CDN, drawn sample photos): the image route and which pictures are gone. */
  pictures: ListingPictures;
  /** Reverse proxies in front of the server (else TRUST_PROXY). */
  trustProxy?: number;
  /** Development (Vite): the policy lets Vite's injected styles and its websocket through. */
  dev?: boolean;
}

const MAX_PATH_LENGTH = 2000;

const consoleLogger: Logger = {
  warn: (m) => console.warn(`warning: ${m}`),
  error: (m, e) => console.error(`error: ${m}${e ? `: ${(e as Error)?.stack ?? e}` : ''}`),
};

const ERROR_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>Something went wrong on our side</h1><p>Please try again in a moment.</p><p lang="nl">Er ging iets mis aan onze kant. Probeer het zo meteen opnieuw.</p><p lang="fr">Une erreur s'est produite de notre côté. Veuillez réessayer dans un instant.</p><p><a href="/">Home</a></p></body></html>`;

export function createApp(opts: AppOptions) {
  const log = opts.log ?? consoleLogger;
  // One Site per content, listings and registry (the content changes when staff publish, the
  // registry only on hot reload in development, the listings after an import); rendered pages are
  // dropped with it.
  let site: Site | null = null;
  let cache = opts.pageCache === false ? null : new PageCache();
  // Pages leave out pictures known to be gone: when one is learned, rendered pages are dropped.
  let pictureGeneration = opts.pictures.generation;
  const compression = new CompressionQueue();
  const compressing = new WeakSet<PreparedPage>();
  const fillTokens = new FillTokens(dataSecret(opts.storage.dir, 'forms'));
  const siteFor = (content: Content, registry: ModuleRegistry) =>
    new Site(content, registry, opts.origin, log, opts.listings(), { testimonials: () => publishedTestimonials(opts.leads.store.data), pictureGone: opts.pictures.isGone });
  const currentSite = (registry: ModuleRegistry): Site => {
    const listings = opts.listings();
    const content = opts.content.content;
    if (!site || site.registry !== registry || site.listings !== listings || site.content !== content) {
      site = siteFor(content, registry);
      if (cache) cache = new PageCache();
    } else if (cache && pictureGeneration !== opts.pictures.generation) cache = new PageCache();
    pictureGeneration = opts.pictures.generation;
    return site;
  };

  const app = new Koa();
  // TRUST_PROXY=N: N reverse proxies in front; the client is the N-th X-Forwarded-For entry from the right.
  const hops = opts.trustProxy ?? trustProxyHops(process.env.TRUST_PROXY);
  app.proxy = hops > 0;
  app.maxIpsCount = hops;
  app.silent = true;

  // Errors: logged with their stack on the server, never shown to a visitor.
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (e) {
      const err = e as { status?: number; expose?: boolean; message?: string };
      const status = err.status && err.status >= 400 && err.status < 500 ? err.status : 500;
      if (status >= 500) log.error(`${ctx.method} ${ctx.url}`, e);
      ctx.status = status;
      if (ctx.path.startsWith('/api/')) ctx.body = { error: status >= 500 ? 'API ERROR' : err.expose ? err.message : 'Bad request' };
      else {
        ctx.type = 'html';
        ctx.body = status >= 500 ? ERROR_PAGE : `<!DOCTYPE html><title>${status}</title><p>${status}</p>`;
      }
    }
  });

  app.use(securityHeaders());

  // Answers made per request are gzipped at a moderate level (Brotli per request costs far more CPU
  // and its allocations keep the process's memory growing); cached pages bring their own bytes.
  app.use(compress({ threshold: 1024, br: false, deflate: false, gzip: { level: 6 } }));

  for (const mw of opts.before ?? []) app.use(mw);

  // Each static prefix serves its own folder and nothing above it (site-config/ and DATA_DIR hold
  // the listings, pages and accounts: never reachable by URL).
  if (opts.clientDir) app.use(staticFolder('/assets/', join(opts.clientDir, 'assets'), { maxage: 365 * 24 * 3600 * 1000, immutable: true, precompressed: true }));
  app.use(listingMedia(opts.pictures, opts.listings, log.error));
  app.use(mediaLibrary(opts.storage.dir));
  app.use(staticFolder('/media/', join(opts.configDir, 'media'), { maxage: 24 * 3600 * 1000 }));
  app.use(staticFolder('/images/', join(opts.publicDir, 'images'), { maxage: 7 * 24 * 3600 * 1000 }));

  // Owner sessions exist for /api/owner/* only: no other path reads or sets the cookie.
  app.use(ownerSessions(app, opts.owners.sessions));

  const router = new Router();

  router.get('/robots.txt', (ctx) => {
    ctx.type = 'text/plain';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin/\n\nSitemap: ${opts.origin}/sitemap.xml\n`;
  });

  router.get('/sitemap.xml', async (ctx) => {
    const s = currentSite((await opts.renderer()).registry);
    ctx.type = 'application/xml';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = s.sitemap();
  });

  router.get('/healthz', (ctx) => {
    ctx.body = { ok: true, contentVersion: opts.content.content.version };
  });

  // Client-side navigation: the same page data the server embeds in the HTML.
  router.get('/api/page', async (ctx) => {
    const path = ctx.query.path;
    if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.length > MAX_PATH_LENGTH) {
      ctx.status = 400;
      ctx.body = { error: 'path must be a site path starting with / (at most 2000 characters)', field: 'path' };
      return;
    }
    const s = currentSite((await opts.renderer()).registry);
    const result = await s.page(path);
    ctx.set('Cache-Control', 'no-cache');
    if ('redirect' in result) {
      ctx.body = { redirect: result.redirect };
      return;
    }
    const have = typeof ctx.query.shells === 'string' ? ctx.query.shells.split(',') : [];
    ctx.status = result.status;
    ctx.body = { page: result.initial.page, ...(have.includes(result.initial.page.lang) ? {} : { shell: result.initial.shell }) };
  });

  // Property search: the same query string as the list pages, plus lang.
  router.get('/api/properties', async (ctx) => {
    const s = currentSite((await opts.renderer()).registry);
    const langParam = ctx.query.lang;
    if (langParam !== undefined && (typeof langParam !== 'string' || !isLang(langParam) || !s.routes.enabled.includes(langParam))) {
      ctx.status = 400;
      ctx.body = { error: `lang must be one of ${s.routes.enabled.join(', ')}`, field: 'lang' };
      return;
    }
    const lang = (langParam as typeof s.routes.defaultLang | undefined) ?? s.routes.defaultLang;
    const params = new URLSearchParams(ctx.querystring);
    params.delete('lang');
    const { query, errors } = parsePropertyQuery(params);
    if (errors.length) {
      ctx.status = 400;
      ctx.body = { error: `${errors[0].field}: ${errors[0].message}`, field: errors[0].field, errors };
      return;
    }
    const r = s.listings.search(query, lang);
    ctx.set('Cache-Control', 'no-cache');
    ctx.body = { total: r.total, page: r.page, pages: r.pages, items: r.ids.map((id) => s.propertyCard(id, lang)).filter(Boolean) };
  });

  formRoutes(router, {
    site: async () => currentSite((await opts.renderer()).registry),
    schemas: opts.schemas,
    store: opts.leads.store,
    kick: opts.leads.kick,
    agencyEmail: opts.leads.agencyEmail,
    captcha: new Captcha(dataSecret(opts.storage.dir, 'captcha')),
    rate: new RateLimit(opts.formRate?.max ?? FORM_RATE_LIMIT.max, opts.formRate?.windowMs ?? FORM_RATE_LIMIT.windowMs),
    fillTokens,
    quarantine: opts.storage.journal('quarantine'),
    dataDir: opts.storage.dir,
    // Pages that show testimonials are rendered anew (a new Site drops the page cache).
    republish: () => (site = null),
  });
  alertRoutes(router, { site: async () => currentSite((await opts.renderer()).registry), store: opts.leads.store });
  // The renovation calculator and the online valuation as JSON (issue 16).
  visitorToolRoutes(router, { site: async () => currentSite((await opts.renderer()).registry) });

  // One bound on password checks for staff and owners alike.
  const gate = new PasswordGate();
  ownerRoutes(router, {
    gate,
    site: async () => currentSite((await opts.renderer()).registry),
    accounts: opts.owners.accounts,
    sessions: opts.owners.sessions,
    views: opts.owners.views,
    leads: opts.leads,
  });

  const adminRoute = adminGuard(opts.staff);
  adminRoutes(router, {
    store: opts.content,
    staff: opts.staff,
    schemas: opts.schemas,
    renderer: opts.renderer,
    assets: opts.assets,
    site: async () => currentSite((await opts.renderer()).registry),
    siteFor,
    origin: opts.origin,
    published: () => (site = null),
    gate,
  }, adminRoute);
  inboxRoutes(router, {
    leads: opts.leads,
    dataDir: opts.storage.dir,
    owners: opts.owners.accounts,
    sessions: opts.owners.sessions,
    republish: () => (site = null),
    site: async () => currentSite((await opts.renderer()).registry),
  }, adminRoute);

  listingAdminRoutes(router, opts.listingAdmin, adminRoute);

  // The editor: one HTML page for every /admin/ path; its script is a client entry of its own.
  router.get(['/admin', '/admin/{*rest}'], async (ctx) => {
    if (ctx.path === '/admin') return ctx.redirect('/admin/');
    const a = await opts.editorAssets();
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', editorCsp(a.devInline ?? [], opts.dev));
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    ctx.body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>Editor · ${escapeHtml(opts.content.content.site.name)}</title><link rel="icon" href="/media/favicon.svg" type="image/svg+xml">${a.css
      .map((c) => `<link rel="stylesheet" href="${escapeHtml(c)}">`)
      .join('')}${a.preload.map((p) => `<link rel="modulepreload" href="${escapeHtml(p)}">`).join('')}${(a.devInline ?? []).map((js) => `<script type="module">${js}</script>`).join('')}${(a.devScripts ?? [])
      .map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`)
      .join('')}</head><body><div id="vitrine-editor"><noscript>The editor needs JavaScript.</noscript></div>${a.js ? `<script type="module" src="${escapeHtml(a.js)}"></script>` : ''}</body></html>`;
  });

  // What a browser's Content-Security-Policy blocked: one line in the log per report (bounded).
  const reports = new RateLimit(CSP_REPORT_RATE.max, CSP_REPORT_RATE.windowMs);
  router.post(CSP_REPORT_PATH, async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    if (!ctx.is('application/csp-report', 'application/reports+json', 'application/json')) {
      ctx.status = 415;
      ctx.body = { error: 'Send a CSP report (application/csp-report).' };
      return;
    }
    let raw: Buffer;
    try {
      raw = await readBody(ctx, CSP_REPORT_MAX_BYTES, 'The report is too large.');
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      ctx.status = e.status;
      ctx.body = e.body;
      return;
    }
    ctx.status = 204;
    if (reports.take(ctx.ip)) return;
    let report: unknown;
    try {
      report = JSON.parse(raw.toString('utf8'));
    } catch {
      return;
    }
    for (const r of [report].flat().slice(0, 10)) {
      const body = ((r as { 'csp-report'?: unknown; body?: unknown })?.['csp-report'] ?? (r as { body?: unknown })?.body ?? {}) as Record<string, unknown>;
      const field = (k: string, k2: string) => String(body[k] ?? body[k2] ?? '').replace(/[\u0000-\u001f]/g, ' ').slice(0, 200);
      if (!field('violated-directive', 'effectiveDirective')) continue; // not a report
      log.warn(`content security policy: ${field('violated-directive', 'effectiveDirective')} blocked ${field('blocked-uri', 'blockedURL')} on ${field('document-uri', 'documentURL')}`);
    }
  });

  router.all('/api/{*rest}', (ctx) => {
    ctx.status = 404;
    ctx.body = { error: 'Not found' };
  });

  app.use(router.routes());
  app.use(router.allowedMethods());

  // Every other GET is a page path, rendered by React on the server (whole, so that the policy can
  // name the hashes of its inline scripts before the answer starts).
  app.use(async (ctx) => {
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }
    if (ctx.path.length > MAX_PATH_LENGTH) {
      ctx.status = 414;
      return;
    }
    const html = (status: number, lang: string) => {
      ctx.status = status;
      ctx.type = 'text/html; charset=utf-8';
      ctx.set('Content-Language', lang);
      ctx.set('Cache-Control', 'public, max-age=0, must-revalidate');
    };
    const renderer = await opts.renderer();
    const s = currentSite(renderer.registry);
    // Counted here, before the page cache answers: a cached page is a view all the same.
    if (ctx.method === 'GET' && opts.owners.views.enabled) countPropertyView(ctx, s, opts.owners);
    const pages = cache;
    const cacheable = pages && !ctx.querystring;
    const hit = cacheable ? pages.get(ctx.path) : undefined;
    if (hit && pages) {
      html(hit.status, hit.lang);
      ctx.set('Content-Security-Policy', hit.csp);
      if (ctx.method === 'GET') {
        sendPage(ctx, hit);
        if (!hit.br) compressLater(pages, ctx.path, hit);
      }
      return;
    }
    const result = await s.page(ctx.url);
    if ('redirect' in result) {
      ctx.status = result.status;
      ctx.redirect(result.redirect);
      return;
    }
    const { lang } = result.initial.page;
    html(result.status, lang);
    if (ctx.method === 'HEAD') return;
    const stream = await renderer.renderStream(result.initial, await opts.assets(), (e) => log.error(`render ${ctx.url}`, e));
    const chunks: Buffer[] = [];
    await new Promise<void>((resolve, reject) => {
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', resolve);
      stream.on('error', reject);
    });
    const page = preparePage(result.status, lang, Buffer.concat(chunks).toString('utf8'), s.content.site);
    // Kept; compressed once it is asked for again (a page seen once, by a crawler say, costs no Brotli).
    if (cacheable && pages) pages.set(ctx.path, page);
    sendPage(ctx, page);
  });

  /** The cached parts of a page: the document up to </body>, its forms, its policy. */
  function preparePage(status: number, lang: string, document: string, ids: TrackingIds): PreparedPage {
    const { prefix, end } = splitDocument(document);
    return { status, lang, prefix: Buffer.from(prefix), end, forms: tokenForms(prefix), csp: pageCsp(inlineHashes(prefix), ids, opts.dev) };
  }

  /**
   * A page's answer: the kept bytes (compressed once when the cache has them so) and, per answer,
   * a fresh fill-time token for each of its forms, then the end of the document.
   */
  function sendPage(ctx: Koa.Context, page: PreparedPage) {
    ctx.set('Content-Security-Policy', page.csp);
    const token = page.forms.length ? fillTokens.issue() : '';
    const end = Buffer.from(`${page.forms.length ? `<div hidden>${page.forms.map((id) => `<input type="hidden" name="${FORM_TOKEN_FIELD}" form="${id}" value="${token}">`).join('')}</div>` : ''}${page.end}`);
    const encoding = page.br && page.gzip ? ctx.acceptsEncodings('br', 'gzip', 'identity') : 'identity';
    ctx.vary('Accept-Encoding');
    if (encoding === 'br' && page.br) {
      ctx.set('Content-Encoding', 'br');
      ctx.body = finishBrotli(page.br, end);
    } else if (encoding === 'gzip' && page.gzip) {
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = finishGzip(page.gzip, page.prefix.length, end);
    } else ctx.body = Buffer.concat([page.prefix, end]); // koa-compress gzips it at a moderate level
  }

  /** Brotli and gzip of a cached page, made once in the background (one page at a time). */
  function compressLater(pages: PageCache, path: string, page: PreparedPage) {
    if (compressing.has(page)) return;
    if (compression.add(async () => pages.compressed(path, page, await compressPrefix(page.prefix)))) compressing.add(page);
  }

  return app;
}

/**
 * One view of a property's detail page, when a person looks at it: not a crawler (user agent), not
 * a prefetch or prerender, not the owner themself. Only the property id and the day are kept.
 */
function countPropertyView(ctx: Koa.Context, s: Site, owners: AppOptions['owners']): void {
  const r = s.routes.resolve(ctx.path);
  if (r.kind !== 'page' || !r.listing) return;
  const { kind, segments } = r.listing;
  if (kind !== 'property' && !(kind === 'project' && segments.length >= 4)) return;
  if (isBot(ctx.get('user-agent')) || isPrefetch(ctx)) return;
  const id = Number(segments[segments.length - 1]);
  const p = s.listings.property(id, r.lang);
  if (!p || s.propertyPath(p, r.lang) !== ctx.path) return; // a redirect or a 404, not a view
  if (ctx.get('cookie').includes(`${SESSION_COOKIE}=`) && hasOwnerSession(ctx, owners.sessions)) return;
  owners.views.count(id);
}
