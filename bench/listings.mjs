// Listing benchmarks: search API latency over 10,000 and 100,000 properties; SSR of the for-sale
// page and a detail page beside a prebuilt string; gzipped JS each page type loads in Chromium.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { benchServer, load, PREBUILT } from './server.mjs';
import { goalsServer } from './goals.mjs';
import { load as leanLoad } from './load.mjs';

const QUERIES = [
  'goal=sale',
  'goal=rent',
  'goal=sale&type=3',
  'goal=sale&city=1030',
  'goal=sale&maxPrice=400000&bedrooms=2',
  'goal=sale&type=3&city=1030&maxPrice=400000&bedrooms=2&sort=price-asc',
  'goal=rent&minSurface=80&sort=price-desc',
  'goal=sale&garden=1&sort=city',
  'goal=sale&maxEpc=C&page=3',
  'goal=rent&terrace=1&parking=1',
  'goal=sale&q=avenue',
  'goal=sale&sort=type&page=10',
];

/**
 * Search latency over the sets that benchImport imported (one data folder per count): the built
 * server in a process of its own, asked by one keep-alive connection of the lean client (the time
 * from the request written to the answer's last byte read, gzip as a browser asks).
 * - repeated: the 12 kinds of query in turn, after one untimed round: what visitors' common
 *   searches cost (kept answers, a lookup).
 * - first: each query made new by a minimum price never asked before, so every one is searched,
 *   carded and gzipped: the cost that must grow no faster than the matching set.
 * /robots.txt on the same connection is the floor of a round trip on this machine.
 */
export async function benchSearch({ root, imported, seconds = 4 }) {
  const rows = [];
  for (const { count, dataDir } of imported) {
    const srv = await goalsServer({ root, dataDir });
    try {
      const ask = (q) => `/api/properties?lang=fr&${q}`;
      for (const q of QUERIES) await (await fetch(srv.url + ask(q))).arrayBuffer(); // builds the index
      const opts = { url: srv.url, connections: 1, seconds, headers: { 'accept-encoding': 'gzip, deflate, br' } };
      let i = 0;
      const repeated = await leanLoad({ ...opts, path: () => ask(QUERIES[i++ % QUERIES.length]) });
      let fresh = 0;
      const first = await leanLoad({ ...opts, path: () => ask(`${QUERIES[fresh % QUERIES.length]}&minPrice=${++fresh}`) });
      const robots = await leanLoad({ ...opts, path: '/robots.txt' });
      for (const r of [repeated, first, robots]) if (r.errors) throw new Error(`search bench: ${r.errors} errors`);
      rows.push({ count, repeated, first, robots });
    } finally {
      await srv.close();
    }
  }
  return rows;
}

export async function benchListingPages({ root, seconds = 6 }) {
  const srv = await benchServer({ root, pageCache: false });
  const url = srv.url;
  const first = await (await fetch(`${url}/api/properties?lang=nl&goal=sale&sort=price-asc`)).json();
  const detail = first.items[0].path;
  await srv.prebuild('/nl/kopen/');
  const opts = { seconds };
  await load('warm-up', `${url}/nl/kopen/`, opts);
  const rows = [
    await load('prebuilt HTML string', url + PREBUILT, opts),
    await load('SSR /nl/kopen/ (24 cards)', `${url}/nl/kopen/`, opts),
    await load('SSR property detail', `${url}${detail}`, opts),
  ];

  // JS each page type makes the browser load (gzip), with and without the map chunk.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const js = [];
  for (const [label, path] of [
    ['home', '/nl/'],
    ['list', '/nl/kopen/'],
    ['detail', detail],
    ['list, map view', '/nl/kopen/?view=map'],
  ]) {
    const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
    await page.route(/tile\.openstreetmap\.org/, (r) => r.fulfill({ status: 204, body: '' }));
    const sizes = [];
    page.on('response', async (res) => {
      if (res.request().resourceType() === 'script' || res.url().endsWith('.js')) {
        try {
          sizes.push({ url: res.url(), gz: gzipSync(await res.body()).length });
        } catch {
          /* redirects have no body */
        }
      }
    });
    await page.goto(url + path, { waitUntil: 'networkidle' });
    await page.mouse.move(100, 300);
    await page.waitForTimeout(300);
    const map = sizes.filter((s) => /MapView|DetailMap|leaflet/i.test(s.url)).reduce((a, s) => a + s.gz, 0);
    js.push({ label, kb: sizes.reduce((a, s) => a + s.gz, 0) / 1024, mapKb: map / 1024 });
    await page.close();
  }
  await browser.close();
  srv.close();
  return { rows, js };
}
