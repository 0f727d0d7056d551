// SSR throughput of the built server: requests per second for the home page and the blog list,
// rendered on every request (page cache off) and from the page cache, beside the same server
// answering a prebuilt HTML string of the home page (the baseline of the ratios).
import autocannon from 'autocannon';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function benchSsr({ root, seconds = 8, connections = 20 }) {
  const { start } = await import(join(root, 'dist/server/main.js'));
  let prebuilt = '';
  const baseline = async (ctx, next) => {
    if (ctx.path !== '/__bench/prebuilt') return next();
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = prebuilt;
  };
  const serve = async (pageCache) => {
    const server = await start({ root, port: 0, host: '127.0.0.1', dataDir: mkdtempSync(join(tmpdir(), 'vitrine-bench-')), quiet: true, before: [baseline], pageCache });
    return { server, url: `http://127.0.0.1:${server.address().port}` };
  };
  const uncached = await serve(false);
  const cached = await serve(true);
  prebuilt = await (await fetch(`${uncached.url}/nl/`)).text();

  const run = async (label, url) => {
    const r = await autocannon({ url, connections, duration: seconds, headers: { 'accept-encoding': 'gzip' } });
    if (r.non2xx || r.errors) throw new Error(`${label}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { label, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, kb: r.throughput.average / r.requests.average / 1024 };
  };
  await run('warm-up', `${uncached.url}/nl/`);
  const rows = [
    await run('prebuilt HTML string', `${uncached.url}/__bench/prebuilt`),
    await run('SSR /nl/', `${uncached.url}/nl/`),
    await run('SSR /nl/immo-blog/', `${uncached.url}/nl/immo-blog/`),
    await run('cached /nl/', `${cached.url}/nl/`),
    await run('cached /nl/immo-blog/', `${cached.url}/nl/immo-blog/`),
  ];
  uncached.server.close();
  cached.server.close();
  return rows;
}
