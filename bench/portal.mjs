// Owner portal figures:
// 1. What counting property views costs a property detail page: req/s with view counting on vs
//    off, rendered on every request (page cache off) and from the page cache, plus the check that
//    every answered request was counted.
// 2. Portal API latency (sequential, p50/p95) for a property with 365 days of figures from the
//    site and three portal websites, and 400 requests about it.
import autocannon from 'autocannon';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { benchDir } from './server.mjs';

const BROWSER_UA = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36';
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function server(root, { countViews, pageCache, dataDir }) {
  const { start } = await import(join(root, 'dist/server/main.js'));
  const dir = dataDir ?? benchDir('vitrine-bench-portal-');
  const srv = await start({ root, port: 0, host: '127.0.0.1', dataDir: dir, quiet: true, pageCache, countViews, smtpUrl: '' });
  return { url: `http://127.0.0.1:${srv.address().port}`, dataDir: dir, close: () => srv.stop() };
}

async function rps(url, seconds) {
  const r = await autocannon({ url, connections: 20, duration: seconds, headers: { 'accept-encoding': 'gzip', 'user-agent': BROWSER_UA } });
  if (r.non2xx || r.errors) throw new Error(`${url}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, requests: r.requests.sent };
}

export async function benchPortalViews({ root, seconds = 8 }) {
  const rows = [];
  for (const pageCache of [false, true]) {
    const pair = {};
    for (const countViews of [false, true]) {
      const s = await server(root, { countViews, pageCache });
      const list = await (await fetch(`${s.url}/api/properties?lang=nl&goal=sale&pageSize=1`)).json();
      const { path, id } = list.items[0];
      const warm = await rps(s.url + path, 2);
      const r = await rps(s.url + path, seconds);
      await s.close();
      let counted = 0;
      if (countViews) {
        // The last batch is written as the server closes: read the stats collection once it is there.
        const expected = warm.requests + r.requests;
        for (let i = 0; i < 50 && counted < expected; i++) {
          await new Promise((res) => setTimeout(res, 100));
          try {
            const stats = JSON.parse(readFileSync(join(s.dataDir, 'stats.json'), 'utf8'));
            counted = Object.values(stats.views[String(id)] ?? {}).reduce((a, b) => a + b, 0);
          } catch {
            /* not written yet */
          }
        }
        r.expected = expected;
      }
      pair[countViews ? 'on' : 'off'] = { ...r, counted };
    }
    rows.push({ label: pageCache ? 'cached property page' : 'SSR property page', ...pair });
  }
  return rows;
}

export async function benchPortalApi({ root, requests = 300 }) {
  const dataDir = benchDir('vitrine-bench-portal-api-');
  const { addOwner, OwnerAccounts, importFile } = await import(join(root, 'dist/server/main.js'));
  const sample = JSON.parse(readFileSync(join(root, 'site-config/listings/sample.json'), 'utf8'));
  const id = sample.properties.find((p) => p.OwnerRef === 'owner-001').ID;
  const day = (n) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
  const year = Array.from({ length: 365 }, (_, i) => day(i));
  for (const p of sample.properties) {
    if (p.ID === id)
      p.PortalStats = ['Immoweb', 'Zimmo', 'Logic-immo'].map((Source, k) => ({
        Source,
        Url: `https://portal${k}.example/${id}`,
        Visits: year.map((Date, i) => ({ Date, Count: (i * (k + 3)) % 41 })),
      }));
  }
  const feed = join(dataDir, 'crm.json');
  writeFileSync(feed, JSON.stringify(sample));
  const { entry } = await importFile({ root, dataDir, file: feed });
  if (entry.result !== 'accepted') throw new Error(`bench import: ${entry.reason}`);
  writeFileSync(join(dataDir, 'stats.json'), JSON.stringify({ views: { [id]: Object.fromEntries(year.map((d, i) => [d, (i * 7) % 53])) } }));
  const kinds = ['contact-me', 'document-request', 'send-to-friend', 'contact-appointment'];
  const submissions = Array.from({ length: 400 }, (_, i) => ({
    id: `b${i}`,
    kind: kinds[i % 4],
    lang: 'fr',
    createdAt: new Date(Date.now() - i * 3_600_000).toISOString(),
    page: null,
    propertyId: id,
    status: 'new',
    fields: { message: `Request ${i}` },
    ...(i % 4 === 3 ? { appointment: { start: new Date(Date.now() + i * 3_600_000).toISOString(), status: 'confirmed' } } : {}),
  }));
  writeFileSync(join(dataDir, 'leads.json'), JSON.stringify({ submissions, outbox: [] }));
  await addOwner(OwnerAccounts.inDataDir(dataDir), { username: 'bench.owner@example.be', password: 'bench password 1', lang: 'fr', ref: 'owner-001' });
  const s = await server(root, { countViews: true, pageCache: true, dataDir });
  const login = await fetch(`${s.url}/api/owner/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'bench.owner@example.be', password: 'bench password 1', lang: 'fr' }),
  });
  if (login.status !== 200) throw new Error(`bench login: ${login.status}`);
  const cookie = login.headers.getSetCookie()[0].split(';')[0];
  const times = [];
  let bytes = 0;
  for (let i = 0; i < requests + 20; i++) {
    const t = performance.now();
    const r = await fetch(`${s.url}/api/owner/properties/${id}?lang=fr`, { headers: { cookie, 'accept-encoding': 'gzip' } });
    const body = await r.arrayBuffer();
    if (r.status !== 200) throw new Error(`portal API: ${r.status}`);
    if (i >= 20) {
      times.push(performance.now() - t);
      bytes = body.byteLength;
    }
  }
  await s.close();
  return { requests, p50: pct(times, 50), p95: pct(times, 95), kb: bytes / 1024 };
}
