// The performance goals, each as a ratio or a figure within one run (npm run bench; alone with
// BENCH_ONLY=goals): cached pages against /robots.txt of the same server, an uncached render against
// React's own renderToString of the same page data, 100 connections on uncached lists and detail
// pages with memory after GC, Lighthouse (mobile) cold and warm with the Nu validator.
// The server runs in a process of its own (bench/goals/server.mjs): the load generator here does not
// share its event loop, and it is a lean one (bench/load.mjs) whose cost per answer does not grow
// with the answer's size.
import { load } from './load.mjs';
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { benchDir } from './server.mjs';

export const BROWSER_ENCODING = { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** A built server in its own process; `stats()` is its memory after a full GC. */
export async function goalsServer({ root, pageCache = true, dataDir, metrics = true, env = {}, log }) {
  const child = fork(join(root, 'bench/goals/server.mjs'), [], {
    execArgv: ['--expose-gc'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      GOALS_ROOT: root,
      DATA_DIR: dataDir ?? benchDir('vitrine-goals-'),
      PAGE_CACHE: pageCache ? '1' : '0',
      METRICS: metrics ? '1' : '0',
      ...env,
      // `log`: the server's log at that level, as JSON lines on its stdout, which goes to /dev/null (bench/logs.mjs).
      ...(log ? { BENCH_LOG: log, LOG_FORMAT: 'json' } : {}),
    },
    stdio: ['ignore', log ? 'ignore' : 'inherit', 'inherit', 'ipc'],
  });
  const { port } = await new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code})`)));
  });
  const stats = () =>
    new Promise((resolve) => {
      const on = (m) => {
        if (m && 'rss' in m) {
          child.off('message', on);
          resolve(m);
        }
      };
      child.on('message', on);
      child.send('stats');
    });
  return {
    url: `http://127.0.0.1:${port}`,
    stats,
    close: () => new Promise((resolve) => (child.once('exit', resolve), child.kill('SIGTERM'))),
  };
}

export const cannon = ({ url, duration }) =>
  load({ url: new URL(url).origin, path: url.slice(new URL(url).origin.length), connections: 20, seconds: duration, headers: BROWSER_ENCODING });

/** A list and a detail page of the sample (the detail of the cheapest house for sale). */
export async function samplePaths(url) {
  const first = await (await fetch(`${url}/api/properties?lang=nl&goal=sale&sort=price-asc`)).json();
  const more = await (await fetch(`${url}/api/properties?lang=fr&page=2`)).json();
  return { list: '/nl/kopen/', detail: first.items[0].path, details: [...first.items, ...more.items].map((p) => p.path) };
}

/**
 * 2. Cached pages beside /robots.txt of the same server (a browser's Accept-Encoding), in `rounds`
 * rounds of robots.txt and the three pages one after the other, each for a share of `seconds`. A
 * page's ratio is the median of its ratios to the robots.txt of the same round: this machine's
 * throughput drifts within a minute (robots.txt alone gave 8,900 and 17,100 req/s in two runs back
 * to back, and a page measured once against a robots.txt measured once gave 0.59× in one run and
 * 0.97× in the next).
 */

export async function benchCached({ root, seconds = 8, rounds = 5 }) {
  const srv = await goalsServer({ root });
  try {
    const { list, detail } = await samplePaths(srv.url);
    for (const p of ['/nl/', list, detail]) for (let i = 0; i < 3; i++) await (await fetch(srv.url + p, { headers: BROWSER_ENCODING })).arrayBuffer();
    await new Promise((r) => setTimeout(r, 1500)); // the background Brotli of the three pages
    await cannon({ url: `${srv.url}/robots.txt`, duration: 3 });
    const routes = [
      ['/robots.txt', '/robots.txt'],
      ['home /nl/', '/nl/'],
      ['list /nl/kopen/', list],
      ['property detail', detail],
    ];
    const runs = routes.map(() => []);
    for (let k = 0; k < rounds; k++) for (const [i, [, p]] of routes.entries()) runs[i].push(await cannon({ url: srv.url + p, duration: seconds / rounds }));
    const [robots, ...rows] = runs.map((rs, i) => ({
      label: routes[i][0],
      rps: median(rs.map((r) => r.rps)),
      p99: median(rs.map((r) => r.p99)),
      errors: rs.reduce((a, r) => a + r.errors, 0),
      ratio: median(rs.map((r, k) => r.rps / runs[0][k].rps)),
    }));
    return { robots, rows };
  } finally {
    await srv.close();
  }
}

/**
 * 3a. An uncached page: the server's own time for it (Server-Timing total: resolve, data, render,
 * keep) beside React's renderToString of the same tree in the same request (Server-Timing react),
 * both as medians of `n` sequential requests. (Timed in another process, renderToString varied by
 * a factor of two between two runs of the same page: its JIT and garbage were not the server's.)
 */
export async function benchUncachedRender({ root, n = 150 }) {
  const srv = await goalsServer({ root, pageCache: false });
  try {
    const { list, detail } = await samplePaths(srv.url);
    const rows = [];
    for (const [label, path] of [
      ['home /nl/', '/nl/'],
      ['list /nl/kopen/', list],
      ['list, filtered', `${list}?minPrice=100000&bedrooms=2&sort=price-desc`],
      ['property detail', detail],
    ]) {
      const server = [];
      const react = [];
      const wall = [];
      const parts = { data: [], document: [], worker: [], keep: [] };
      let bytes = 0;
      // The first answers warm the server's code up; the medians are of the next `n`.
      for (let i = 0; i < 30; i++) await (await fetch(srv.url + path, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer();
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        const r = await fetch(srv.url + path, { headers: { 'accept-encoding': 'identity' } });
        bytes = (await r.arrayBuffer()).byteLength;
        wall.push(performance.now() - t);
        const timing = r.headers.get('server-timing') ?? '';
        const total = /total;dur=([\d.]+)/.exec(timing)?.[1];
        const own = /react;dur=([\d.]+)/.exec(timing)?.[1];
        if (!total || !own) throw new Error(`${path}: no Server-Timing of a rendered page (${timing})`);
        server.push(Number(total));
        react.push(Number(own));
        for (const [k, xs] of Object.entries(parts)) xs.push(Number(new RegExp(`${k};dur=([\\d.]+)`).exec(timing)?.[1] ?? NaN));
      }
      rows.push({
        label,
        server: median(server),
        wall: median(wall),
        react: median(react),
        parts: Object.fromEntries(Object.entries(parts).map(([k, xs]) => [k, median(xs)])),
        kb: bytes / 1024,
      });
    }
    return rows;
  } finally {
    await srv.close();
  }
}

/**
 * 3b. 100 connections on uncached lists (filters drawn from a wide space, so most are new to the
 * search cache) and detail pages (with a query string nobody asked before): rounds of `seconds`,
 * memory after a full GC after each.
 */
export async function benchUncachedLoad({ root, seconds = 30, rounds = 2 }) {
  const srv = await goalsServer({ root });
  try {
    const { details } = await samplePaths(srv.url);
    const lists = ['/fr/acheter/', '/nl/kopen/', '/en/for-rent/', '/fr/louer/', '/nl/huren/'];
    const sorts = ['price-asc', 'price-desc', 'newest', 'city'];
    let n = 0;
    let k = 0;
    const COMBINATIONS = lists.length * sorts.length * 3 * 400; // 24,000
    const path = () => {
      n++;
      if (n % 2) return `${details[n % details.length]}?utm_campaign=c${n}`;
      // Every combination once before any comes again (7919 is prime, so k·7919 mod 24,000 walks them all).
      let i = (k++ * 7919) % COMBINATIONS;
      const list = lists[i % lists.length];
      i = Math.floor(i / lists.length);
      const sort = sorts[i % sorts.length];
      i = Math.floor(i / sorts.length);
      const page = 1 + (i % 3);
      const min = 50_000 + Math.floor(i / 3) * 1000;
      return `${list}?minPrice=${min}&sort=${sort}&page=${page}`;
    };
    // Warm-up at full load: on a saturated 2-core machine V8's optimising compiler (background
    // threads) takes tens of seconds to get through the renderer's code, and the first 30 s after
    // a start run at about three quarters of the speed. Its figures are returned beside the rounds.
    const warm = await load({ url: srv.url, path, connections: 100, seconds: 20, headers: BROWSER_ENCODING });
    const before = await srv.stats();
    const out = [];
    for (let i = 0; i < rounds; i++) {
      const r = await load({
        url: srv.url,
        path,
        connections: 100,
        seconds,
        headers: BROWSER_ENCODING,
        group: (p) => (p.includes('utm_') ? 'detail pages' : 'filtered lists'),
      });
      const s = await srv.stats();
      out.push({
        rps: r.rps,
        p50: r.p50,
        p99: r.p99,
        errors: r.errors,
        byGroup: r.byGroup,
        rss: s.rss,
        served: s.served,
        loop: s.loop,
        rendered: s.served.rendered,
        answered: s.served.n,
      });
    }
    return { before: before.rss, warmup: { rps: warm.rps, p50: warm.p50, p99: warm.p99, errors: warm.errors }, rounds: out };
  } finally {
    await srv.close();
  }
}

export function median(xs) {
  if (!xs.length) return NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}
