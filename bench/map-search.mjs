// Map search benchmark (issue 39): GET /api/map, the clusters and markers of a search inside the
// map's view, at 10,000 and 100,000 properties (the generator's sets, sample/gen-listings.mjs, as
// bench/import.mjs imported them): the built server in a process of its own, one keep-alive
// connection, gzip as a browser asks; every answer is made anew (the server keeps none). Two views:
// the country (Belgium at zoom 8: every property clustered) and a city (central Brussels at zoom 14),
// each with the list's filters visitors use; the answer's size as sent (gzip) and as JSON.
// Alone: `node bench/map-search.mjs` (imports both sets first, a few minutes); npm run bench runs
// it over the sets its import benchmark made.
import { pathToFileURL } from 'node:url';
import { goalsServer } from './goals.mjs';

export const VIEWS = {
  country: 'bbox=49.4,2.5,51.6,6.5&zoom=8',
  city: 'bbox=50.82,4.32,50.87,4.41&zoom=14',
};
const FILTERS = ['goal=sale', 'goal=rent', 'goal=sale&type=3', 'goal=sale&maxPrice=400000&bedrooms=2', 'goal=sale&garden=1', 'goal=rent&minSurface=80'];

const pct = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function benchSet(root, dataDir, rounds) {
  const srv = await goalsServer({ root, dataDir });
  try {
    const ask = async (query) => {
      const t = performance.now();
      const r = await fetch(`${srv.url}/api/map?lang=nl&${query}`, { headers: { 'accept-encoding': 'gzip' } });
      const body = await r.text();
      const ms = performance.now() - t;
      if (r.status !== 200) throw new Error(`map bench: ${r.status} for ${query}: ${body.slice(0, 200)}`);
      const json = JSON.parse(body);
      return {
        ms,
        sent: Number(r.headers.get('content-length') ?? body.length),
        json: Buffer.byteLength(body),
        marks: json.clusters.length + json.markers.length,
      };
    };
    const out = {};
    for (const [view, area] of Object.entries(VIEWS)) {
      for (const f of FILTERS) await ask(`${f}&${area}`); // warm: the columns of each order
      const times = [];
      const sizes = [];
      for (let round = 0; round < rounds; round++)
        for (const f of FILTERS) {
          const r = await ask(`${f}&${area}`);
          times.push(r.ms);
          sizes.push(r);
        }
      out[view] = {
        p50: pct(times, 50),
        p95: pct(times, 95),
        n: times.length,
        sentKb: Math.max(...sizes.map((s) => s.sent)) / 1024,
        jsonKb: Math.max(...sizes.map((s) => s.json)) / 1024,
        marks: Math.max(...sizes.map((s) => s.marks)),
      };
    }
    return out;
  } finally {
    await srv.close();
  }
}

/** Per imported set (count and data folder, from bench/import.mjs). */
export async function benchMapSearch({ root, imported, rounds = 20 }) {
  const rows = [];
  for (const { count, dataDir } of imported) rows.push({ count, ...(await benchSet(root, dataDir, rounds)) });
  return rows;
}

export function printMapSearch(rows) {
  console.log(
    `\nMap search API (GET /api/map: clusters made per request over the filtered set, at most 400 marks an answer; ${FILTERS.length} filters × country view (Belgium, zoom 8) and city view (central Brussels, zoom 14); one keep-alive connection, gzip; largest answer of each view)`,
  );
  console.log(
    'properties'.padEnd(12),
    'country p50 / p95 ms'.padStart(21),
    'KB gzip / json'.padStart(15),
    'marks'.padStart(6),
    'city p50 / p95 ms'.padStart(19),
    'KB gzip / json'.padStart(15),
    'marks'.padStart(6),
    'requests'.padStart(9),
  );
  const pair = (x) => `${x.p50.toFixed(1)} / ${x.p95.toFixed(1)}`;
  const kb = (x) => `${x.sentKb.toFixed(1)} / ${x.jsonKb.toFixed(1)}`;
  for (const r of rows)
    console.log(
      String(r.count).padEnd(12),
      pair(r.country).padStart(21),
      kb(r.country).padStart(15),
      String(r.country.marks).padStart(6),
      pair(r.city).padStart(19),
      kb(r.city).padStart(15),
      String(r.city.marks).padStart(6),
      String(r.country.n + r.city.n).padStart(9),
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
  printMapSearch(await benchMapSearch({ root, imported: benchImport({ root, counts }) }));
}
