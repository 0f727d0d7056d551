// npm run bench: prints figures and ratios (never part of npm test).
import { root } from './schema-files.mjs';
import { buildAll, buildIsCurrent } from './build.mjs';
import { benchSsr } from '../bench/ssr.mjs';

process.env.NODE_ENV = 'production';
if (!buildIsCurrent()) buildAll({ quiet: true });

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
console.log(`SSR throughput (${seconds} s per route, 20 connections, gzip)`);
const rows = await benchSsr({ root, seconds });
const base = rows[0].rps;
console.log('route'.padEnd(24), 'req/s'.padStart(9), 'p50 ms'.padStart(8), 'p99 ms'.padStart(8), 'KB/resp'.padStart(8), 'vs prebuilt'.padStart(12));
for (const r of rows) {
  console.log(
    r.label.padEnd(24),
    r.rps.toFixed(0).padStart(9),
    String(r.p50).padStart(8),
    String(r.p99).padStart(8),
    r.kb.toFixed(1).padStart(8),
    (r.rps / base).toFixed(2).padStart(12),
  );
}
