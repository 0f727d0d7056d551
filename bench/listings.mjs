// Listing benchmarks: search API latency over 10,000 and 100,000 properties; SSR of the for-sale
// page and a detail page beside a prebuilt string; gzipped JS each page type loads in Chromium.
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { benchServer, load, PREBUILT } from './server.mjs';

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

const pct = (xs, p) => xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

/** Search latency over the sets that benchImport imported (one data folder per count). */
export async function benchSearch({ root, imported, rounds = 20 }) {
  const rows = [];
  for (const { count, dataDir } of imported) {
    const server = await benchServer({ root, dataDir, pageCache: true });
    const url = server.url;
    await fetch(`${url}/api/properties?lang=fr&goal=sale`); // builds the index
    const times = [];
    for (let i = 0; i < rounds; i++) {
      for (const q of QUERIES) {
        const t = performance.now();
        const r = await fetch(`${url}/api/properties?lang=fr&${q}`);
        await r.arrayBuffer();
        if (!r.ok) throw new Error(`${q}: ${r.status}`);
        times.push(performance.now() - t);
      }
    }
    server.close();
    rows.push({ count, p50: pct(times, 50), p95: pct(times, 95), n: times.length });
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
