// A built server for benchmarks, with an extra route answering a prebuilt HTML string through the
// same middleware (the baseline every SSR figure is compared with).
import autocannon from 'autocannon';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const PREBUILT = '/__bench/prebuilt';

const made = [];
process.once('exit', () => {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
});
/** A new folder under the system's temporary folder, removed when the bench ends (a data folder with the sample's pictures is about 30 MB). */
export function benchDir(prefix) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  made.push(dir);
  return dir;
}

/**
 * A built server. The sample's pictures are drawn on request unless `drawAhead` (the background
 * drawing of a production start is about a minute of CPU, which would weigh on every figure);
 * `picturesFrom`: a data folder whose picture cache this server starts with (see picturesDrawn).
 */
export async function benchServer({ root, pageCache = false, dataDir, drawAhead = false, picturesFrom, pictureLimits }) {
  const { start } = await import(join(root, 'dist/server/main.js'));
  const { samplePhotoSource } = await import(join(root, 'dist/server/sample.js'));
  const state = { html: '' };
  const baseline = async (ctx, next) => {
    if (ctx.path !== PREBUILT) return next();
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = state.html;
  };
  const dir = dataDir ?? benchDir('vitrine-bench-');
  if (picturesFrom) cpSync(join(picturesFrom, 'cache'), join(dir, 'cache'), { recursive: true });
  // Mail goes to .eml files: the bench measures what the site does, not a mail server.
  const server = await start({
    root,
    port: 0,
    host: '127.0.0.1',
    dataDir: dir,
    quiet: true,
    before: [baseline],
    pageCache,
    smtpUrl: '',
    formRate: { max: 1e9, windowMs: 60_000 },
    photoSource: samplePhotoSource,
    drawAhead,
    pictureLimits,
  });
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    dataDir: dir,
    picturesMade: () => server.picturesMade(),
    /** The prebuilt route answers what `path` renders now. */
    prebuild: async (path) => (state.html = await (await fetch(url + path)).text()),
    close: () => server.stop(),
  };
}

let drawn;
/**
 * A data folder in which the sample's pictures are drawn at every width a page's first view asks
 * for, as a production server has them once the background run after the import (its first start,
 * for the sample) has ended; made once per bench run, with both cores.
 */
export function picturesDrawn(root) {
  drawn ??= (async () => {
    const t = performance.now();
    const srv = await benchServer({ root, drawAhead: true, pictureLimits: { resizes: 2 } });
    const report = await srv.picturesMade();
    srv.close();
    if (!report || report.cancelled) throw new Error('drawing the sample pictures ahead did not end');
    return { dir: srv.dataDir, pictures: report.pictures, seconds: (performance.now() - t) / 1000 };
  })();
  return drawn;
}

/** Requests per second and latency of one URL under `connections` concurrent clients. */
export async function load(label, url, { seconds, connections = 20 }) {
  const r = await autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'gzip' } });
  if (r.non2xx || r.errors) throw new Error(`${label}: ${r.non2xx} non-2xx, ${r.errors} errors`);
  return { label, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, kb: r.throughput.average / r.requests.average / 1024 };
}
