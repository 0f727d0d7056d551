// The server of the performance goals (bench/goals.mjs), in a process of its own so that the load
// generator does not share its event loop: the built server as `npm start` runs it (page cache on
// unless PAGE_CACHE=0, metrics unless METRICS=0), plus an IPC channel that reports memory after a full garbage collection.
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';

const root = process.env.GOALS_ROOT;
const { start } = await import(join(root, 'dist/server/main.js'));
const { samplePhotoSource } = await import(join(root, 'dist/server/sample.js'));
const server = await start({
  root,
  port: 0,
  host: '127.0.0.1',
  dataDir: process.env.DATA_DIR,
  // BENCH_LOG: the log at that level on stdout (bench/logs.mjs); else errors only.
  ...(process.env.BENCH_LOG ? { log: { level: process.env.BENCH_LOG } } : { quiet: true }),
  pageCache: process.env.PAGE_CACHE !== '0',
  smtpUrl: '',
  photoSource: samplePhotoSource,
  // The load asks for pages only: the sample's pictures are not drawn in the background meanwhile.
  drawAhead: false,
  listingsSync: null,
  // METRICS=0: no metrics at all (bench/metrics-cost.mjs compares); else as the environment says.
  ...(process.env.METRICS === '0' ? { metrics: false } : {}),
});
// The server's own view of each answer: from the request's headers read to its last byte handed to the socket.
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
let times = [];
let rendered = 0;
server.on('request', (req, res) => {
  const t = performance.now();
  res.once('finish', () => {
    times.push(performance.now() - t);
    if (res.getHeader('server-timing')) rendered++; // rendered for this answer, not from the page cache
  });
});
process.send({ port: server.address().port });
process.on('message', (m) => {
  if (m === 'stats') {
    global.gc();
    global.gc();
    const { rss, heapUsed } = process.memoryUsage();
    const sorted = times.sort((a, b) => a - b);
    const at = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
    process.send({
      rss,
      heapUsed,
      served: { n: sorted.length, rendered, p50: at(0.5), p99: at(0.99) },
      loop: { max: loop.max / 1e6, p99: loop.percentile(99) / 1e6 },
    });
    times = [];
    rendered = 0;
    loop.reset();
  }
});
process.on('SIGTERM', () => void server.stop().then(() => process.exit(0)));
