// CDN pictures: what a visitor waits for when a listing photo comes from the CRM's picture CDN.
// A loopback "CDN" serves photo-like JPEGs (3000×2000, camera-sized); the site's image route is
// timed cold (fetch + check + normalise + resize), from the kept original (resize only) and cached,
// and the background fetch after an import is timed with what the first visitor then waits for.
import { createServer } from 'node:http';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import { benchDir } from './server.mjs';

const PROPERTIES = 20;
const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function cdn() {
  // Noise, blurred a little: about the entropy (and so the file size and decode cost) of a real photo.
  const photo = await sharp({ create: { width: 3000, height: 2000, channels: 3, noise: { type: 'gaussian', mean: 128, sigma: 40 } } })
    .blur(1.5)
    .jpeg({ quality: 85 })
    .toBuffer();
  let requests = 0;
  const server = createServer((req, res) => {
    requests++;
    res.writeHead(200, { 'content-type': 'image/jpeg', 'content-length': photo.length });
    res.end(photo);
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${server.address().port}`, bytes: photo.length, requests: () => requests, close: () => server.close() };
}

/** The sample listings, cut to PROPERTIES properties whose pictures are on the CDN. */
function listingsOn(base, root) {
  const sample = JSON.parse(readFileSync(join(root, 'site-config/listings/sample.json'), 'utf8'));
  const ids = [...new Set(sample.properties.map((p) => p.ID))].slice(0, PROPERTIES);
  // The sample's pictures (https://pictures.vitrine-sample.invalid/{id}/{n}.jpg?v=…) moved to this CDN.
  const at = (url) => {
    const [, project = '', id, n] = /\/(project-)?(\d+)\/(\d+)\.jpg/.exec(url);
    return `${base}/${project}${id}/${n}.jpg?v=1731000000`;
  };
  const properties = sample.properties
    .filter((p) => ids.includes(p.ID))
    .map((p) => ({
      ...p,
      ProjectID: null,
      Pictures: p.Pictures.map((x) => ({ ...x, Url: at(x.Url) })),
      SmallPictureItem: p.SmallPictureItem && { ...p.SmallPictureItem, Url: at(p.SmallPictureItem.Url) },
      XLargePictureItem: p.XLargePictureItem && { Url: at(p.XLargePictureItem.Url) },
    }));
  return { data: { ...sample, properties, projects: [] }, ids };
}

async function site(root, cdnUrl, limits) {
  const { start, importFile } = await import(join(root, 'dist/server/main.js'));
  const dataDir = benchDir('vitrine-bench-pictures-');
  const configDir = join(dataDir, 'site-config');
  cpSync(join(root, 'site-config'), configDir, { recursive: true });
  const siteJson = JSON.parse(readFileSync(join(configDir, 'site.json'), 'utf8'));
  writeFileSync(join(configDir, 'site.json'), JSON.stringify({ ...siteJson, listings: { pictureHosts: ['127.0.0.1'], allowPrivatePictureHosts: true } }));
  const { data, ids } = listingsOn(cdnUrl, root);
  writeFileSync(join(dataDir, 'crm.json'), JSON.stringify(data));
  const { entry } = await importFile({ root, dataDir, configDir, file: join(dataDir, 'crm.json') });
  if (entry.result !== 'accepted') throw new Error(`the bench listings did not import: ${entry.reason}`);
  const server = await start({ root, port: 0, host: '127.0.0.1', dataDir, configDir, quiet: true, smtpUrl: '', pictureLimits: limits });
  const url = `http://127.0.0.1:${server.address().port}`;
  const pictures = data.properties.filter((p) => p.language === 'nl').reduce((n, p) => n + p.Pictures.length, 0);
  return { url, ids, pictures, made: () => server.picturesMade(), close: () => server.stop() };
}

async function timed(url) {
  const t = performance.now();
  const r = await fetch(url);
  await r.arrayBuffer();
  if (r.status !== 200 || r.headers.get('x-placeholder')) throw new Error(`${url}: ${r.status} ${r.headers.get('x-placeholder') ?? ''}`);
  return performance.now() - t;
}

export async function benchPictures({ root }) {
  const c = await cdn();
  // 1. No background fetch: the first visitor pays for everything.
  const a = await site(root, c.url, { fetches: 0 });
  const cold = [];
  const kept = [];
  const cached = [];
  for (const id of a.ids) cold.push(await timed(`${a.url}/media/listings/${id}/2.jpg?w=600`));
  for (const id of a.ids) kept.push(await timed(`${a.url}/media/listings/${id}/2.jpg?w=400`));
  for (let round = 0; round < 5; round++) for (const id of a.ids) cached.push(await timed(`${a.url}/media/listings/${id}/2.jpg?w=600`));
  await a.close();
  // 2. With the background fetch after the import: time it, then what the first visitor waits for.
  const t0 = performance.now();
  const b = await site(root, c.url, {});
  // Done when every original is kept and made at the widths a first view asks for (server/listings/picture-plan.ts).
  const report = await b.made();
  if (report.fetched !== b.pictures) throw new Error(`the background fetch fetched ${report.fetched} of ${b.pictures} pictures`);
  const prefetchS = (performance.now() - t0) / 1000;
  const first = [];
  for (const id of b.ids) first.push(await timed(`${b.url}/media/listings/${id}/1.jpg?w=400`));
  await b.close();
  c.close();
  return {
    originalKb: c.bytes / 1024,
    cold: { p50: pct(cold, 50), max: Math.max(...cold) },
    kept: { p50: pct(kept, 50), max: Math.max(...kept) },
    cached: { p50: pct(cached, 50), p95: pct(cached, 95) },
    prefetch: { pictures: b.pictures, seconds: prefetchS, firstP50: pct(first, 50) },
    n: a.ids.length,
  };
}
