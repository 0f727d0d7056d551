// The editor's figures:
// 1. Bundle weight (gzip): what /admin/ loads before the first screen (its entry and the chunks it
//    imports), the lazy screens on top, and how much of it the public site never loads.
// 2. Time to open a page with 30 modules in the editor (Chromium, logged in): from navigation to
//    the 30 modules listed and the page settings form ready; median of 5.
// 3. Time to open a 5,000-word article (per language) in the editor: from navigation to its text in
//    the rich-text editor (a chunk of its own) and the form ready; median of 5.
// 4. Each screen's own chunk (gzip): what opening it adds to the first screen.
import { chromium } from 'playwright-core';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import { benchDir } from './server.mjs';

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
  // The editor is built apart from the site, with a manifest of its own (vite.config.ts).
  const site = JSON.parse(readFileSync(join(dir, '.vite/manifest.json'), 'utf8'));
  const manifest = JSON.parse(readFileSync(join(dir, '.vite/editor-manifest.json'), 'utf8'));
  // Each file once: a stylesheet several chunks import is downloaded once.
  const gz = (keys) => {
    const files = new Set([...keys].flatMap((k) => [manifest[k].file, ...(manifest[k].css ?? [])]));
    return [...files].reduce((n, f) => n + gzipSync(readFileSync(join(dir, f))).length, 0) / 1024;
  };
  const publicFiles = new Set([...reach(site, 'renderer/entry-client.tsx', { dynamic: true })].map((k) => site[k].file));
  const initial = reach(manifest, 'editor/main.tsx', { dynamic: false });
  const all = reach(manifest, 'editor/main.tsx', { dynamic: true });
  const own = new Set([...all].filter((k) => !publicFiles.has(manifest[k].file)));
  // Each lazily loaded screen (and the rich-text field): what it adds to what the first screen loaded.
  const lazy = (manifest['editor/App.tsx'] ?? manifest['editor/main.tsx']).dynamicImports ?? [];
  const rich = Object.keys(manifest).filter((k) => k.endsWith('RichTextField.tsx'));
  const name = (k) =>
    (manifest[k]?.name ?? k)
      .replace(/^editor\//, '')
      .replace(/\.tsx$/, '')
      .replace(/^_/, '');
  const screens = lazy.map((k) => ({ name: name(k), kb: gz([...reach(manifest, k, { dynamic: false })].filter((x) => !initial.has(x))) }));
  // The rich-text field: what it adds to the article screen that loads it.
  const article = lazy.find((k) => k.includes('ArticleEditor'));
  const before = new Set([...initial, ...(article ? reach(manifest, article, { dynamic: false }) : [])]);
  for (const k of rich)
    screens.push({ name: 'rich-text field (on top of Articles)', kb: gz([...reach(manifest, k, { dynamic: false })].filter((x) => !before.has(x))) });
  // The first screen a staff member waits for (issue 38: ≤ 150 KB): the entry, the editor's texts in
  // their language and its field words (each a chunk of its own), and the pages screen after login.
  const pages = lazy.find((k) => k.endsWith('screens/Pages.tsx'));
  const firstScreen = Object.fromEntries(
    ['nl', 'fr', 'en'].map((l) => {
      const keys = new Set(initial);
      for (const k of [`editor/i18n/${l}.ts`, `editor/i18n/words/${l}.ts`, pages])
        if (k && manifest[k]) for (const x of reach(manifest, k, { dynamic: false })) keys.add(x);
      return [l, gz(keys)];
    }),
  );
  return { initialKb: gz(initial), firstScreen, allKb: gz(all), ownKb: gz(own), chunks: all.size, screens };
}

export async function benchEditorOpen({ root, modules = 30, runs = 5 }) {
  const { start, StaffAccounts, addStaff } = await import(join(root, 'dist/server/main.js'));
  const dataDir = benchDir('vitrine-bench-editor-');
  const server = await start({ root, port: 0, host: '127.0.0.1', dataDir, quiet: true, smtpUrl: '' });
  const url = `http://127.0.0.1:${server.address().port}`;
  const username = 'bench.editor@atrium.example';
  const password = 'a long bench password';
  await addStaff(StaffAccounts.inDataDir(dataDir), { username, password, role: 'editor' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
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
      id,
      parentId: null,
      name: 'bench',
      path: '/bench/',
      localizedPath: { nl: 'bench', fr: 'bench', en: 'bench' },
      status: 'Hidden',
      type: 'page',
      sort: 99,
      title: { nl: 'Bench', fr: 'Bench', en: 'Bench' },
      modules: Array.from({ length: modules }, (_, i) => {
        const type = types[i % types.length];
        // A Text module carries its text (required in every language in use).
        const text = type.view === 'text' ? { body: { nl: `<p>Tekst ${i + 1}</p>`, fr: `<p>Texte ${i + 1}</p>`, en: `<p>Text ${i + 1}</p>` } } : {};
        return { ...type.defaults, ...text, id: reg.maxModuleId + 1 + i, title: { nl: `Module ${i + 1}`, fr: `Module ${i + 1}`, en: `Module ${i + 1}` } };
      }),
    };
    await call('PUT', `/docs/page:${id}`, { data: page, baseRev: 0, publish: true });
    const times = [];
    for (let i = 0; i < runs + 1; i++) {
      const tab = await context.newPage();
      const t0 = performance.now();
      await tab.goto(`/admin/pages/${id}`);
      await tab
        .locator('[data-module-id]')
        .nth(modules - 1)
        .waitFor();
      await tab.locator('form').first().waitFor();
      const ms = performance.now() - t0;
      if (i > 0) times.push(ms); // the first run warms the server and the disk cache
      await tab.close();
    }
    times.sort((a, b) => a - b);

    // An article of 5,000 words per language: headings every 250 words, paragraphs of 50, a list now and then.
    const words = 'la maison de ville lumineuse offre un jardin calme et une cuisine équipée près des transports'.split(' ');
    const longText = (lang) => {
      let html = '';
      for (let w = 0; w < 5000; w += 50) {
        if (w % 250 === 0) html += `<h2>Partie ${w / 250 + 1} (${lang})</h2>`;
        const para = Array.from({ length: 50 }, (_, k) => words[(w + k) % words.length]).join(' ');
        html += w % 500 === 0 ? `<ul><li><p>${para}</p></li></ul>` : `<p>${para}.</p>`;
      }
      return html;
    };
    const articleId = 'bench-long-article';
    const article = {
      id: articleId,
      category: 'blog',
      column: 'seller',
      date: '2026-11-20',
      status: 'Published',
      title: { nl: 'Lang artikel', fr: 'Article long', en: 'Long article' },
      body: { nl: longText('nl'), fr: longText('fr'), en: longText('en') },
    };
    await call('PUT', `/docs/article:${articleId}`, { data: article, baseRev: 0, publish: true });
    const articleTimes = [];
    for (let i = 0; i < runs + 1; i++) {
      const tab = await context.newPage();
      const t0 = performance.now();
      await tab.goto(`/admin/articles/${articleId}`);
      await tab.locator('.ProseMirror h2').nth(19).waitFor();
      await tab.locator('form').first().waitFor();
      const ms = performance.now() - t0;
      if (i > 0) articleTimes.push(ms);
      await tab.close();
    }
    articleTimes.sort((a, b) => a - b);
    return {
      modules,
      medianMs: times[Math.floor(times.length / 2)],
      minMs: times[0],
      maxMs: times.at(-1),
      article: { words: 5000, medianMs: articleTimes[Math.floor(articleTimes.length / 2)], minMs: articleTimes[0], maxMs: articleTimes.at(-1) },
    };
  } finally {
    await browser.close();
    await new Promise((r) => server.close(() => r()));
  }
}
