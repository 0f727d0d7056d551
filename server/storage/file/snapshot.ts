/**
 * A backup's snapshot of the embedded store (issue 41, point 6), taken while writes are paused
 * (server/storage/write-gate.ts): every file of DATA_DIR is hard-linked into a staging folder
 * DATA_DIR/.backup-…, the journals (*.log, appended in place) copied. Every other file of the
 * store is only ever replaced by a rename, never changed in place, so a link keeps the content it
 * had at that instant whatever the server writes next: the pause lasts as long as linking takes
 * (milliseconds for thousands of files), and the slow part — copying and checksumming into the
 * backup folder — reads the staging folder after the writes have gone on.
 * What the snapshot leaves out can be made again or is in flight: tmp/ (uploads being received),
 * cache/ (resized pictures), *.tmp (a write not yet renamed into place), the import lock.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, linkSync, lstatSync, mkdirSync, readdirSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pauseStoreWrites } from '../write-gate.ts';
import { readFormatVersion } from './format.ts';

export const STAGING_PREFIX = '.backup-';
/** The most files a snapshot takes; a store with more is refused (a bound on the walk and the manifest). */
export const SNAPSHOT_MAX_FILES = 1_000_000;
/** Top-level entries of DATA_DIR never copied. */
const LEFT_OUT = new Set(['tmp', 'cache', '.control.sock']);

export class SnapshotError extends Error {}

/** The store's files under `dir`, relative, with `/` between folders: a folder's files before its subfolders. */
export function storeFiles(dir: string, maxFiles = SNAPSHOT_MAX_FILES): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    let names: string[];
    try {
      names = readdirSync(join(dir, rel));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw e;
    }
    const folders: string[] = [];
    for (const name of names.sort()) {
      if (!rel && (LEFT_OUT.has(name) || name.startsWith(STAGING_PREFIX))) continue;
      if (name.endsWith('.tmp') || name === '.lock') continue;
      const path = rel ? `${rel}/${name}` : name;
      const s = lstatSync(join(dir, path), { throwIfNoEntry: false });
      if (s?.isDirectory()) folders.push(path);
      else if (s?.isFile()) {
        if (out.length >= maxFiles) throw new SnapshotError(`${dir} holds more than ${maxFiles} files: more than a backup takes`);
        out.push(path);
      }
    }
    // What names a file (leads.log, listings/state.json) is taken before what it names (uploads/,
    // listings/sets/), which is written first: a process writing beside the server (npm run
    // import) cannot leave a name without its file.
    for (const path of folders) walk(path);
  };
  walk('');
  return out;
}

/**
 * Links (journals: copies) the store's files into a new staging folder while writes are paused;
 * the caller removes it. The pause's work is synchronous: one block of the event loop as long as
 * the file system takes to link (about 1 ms per 50 files), never stretched by the requests
 * queued behind it.
 */
export async function stageSnapshot(dataDir: string, maxFiles = SNAPSHOT_MAX_FILES): Promise<{ stage: string; version: number }> {
  const stage = join(dataDir, `${STAGING_PREFIX}${Date.now()}-${randomBytes(4).toString('hex')}`);
  try {
    const version = await pauseStoreWrites(async () => {
      mkdirSync(stage, { recursive: true });
      const made = new Set<string>([stage]);
      for (const rel of storeFiles(dataDir, maxFiles)) {
        const from = join(dataDir, rel);
        const to = join(stage, rel);
        const folder = dirname(to);
        if (!made.has(folder)) {
          mkdirSync(folder, { recursive: true });
          made.add(folder);
        }
        if (rel.endsWith('.log')) copyFileSync(from, to);
        else linkOrCopy(from, to);
      }
      return readFormatVersion(dataDir);
    });
    return { stage, version };
  } catch (e) {
    await rm(stage, { recursive: true, force: true });
    throw e;
  }
}

function linkOrCopy(from: string, to: string) {
  try {
    linkSync(from, to);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return; // removed by a process beside the server (npm run import): not part of the instant
    if (code === 'EPERM' || code === 'EXDEV' || code === 'ENOTSUP' || code === 'EMLINK' || code === 'EOPNOTSUPP') copyFileSync(from, to);
    else throw e;
  }
}

/** Staging folders left by a backup that did not end (its process killed) once older than a day. */
export async function removeStaleStages(dataDir: string, now = Date.now()): Promise<void> {
  const names = await readdir(dataDir).catch(() => [] as string[]);
  for (const name of names) {
    const m = name.startsWith(STAGING_PREFIX) ? /^\.backup-(\d+)-/.exec(name) : null;
    if (m && now - Number(m[1]) > 86_400_000) await rm(join(dataDir, name), { recursive: true, force: true });
  }
}
