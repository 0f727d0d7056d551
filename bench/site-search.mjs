// Site search benchmark (issue 39; goal p95 ≤ 50 ms per query at 100,000 properties), at 10,000
// and 100,000 properties (the generator's sets, sample/gen-listings.mjs):
// - index: the index made alone (in a process of its own, from the generator's records): build
//   time and the memory it keeps after a full GC (heap and typed arrays), then the match alone (ListingStore.find) per query;
// - page: the search page of the built server over the imported set (page cache off, so every
//   answer is searched and rendered), one keep-alive connection: the wall time of each answer and
//   the server's own time for the page's data (Server-Timing data: the search itself).
// Alone: `node bench/site-search.mjs` (imports both sets first, a few minutes); npm run bench runs
// it over the sets its import benchmark made.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { goalsServer } from './goals.mjs';

/** What visitors type: municipalities in each language, typos, postcodes, streets, references, projects, subjects, and junk. */
export const QUERIES = [
  'Schaerbeek',
  'Schaarbeek',
  'Bruxelles',
  'brussel',
  'Anvers',
  'Elsene',
  'Scharbeek',
  'Ixeles',
  'Woluwe-Saint-Lambert',
  '1030',
  '1180',
  'avenue louise',
  'chaussée de waterloo',
  'appartement ixelles 2 chambres',
  'maison uccle',
  'AT-2025-0132',
  'AT-2025-01',
  'vk 2025',
  'Colignon',
  'Résidence Jourdan',
  'huurwaarborg',
  'garantie locative',
  'registration duties',
  'شقة في بروكسل',
  '🏠 house',
  `Schaerbeek ${'lorem ipsum '.repeat(20)}`,
];

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

/** The index alone, in a child process (its heap is its own). */
function benchIndex(root, count) {
  const script = `
    const { generateListings } = await import(${JSON.stringify(pathToFileURL(join(root, 'sample/gen-listings.mjs')).href)});
    const { ListingStore, readSearchText } = await import(${JSON.stringify(pathToFileURL(join(root, 'dist/server/main.js')).href)});
    const queries = ${JSON.stringify(QUERIES)};
    const store = new ListingStore(generateListings({ count: ${count}, projects: 9, seed: 7 }), 'bench');
    global.gc(); global.gc();
    // Typed arrays (the postings) live outside the JS heap: both counted.
    const used = () => { const m = process.memoryUsage(); return m.heapUsed + m.arrayBuffers; };
    const before = used();
    const t0 = performance.now();
    await store.prepareFind();
    const buildMs = performance.now() - t0;
    global.gc(); global.gc();
    const heapMb = (used() - before) / 2 ** 20;
    const times = [];
    const max = { properties: 12, projects: 12 };
    for (const q of queries) store.find(readSearchText(q), max);
    for (let round = 0; round < 20; round++)
      for (const q of queries) {
        const t = performance.now();
        store.find(readSearchText(q), max);
        times.push(performance.now() - t);
      }
    console.log(JSON.stringify({ buildMs, heapMb, times }));`;
  const r = spawnSync(process.execPath, ['--expose-gc', '--input-type=module', '-e', script], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`site search index bench (${count}) failed: ${r.stderr}`);
  const { buildMs, heapMb, times } = JSON.parse(r.stdout.trim().split('\n').at(-1));
  return { buildMs, heapMb, p50: pct(times, 50), p95: pct(times, 95), max: Math.max(...times), n: times.length };
}

/** The search page over HTTP, on the built server with the imported set. */
async function benchPage(root, dataDir, rounds) {
  const srv = await goalsServer({ root, dataDir, pageCache: false });
  try {
    const langs = ['nl', 'fr', 'en'];
    const path = { nl: '/nl/zoeken/', fr: '/fr/chercher/', en: '/en/search/' };
    const ask = async (lang, q) => {
      const t = performance.now();
      const r = await fetch(`${srv.url}${path[lang]}?q=${encodeURIComponent(q)}`, { redirect: 'manual' });
      await r.arrayBuffer();
      const wall = performance.now() - t;
      if (r.status !== 200 && r.status !== 302) throw new Error(`site search page: ${r.status} for ${q}`);
      const data = /data;dur=([\d.]+)/.exec(r.headers.get('server-timing') ?? '');
      return { wall, data: data ? Number(data[1]) : null };
    };
    for (const lang of langs) for (const q of QUERIES) await ask(lang, q); // warm: each language's first render and index of pages
    const wall = [];
    const data = [];
    for (let round = 0; round < rounds; round++)
      for (const [i, q] of QUERIES.entries()) {
        const r = await ask(langs[(round + i) % 3], q);
        wall.push(r.wall);
        if (r.data !== null) data.push(r.data);
      }
    return { wall: { p50: pct(wall, 50), p95: pct(wall, 95) }, data: { p50: pct(data, 50), p95: pct(data, 95) }, n: wall.length };
  } finally {
    await srv.close();
  }
}

/** Per imported set (count and data folder, from bench/import.mjs): the index alone and the page. */
export async function benchSiteSearch({ root, imported, rounds = 8 }) {
  const rows = [];
  for (const { count, dataDir } of imported) rows.push({ count, index: benchIndex(root, count), page: await benchPage(root, dataDir, rounds) });
  return rows;
}

export function printSiteSearch(rows) {
  console.log(
    `\nSite search (goal p95 ≤ 50 ms per query at 100,000 properties; ${QUERIES.length} kinds of query: municipalities in nl/fr/en, typos, postcodes, streets, references, projects, subjects, Arabic, emoji, 200 characters)`,
  );
  console.log(
    'properties'.padEnd(12),
    'index build ms'.padStart(15),
    'index heap MB'.padStart(14),
    'match p50 / p95 ms'.padStart(19),
    'page data p50 / p95 ms'.padStart(23),
    'page p50 / p95 ms'.padStart(18),
    'requests'.padStart(9),
  );
  const pair = (x) => `${x.p50.toFixed(2)} / ${x.p95.toFixed(2)}`;
  for (const r of rows)
    console.log(
      String(r.count).padEnd(12),
      r.index.buildMs.toFixed(0).padStart(15),
      r.index.heapMb.toFixed(0).padStart(14),
      pair(r.index).padStart(19),
      pair(r.page.data).padStart(23),
      pair(r.page.wall).padStart(18),
      String(r.page.n).padStart(9),
    );
}

// Alone: build when needed, import both sets, measure.
if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { root } = await import('../scripts/schema-files.mjs');
  const { buildAll, buildIsCurrent } = await import('../scripts/build.mjs');
  const { benchImport } = await import('./import.mjs');
  process.env.NODE_ENV = 'production';
  if (!buildIsCurrent()) buildAll({ quiet: true });
  const counts = (process.env.BENCH_COUNTS ?? '10000,100000').split(',').map(Number);
  printSiteSearch(await benchSiteSearch({ root, imported: benchImport({ root, counts }) }));
}
