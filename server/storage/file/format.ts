/**
 * The embedded store's format version (issue 41, point 6): DATA_DIR/format.json {"version": N}.
 * A folder without it was written before versions were kept (version 1). At open, the steps from
 * the folder's version to this code's run in order, each once — its version is recorded right
 * after it — and each safe to run again should the process stop between the two; each is logged.
 * A folder of a newer version than this code knows is refused: its files may mean what this code
 * cannot read, and writing them would lose it.
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileDurably } from '../files.ts';

/** The format this code writes. */
export const STORE_FORMAT_VERSION = 2;
export const FORMAT_FILE = 'format.json';

/** A migration step: what brings a folder of version `to - 1` to `to`; `run` says what it did. */
export interface FormatStep {
  to: number;
  what: string;
  run(dir: string): Promise<string>;
}

export const FORMAT_STEPS: FormatStep[] = [
  {
    to: 2,
    what: "the media library's originals in uploads/library (was media-library/), and the format recorded",
    async run(dir) {
      const old = join(dir, 'media-library');
      if (!existsSync(old)) return 'no media-library folder to move';
      if (existsSync(join(dir, 'uploads', 'library'))) return 'uploads/library already there; media-library left as it is';
      await mkdir(join(dir, 'uploads'), { recursive: true });
      await rename(old, join(dir, 'uploads', 'library'));
      return 'media-library moved to uploads/library';
    },
  },
];

export class NewerFormatError extends Error {}

/** The folder's format version: format.json's, else 1 (written before versions were kept). */
export function readFormatVersion(dir: string): number {
  const file = join(dir, FORMAT_FILE);
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 1;
    throw e;
  }
  let version: unknown;
  try {
    version = (JSON.parse(text) as { version?: unknown }).version;
  } catch {
    version = undefined;
  }
  if (!Number.isInteger(version) || (version as number) < 1)
    throw new Error(`${file}: expected {"version": N} with N a whole number from 1, got ${JSON.stringify(text.slice(0, 80))}`);
  return version as number;
}

/** Refuses a folder of a newer format than this code's, with one line. */
export function checkFormatVersion(dir: string, version = readFormatVersion(dir), current = STORE_FORMAT_VERSION): void {
  if (version > current)
    throw new NewerFormatError(
      `the data in ${dir} has format version ${version}, newer than this version of Vitrine reads (${current}): run a newer Vitrine, or restore a backup made for this one`,
    );
}

/** Brings the folder to STORE_FORMAT_VERSION (steps in order, each recorded once done); a fresh folder is only marked. */
export async function migrateDataDir(dir: string, log?: (line: string) => void, steps = FORMAT_STEPS, current = STORE_FORMAT_VERSION): Promise<void> {
  let version = readFormatVersion(dir);
  checkFormatVersion(dir, version, current);
  if (version === current) return;
  // A folder with nothing of a store yet (or only the keys a test or an operator put first) is new: no step to run.
  const fresh = !existsSync(join(dir, FORMAT_FILE)) && readdirSync(dir).every((f) => f === 'secrets.json' || f === 'tmp');
  for (const step of [...steps].sort((a, b) => a.to - b.to)) {
    if (step.to <= version || step.to > current) continue;
    const did = fresh ? undefined : await step.run(dir);
    await writeFileDurably(join(dir, FORMAT_FILE), JSON.stringify({ version: step.to }));
    if (did !== undefined) log?.(`data in ${dir}: format ${version} → ${step.to} (${step.what}): ${did}`);
    version = step.to;
  }
}
