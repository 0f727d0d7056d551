// The editor's figures:
// 1. Bundle weight (gzip): what /admin/ loads before the first screen (its entry and the chunks it
//    imports), the lazy screens on top, and how much of it the public site never loads.
// 2. Time to open a page with 30 modules in the editor (Chromium, logged in): from navigation to
//    the 30 modules listed and the page settings form ready; median of 5.
import { chromium } from 'playwright-core';
import { readFileSync, mkdtempSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

function reach(manifest, key, { dynamic }) {
  const seen = new Set();
  const walk = (k) => {
    const c = manifest[k];
    if (!c || seen.has(k)) return;
    seen.add(k);
    for (const i of c.imports ?? []) walk(i);
    if (dynamic) for (const i of c.dynamicImports ?? []) walk(i);
  };
  walk(key);
  return seen;
}

export function editorBundle({ root }) {
  const dir = join(root, 'dist/client');
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'));
  const gz = (keys) => [...keys].reduce((n, k) => n + gzipSync(readFileSync(join(dir, manifest[k].file))).length + (manifest[k].css ?? []).reduce((m, c) => m + gzipSync(readFileSync(join(dir, c))).length, 0), 0) / 1024;
  const publicAll = reach(manifest, 'renderer/entry-client.tsx', { dynamic: true });
  const initial = reach(manifest, 'editor/main.tsx', { dynamic: false });
  const all = reach(manifest, 'editor/main.tsx', { dynamic: true });
  const own = new Set([...all].filter((k) => !publicAll.has(k)));
  return { initialKb: gz(initial), allKb: gz(all), ownKb: gz(own), chunks: all.size };
}

export async function benchEditorOpen({ root, modules = 30, runs = 5 }) {
  const { start, StaffAccounts, addStaff } = await import(join(root, 'dist/server/main.js'));
  const dataDir = mkdtempSync(join(tmpdir(), 'vitrine-bench-editor-'));
  const server = await start({ root, port: 0, host: '127.0.0.1', dataDir, quiet: true, smtpUrl: '' });
  const url = `http://127.0.0.1:${server.address().port}`;
  const username = 'bench.editor@atrium.example';
  const password = 'a long bench password';
  await addStaff(StaffAccounts.inDataDir(dataDir), { username, password, role: 'editor' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, baseURL: url });
    const login = await context.request.post('/api/admin/login', { data: { username, password }, headers: { origin: url } });
    const { csrf } = await login.json();
    const call = async (method, path, data) => {
      const r = await context.request.fetch(`/api/admin${path}`, { method, data, headers: { origin: url, 'x-csrf-token': csrf } });
      if (!r.ok()) throw new Error(`${method} ${path}: ${r.status()} ${await r.text()}`);
      return r.json();
    };
    // A page of 30 modules, of every registered type in turn, made through the editor's API.
    const reg = await call('GET', '/registry');
    const id = reg.maxPageId + 1;
    const types = reg.modules.filter((m) => m.category === 'content' || m.category === 'listings');
    const page = {
      id, parentId: null, name: 'bench', path: '/bench/', localizedPath: { nl: 'bench', fr: 'bench', en: 'bench' }, status: 'Hidden', type: 'page', sort: 99,
      title: { nl: 'Bench', fr: 'Bench', en: 'Bench' },
      modules: Array.from({ length: modules }, (_, i) => ({ ...types[i % types.length].defaults, id: reg.maxModuleId + 1 + i, title: { nl: `Module ${i + 1}`, fr: `Module ${i + 1}`, en: `Module ${i + 1}` } })),
    };
    await call('PUT', `/docs/page:${id}`, { data: page, baseRev: 0, publish: true });
    const times = [];
    for (let i = 0; i < runs + 1; i++) {
      const tab = await context.newPage();
      const t0 = performance.now();
      await tab.goto(`/admin/pages/${id}`);
      await tab.locator('[data-module-id]').nth(modules - 1).waitFor();
      await tab.locator('form').first().waitFor();
      const ms = performance.now() - t0;
      if (i > 0) times.push(ms); // the first run warms the server and the disk cache
      await tab.close();
    }
    times.sort((a, b) => a - b);
    return { modules, medianMs: times[Math.floor(times.length / 2)], minMs: times[0], maxMs: times.at(-1) };
  } finally {
    await browser.close();
    await new Promise((r) => server.close(() => r()));
  }
}
