// The editor's lists on a big site (issue 38): 500 pages and 5,000 revisions in the data folder
// (each page saved ten times — texts changed, modules added and taken off, some pages deleted),
// then the answers staff wait for: the pages list, the articles list, the trash, a page's history
// and the comparison of two of its versions. Median of 15 requests each, after one to warm up;
// the goal is ≤ 200 ms.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDir } from './server.mjs';

const PAGES = 500;
const SAVES = 10;
const FIRST_ID = 1000;

/** A page's version `v`: its texts say which save it is; every third save adds a Text module, every fourth takes one off. */
function pageVersion(id, v) {
  const modules = [];
  for (let m = 0; m <= v; m++) {
    if (m % 3 !== 0 || (m > 0 && m % 4 === 0)) continue;
    modules.push({
      id: id * 100 + m,
      view: 'text',
      version: 1,
      status: 'Published',
      span: 12,
      sort: modules.length + 1,
      body: { nl: `<p>Tekst ${m} van pagina ${id}, versie ${v}.</p>`, fr: `<p>Texte ${m} de la page ${id}, version ${v}.</p>`, en: `<p>Text ${m}.</p>` },
    });
  }
  return {
    id,
    parentId: null,
    name: `bench-${id}`,
    path: `/bench-${id}/`,
    localizedPath: { nl: `pagina-${id}`, fr: `page-${id}`, en: `page-${id}` },
    status: 'Hidden',
    type: 'page',
    sort: 100 + id,
    title: { nl: `Pagina ${id} (versie ${v})`, fr: `Page ${id}`, en: v % 2 ? `Page ${id}` : `Page ${id} (v${v})` },
    description: { nl: `Beschrijving ${id} ${'woorden '.repeat(v)}`.trim(), fr: `Description ${id}`, en: `Description ${id}` },
    modules,
  };
}

/** The data folder: revisions.json with PAGES × SAVES revisions (every 25th page deleted at its last save). */
export function bigSite(dir) {
  const revisions = [];
  let rev = 0;
  const at = (n) => new Date(Date.UTC(2026, 10, 1) + n * 60_000).toISOString();
  for (let v = 0; v < SAVES; v++)
    for (let p = 0; p < PAGES; p++) {
      const id = FIRST_ID + p;
      const deleted = v === SAVES - 1 && p % 25 === 0;
      rev++;
      revisions.push({
        key: `page:${id}`,
        rev,
        at: at(rev),
        by: 'bench.editor@atrium.example',
        summary: deleted ? 'deleted' : 'bench',
        data: deleted ? null : pageVersion(id, v),
        published: true,
        ...(deleted ? { action: 'delete' } : {}),
      });
    }
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'revisions.json'), JSON.stringify({ revisions }));
  return { pages: PAGES, revisions: revisions.length, page: FIRST_ID + 1 };
}

export async function benchEditorLists({ root, runs = 15 }) {
  const { start, StaffAccounts, addStaff } = await import(join(root, 'dist/server/main.js'));
  const dataDir = benchDir('vitrine-bench-editor-lists-');
  const site = bigSite(dataDir);
  const server = await start({ root, port: 0, host: '127.0.0.1', dataDir, quiet: true, smtpUrl: '' });
  const url = `http://127.0.0.1:${server.address().port}`;
  const username = 'bench.lists@atrium.example';
  const password = 'a long bench password';
  await addStaff(StaffAccounts.inDataDir(dataDir), { username, password, role: 'editor' });
  const login = await fetch(`${url}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ username, password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const history = await (await fetch(`${url}/api/admin/docs/page:${site.page}/history`, { headers: { cookie } })).json();
  const revs = history.revisions.map((r) => r.rev);
  const paths = [
    ['pages list', '/api/admin/pages'],
    ['articles list', '/api/admin/articles'],
    ['trash', '/api/admin/trash'],
    [`history of a page (${revs.length} versions)`, `/api/admin/docs/page:${site.page}/history`],
    ['two versions compared', `/api/admin/docs/page:${site.page}/compare?a=${revs.at(-1)}&b=${revs[0]}`],
  ];
  const rows = [];
  for (const [label, path] of paths) {
    const times = [];
    let bytes = 0;
    for (let i = 0; i <= runs; i++) {
      const t0 = performance.now();
      const r = await fetch(url + path, { headers: { cookie, 'accept-encoding': 'gzip' } });
      const body = await r.arrayBuffer();
      if (r.status !== 200) throw new Error(`${path}: ${r.status}`);
      if (i > 0) times.push(performance.now() - t0);
      bytes = body.byteLength;
    }
    times.sort((a, b) => a - b);
    rows.push({ label, median: times[Math.floor(times.length / 2)], max: times.at(-1), kb: bytes / 1024 });
  }
  await new Promise((r) => server.close(() => r()));
  return { ...site, rows };
}
