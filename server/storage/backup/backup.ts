/**
 * `npm run backup -- DIR` (issue 41, point 6): a consistent copy of the embedded store, taken while
 * the server runs. The running server makes the snapshot under its own write pause (it listens on
 * DATA_DIR/.control.sock: server/storage/file/backup-control.ts); with no server running the
 * command makes it itself. The snapshot's files are then copied into DIR/data/ and checksummed, and
 * DIR/manifest.json written last (the format version, when, and each file's size and SHA-256): a
 * folder without a manifest is a backup cut short. `restore.ts` reads it back.
 */
import { createHash } from 'node:crypto';
import { createReadStream, existsSync, realpathSync } from 'node:fs';
import { mkdir, open, readdir, rm } from 'node:fs/promises';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { requestSnapshot } from '../file/backup-control.ts';
import { STAGING_PREFIX, stageSnapshot, storeFiles } from '../file/snapshot.ts';
import { syncDir, writeFileDurably } from '../files.ts';

export const MANIFEST = 'manifest.json';
export const MANIFEST_KIND = 'vitrine-backup';

export interface ManifestFile {
  path: string;
  size: number;
  sha256: string;
}
export interface Manifest {
  kind: typeof MANIFEST_KIND;
  /** The store's format version (DATA_DIR/format.json) at the snapshot. */
  formatVersion: number;
  created: string;
  /** Where the data was. */
  from: string;
  files: ManifestFile[];
}

/** A backup or a restore refused or failed: one line for the operator. */
export class BackupError extends Error {}

/** A folder that does not exist or holds nothing. */
export async function isEmptyFolder(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length === 0;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return true;
    if ((e as NodeJS.ErrnoException).code === 'ENOTDIR') return false;
    throw e;
  }
}

/** Copies `from` to `to` (fsynced), giving its size and SHA-256 as read. */
export async function copyHashed(from: string, to: string): Promise<{ size: number; sha256: string }> {
  await mkdir(dirname(to), { recursive: true });
  const hash = createHash('sha256');
  const out = await open(to, 'wx', 0o600);
  let size = 0;
  try {
    for await (const chunk of createReadStream(from)) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
      await out.write(chunk as Buffer);
    }
    await out.sync();
  } finally {
    await out.close();
  }
  return { size, sha256: hash.digest('hex') };
}

/** Makes the copied files' names durable: each folder they are in, then `root` and data/. */
export async function syncFolders(root: string, files: ManifestFile[]): Promise<void> {
  const dirs = new Set([root, join(root, 'data'), ...files.map((f) => dirname(join(root, 'data', f.path)))]);
  for (const dir of [...dirs].sort().reverse()) if (existsSync(dir)) await syncDir(dir);
}

/** Backs `dataDir` up into `target` (new or empty); resolves with what was written. */
export async function backupDataDir(dataDir: string, target: string, now = () => new Date()): Promise<{ files: number; bytes: number; manifest: Manifest }> {
  dataDir = resolve(dataDir);
  target = resolve(target);
  if (!existsSync(dataDir)) throw new BackupError(`${dataDir} does not exist: set DATA_DIR to the data folder to back up`);
  if (!(await isEmptyFolder(target))) throw new BackupError(`${target} is not empty: a backup goes into a new or empty folder`);
  if (target === dataDir || target.startsWith(dataDir + sep)) throw new BackupError(`${target} is inside the data folder: choose a folder outside ${dataDir}`);
  const snapshot = (await requestSnapshot(dataDir)) ?? (await stageSnapshot(dataDir));
  if (realpathSync(dirname(snapshot.stage)) !== realpathSync(dataDir) || !basename(snapshot.stage).startsWith(STAGING_PREFIX))
    throw new BackupError(`the server named a snapshot outside ${dataDir}: ${snapshot.stage}`);
  try {
    await mkdir(target, { recursive: true });
    const files: ManifestFile[] = [];
    for (const path of storeFiles(snapshot.stage)) {
      files.push({ path, ...(await copyHashed(join(snapshot.stage, path), join(target, 'data', path))) });
    }
    const manifest: Manifest = { kind: MANIFEST_KIND, formatVersion: snapshot.version, created: now().toISOString(), from: dataDir, files };
    await syncFolders(target, files);
    await writeFileDurably(join(target, MANIFEST), `${JSON.stringify(manifest, null, 1)}\n`);
    return { files: files.length, bytes: files.reduce((n, f) => n + f.size, 0), manifest };
  } finally {
    await rm(snapshot.stage, { recursive: true, force: true });
  }
}
