/**
 * The server's entry: validates the site configuration (one line per problem, exit 1), opens the
 * storage, and serves. Bundled by `vite build --ssr` for production; run through Vite in development.
 */
import { existsSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Koa from 'koa';
import * as rendererModule from '../renderer/entry-server.tsx';
import type { Assets } from '../renderer/App.tsx';
import { editorAssets, prodAssets } from './site/built-assets.ts';
import { buildContent, readConfigDocs } from './config/config.ts';
import { ContentStore, readRevisions } from './content/content-store.ts';
import { describeRepair } from './content/repair.ts';
import { StaffAccounts, addStaff, changeStaff } from './auth/staff-accounts.ts';
import { formatProblem } from './config/schemas.ts';
import { createApp, type Renderer, type Scheduler } from './app.ts';
import { openFileStore, readStoredLeads, type Store } from './storage/index.ts';
import { openPgStore, pgSettingsOf, type PgSettings } from './storage/pg/index.ts';
import { SchemaRegistry } from './config/schemas.ts';
import { LiveListings, type ListingLog } from './listings/live.ts';
import { ImportBusyError } from './storage/listing-sets.ts';
import { DEFAULT_MAX_REMOVED_SHARE, summaryLine, type ImportSettings } from './listings/import.ts';
import { formatFeedProblem } from './listings/feed.ts';
import { ListingSync, syncConfigOf, type SyncConfig } from './listings/sync.ts';
import { listingsMaxBytes } from './listings/limits.ts';
import { ImportGate } from './listings/gate.ts';
import { siteFieldLabels } from './listings/admin-view.ts';
import type { ListingStore } from './listings/store.ts';
import { startOutbox } from './mail/outbox.ts';
import { newPropertyIds, sendAlerts } from './forms/alerts.ts';
import { SiteHolder } from './site/holder.ts';
import { lines, serverLog, type LogOption, type Pino } from './log/logger.ts';
import { publishedTestimonials } from './forms/testimonials.ts';
import { seedSampleTestimonials } from './forms/testimonial-seed.ts';
import { OwnerAccounts, addOwner, setOwnerDisabled, OwnerInputError } from './auth/owner-accounts.ts';
import { SessionStore } from './auth/sessions.ts';
import { ViewStats } from './portal/view-stats.ts';
import { ListingPictures, type PhotoSource, type PictureLimits, type PrefetchReport } from './listings/pictures.ts';
import { Foreground } from './http/foreground.ts';
import { RenderPool } from './site/render.ts';
import { warmUp } from './site/warm-up.ts';
import { openMediaLibrary } from './media/library.ts';
import { STOP_MAIL_MS, closeServer, within } from './stop.ts';
import { keepAliveLongerThanProxies } from './keep-alive.ts';
import { ConfigError, SettingsError, readEnv, type Env } from './env.ts';
import { CAPTCHA_IMAGE_RATE } from '../shared/constants.ts';
import { Operations, metricsSettings, type MetricsSettings } from './metrics/index.ts';

export { SchemaRegistry, formatFeedProblem, summaryLine, ImportBusyError };
/** For `npm start`: the clean stop on SIGTERM and SIGINT. */
export { stopOnSignals } from './stop.ts';
/** For `npm run import`. */
export { importFile, rollbackImport } from './listings/command-line.ts';
/** For `npm run owners` (staff CLI). */
export { OwnerAccounts, addOwner, setOwnerDisabled, OwnerInputError, readStoredLeads, openFileStore };
export { proofOf } from './forms/abuse-guard.ts';
/** For `npm run staff`. */
export { StaffAccounts, addStaff, changeStaff };
/** For `npm run db:migrate` and `npm run db:import-json`. */
export { migrate as migrateDatabase, pgSettingsOf, openPgStore } from './storage/pg/index.ts';
/** The settings (environment variables, server/env.ts), for `npm start` and the command-line tools. */
export { readEnv, ConfigError, SettingsError };
export { importJsonStore } from './storage/pg/import-json.ts';
export { backupCommand } from './storage/backup/command.ts';
/** For `npm run bench` (bench/site-search.mjs): the site search's index measured alone. */
export { ListingStore } from './listings/store.ts';
export { readSearchText } from '../shared/text-match.ts';

export interface StartOptions {
  root: string;
  /** The settings (server/env.ts), read once by the caller; else read here. The options below win over them. */
  env?: Env;
  port?: number;
  host?: string;
  dataDir?: string;
  configDir?: string;
  publicUrl?: string;
  /** Development: Vite's middleware and module loader instead of the bundle. */
  dev?: { middleware: Koa.Middleware; loadRenderer: () => Promise<Renderer>; assets: () => Promise<Assets> };
  /** Fixed assets instead of the build's manifest (tests and benchmarks run from source). */
  assets?: Assets;
  /** Extra middleware before the page renderer (the benchmark's baseline route). */
  before?: Koa.Middleware[];
  /** Keep rendered pages in memory (default on, off in development). */
  pageCache?: boolean;
  /** Count views of property pages for the owner portal (default on; the benchmark compares). */
  countViews?: boolean;
  /** Mail: SMTP server (else SMTP_URL, else .eml files in DATA_DIR/mail), first retry delay, agency address. */
  smtpUrl?: string;
  outboxRetryMs?: number;
  agencyEmail?: string;
  /** Form posts per visitor address and window (else FORM_RATE_MAX / FORM_RATE_WINDOW_MS, else FORM_RATE_LIMIT). */
  formRate?: { max: number; windowMs: number };
  /** Captcha images per visitor address in 10 minutes (else CAPTCHA_RATE_MAX, else CAPTCHA_IMAGE_RATE). */
  captchaRate?: { max: number; windowMs: number };
  /** The scheduled listings sync (else LISTINGS_URL, LISTINGS_AUTH, LISTINGS_SYNC_MINUTES); null: none. */
  listingsSync?: SyncConfig | null;
  /** The largest CRM export, file or feed, in bytes (default LISTINGS_MAX_MB). */
  listingsMaxBytes?: number;
  /** Draws pictures instead of fetching them (the sample's photos, sample/photo-source.ts); `drawAhead`: in the background like fetched ones (default: in production). */
  photoSource?: PhotoSource;
  drawAhead?: boolean;
  /** Limits of the picture fetcher (tests make them small). */
  pictureLimits?: Partial<PictureLimits>;
  /** Reverse proxies in front of the server (else TRUST_PROXY). */
  trustProxy?: number;
  /** The media library's clock (tests move it past the trash's 30 days) and its most images. */
  media?: { now?: () => number; maxItems?: number };
  /** PostgreSQL instead of the embedded store (else DATABASE_URL and PG_*); null: the embedded store. */
  database?: PgSettings | null;
  /** Worker threads rendering uncached pages, when running the build (else RENDER_THREADS, else the cores, at most 4); 0: on the event loop. */
  renderThreads?: number;
  /** Render a few pages once before listening, kept nowhere (server/site/warm-up.ts); default: in production. */
  warmUp?: boolean;
  /** Quiet: errors only. `log`: where the log goes and from which level (else stdout at LOG_LEVEL; server/log/logger.ts). */
  quiet?: boolean;
  log?: LogOption;
  metrics?: Partial<MetricsSettings> | false; // /metrics' port and token, else METRICS_*; false: none (server/metrics/settings.ts)
}

/** The render threads of the built server (dist/server/render-worker.js beside this bundle); none in development or from source. */
function renderPool(opts: StartOptions, env: Env, log: Pino): RenderPool | undefined {
  const named = opts.renderThreads ?? env.RENDER_THREADS ?? Math.min(4, availableParallelism());
  const file = new URL('./render-worker.js', import.meta.url);
  if (opts.dev || !named || !import.meta.url.endsWith('/server/main.js') || !existsSync(file)) return undefined;
  return new RenderPool(file, named, rendererModule.renderParts, lines(log));
}

/** The database the options or DATABASE_URL name (undefined: the embedded store in the data folder). */
export function databaseOf(opts: { database?: PgSettings | null; env?: Env }): PgSettings | undefined {
  if (opts.database !== undefined) return opts.database ?? undefined;
  return pgSettingsOf(opts.env ?? readEnv());
}

/** The store: PostgreSQL when a database is named (migrated first), else the embedded store in the data folder. */
async function openStore(opts: { root: string; dataDir?: string; database?: PgSettings | null; quiet?: boolean }, log: Pino, node = true): Promise<Store> {
  const dir = opts.dataDir ?? join(opts.root, 'var');
  const database = databaseOf(opts);
  if (!database) return openFileStore(dir, { log: opts.quiet ? undefined : (m) => log.info(m), backups: node });
  return openPgStore(database, { localDir: dir, node, log: opts.quiet ? undefined : (m) => log.warn(m) });
}

/** Validates the config folder; throws ConfigError with one line per problem. */
export function checkConfig(configDir: string, renderer: Renderer = rendererModule, quiet = false, schemas = new SchemaRegistry(renderer.registry)) {
  return readConfig(configDir, renderer, quiet, schemas).content;
}

/** The config folder's documents and the content built from them; throws ConfigError with one line per problem. */
export function readConfig(
  configDir: string,
  renderer: Renderer,
  quiet: boolean | undefined,
  schemas: SchemaRegistry,
  warn = (m: string) => console.warn(`warning: ${m}`),
) {
  const read = readConfigDocs(configDir);
  const result = read.problems.length ? { problems: read.problems, warnings: [] } : buildContent(read.docs, renderer.registry, schemas, read.version);
  if (!quiet) for (const w of result.warnings) warn(formatProblem(w));
  if (!result.content) throw new ConfigError(result.problems.map(formatProblem));
  return { docs: read.docs, version: read.version, content: result.content };
}

/**
 * `warmedUp`: how many pages warmed the renderer up before it listened (server/site/warm-up.ts); `picturesMade`: the last background picture run's report, once it ended; `scheduler`: the node's scheduler (tests move its clock and call its tick);
 * `stop`: the clean stop (server/stop.ts), resolved once the requests under way are answered and everything is written and the store closed.
 */
export type VitrineServer = Server & {
  warmedUp: number;
  picturesMade: () => Promise<PrefetchReport | undefined>;
  scheduler: Scheduler;
  stop: () => Promise<void>;
};

export async function start(given: StartOptions): Promise<VitrineServer> {
  const env = given.env ?? readEnv(); // a wrong setting stops here, before anything is opened
  const opts = { ...given, env, dataDir: given.dataDir ?? env.DATA_DIR, configDir: given.configDir ?? env.CONFIG_DIR };
  const configDir = opts.configDir ?? join(opts.root, 'site-config');
  const metrics = opts.metrics === false ? undefined : metricsSettings(opts.metrics, env, (line) => new ConfigError([line]));
  const renderer = opts.dev ? await opts.dev.loadRenderer() : rendererModule;
  const schemas = new SchemaRegistry(renderer.registry); // the one AJV instance of this process
  const log = serverLog(opts, env);
  const config = readConfig(configDir, renderer, opts.quiet, schemas, (m) => log.warn(m));
  const content = config.content;
  const origin = (opts.publicUrl ?? env.PUBLIC_URL ?? content.site.url).replace(/\/$/, '');
  const data: Store = await openStore(opts, log);
  // What staff saved in the editor, laid over the files: the content visitors see.
  const store = new ContentStore(config.docs, config.version, renderer.registry, schemas, await readRevisions(data.revisions), content);
  // Saved documents that no longer validate (issue 14): named here, marked for repair in the editor, each shown as in the files meanwhile.
  if (!opts.quiet) for (const r of store.repairList()) for (const line of describeRepair(r.key, r, store.doc(r.key)?.data)) log.warn(line);
  // A fresh data folder or database (no content seed recorded yet) gets the agency's first testimonials, once.
  const fresh = (await data.revisions.seeds()).length === 0;
  await data.revisions.recordSeed(content.version);
  if (fresh) await seedSampleTestimonials(configDir, data.leads, opts.quiet);
  let kickOutbox = () => {};
  const foreground = new Foreground();
  const pictures = new ListingPictures({
    cache: data.cache,
    config: () => store.content.site.listings,
    source: opts.photoSource,
    drawAhead: opts.drawAhead ?? env.NODE_ENV === 'production',
    limits: opts.pictureLimits,
    ...(opts.quiet ? {} : { log: (m: string) => log.warn(m), info: (m: string) => log.info(m) }),
    quiet: () => foreground.quiet(),
  });
  const listingLog: ListingLog = lines(log);
  const sets = data.listingSets;
  // Search alerts for the properties that are live for the first time, one announcement at a time.
  let announcing: Promise<unknown> = Promise.resolve();
  const announce = (next: ListingStore) => {
    announcing = announcing
      .then(async () => {
        const { fresh, remember } = await newPropertyIds(sets, next);
        if (fresh.length) {
          const site = await sites.over({ listings: next });
          await sendAlerts(fresh, next, site, data, kickOutbox);
        }
        await remember();
      })
      .catch((e) => log.error({ err: e }, 'search alerts failed'));
    return announcing;
  };
  const listings = new LiveListings(sets, join(configDir, 'listings', 'sample.json'), schemas, listingLog, (_prev, next) => {
    void pictures.prefetch(next);
    // The shipped sample back after the first import was undone: its made-up properties are never news.
    if (listings.live !== null) void announce(next);
  });
  // The current site: every route asks this holder, which builds a new site (and drops the rendered
  // pages) when the content, the listings or the registry changed.
  const loadRenderer = opts.dev ? opts.dev.loadRenderer : async () => rendererModule;
  const sites = new SiteHolder({
    content: () => store.content,
    listings: () => listings.get(),
    registry: async () => (await loadRenderer()).registry,
    origin,
    log: lines(log),
    testimonials: () => publishedTestimonials(data.leads),
    pictures,
    pageCache: opts.pageCache ?? !opts.dev,
    changed: () => void data.changes.publish('site').catch(() => {}),
  });
  // What other nodes of the store changed (PostgreSQL): their revisions read, their import shown, their news heard.
  data.changes.subscribe((topic) => {
    if (topic === 'content' || topic === 'all') void store.pull().catch((e) => log.error({ err: e }, "reading the other nodes' revisions failed"));
    if (topic === 'listings' || topic === 'all') void listings.check();
    if (topic === 'site' || topic === 'all') sites.invalidate(false);
  });
  await listings.start();
  void pictures.prefetch(listings.get());
  const importSettings = (): ImportSettings => ({ maxRemovedShare: store.content.site.listings?.maxRemovedShare ?? DEFAULT_MAX_REMOVED_SHARE });
  const listingsMax = opts.listingsMaxBytes ?? listingsMaxBytes(env);
  const named = opts.listingsSync === null ? undefined : (opts.listingsSync ?? syncConfigOf(env));
  const syncConfig: SyncConfig | undefined = named && { ...named, maxBytes: opts.listingsMaxBytes ?? named.maxBytes ?? listingsMax };
  const importGate = new ImportGate();
  const sync = syncConfig ? new ListingSync(syncConfig, sets, schemas, importSettings, listingLog, importGate) : undefined;
  if (sync) sync.shared = !!databaseOf(opts);
  const outbox = startOutbox(data.outbox, {
    smtpUrl: opts.smtpUrl ?? env.SMTP_URL,
    uploads: data.uploads,
    mailDrop: data.mailDrop,
    baseDelayMs: opts.outboxRetryMs ?? env.OUTBOX_RETRY_MS,
    maxDelayMs: env.OUTBOX_MAX_RETRY_MS,
    smtpTimeoutMs: env.OUTBOX_SMTP_TIMEOUT_MS,
    domain: new URL(content.site.url).hostname,
    log: opts.quiet ? undefined : (m) => log.warn(m),
  });
  kickOutbox = outbox.kick;
  // Imports made while the server was down have their alerts too.
  void announce(listings.get());
  sync?.start();
  const views = new ViewStats(data.stats);
  views.enabled = opts.countViews !== false;
  const owners = { accounts: new OwnerAccounts(data.owners as never), views };
  const [formsKey, captchaKey] = await Promise.all([data.secrets.secret('forms'), data.secrets.secret('captcha')]);
  const fixed = opts.assets ?? (opts.dev ? undefined : prodAssets(opts.root, 'renderer/entry-client.tsx', true));
  const assets = fixed ? async () => fixed : opts.dev!.assets;
  const clientDir = join(opts.root, 'dist/client');
  const pool = renderPool(opts, env, log);
  const staff = StaffAccounts.of(data);
  const media = openMediaLibrary(data, store, opts.media);
  const ops = metrics && new Operations(metrics, { store: data, sites, outboxFailures: outbox.failures });
  const app = createApp({
    foreground,
    sites,
    content: store,
    staff,
    editorAssets: editorAssets(opts),
    renderer: loadRenderer,
    assets,
    render: pool?.render,
    clientDir: opts.dev || !existsSync(clientDir) ? undefined : clientDir,
    configDir,
    store: data,
    secrets: { forms: formsKey, captcha: captchaKey },
    sessions: new SessionStore(data.sessions),
    origin,
    before: [...(opts.dev ? [opts.dev.middleware] : []), ...(opts.before ?? [])],
    listings: () => listings.get(),
    listingAdmin: {
      sets,
      live: listings,
      sync,
      gate: importGate,
      schemas,
      settings: importSettings,
      maxBytes: listingsMax,
      nameOf: async (username) => (await staff.byUsername(username))?.name,
      fieldLabels: siteFieldLabels(() => store.content.dictionaries),
    },
    publicDir: join(opts.root, 'public'),
    schemas,
    mail: { kick: outbox.kick, agencyEmail: opts.agencyEmail ?? env.AGENCY_EMAIL },
    dev: !!opts.dev,
    trustProxy: opts.trustProxy ?? env.TRUST_PROXY,
    formRate: opts.formRate ?? { max: env.FORM_RATE_MAX, windowMs: env.FORM_RATE_WINDOW_MS },
    captchaRate: opts.captchaRate ?? { max: env.CAPTCHA_RATE_MAX, windowMs: CAPTCHA_IMAGE_RATE.windowMs },
    owners,
    pictures,
    media,
    ops,
    logger: log,
  });
  // Warm before listening: a server that answers is as fast for its first visitor as for the next.
  const warn = opts.quiet ? undefined : (m: string) => log.warn(m);
  const warmedUp =
    (opts.warmUp ?? env.NODE_ENV === 'production') ? await warmUp({ site: () => sites.current(), assets, renderer: loadRenderer, pool, warn }) : 0;
  const port = opts.port ?? env.PORT;
  const host = opts.host ?? env.HOST;
  await ops?.listen();
  return new Promise<VitrineServer>((resolve, reject) => {
    // Once no request is under way: the counts of the last seconds are written, the mails and the
    // scheduled change under way marked, then the store let go (its journals closed). Once only.
    let released: Promise<void> | undefined;
    const release = () =>
      (released ??= (async () => {
        listings.stop();
        sync?.stop();
        pictures.stop();
        media.stop();
        await Promise.all([pool?.close(), within(outbox.stop(), STOP_MAIL_MS), views.stop(), app.scheduler.stop()]);
        await data.close().finally(() => ops?.close());
      })());
    const server = app.listen(port, host, () => {
      keepAliveLongerThanProxies(server);
      server.on('close', () => void release().catch((e) => log.error({ err: e }, 'while stopping')));
      if (!opts.quiet)
        log.info(
          `Vitrine is serving ${content.site.name} on http://localhost:${(server.address() as AddressInfo).port}/ (content ${store.content.version}, data in ${data.where}; editor at /admin/)`,
        );
      const stop = async () => {
        if (ops) ops.stopping = true; // /readyz: 503 from now on
        await closeServer(server);
        await release();
      };
      resolve(Object.assign(server, { warmedUp, picturesMade: () => pictures.made(), scheduler: app.scheduler.start(), stop }));
    });
    server.on('error', reject);
  });
}

export { rendererModule };

/**
 * What the command line works on (npm run owners, staff, leads): DATABASE_URL's database, else the
 * data folder (accounts only: the running server holds its requests; `leads` reads its files beside it).
 */
export async function commandLineStore(opts: { root: string; dataDir?: string; env?: Env }) {
  const env = opts.env ?? readEnv();
  const dir = opts.dataDir ?? env.DATA_DIR ?? join(opts.root, 'var');
  const database = databaseOf({ env });
  if (database) {
    const data = await openPgStore(database, { localDir: dir, node: false });
    return {
      where: data.where,
      owners: new OwnerAccounts(data.owners as never),
      staff: StaffAccounts.of(data),
      /** Every request (oldest first) with its mails, and what robots sent. */
      leads: async () => {
        const submissions = (await data.leads.find()).items.reverse();
        const outbox = (await Promise.all(submissions.map((s) => data.outbox.forLead(s.id)))).flat();
        return { submissions, outbox, quarantine: await data.leads.quarantined() };
      },
      close: data.close,
    };
  }
  return {
    where: dir,
    owners: OwnerAccounts.inDataDir(dir),
    staff: StaffAccounts.inDataDir(dir),
    leads: async () => readStoredLeads(dir),
    close: async () => {},
  };
}
