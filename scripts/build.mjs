// Production build: the client bundle (hashed, with manifest) and the server bundle, then a stamp
// of the sources they came from so that `npm start` rebuilds only when something changed.
import { build } from 'vite';
import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { root } from './schema-files.mjs';

const SOURCES = ['renderer', 'shared', 'modules', 'schemas', 'server', 'sample', 'editor', 'vite.config.ts', 'package-lock.json', 'scripts/build.mjs'];

function files(p) {
  const abs = join(root, p);
  if (!existsSync(abs)) return [];
  if (statSync(abs).isFile()) return [abs];
  return readdirSync(abs, { withFileTypes: true })
    .sort((a, b) => a.name.localeCompare(b.name))
    .flatMap((d) => files(join(p, d.name)));
}

export function sourceHash() {
  const h = createHash('sha256');
  for (const f of SOURCES.flatMap(files)) h.update(relative(root, f)).update('\0').update(readFileSync(f));
  return h.digest('hex');
}

const stampPath = join(root, 'dist', 'build-stamp.json');

export function buildIsCurrent() {
  try {
    return (
      JSON.parse(readFileSync(stampPath, 'utf8')).hash === sourceHash() &&
      existsSync(join(root, 'dist/server/main.js')) &&
      existsSync(join(root, 'dist/server/sample.js'))
    );
  } catch {
    return false;
  }
}

/**
 * Brotli (best quality) and gzip copies beside each built asset: they never change, so they are
 * compressed once here and served as they are (no compression per request).
 */
function precompress(dir) {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (!/\.(js|css|svg|json|map|txt)$/.test(name) || statSync(file).size < 1024) continue;
    const data = readFileSync(file);
    writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }));
    writeFileSync(`${file}.gz`, gzipSync(data, { level: 9 }));
  }
}

/**
 * V8's compile hint on the site's entry (`//# allFunctionsCalledOnLoad`, its first line): nearly
 * every function in it (React DOM, the page's chrome) runs while the page hydrates, so V8 compiles
 * them all while the file streams in, off the main thread, instead of one at a time on the main
 * thread as each is first called. Added here: the minifier drops comments, and Vite 8 writes what
 * a plugin changes in the bundle at its end no more.
 */
const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
function hintEntry(dir) {
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'));
  const entry = manifest['renderer/entry-client.tsx'];
  if (!entry) throw new Error('the build has no renderer/entry-client.tsx');
  const file = join(dir, entry.file);
  const code = readFileSync(file, 'utf8');
  if (!code.startsWith(COMPILE_HINT)) writeFileSync(file, COMPILE_HINT + code);
}

/**
 * What the build prints. By default only what a developer needs: Vite's warnings and errors (a chunk
 * past its size limit, a failed import) and one closing line. `npm run build -- --verbose` adds
 * Vite's progress, each chunk with its size and Rolldown's plugin timings. `--quiet` (the scripts
 * that build before they run) drops the closing line too.
 */
function buildOptions(verbose) {
  return {
    root,
    mode: 'production',
    logLevel: verbose ? 'info' : 'warn',
    // Sizes are computed only to be listed; the timings summary is a profiling aid, not a warning.
    build: { reportCompressedSize: verbose, rollupOptions: { checks: { bundlerTimings: verbose } } },
  };
}

async function buildHere({ verbose = false, quiet = false } = {}) {
  const started = performance.now();
  const options = buildOptions(verbose);
  await build(options);
  // The editor apart, into the same folder (vite.config.ts says why).
  process.env.VITRINE_CLIENT = 'editor';
  try {
    await build(options);
  } finally {
    delete process.env.VITRINE_CLIENT;
  }
  hintEntry(join(root, 'dist/client'));
  precompress(join(root, 'dist/client/assets'));
  await build({ ...options, build: { ...options.build, ssr: true } });
  writeFileSync(stampPath, JSON.stringify({ hash: sourceHash(), at: new Date().toISOString() }));
  if (!quiet) console.log(`built the site, the editor and the server into dist/ in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Builds in a child process with NODE_ENV=production: a caller's NODE_ENV (vitest sets `test`)
 * would otherwise give the bundle React's development build.
 */
const buildChild = (quiet) => [
  process.execPath,
  [fileURLToPath(import.meta.url), ...(quiet ? ['--quiet'] : [])],
  { cwd: root, env: { ...process.env, NODE_ENV: 'production' }, stdio: ['ignore', 'inherit', 'inherit'] },
];

export function buildAll({ quiet = false } = {}) {
  const r = spawnSync(...buildChild(quiet));
  if (r.status !== 0) throw new Error('the build failed (see above)');
}

/** The same, without holding the caller's event loop (the test run's orchestrator goes on meanwhile). */
export function buildAllAsync({ quiet = false } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(...buildChild(quiet));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(undefined) : reject(new Error('the build failed (see above)'))));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.env.NODE_ENV = 'production';
  await buildHere({ verbose: process.argv.includes('--verbose'), quiet: process.argv.includes('--quiet') });
}
