/**
 * The Koa application: static files, JSON API, robots.txt and sitemap.xml, and server-side
 * rendering of every page path. Public pages set no cookies.
 */
import Koa from 'koa';
import Router from '@koa/router';
import { staticFolder } from './http/static-files.ts';
import { compression } from './http/compress.ts';
import { join } from 'node:path';
import type { Assets } from '../renderer/App.tsx';
import type { InitialData } from '../renderer/page-data.ts';
import type { DocumentParts } from '../renderer/entry-server.tsx';
import type { ContentStore } from './content/content-store.ts';
import type { StaffAccounts } from './auth/staff-accounts.ts';
import { adminRoutes } from './editor-api/docs.ts';
import { scheduleRoutes } from './editor-api/schedule-routes.ts';
import { ScheduleOperations } from './content/schedule.ts';
import { Scheduler } from './content/scheduler.ts';
export type { Scheduler };
import { leadRoutes } from './editor-api/leads.ts';
import { ownerAdminRoutes } from './editor-api/owners.ts';
import { staffAdminRoutes } from './editor-api/staff.ts';
import { mediaLibrary, mediaRoutes } from './media/library.ts';
import type { MediaLibrary } from './media/operations.ts';
import { adminGuard } from './auth/staff-routes.ts';
import { listingAdminRoutes, type ListingAdminRouteDeps } from './editor-api/listings.ts';
import { HttpError, escapeHtml, readBody } from './http/request.ts';
import type { ModuleRegistry } from '../renderer/module-api.ts';
import type { Logger } from './site/site.ts';
import { lines, type Pino } from './log/logger.ts';
import { inRequestContext, requestContext, watchRequests } from './log/request-log.ts';
import type { SiteHolder } from './site/holder.ts';
import { MAX_PATH_LENGTH, cachedPages, resolvePage, type PageState } from './site/request.ts';
import { servePage } from './site/serve.ts';
import type { RenderPage } from './site/render.ts';
import { sitemap } from './site/seo.ts';
import { dictionaryRoute } from './site/dictionary.ts';
import { FillTokens } from './forms/fill-token.ts';
import { PasswordGate } from './auth/password-gate.ts';
import { CSP_REPORT_PATH, editorCsp, securityHeaders } from './http/security.ts';
import { listingMedia } from './listings/photo-route.ts';
import type { Foreground } from './http/foreground.ts';
import type { ListingPictures } from './listings/pictures.ts';
import { formRoutes } from './forms/routes.ts';
import { searchRoutes } from './listings/search-api.ts';
import { mapRoutes } from './listings/map-api.ts';
import { alertRoutes, reviewRoutes } from './forms/mail-links.ts';
import { visitorToolRoutes } from './tools/visitor-tools.ts';
import type { SchemaRegistry } from './config/schemas.ts';
import { StoreUnavailableError, type Store } from './storage/index.ts';
import type { ListingSource } from '../renderer/listing-types.ts';
import { Captcha } from './forms/captcha.ts';
import { captchaRoute } from './forms/captcha-route.ts';
import { AbuseGuard } from './forms/abuse-guard.ts';
import { RateLimit } from './http/rate-limit.ts';
import { CAPTCHA_IMAGE_RATE, CSP_REPORT_MAX_BYTES, CSP_REPORT_RATE, FORM_RATE_LIMIT } from '../shared/constants.ts';
import { ownerRoutes } from './portal/portal.ts';
import { personSessions, type SessionStore } from './auth/sessions.ts';
import type { OwnerAccounts } from './auth/owner-accounts.ts';
import type { ViewStats } from './portal/view-stats.ts';
import { countViews } from './portal/count-views.ts';
import { AutosaveOperations } from './editing/autosaves.ts';
import { PresenceOperations, displayName } from './editing/presence.ts';
import { autosaveRoutes } from './editor-api/autosave.ts';
import { presenceRoutes } from './editor-api/presence.ts';
import type { Operations } from './metrics/operations.ts';

export interface Renderer {
  registry: ModuleRegistry;
  /** The document; `timing.react` gets the milliseconds React's renderToString took of it. */
  renderHtml: (initial: InitialData, assets: Assets, timing?: { react: number }, options?: { preview?: boolean }) => string;
  /** The same document in two parts: before `</body>` (as the strings it is made of) and from it. */
  renderParts: (initial: InitialData, assets: Assets, timing?: { react: number }) => DocumentParts;
}

export interface AppOptions {
  /** The requests being answered now (background work waits for quiet moments between them). */
  foreground?: Foreground;
  /** The current site (content, listings, registry) and its page cache: every route asks here. */
  sites: SiteHolder;
  /** The content: the files with what staff saved in the editor laid over them. */
  content: ContentStore;
  /** Staff accounts of the editor (/admin/). */
  staff: StaffAccounts;
  /** The editor's client entry and styles. */
  editorAssets: () => Promise<Assets>;
  /** The renderer module; in development it is loaded anew per request (hot reload). */
  renderer: () => Promise<Renderer>;
  assets: () => Promise<Assets>;
  /** Renders uncached pages off the event loop (production: worker threads); else the renderer on the loop. */
  render?: RenderPage;
  /** Folder of built client assets (hashed, served as immutable), absent in development. */
  clientDir?: string;
  configDir: string;
  /** Everything stored (requests, outbox, sessions, accounts, uploads, caches…). */
  store: Store;
  /** The keys of the data (made once per store). */
  secrets: { forms: Buffer; captcha: Buffer };
  /** Server-side sessions of owners and staff. */
  sessions: SessionStore;
  origin: string;
  /** The server's log: request ids and the access line (server/log/request-log.ts); `log` (else lines of it) for the parts. */
  logger?: Pino;
  log?: Logger;
  /** Extra middleware placed before the page renderer (Vite's in development). */
  before?: Koa.Middleware[];
  /** The current listings (a new store after an import). */
  listings: () => ListingSource;
  /** The editor's listings screen: upload, sync, undo, publish a refused import, the history. */
  listingAdmin: ListingAdminRouteDeps;
  /** Static files of the product (EPC label images) served under /images/. */
  publicDir: string;
  schemas: SchemaRegistry;
  /** The mail outbox: `kick` sends what is due now; where the agency's copies go (else the site's address). */
  mail: { kick: () => void; agencyEmail?: string };
  /** Form posts per visitor address and window (default FORM_RATE_LIMIT). */
  formRate?: { max: number; windowMs: number };
  /** Captcha images per visitor address and window (default CAPTCHA_IMAGE_RATE). */
  captchaRate?: { max: number; windowMs: number };
  /** Visitor copies to one address per hour (default MAILS_PER_RECIPIENT_HOUR). */
  mailsPerRecipientHour?: number;
  /** The owner portal: accounts and the property view counter. */
  owners: { accounts: OwnerAccounts; views: ViewStats };
  /** The media library's operations (uploads, alt texts, trash). */
  media: MediaLibrary;
  /** Listing pictures (CRM's picture CDN, drawn sample photos): the image route and which pictures are gone. */
  pictures: ListingPictures;
  /** Reverse proxies in front of the server (else TRUST_PROXY). */
  trustProxy?: number;
  /** Development (Vite): the policy lets Vite's injected styles and its websocket through. */
  dev?: boolean;
  /** /readyz, /metrics and the request metrics (server/metrics/); absent: none. */
  ops?: Operations;
}

const ERROR_PAGE = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Error</title></head><body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem"><h1>Something went wrong on our side</h1><p>Please try again in a moment.</p><p lang="nl">Er ging iets mis aan onze kant. Probeer het zo meteen opnieuw.</p><p lang="fr">Une erreur s'est produite de notre côté. Veuillez réessayer dans un instant.</p><p><a href="/">Home</a></p></body></html>`;

export function createApp(opts: AppOptions) {
  const log = opts.log ?? lines(opts.logger);
  const { sites } = opts;
  const fillTokens = new FillTokens(opts.secrets.forms);

  const app = new Koa();
  // TRUST_PROXY=N (server/env.ts): N reverse proxies in front; the client is the N-th X-Forwarded-For entry from the right.
  const hops = opts.trustProxy ?? 0;
  Object.assign(app, { proxy: hops > 0, maxIpsCount: hops, silent: true });

  // First, what every request gets: id, count under way, metrics, access line (server/log/request-log.ts).
  app.use(watchRequests({ log: opts.logger, foreground: opts.foreground, timed: opts.ops?.timed }));
  if (opts.ops) app.use(opts.ops.answers());

  // Errors: logged with their stack on the server, never shown to a visitor.
  app.use(async (ctx, next) => {
    try {
      await next();
    } catch (e) {
      const err = e as { status?: number; expose?: boolean; message?: string };
      // The store out of reach for a moment (the database restarting): nothing was stored, the client is asked to send again.
      const unavailable = e instanceof StoreUnavailableError;
      const status = unavailable ? 503 : err.status && err.status >= 400 && err.status < 500 ? err.status : 500;
      inRequestContext(opts.logger, ctx, () => {
        if (unavailable) log.warn(`${ctx.method} ${ctx.path}: the store is unavailable (${(e as StoreUnavailableError).reason ?? ''}); answered 503`);
        else if (status >= 500) log.error(`${ctx.method} ${ctx.path}`, e); // the path: a query may hold what a visitor typed
      });
      ctx.status = status;
      if (unavailable) ctx.set('Retry-After', '5');
      if (ctx.path.startsWith('/api/'))
        ctx.body = { error: unavailable ? err.message : status >= 500 ? 'API ERROR' : err.expose ? err.message : 'Bad request' };
      else {
        ctx.type = 'html';
        ctx.body = status >= 500 ? ERROR_PAGE : `<!DOCTYPE html><title>${status}</title><p>${status}</p>`;
      }
    }
  });

  app.use(securityHeaders());

  // Per-request answers gzipped at a moderate level (server/http/compress.ts); cached pages bring their own bytes.
  app.use(compression());

  for (const mw of opts.before ?? []) app.use(mw);

  // A page: counted as a view of a property, then answered from the cache right here or, past the
  // folders and routes below, resolved and rendered at the end.
  const views = countViews(opts.owners.views, opts.sessions);
  const serve = servePage({ renderer: opts.renderer, assets: opts.assets, render: opts.render, fillTokens, log, dev: opts.dev, observe: opts.ops?.pages });
  const answerPage: Koa.Middleware<PageState> = (ctx, next) => views(ctx, () => serve(ctx, next));
  app.use(cachedPages(sites, answerPage));
  app.use(requestContext(opts.logger)); // the request's id on its lines from here on (server/log/request-log.ts)

  // Each static prefix serves its own folder and nothing above it (site-config/ and DATA_DIR hold
  // the listings, pages and accounts: never reachable by URL).
  if (opts.clientDir)
    app.use(staticFolder('/assets/', join(opts.clientDir, 'assets'), { maxage: 365 * 24 * 3600 * 1000, immutable: true, precompressed: true }));
  app.use(listingMedia(opts.pictures, opts.listings, log.error));
  app.use(mediaLibrary(opts.store));
  app.use(staticFolder('/media/', join(opts.configDir, 'media'), { maxage: 24 * 3600 * 1000 }));
  app.use(staticFolder('/images/', join(opts.publicDir, 'images'), { maxage: 7 * 24 * 3600 * 1000 }));

  // Owner sessions exist for /api/owner/* only: no other path reads or sets the cookie.
  app.use(personSessions(app, opts.sessions));

  const router = new Router();

  router.get('/robots.txt', (ctx) => {
    ctx.type = 'text/plain';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = `User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /admin/\n\nSitemap: ${opts.origin}/sitemap.xml\n`;
  });

  router.get('/sitemap.xml', async (ctx) => {
    const s = await sites.current();
    ctx.type = 'application/xml';
    ctx.set('Cache-Control', 'public, max-age=3600');
    ctx.body = sitemap(s);
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
    const result = await (await sites.current()).page(path);
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
  searchRoutes(router, { sites });
  mapRoutes(router, { sites }); // the map search's clusters and marker cards

  // One captcha for forms and logins: an image answers once, on whichever node.
  const captcha = new Captcha(opts.secrets.captcha, opts.store.spentCaptchas);
  const captchaRate = opts.captchaRate ?? CAPTCHA_IMAGE_RATE;
  captchaRoute(router, { sites, captcha, rate: new RateLimit(opts.store.counters, 'captcha', captchaRate.max, captchaRate.windowMs) });
  formRoutes(router, {
    sites,
    schemas: opts.schemas,
    leads: opts.store.leads,
    kick: opts.mail.kick,
    agencyEmail: opts.mail.agencyEmail,
    captcha,
    rate: new RateLimit(opts.store.counters, 'forms', opts.formRate?.max ?? FORM_RATE_LIMIT.max, opts.formRate?.windowMs ?? FORM_RATE_LIMIT.windowMs),
    fillTokens,
    uploads: opts.store.uploads,
    guard: new AbuseGuard(opts.store.counters, opts.mailsPerRecipientHour),
  });
  reviewRoutes(router, { sites, leads: opts.store.leads, uploads: opts.store.uploads });
  alertRoutes(router, { sites, leads: opts.store.leads });
  // The renovation calculator and the online valuation as JSON (issue 16).
  visitorToolRoutes(router, { sites });
  dictionaryRoute(router, sites);

  // One bound on password checks for staff and owners alike.
  const gate = new PasswordGate();
  ownerRoutes(router, {
    gate,
    captcha,
    sites,
    accounts: opts.owners.accounts,
    sessions: opts.sessions,
    views: opts.owners.views,
    leads: opts.store.leads,
    outbox: opts.store.outbox,
    counters: opts.store.counters,
    kick: opts.mail.kick,
    agencyEmail: opts.mail.agencyEmail,
  });

  const adminRoute = adminGuard(opts.staff);
  const { ops } = adminRoutes(
    router,
    {
      store: opts.content,
      staff: opts.staff,
      schemas: opts.schemas,
      renderer: opts.renderer,
      assets: opts.assets,
      sites,
      origin: opts.origin,
      gate,
      counters: opts.store.counters,
      captcha,
      media: opts.store.media,
    },
    adminRoute,
  );
  // Changes planned for a time (issue 38, point 4), made by this node's scheduler (started with the server).
  const schedule = new ScheduleOperations({ ops, schedules: opts.store.schedules, staff: opts.staff, now: (): number => scheduler.now(), log });
  const scheduler = new Scheduler(schedule, (m) => log.warn(m));
  scheduleRoutes(router, schedule, adminRoute);
  leadRoutes(router, { leads: opts.store.leads, outbox: opts.store.outbox, uploads: opts.store.uploads, sites }, adminRoute);
  ownerAdminRoutes(router, { owners: opts.owners.accounts, sessions: opts.sessions, sites }, adminRoute);
  // Staff accounts (admins), the names staff are shown by, and the set-password links (issue 38, point 7).
  staffAdminRoutes(
    router,
    { accounts: opts.staff, counters: opts.store.counters, sessions: opts.sessions, gate, outbox: opts.store.outbox, kick: opts.mail.kick, sites },
    adminRoute,
  );
  mediaRoutes(router, opts.media, adminRoute);
  // Drafts autosaved on the server, and who has a document open (issue 38, points 2 and 5).
  const autosaves = new AutosaveOperations({ repo: opts.store.autosaves, content: opts.content });
  autosaveRoutes(router, autosaves, adminRoute);
  const nameOf = async (person: string) => {
    const account = person.startsWith('staff:') ? await opts.staff.byId(person.slice(6)) : undefined;
    return account && displayName(account);
  };
  presenceRoutes(router, new PresenceOperations({ repo: opts.store.presence, autosaves, nameOf }), adminRoute);

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
      .join(
        '',
      )}${a.preload.map((p) => `<link rel="modulepreload" href="${escapeHtml(p)}">`).join('')}${(a.devInline ?? []).map((js) => `<script type="module">${js}</script>`).join('')}${(
      a.devScripts ?? []
    )
      .map((src) => `<script type="module" src="${escapeHtml(src)}"></script>`)
      .join(
        '',
      )}</head><body><div id="vitrine-editor"><noscript>The editor needs JavaScript.</noscript></div>${a.js ? `<script type="module" src="${escapeHtml(a.js)}"></script>` : ''}</body></html>`;
  });

  // What a browser's Content-Security-Policy blocked: one line in the log per report (bounded).
  const reports = new RateLimit(opts.store.counters, 'csp-reports', CSP_REPORT_RATE.max, CSP_REPORT_RATE.windowMs);
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
    if (await reports.take(ctx.ip)) return;
    let report: unknown;
    try {
      report = JSON.parse(raw.toString('utf8'));
    } catch {
      return;
    }
    for (const r of [report].flat().slice(0, 10)) {
      const body = ((r as { 'csp-report'?: unknown; body?: unknown })?.['csp-report'] ?? (r as { body?: unknown })?.body ?? {}) as Record<string, unknown>;
      const field = (k: string, k2: string) =>
        String(body[k] ?? body[k2] ?? '')
          .replace(/[\u0000-\u001f]/g, ' ')
          .slice(0, 200);
      if (!field('violated-directive', 'effectiveDirective')) continue; // not a report
      log.warn(
        `content security policy: ${field('violated-directive', 'effectiveDirective')} blocked ${field('blocked-uri', 'blockedURL')} on ${field('document-uri', 'documentURL')}`,
      );
    }
  });

  router.all('/api/{*rest}', (ctx) => {
    ctx.status = 404;
    ctx.body = { error: 'Not found' };
  });

  app.use(router.routes());
  app.use(router.allowedMethods());

  // Every other GET is a page path: resolved once (site and route on ctx.state), then answered.
  app.use(resolvePage(sites));
  app.use(answerPage);

  return Object.assign(app, { scheduler });
}
