/**
 * The command lines `npm run backup -- DIR` and `npm run restore -- DIR` (scripts/backup.mjs,
 * scripts/restore.mjs): DATA_DIR (default ./var) is the data folder. One line said, and the exit
 * code: 0 done, 1 refused or failed, 2 wrong use.
 */
import { join, resolve } from 'node:path';
import { BackupError, backupDataDir } from './backup.ts';
import { restoreDataDir } from './restore.ts';

export async function backupCommand(
  what: 'backup' | 'restore',
  args: string[],
  env: { DATA_DIR?: string; DATABASE_URL?: string }, // the settings (server/env.ts)
  root: string,
  say: { out: (line: string) => void; err: (line: string) => void } = { out: console.log, err: console.error },
): Promise<number> {
  const dir = args.find((a) => !a.startsWith('-'));
  if (!dir || args.length !== 1) {
    say.err(`usage: DATA_DIR=… npm run ${what} -- DIR (${what === 'backup' ? 'a new or empty folder for the backup' : 'a folder written by npm run backup'})`);
    return 2;
  }
  if (env.DATABASE_URL) {
    say.err(`${what} refused: DATABASE_URL is set, so the data is in PostgreSQL: use pg_dump and pg_restore (README, "Backups")`);
    return 1;
  }
  const dataDir = env.DATA_DIR ? resolve(env.DATA_DIR) : join(root, 'var');
  try {
    if (what === 'backup') {
      const done = await backupDataDir(dataDir, dir);
      say.out(`backed up ${done.files} files (${mb(done.bytes)}, format ${done.manifest.formatVersion}) of ${dataDir} into ${resolve(dir)}`);
    } else {
      const done = await restoreDataDir(dir, dataDir);
      say.out(`restored ${done.files} files (${mb(done.bytes)}, format ${done.formatVersion}) from ${resolve(dir)} into ${dataDir}`);
    }
    return 0;
  } catch (e) {
    say.err(`${what} refused: ${e instanceof BackupError ? e.message : ((e as Error)?.message ?? String(e))}`);
    return 1;
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
