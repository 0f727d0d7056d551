// A scratch copy of the repository for a test that changes its sources (a scaffold, an edited view),
// and `npm run dev` started on it: the repository itself is never written to.
import { stripVTControlCharacters } from 'node:util';
import { execFileSync, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, symlinkSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { root, tempDir } from './config.ts';

/** How long `npm run dev` may take to serve (Vite's first dependency scan included, on a busy machine). */
const DEV_START_MS = 90_000;

/**
 * The repository's files (tracked, and new ones git does not ignore) in a temporary folder. Its
 * node_modules holds links to the repository's packages, not one link to the folder, so that Vite's
 * cache (node_modules/.vite) is the copy's own.
 */
export function scratchCopy(): string {
  const dir = tempDir('scratch-');
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' }).split('\0');
  for (const f of files.filter(Boolean)) {
    mkdirSync(dirname(join(dir, f)), { recursive: true });
    try {
      cpSync(join(root, f), join(dir, f));
    } catch (e) {
      // A tracked file deleted in the work tree is not part of the copy.
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
  }
  mkdirSync(join(dir, 'node_modules'));
  for (const p of readdirSync(join(root, 'node_modules'))) if (p !== '.vite') symlinkSync(join(root, 'node_modules', p), join(dir, 'node_modules', p));
  return dir;
}

async function freePort(): Promise<number> {
  const s = createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as { port: number };
  await new Promise((r) => s.close(r));
  return port;
}

/** `npm run dev` (scripts/dev.mjs) on `dir`, with a data folder of its own; `output` is what it printed. */
export async function startDev(dir: string, dataDir = tempDir('dev-data-')) {
  const port = await freePort();
  const child = spawn(process.execPath, ['scripts/dev.mjs'], {
    cwd: dir,
    // Plain text: a run with FORCE_COLOR (as CI's) would colour Vite's lines between the words tests look for.
    env: { ...process.env, FORCE_COLOR: undefined, NO_COLOR: '1', PORT: String(port), DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { text: '' };
  child.stdout.on('data', (b) => (out.text += b));
  child.stderr.on('data', (b) => (out.text += b));
  const stop = () =>
    new Promise<void>((r) => {
      if (child.exitCode !== null) return r();
      child.once('exit', () => r());
      child.kill('SIGTERM');
    });
  try {
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm run dev did not serve within ${DEV_START_MS} ms:\n${out.text}`)), DEV_START_MS);
      child.once('exit', (code) => (clearTimeout(timer), reject(new Error(`npm run dev exited (${code}):\n${out.text}`))));
      child.stdout.on('data', () => /is serving/.test(out.text) && (clearTimeout(timer), resolve()));
    });
  } catch (e) {
    await stop();
    throw e;
  }
  return { url: `http://127.0.0.1:${port}`, dataDir, output: () => stripVTControlCharacters(out.text), stop };
}
