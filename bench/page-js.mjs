// The JavaScript a visitor's phone downloads for a page, gzip: every script the page loads in
// Chromium until the network is idle (the entry, the module chunks hydration asks for, the lazy
// ones a first screen fetches), each gzipped at level 9 so that the figure does not depend on how
// the server compressed it. Issue 39's budget: a property page may grow by at most 10 KB gzip over
// the figures measured before it (BEFORE_39, commit a362a06, with this same bench).
// Alone: node bench/page-js.mjs (after a build).
import { chromium } from 'playwright-core';
import { gzipSync } from 'node:zlib';
import { goalsServer } from './goals.mjs';

/** Measured at a362a06 (the last commit before issue 39's slices), 375 px, gzip -9, KB. */
export const BEFORE_39 = { 'sale property': 111.1, 'rental property': 111.1, home: 103.1, 'for-sale list': 100.8 };

const PAGES = {
  'sale property': '/nl/kopen/schaarbeek/ruim-appartement-met-2-slaapkamers/1132/',
  'rental property': '/nl/huren/evere/te-renoveren-woning-met-veel-potentieel/1131/',
  home: '/nl/',
  'for-sale list': '/nl/kopen/',
};

export async function benchPageJs({ root }) {
  const server = await goalsServer({ root });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const rows = [];
  try {
    for (const [label, path] of Object.entries(PAGES)) {
      const context = await browser.newContext({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
      await context.route(/tile\.openstreetmap\.org/, (r) => r.fulfill({ status: 204 }));
      const page = await context.newPage();
      const scripts = new Map();
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'script') return;
        try {
          scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
        } catch {
          // A response without a body (a redirect): nothing downloaded.
        }
      });
      await page.goto(server.url + path, { waitUntil: 'networkidle' });
      const bytes = [...scripts.values()].reduce((a, b) => a + b, 0);
      rows.push({ label, path, files: scripts.size, kb: bytes / 1024, before: BEFORE_39[label] || null });
      await context.close();
    }
  } finally {
    await browser.close();
    await server.close();
  }
  return rows;
}

export function printPageJs(rows) {
  console.log('\nJavaScript a phone downloads per page (Chromium, 375 px, until the network is idle; gzip -9)');
  for (const r of rows) {
    const growth =
      r.before === null
        ? ''
        : `  before issue 39 ${r.before.toFixed(1)} KB, ${r.kb - r.before >= 0 ? '+' : ''}${(r.kb - r.before).toFixed(1)} KB${r.label.endsWith('property') ? ' (budget +10 KB)' : ''}`;
    console.log(`  ${r.label.padEnd(16)} ${r.kb.toFixed(1).padStart(6)} KB in ${String(r.files).padStart(2)} files${growth}`);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { root } = await import('../scripts/schema-files.mjs');
  process.env.NODE_ENV = 'production';
  printPageJs(await benchPageJs({ root }));
}
