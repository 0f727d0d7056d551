/**
 * `npm run import` (scripts/import.mjs): a file imported, or the live import undone, on the data
 * folder or DATABASE_URL's database beside a running server, through the same import as the sync
 * and the editor (import.ts).
 */
import { join } from 'node:path';
import * as rendererModule from '../../renderer/entry-server.tsx';
import { ContentStore, readRevisions } from '../content/content-store.ts';
import { SchemaRegistry } from '../config/schemas.ts';
import { openImportStore } from '../storage/index.ts';
import { openPgStore } from '../storage/pg/index.ts';
import { databaseOf, readConfig } from '../main.ts';
import { listingsMaxBytes } from './limits.ts';
import { readEnv } from '../env.ts';
import { DEFAULT_MAX_REMOVED_SHARE, importFeed, readFeedFile, rollbackListings, type ImportSettings } from './import.ts';

/** What `npm run import` needs: the data folder's sets, the schemas and the live settings (files and editor saves). */
async function importContext(opts: { root: string; dataDir?: string; configDir?: string }) {
  const configDir = opts.configDir ?? join(opts.root, 'site-config');
  const schemas = new SchemaRegistry(rendererModule.registry);
  const config = readConfig(configDir, rendererModule, true, schemas);
  // The running server holds the embedded store's requests and sessions: only the revisions and the sets are opened.
  const database = databaseOf({});
  const data = database
    ? await openPgStore(database, { localDir: opts.dataDir ?? join(opts.root, 'var'), node: false })
    : { ...(await openImportStore(opts.dataDir ?? join(opts.root, 'var'))), close: async () => {} };
  try {
    const store = new ContentStore(config.docs, config.version, rendererModule.registry, schemas, await readRevisions(data.revisions), config.content);
    const settings: ImportSettings = { maxRemovedShare: store.content.site.listings?.maxRemovedShare ?? DEFAULT_MAX_REMOVED_SHARE };
    return { sets: data.listingSets, schemas, settings, dataDir: data.where, close: data.close };
  } catch (e) {
    await data.close();
    throw e;
  }
}

/** `npm run import -- FILE [--force]`: the import's history entry (accepted, refused or failed). */
export async function importFile(opts: {
  root: string;
  dataDir?: string;
  configDir?: string;
  file: string;
  force?: boolean;
  /** The largest file, in bytes (default LISTINGS_MAX_MB). */
  maxBytes?: number;
  onProgress?: (done: number, total: number, problems: number) => void;
}) {
  const ctx = await importContext(opts);
  try {
    const {
      raw,
      readError,
      problems: leftOut,
      checked,
    } = await readFeedFile(opts.file, {
      schemas: ctx.schemas,
      maxBytes: opts.maxBytes ?? listingsMaxBytes(readEnv()),
      check: true,
      onProgress: opts.onProgress,
    });
    const entry = await importFeed(ctx.sets, ctx.schemas, ctx.settings, {
      raw,
      readError,
      checked,
      leftOut,
      source: opts.file,
      trigger: 'file',
      force: opts.force,
      onProgress: opts.onProgress,
      yieldEvery: 5000,
    });
    return { entry, dataDir: ctx.dataDir, settings: ctx.settings };
  } finally {
    await ctx.close();
  }
}

/** `npm run import -- --rollback`. */
export async function rollbackImport(opts: { root: string; dataDir?: string; configDir?: string }) {
  const ctx = await importContext(opts);
  try {
    return await rollbackListings(ctx.sets, { trigger: 'file' });
  } finally {
    await ctx.close();
  }
}
