// npm run gen:env-docs: writes the README's table of settings (between `<!-- settings:start -->` and
// `<!-- settings:end -->`) from server/env.ts, where every environment variable is declared. With
// --check it only compares and exits 1 when the README has drifted (a unit test checks it too).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createServer } from 'vite';
import { root } from './schema-files.mjs';

const vite = await createServer({
  root,
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'error',
  optimizeDeps: { noDiscovery: true },
});
let docs;
try {
  docs = await vite.ssrLoadModule('/server/env-docs.ts');
} finally {
  await vite.close();
}
const file = join(root, 'README.md');
const readme = readFileSync(file, 'utf8');
const next = docs.withSettingsTable(readme);
if (next === undefined) {
  console.error(`README.md: the markers ${docs.START} and ${docs.END} are missing`);
  process.exit(1);
}
if (process.argv.includes('--check')) {
  if (next !== readme) {
    console.error('README.md: the table of settings differs from server/env.ts; run npm run gen:env-docs');
    process.exit(1);
  }
  console.log('README.md: the table of settings is up to date');
} else if (next !== readme) {
  writeFileSync(file, next);
  console.log('README.md: the table of settings written');
} else console.log('README.md: the table of settings is up to date');
