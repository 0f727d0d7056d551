// Import benchmark: a CRM feed of 10,000 and 100,000 properties (nl, fr, en) through
// `npm run import`'s pipeline, each in a process of its own so that its peak memory (maxRSS) is its
// own. The 100,000-property feed is about 470 MB, past the default LISTINGS_MAX_MB (100): the bench
// raises the limit for its own processes. Goal: a peak under 600 MB at 100,000 (issue 40).
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { generateListings, writeListings } from '../sample/gen-listings.mjs';
import { benchDir } from './server.mjs';

/** Generates the feeds, imports each, and gives per count: seconds, peak RSS, file size and the data folder (for the search bench). */
export function benchImport({ root, counts = [10_000, 100_000] }) {
  const rows = [];
  for (const count of counts) {
    const dir = benchDir(`vitrine-import-${count}-`);
    const file = join(dir, 'crm.json');
    writeListings(file, generateListings({ count, projects: 9, seed: 7 }));
    const dataDir = join(dir, 'data');
    const script = `
      const main = await import(${JSON.stringify(pathToFileURL(join(root, 'dist/server/main.js')).href)});
      const t0 = performance.now();
      const { entry } = await main.importFile({ root: ${JSON.stringify(root)}, dataDir: ${JSON.stringify(dataDir)}, file: ${JSON.stringify(file)} });
      const ms = performance.now() - t0;
      console.log(JSON.stringify({ ms, maxRssMb: process.resourceUsage().maxRSS / 1024, result: entry.result, properties: entry.counts?.properties }));`;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
      env: { ...process.env, LISTINGS_MAX_MB: '1024' },
    });
    if (r.status !== 0) throw new Error(`import of ${count} failed: ${r.stderr}`);
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1));
    rows.push({ count, ...out, mb: statSync(file).size / 1e6, dataDir });
  }
  return rows;
}
