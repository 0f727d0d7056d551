/**
 * The store of one site: every repository the server uses, opened together. `openFileStore` is
 * the embedded store (JSON files and journals in DATA_DIR); a PostgreSQL store gives the same
 * object. Nothing outside server/storage touches the data files.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type {
  AccountRecord,
  AccountRepository,
  AuditRepository,
  BlobStore,
  CounterRepository,
  LeadRepository,
  MediaRepository,
  OutboxRepository,
  RevisionRepository,
  SecretRepository,
  SessionRepository,
  StatsRepository,
  ListingSetRepository,
  ChangeFeed,
  ScheduleRepository,
  ScratchFiles,
  AutosaveRepository,
  PresenceRepository,
  SpentCaptchaRepository,
} from './types.ts';
import { FileLeads } from './file/leads.ts';
import { FileAccounts } from './file/accounts.ts';
import { FileAudit } from './file/audit.ts';
import { FileBlobs, FileMedia, FileRevisions, FileSecrets, FileSessions, FileStats, MemoryCounters } from './file/small.ts';
import { ListingSets } from './listing-sets.ts';
import { FileSchedules } from './file/schedules.ts';
import { LocalScratch } from './scratch.ts';
import { FileAutosaves, MemoryPresence } from './file/editing.ts';
import { FileSpentCaptchas } from './file/captchas.ts';
import { checkFormatVersion, migrateDataDir } from './file/format.ts';
import { listenForBackups } from './file/backup-control.ts';

export * from './types.ts';

export interface Store {
  /** Where the data is, for the start-up line ("data in …"). */
  where: string;
  leads: LeadRepository;
  outbox: OutboxRepository;
  revisions: RevisionRepository;
  sessions: SessionRepository;
  owners: AccountRepository<AccountRecord>;
  staff: AccountRepository<AccountRecord>;
  /** What staff did to accounts (and other audited actions): who, when, to whom, what. */
  audit: AuditRepository;
  stats: StatsRepository;
  counters: CounterRepository;
  media: MediaRepository;
  secrets: SecretRepository;
  /** What visitors and staff uploaded (CVs, testimonial photos, media library): durable. */
  uploads: BlobStore;
  /** What can be made again (resized listing pictures): not fsynced, may be emptied. */
  cache: BlobStore;
  /** Mails written as .eml files when no mail server is set (development). */
  mailDrop: BlobStore;
  /** Temporary files on this node's disk (uploads being received). */
  scratch: ScratchFiles;
  listingSets: ListingSetRepository;
  /** Changes made by other nodes of the same store (the embedded store has none). */
  changes: ChangeFeed;
  /** Each person's unsaved drafts kept on the server (issue 38, point 2). */
  autosaves: AutosaveRepository;
  /** Who has which document open (issue 38, point 5). */
  presence: PresenceRepository;
  /** Changes of the content planned for a time (issue 38, point 4). */
  schedules: ScheduleRepository;
  /** Captcha images already answered, shared by every node (issue 40, point 6). */
  spentCaptchas: SpentCaptchaRepository;
  /** Writes what is held in memory and lets go of the files. */
  close(): Promise<void>;
}

/** The embedded store serves one process: no other node changes anything. */
const noOtherNodes: ChangeFeed = { publish: async () => {}, subscribe: () => () => {} };

/** The accounts of a data folder and the audit log of what was done to them, for the command line (npm run owners / staff) and tests. */
export function fileAccounts(dir: string) {
  return {
    owners: new FileAccounts<AccountRecord>(join(dir, 'owners.json'), 'owners'),
    staff: new FileAccounts<AccountRecord>(join(dir, 'staff.json'), 'staff'),
    audit: new FileAudit(join(dir, 'audit.json')) as AuditRepository,
  };
}

/**
 * What `npm run import` needs of a data folder, opened without the rest (the running server holds
 * the requests and sessions; only one process may open those): the revisions (read) and the sets.
 */
export async function openImportStore(dir: string): Promise<Pick<Store, 'where' | 'revisions' | 'listingSets'>> {
  mkdirSync(dir, { recursive: true });
  checkFormatVersion(dir);
  return { where: dir, revisions: await FileRevisions.open(dir), listingSets: new ListingSets(join(dir, 'listings')) };
}

/**
 * The embedded store: one server process per data folder. Its format is brought up to date first
 * (file/format.ts; a newer one refused); `backups`: the server listens for `npm run backup`
 * (file/backup-control.ts) until the store is closed.
 */
export async function openFileStore(dir: string, opts: { log?: (line: string) => void; backups?: boolean } = {}): Promise<Store> {
  mkdirSync(dir, { recursive: true });
  await migrateDataDir(dir, opts.log);
  const [leads, revisions, sessions, stats, media, autosaves, schedules, spentCaptchas] = await Promise.all([
    FileLeads.open(dir),
    FileRevisions.open(dir),
    FileSessions.open(dir),
    FileStats.open(dir),
    FileMedia.open(dir),
    FileAutosaves.open(dir),
    FileSchedules.open(dir),
    FileSpentCaptchas.open(dir),
  ]);
  const control = opts.backups ? await listenForBackups(dir) : undefined;
  return {
    where: dir,
    leads,
    outbox: leads,
    revisions,
    sessions,
    ...fileAccounts(dir),
    stats,
    counters: new MemoryCounters(),
    media,
    secrets: new FileSecrets(dir),
    uploads: new FileBlobs(join(dir, 'uploads'), true),
    cache: new FileBlobs(join(dir, 'cache'), false),
    mailDrop: new FileBlobs(join(dir, 'mail'), false),
    scratch: new LocalScratch(join(dir, 'tmp')),
    listingSets: new ListingSets(join(dir, 'listings')),
    changes: noOtherNodes,
    autosaves,
    presence: new MemoryPresence(),
    schedules,
    spentCaptchas,
    close: async () => {
      await Promise.all([leads.close(), sessions.close(), spentCaptchas.close(), control?.close()]);
    },
  };
}

export { readStoredLeads } from './file/leads.ts';
export { readStoredSessions } from './file/small.ts';
export { ListingSets } from './listing-sets.ts';
