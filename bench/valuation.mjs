// Online valuation benchmark: the estimate (GET /api/valuation) and the result page over the sets
// that benchImport imported (10,000 and 100,000 properties). The first estimate of a set builds its
// comparables index (one pass over the listings); every later one reads it.

import { benchServer } from './server.mjs';

const ZIPS = ['1000', '1030', '1050', '1060', '1180', '1300', '1800', '2000', '3000', '4000', '5000', '9000'];
const TYPES = ['3', '1', '2'];
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

export async function benchValuation({ root, imported, rounds = 30 }) {
  const rows = [];
  for (const { count, dataDir } of imported) {
    const server = await benchServer({ root, dataDir, pageCache: true });
    const url = server.url;
    const t0 = performance.now();
    const first = await fetch(`${url}/api/valuation?lang=fr&zip=1030&type=3&surface=85`);
    await first.arrayBuffer();
    const firstMs = performance.now() - t0;
    if (!first.ok) throw new Error(`first estimate: ${first.status}`);
    const api = [];
    const page = [];
    let estimates = 0;
    for (let i = 0; i < rounds; i++) {
      for (const [j, zip] of ZIPS.entries()) {
        const q = `zip=${zip}&type=${TYPES[(i + j) % TYPES.length]}&surface=${60 + ((i * 7 + j * 13) % 140)}&bedrooms=2&condition=good&epc=${'BCDEF'[(i + j) % 5]}&outdoor=terrace`;
        let t = performance.now();
        const r = await fetch(`${url}/api/valuation?lang=fr&${q}`);
        const body = await r.json();
        api.push(performance.now() - t);
        if (!r.ok) throw new Error(`${q}: ${r.status}`);
        estimates += body.estimates.filter((e) => e.ok).length;
        if (j % 4 === 0) {
          t = performance.now();
          const p = await fetch(`${url}/fr/expertise/expertise-en-ligne/?address=Rue+de+la+Loi+16&${q}`);
          await p.arrayBuffer();
          page.push(performance.now() - t);
          if (!p.ok) throw new Error(`page ${q}: ${p.status}`);
        }
      }
    }
    server.close();
    rows.push({
      count,
      firstMs,
      p50: pct(api, 50),
      p95: pct(api, 95),
      n: api.length,
      pageP50: pct(page, 50),
      pageP95: pct(page, 95),
      pages: page.length,
      withFigure: estimates / (api.length * 2),
    });
  }
  return rows;
}
