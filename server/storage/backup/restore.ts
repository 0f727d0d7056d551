/**
 * `npm run restore -- DIR` (issue 41, point 6): puts a backup made by `npm run backup` (backup.ts)
 * into an empty DATA_DIR. Everything is checked before anything is written: the manifest, every
 * file's size and SHA-256 (a damaged backup is refused, the file named), a format version newer
 * than this code reads. The files are copied into a folder beside DATA_DIR, checked again as they
 * are copied, and that folder renamed into place: DATA_DIR is whole or untouched. The server then
 * brings an older format up to date when it starts (server/storage/file/format.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rename, rm, rmdir, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { STORE_FORMAT_VERSION } from '../file/format.ts';
import { SNAPSHOT_MAX_FILES } from '../file/snapshot.ts';
import { syncDir } from '../files.ts';
import { BackupError, MANIFEST, MANIFEST_KIND, copyHashed, isEmptyFolder, syncFolders, type Manifest, type ManifestFile } from './backup.ts';

/** The largest manifest read (a million files' lines fit). */
export const MANIFEST_MAX_BYTES = 256 * 1024 * 1024;

/** The manifest of `dir`, checked for shape; throws BackupError naming what is wrong. */
export async function readManifest(dir: string, maxFiles = SNAPSHOT_MAX_FILES): Promise<Manifest> {
  const path = join(dir, MANIFEST);
  const size = (await stat(path).catch(() => undefined))?.size;
  if (size === undefined) throw new BackupError(`${dir} has no ${MANIFEST}: not a backup, or one cut short`);
  if (size > MANIFEST_MAX_BYTES) throw new BackupError(`${path} is over ${MANIFEST_MAX_BYTES / 1024 / 1024} MB: not a manifest this code wrote`);
  let m: Partial<Manifest>;
  try {
    m = JSON.parse(await readFile(path, 'utf8')) as Partial<Manifest>;
  } catch (e) {
    throw new BackupError(`${path} is damaged: ${(e as Error).message}`);
  }
  if (m?.kind !== MANIFEST_KIND) throw new BackupError(`${path} is not a Vitrine backup's manifest (kind "${String(m?.kind)}")`);
  if (!Number.isInteger(m.formatVersion) || m.formatVersion! < 1) throw new BackupError(`${path}: formatVersion must be a whole number from 1`);
  if (!Array.isArray(m.files)) throw new BackupError(`${path}: files must be a list`);
  if (m.files.length > maxFiles) throw new BackupError(`${path} lists ${m.files.length} files, more than ${maxFiles}`);
  const seen = new Set<string>();
  for (const f of m.files as ManifestFile[]) {
    const ok =
      typeof f?.path === 'string' &&
      safePath(f.path) &&
      !seen.has(f.path) &&
      Number.isSafeInteger(f.size) &&
      f.size >= 0 &&
      typeof f.sha256 === 'string' &&
      /^[0-9a-f]{64}$/.test(f.sha256);
    if (!ok) throw new BackupError(`${path}: the entry ${JSON.stringify(f).slice(0, 200)} is damaged`);
    seen.add(f.path);
  }
  return m as Manifest;
}

/** A relative path inside the backup: no `..`, no absolute path, no empty part. */
function safePath(p: string): boolean {
  return (
    p.length > 0 && p.length <= 1024 && !p.startsWith('/') && !p.includes('\\') && !p.includes('\0') && p.split('/').every((s) => s && s !== '.' && s !== '..')
  );
}

async function sha256Of(path: string): Promise<{ size: number; sha256: string } | undefined> {
  const hash = createHash('sha256');
  let size = 0;
  try {
    for await (const chunk of createReadStream(path)) {
      hash.update(chunk as Buffer);
      size += (chunk as Buffer).length;
    }
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  return { size, sha256: hash.digest('hex') };
}

/** Checks every file of the backup against its manifest; throws naming the first damaged one. */
export async function verifyBackup(dir: string): Promise<Manifest> {
  const manifest = await readManifest(dir);
  for (const f of manifest.files) {
    const got = await sha256Of(join(dir, 'data', f.path));
    if (!got) throw new BackupError(`the backup is damaged: data/${f.path} is missing`);
    if (got.size !== f.size) throw new BackupError(`the backup is damaged: data/${f.path} has ${got.size} bytes, the manifest says ${f.size}`);
    if (got.sha256 !== f.sha256) throw new BackupError(`the backup is damaged: data/${f.path} does not match its checksum`);
  }
  return manifest;
}

/** Restores the backup in `from` into `dataDir` (missing or empty); resolves with what was written. */
export async function restoreDataDir(from: string, dataDir: string): Promise<{ files: number; bytes: number; formatVersion: number }> {
  from = resolve(from);
  dataDir = resolve(dataDir);
  const manifest = await readManifest(from);
  if (manifest.formatVersion > STORE_FORMAT_VERSION)
    throw new BackupError(
      `the backup has format version ${manifest.formatVersion}, newer than this version of Vitrine reads (${STORE_FORMAT_VERSION}): restore it with a newer Vitrine`,
    );
  if (!(await isEmptyFolder(dataDir))) throw new BackupError(`${dataDir} is not empty: restore into a new or empty data folder (DATA_DIR)`);
  await verifyBackup(from);
  await mkdir(dirname(dataDir), { recursive: true });
  const beside = join(dirname(dataDir), `.${basename(dataDir)}.restoring-${randomBytes(4).toString('hex')}`);
  try {
    for (const f of manifest.files) {
      const got = await copyHashed(join(from, 'data', f.path), join(beside, 'data', f.path));
      if (got.sha256 !== f.sha256) throw new BackupError(`the backup is damaged: data/${f.path} changed while it was restored`);
    }
    await mkdir(join(beside, 'data'), { recursive: true });
    await syncFolders(beside, manifest.files);
    await rmdir(dataDir).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
    await rename(join(beside, 'data'), dataDir);
    await syncDir(dirname(dataDir));
  } finally {
    await rm(beside, { recursive: true, force: true });
  }
  return { files: manifest.files.length, bytes: manifest.files.reduce((n, f) => n + f.size, 0), formatVersion: manifest.formatVersion };
}
