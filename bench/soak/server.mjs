// The server of `npm run soak`, in a process of its own (so that a SIGKILL is real): the built
// server as `npm start` runs it, plus an IPC channel that reports its memory after a full garbage
// collection and the longest time its event loop was held since the last reset.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';

const root = process.env.SOAK_ROOT;
const { start } = await import(join(root, 'dist/server/main.js'));
const loop = monitorEventLoopDelay({ resolution: 5 });
loop.enable();
const server = await start({ root, port: Number(process.env.SOAK_PORT ?? 0), host: '127.0.0.1', dataDir: process.env.DATA_DIR, quiet: true });
process.send({ port: server.address().port });
let cpu = process.cpuUsage();
process.on('message', (m) => {
  if (m === 'reset') {
    loop.reset();
    cpu = process.cpuUsage();
    process.send({ reset: true });
  } else if (m === 'rss') {
    process.send({ rss: process.memoryUsage.rss() });
  } else if (m === 'stats') {
    // CPU the process used since the reset (all threads): a request cannot hold the loop longer than
    // the CPU it costs; a longer delay means the machine did not give the process a core.
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    global.gc();
    global.gc();
    const { rss, heapUsed } = process.memoryUsage();
    process.send({ rss, heapUsed, cpuMs, maxDelayMs: loop.max / 1e6, p99DelayMs: loop.percentile(99) / 1e6 });
  }
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
