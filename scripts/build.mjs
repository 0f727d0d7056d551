// Production build: the client bundle (hashed, with manifest) and the server bundle, then a stamp
// of the sources they came from so that `npm start` rebuilds only when something changed.
import { build } from 'vite';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync, writeFileSync, existsSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './schema-files.mjs';

const SOURCES = ['renderer', 'modules', 'schemas', 'server', 'vite.config.ts', 'package-lock.json', 'scripts/build.mjs'];

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
    return JSON.parse(readFileSync(stampPath, 'utf8')).hash === sourceHash() && existsSync(join(root, 'dist/server/main.js'));
  } catch {
    return false;
  }
}

export async function buildAll({ quiet = false } = {}) {
  const logLevel = quiet ? 'warn' : 'info';
  await build({ root, logLevel, mode: 'production' });
  await build({ root, logLevel, mode: 'production', build: { ssr: true } });
  writeFileSync(stampPath, JSON.stringify({ hash: sourceHash(), at: new Date().toISOString() }));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildAll();
}
