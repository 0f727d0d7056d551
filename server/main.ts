/**
 * The server's entry: validates the site configuration (one line per problem, exit 1), opens the
 * storage, and serves. Bundled by `vite build --ssr` for production; run through Vite in development.
 */
import { readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type Koa from 'koa';
import * as rendererModule from '../renderer/entry-server.tsx';
import type { Assets } from '../renderer/App.tsx';
import { buildContent, readConfigDocs } from './config.ts';
import { ContentStore, type RevisionData } from './content-store.ts';
import { StaffAccounts, addStaff, changeStaff } from './staff.ts';
import { formatProblem } from './schemas.ts';
import { createApp, type Renderer } from './app.ts';
import { fileStorage } from './storage.ts';
import { SchemaRegistry } from './schemas.ts';
import { formatRecordProblem } from './listings.ts';
import { importListings, reloadingListings } from './listing-source.ts';
import { startOutbox, type LeadStore } from './outbox.ts';
import { sendAlerts } from './alerts.ts';
import { Site } from './site.ts';
import { OwnerAccounts, addOwner, setOwnerDisabled, OwnerInputError } from './owners.ts';
import { SessionStore, type SessionFile } from './portal.ts';
import { ViewStats, type StatsStore } from './view-stats.ts';

/** How often the server looks for a new import of the listings. */
const LISTINGS_POLL_MS = 2000;

export { importListings, formatRecordProblem, SchemaRegistry };
/** For `npm run owners` (staff CLI). */
export { OwnerAccounts, addOwner, setOwnerDisabled, OwnerInputError };
/** For `npm run staff`. */
export { StaffAccounts, addStaff, changeStaff };

export interface StartOptions {
  root: string;
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
  /** Reverse proxies in front of the server (else TRUST_PROXY). */
  trustProxy?: number;
  quiet?: boolean;
}

export class ConfigError extends Error {
  constructor(readonly lines: string[]) {
    super(lines.join('\n'));
  }
}

/** Validates the config folder; throws ConfigError with one line per problem. */
export function checkConfig(configDir: string, renderer: Renderer = rendererModule, quiet = false, schemas = new SchemaRegistry(renderer.registry)) {
  return readConfig(configDir, renderer, quiet, schemas).content;
}

/** The config folder's documents and the content built from them; throws ConfigError with one line per problem. */
function readConfig(configDir: string, renderer: Renderer, quiet: boolean | undefined, schemas: SchemaRegistry) {
  const read = readConfigDocs(configDir);
  const result = read.problems.length ? { problems: read.problems, warnings: [] } : buildContent(read.docs, renderer.registry, schemas, read.version);
  if (!quiet) for (const w of result.warnings) console.warn(`warning: ${formatProblem(w)}`);
  if (!result.content) throw new ConfigError(result.problems.map(formatProblem));
  return { docs: read.docs, version: read.version, content: result.content };
}

/** The built assets of a client entry: its script, the chunks it imports (preloaded) and their CSS. */
function prodAssets(root: string, entryName = 'renderer/entry-client.tsx'): Assets {
  const manifestPath = join(root, 'dist/client/.vite/manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;
  const entry = manifest[entryName];
  if (!entry) throw new Error(`${manifestPath} has no entry ${entryName}`);
  const preload = new Set<string>();
  const css = new Set(entry.css ?? []);
  const walk = (keys: string[] | undefined) => {
    for (const k of keys ?? []) {
      const chunk = manifest[k];
      if (!chunk || preload.has(`/${chunk.file}`)) continue;
      preload.add(`/${chunk.file}`);
      chunk.css?.forEach((c) => css.add(c));
      walk(chunk.imports);
    }
  };
  walk(entry.imports);
  return { js: `/${entry.file}`, css: [...css].map((c) => `/${c}`), preload: [...preload] };
}

/** The editor's assets: built, or in development through Vite; none when tests run from source. */
function editorAssets(opts: StartOptions): () => Promise<Assets> {
  if (opts.dev) {
    const dev = opts.dev;
    return async () => ({ ...(await dev.assets()), js: '/editor/main.tsx', css: [] });
  }
  if (opts.assets) return async () => ({ js: '', css: [], preload: [] });
  const built = prodAssets(opts.root, 'editor/main.tsx');
  return async () => built;
}

export async function start(opts: StartOptions): Promise<Server> {
  const configDir = opts.configDir ?? join(opts.root, 'site-config');
  const renderer = opts.dev ? await opts.dev.loadRenderer() : rendererModule;
  const schemas = new SchemaRegistry(renderer.registry); // the one AJV instance of this process
  const config = readConfig(configDir, renderer, opts.quiet, schemas);
  const content = config.content;
  const origin = (opts.publicUrl ?? content.site.url).replace(/\/$/, '');
  const storage = fileStorage(opts.dataDir ?? join(opts.root, 'var'));
  // What staff saved in the editor, laid over the files: the content visitors see.
  const store = new ContentStore(config.docs, config.version, renderer.registry, schemas, await storage.collection<RevisionData>('revisions', { revisions: [] }), content);
  const seed = await storage.collection<{ seeds: Array<{ version: string; at: string }> }>('content', { seeds: [] });
  if (seed.data.seeds.at(-1)?.version !== content.version) {
    await seed.update((d) => void d.seeds.push({ version: content.version, at: new Date().toISOString() }));
  }
  const leads = await storage.collection<LeadStore>('leads', { submissions: [], outbox: [] });
  let kickOutbox = () => {};
  const listings = reloadingListings(storage.dir, configDir, schemas, (problems, prev, next) => {
    if (!opts.quiet) console.log(`listings reloaded${problems.length ? ` (${problems.length} records skipped)` : ''}`);
    // New properties: mail the search alerts they match.
    const site = new Site(store.content, renderer.registry, origin, { warn: console.warn, error: console.error }, next);
    sendAlerts(prev, next, site, leads, kickOutbox).catch((e) => console.error(`search alerts failed: ${(e as Error).message}`));
  });
  // Notice an import (another process) even when no visitor asks for a page.
  const watch = setInterval(() => listings.get(), LISTINGS_POLL_MS);
  watch.unref();
  if (!opts.quiet) for (const p of listings.initial.problems) console.warn(`warning: listings: ${formatRecordProblem(p)}`);
  const outbox = startOutbox(leads, {
    smtpUrl: opts.smtpUrl ?? process.env.SMTP_URL,
    dataDir: storage.dir,
    baseDelayMs: opts.outboxRetryMs ?? (process.env.OUTBOX_RETRY_MS ? Number(process.env.OUTBOX_RETRY_MS) : undefined),
    maxDelayMs: process.env.OUTBOX_MAX_RETRY_MS ? Number(process.env.OUTBOX_MAX_RETRY_MS) : undefined,
    domain: new URL(content.site.url).hostname,
    journal: storage.journal('outbox-sent'),
    log: opts.quiet ? undefined : (m) => console.warn(`warning: ${m}`),
  });
  kickOutbox = outbox.kick;
  const views = new ViewStats(await storage.collection<StatsStore>('stats', { views: {} }));
  views.enabled = opts.countViews !== false;
  const owners = {
    accounts: new OwnerAccounts(storage.dir),
    sessions: new SessionStore(await storage.collection<SessionFile>('sessions', { sessions: {} })),
    views,
  };
  const fixed = opts.assets ?? (opts.dev ? undefined : prodAssets(opts.root));
  const assets = fixed ? async () => fixed : opts.dev!.assets;
  const clientDir = join(opts.root, 'dist/client');
  const app = createApp({
    content: store,
    staff: new StaffAccounts(storage.dir),
    editorAssets: editorAssets(opts),
    renderer: opts.dev ? opts.dev.loadRenderer : async () => rendererModule,
    assets,
    clientDir: opts.dev || !existsSync(clientDir) ? undefined : clientDir,
    configDir,
    storage,
    origin,
    before: [...(opts.dev ? [opts.dev.middleware] : []), ...(opts.before ?? [])],
    pageCache: opts.pageCache ?? !opts.dev,
    listings: () => listings.get(),
    publicDir: join(opts.root, 'public'),
    schemas,
    leads: { store: leads, kick: outbox.kick, agencyEmail: opts.agencyEmail ?? process.env.AGENCY_EMAIL },
    dev: !!opts.dev,
    trustProxy: opts.trustProxy,
    formRate: opts.formRate ?? (process.env.FORM_RATE_MAX ? { max: Number(process.env.FORM_RATE_MAX), windowMs: Number(process.env.FORM_RATE_WINDOW_MS ?? 600_000) } : undefined),
    owners,
  });
  const port = opts.port ?? 3000;
  const host = opts.host ?? '0.0.0.0';
  return new Promise((resolve, reject) => {
    const server = app.listen(port, host, () => {
      server.on('close', () => {
        clearInterval(watch);
        void outbox.stop();
        void views.stop(); // the counts of the last seconds are written
      });
      if (!opts.quiet) console.log(`Vitrine is serving ${content.site.name} on http://localhost:${port}/ (content ${store.content.version}, data in ${storage.dir}; editor at /admin/)`);
      resolve(server);
    });
    server.on('error', reject);
  });
}

export { rendererModule };
