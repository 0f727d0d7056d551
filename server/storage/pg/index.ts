/**
 * The PostgreSQL store (DATABASE_URL): every repository on one database shared by any number of
 * nodes. What can be made again (resized pictures; mails written as files in development) stays on
 * this node's disk under `localDir`; rendered pages stay in memory.
 */
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Store } from '../index.ts';
import type { AccountRecord } from '../types.ts';
import { FileBlobs } from '../file/small.ts';
import { LocalScratch } from '../scratch.ts';
import { Db, migrate, type PgSettings } from './db.ts';
import { PgNode } from './changes.ts';
import { PgLeads } from './leads.ts';
import { PgRevisions, PgSessions } from './revisions.ts';
import { PgAccounts } from './accounts.ts';
import { PgAudit } from './audit.ts';
import { PgBlobs, PgCounters, PgMedia, PgSecrets, PgStats } from './small.ts';
import { PgListingSets } from './listing-sets.ts';
import { PgAutosaves, PgPresence } from './editing.ts';
import { PgSchedules } from './schedules.ts';
import { PgSpentCaptchas } from './captchas.ts';

export { Db, migrate, pgSettingsOf, type PgSettings } from './db.ts';

/** Where the database is, without its password (the start-up line). */
export function describeUrl(url: string): string {
  try {
    const u = new URL(url);
    return `PostgreSQL ${u.hostname}${u.port ? `:${u.port}` : ''}${u.pathname}`;
  } catch {
    return 'PostgreSQL';
  }
}

export interface PgStoreOptions {
  /** This node's folder for derived files (the picture cache). */
  localDir: string;
  /** Run the migrations first (start-up); the command line may have done it. */
  migrate?: boolean;
  /** A node takes part in the outbox and the change feed; the command line does not need to. */
  node?: boolean;
  log?: (line: string) => void;
}

export async function openPgStore(settings: PgSettings, opts: PgStoreOptions): Promise<Store & { db: Db; node?: PgNode }> {
  try {
    if (opts.migrate !== false) await migrate(settings.url, opts.log);
  } catch (e) {
    throw new Error(`DATABASE_URL: ${describeUrl(settings.url)} cannot be used: ${(e as Error).message}`);
  }
  const db = new Db(settings);
  const node = opts.node === false ? undefined : new PgNode(db, undefined, opts.log);
  try {
    await node?.start();
  } catch (e) {
    await db.close();
    throw e;
  }
  mkdirSync(opts.localDir, { recursive: true });
  const leads = new PgLeads(db, node?.id ?? 'command-line', settings.nodeTimeoutMs);
  return {
    where: describeUrl(settings.url),
    db,
    node,
    leads,
    outbox: leads,
    revisions: new PgRevisions(db),
    sessions: new PgSessions(db),
    owners: new PgAccounts<AccountRecord>(db, 'owner'),
    staff: new PgAccounts<AccountRecord>(db, 'staff'),
    audit: new PgAudit(db),
    stats: new PgStats(db),
    counters: new PgCounters(db),
    media: new PgMedia(db),
    secrets: new PgSecrets(db),
    uploads: new PgBlobs(db, 'uploads'),
    cache: new FileBlobs(join(opts.localDir, 'cache'), false),
    mailDrop: new FileBlobs(join(opts.localDir, 'mail'), false),
    scratch: new LocalScratch(join(opts.localDir, 'tmp')),
    listingSets: new PgListingSets(db),
    changes: node ?? { publish: async () => {}, subscribe: () => () => {} },
    autosaves: new PgAutosaves(db),
    presence: new PgPresence(db),
    spentCaptchas: new PgSpentCaptchas(db),
    schedules: new PgSchedules(db, node?.id ?? 'command-line', settings.nodeTimeoutMs),
    close: async () => {
      await node?.stop();
      await db.close();
    },
  };
}
