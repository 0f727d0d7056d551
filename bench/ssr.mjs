// SSR throughput of the built server: requests per second for the home page and the blog list,
// and, in the same run and the same server, a prebuilt HTML string of the home page as baseline.
import autocannon from 'autocannon';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export async function benchSsr({ root, seconds = 8, connections = 20 }) {
  const { start, rendererModule } = await import(join(root, 'dist/server/main.js'));
  let prebuilt = '';
  const baseline = async (ctx, next) => {
    if (ctx.path !== '/__bench/prebuilt') return next();
    ctx.type = 'text/html; charset=utf-8';
    ctx.body = prebuilt;
  };
  const server = await start({ root, port: 0, host: '127.0.0.1', dataDir: mkdtempSync(join(tmpdir(), 'vitrine-bench-')), quiet: true, before: [baseline] });
  const url = `http://127.0.0.1:${server.address().port}`;
  prebuilt = await (await fetch(`${url}/nl/`)).text();

  const run = async (path) => {
    const r = await autocannon({ url: url + path, connections, duration: seconds, headers: { 'accept-encoding': 'gzip' } });
    if (r.non2xx || r.errors) throw new Error(`${path}: ${r.non2xx} non-2xx, ${r.errors} errors`);
    return { path, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, kb: r.throughput.average / r.requests.average / 1024 };
  };
  await run('/nl/'); // warm-up
  const rows = [await run('/__bench/prebuilt'), await run('/nl/'), await run('/nl/immo-blog/')];
  server.close();
  void rendererModule;
  return rows;
}
