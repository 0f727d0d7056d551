/**
 * The Koa application: static files, JSON API, robots.txt and sitemap.xml, and server-side
 * rendering of every page path. Public pages set no cookies.
 */
import Koa from 'koa';
import Router from '@koa/router';
import compress from 'koa-compress';
import serve from 'koa-static';
import { constants as zlib } from 'node:zlib';
import { join } from 'node:path';
import type { PassThrough } from 'node:stream';
import type { Assets } from '../renderer/App.tsx';
import type { InitialData } from '../renderer/page-data.ts';
import type { Content } from '../renderer/content.ts';
import type { ContentStore } from './content-store.ts';
import type { StaffAccounts } from './staff.ts';
import { adminGuard, adminRoutes } from './admin.ts';
import { inboxRoutes, mediaLibrary } from './admin-inbox.ts';
import { listingAdminRoutes, type ListingAdminDeps } from './listing-admin.ts';
import { escapeHtml } from './http.ts';
import type { ModuleRegistry } from '../renderer/module-api.ts';
import { Site, type Logger } from './site.ts';
import { PageCache } from './page-cache.ts';
import { listingMedia } from './media.ts';
import { alertRoutes, formRoutes } from './forms.ts';
import { visitorToolRoutes } from './visitor-tools.ts';
import type { SchemaRegistry } from './schemas.ts';
import type { Collection } from './storage.ts';
import type { LeadStore } from './outbox.ts';
import { parsePropertyQuery } from '../renderer/lib/listing-query.ts';
import { isLang } from '../renderer/lib/routes.ts';
import type { Storage } from './storage.ts';
import type { ListingSource } from '../renderer/listing-types.ts';
import { Captcha } from './captcha.ts';
import { RateLimit } from './rate-limit.ts';
import { dataSecret } from './secrets.ts';
import { FORM_RATE_LIMIT } from '../renderer/lib/constants.ts';
import { publishedTestimonials } from './testimonials.ts';
import { SESSION_COOKIE, hasOwnerSession, ownerRoutes, ownerSessions, type SessionStore } from './portal.ts';
import type { OwnerAccounts } from './owners.ts';
import { isBot, isPrefetch, type ViewStats } from './view-stats.ts';

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
  const siteFor = (content: Content, registry: ModuleRegistry) =>
    new Site(content, registry, opts.origin, log, opts.listings(), { testimonials: () => publishedTestimonials(opts.leads.store.data) });
  const currentSite = (registry: ModuleRegistry): Site => {
    const listings = opts.listings();
    const content = opts.content.content;
    if (!site || site.registry !== registry || site.listings !== listings || site.content !== content) {
      site = siteFor(content, registry);
      if (cache) cache = new PageCache();
    }
    return site;
  };

  const app = new Koa();
  app.proxy = process.env.TRUST_PROXY === '1';
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

  app.use(async (ctx, next) => {
    ctx.set('X-Content-Type-Options', 'nosniff');
    ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    ctx.set('X-Frame-Options', 'SAMEORIGIN');
    ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
    await next();
  });

  app.use(compress({ threshold: 1024, br: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } }, gzip: { level: 6 } }));

  for (const mw of opts.before ?? []) app.use(mw);

  if (opts.clientDir) {
    const assets = serve(opts.clientDir, { maxage: 365 * 24 * 3600 * 1000, immutable: true, gzip: false, brotli: false, index: false });
    app.use(async (ctx, next) => (ctx.path.startsWith('/assets/') ? assets(ctx, next) : next()));
  }
  app.use(listingMedia(opts.storage.dir, opts.listings));
  app.use(mediaLibrary(opts.storage.dir));
  const media = serve(join(opts.configDir), { maxage: 24 * 3600 * 1000, index: false });
  app.use(async (ctx, next) => (ctx.path.startsWith('/media/') ? media(ctx, next) : next()));
  const images = serve(opts.publicDir, { maxage: 7 * 24 * 3600 * 1000, index: false });
  app.use(async (ctx, next) => (ctx.path.startsWith('/images/') ? images(ctx, next) : next()));

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
    dataDir: opts.storage.dir,
    // Pages that show testimonials are rendered anew (a new Site drops the page cache).
    republish: () => (site = null),
  });
  alertRoutes(router, { site: async () => currentSite((await opts.renderer()).registry), store: opts.leads.store });
  // The renovation calculator and the online valuation as JSON (issue 16).
  visitorToolRoutes(router, { site: async () => currentSite((await opts.renderer()).registry) });

  ownerRoutes(router, {
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
    ctx.set('Cache-Control', 'no-store');
    ctx.set('X-Robots-Tag', 'noindex, nofollow');
    ctx.body = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex, nofollow"><title>Editor · ${escapeHtml(opts.content.content.site.name)}</title><link rel="icon" href="/media/favicon.svg" type="image/svg+xml">${a.css
      .map((c) => `<link rel="stylesheet" href="${escapeHtml(c)}">`)
      .join('')}${a.preload.map((p) => `<link rel="modulepreload" href="${escapeHtml(p)}">`).join('')}${(a.devInline ?? []).map((js) => `<script type="module">${js}</script>`).join('')}${(a.devScripts ?? [])
      .map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`)
      .join('')}</head><body><div id="vitrine-editor"><noscript>The editor needs JavaScript.</noscript></div>${a.js ? `<script type="module" src="${escapeHtml(a.js)}"></script>` : ''}</body></html>`;
  });

  router.all('/api/{*rest}', (ctx) => {
    ctx.status = 404;
    ctx.body = { error: 'Not found' };
  });

  app.use(router.routes());
  app.use(router.allowedMethods());

  // Every other GET is a page path, rendered by React on the server and streamed.
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
    if (hit) {
      html(hit.status, hit.lang);
      if (ctx.method === 'GET') ctx.body = hit.html;
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
    if (cacheable) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => pages.set(ctx.path, { status: result.status, lang, html: Buffer.concat(chunks) }));
    }
    ctx.body = stream;
  });

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
