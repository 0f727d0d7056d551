import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { registry } from '../../modules/index.ts';
import { loadSiteConfig } from '../../server/config/config.ts';
import { RouteTable } from '../../shared/routes.ts';
import { testDir } from './tmp.ts';

export const root = resolve(import.meta.dirname, '../..');
export const siteConfigDir = join(root, 'site-config');

let shipped: ReturnType<typeof loadSiteConfig> | undefined;
/** The shipped site-config, loaded and validated once per test file. */
export function loadShipped() {
  shipped ??= loadSiteConfig(siteConfigDir, registry);
  if (!shipped.content) throw new Error(`shipped config invalid:\n${shipped.problems.map((p) => `${p.file} ${p.pointer}: ${p.message}`).join('\n')}`);
  return { content: shipped.content, warnings: shipped.warnings, routes: new RouteTable(shipped.content) };
}

/** Temporary folders of this test process, removed when it exits. */
const scratch = testDir('vitrine-test-');
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }));
export function tempDir(prefix: string): string {
  return mkdtempSync(join(scratch, prefix));
}

/** A copy of site-config in a temporary folder, changed by `edit(readJson, writeJson)`. */
export function configCopy(
  edit: (io: { read: (f: string) => any; write: (f: string, data: unknown) => void; writeText: (f: string, text: string) => void }) => void,
): string {
  const dir = tempDir('config-');
  cpSync(siteConfigDir, dir, { recursive: true, filter: (src) => !src.includes(`${siteConfigDir}/media`) });
  edit({
    read: (f) => JSON.parse(readFileSync(join(dir, f), 'utf8')),
    write: (f, data) => writeFileSync(join(dir, f), JSON.stringify(data, null, 2)),
    writeText: (f, text) => writeFileSync(join(dir, f), text),
  });
  return dir;
}

export function problemsOf(dir: string) {
  const r = loadSiteConfig(dir, registry);
  return {
    lines: r.problems.map((p) => `${p.file} ${p.pointer}: ${p.message}`),
    warnings: r.warnings.map((p) => `${p.file} ${p.pointer}: ${p.message}`),
    content: r.content,
  };
}
