// What the metrics (server/metrics/, issue 41 point 5) cost on cached pages: the same built server
// with metrics on and with none (start option `metrics: false`), each in a process of its own, the
// cached property page under the same load in alternating rounds; the ratio is the median of the
// rounds' ratios (this machine's throughput drifts within a minute: see bench/goals.mjs).
import { BROWSER_ENCODING, cannon, goalsServer, median, samplePaths } from './goals.mjs';

export async function benchMetricsCost({ root, seconds = 8, rounds = 5 }) {
  const token = `bench-${Math.random().toString(36).slice(2)}-metrics`;
  const on = await goalsServer({ root, metrics: true, env: { METRICS_TOKEN: token } });
  const off = await goalsServer({ root, metrics: false });
  try {
    const { detail } = await samplePaths(on.url);
    for (const srv of [on, off]) {
      for (let i = 0; i < 3; i++) await (await fetch(srv.url + detail, { headers: BROWSER_ENCODING })).arrayBuffer();
      await new Promise((r) => setTimeout(r, 1500)); // the background Brotli of the page
      await cannon({ url: srv.url + detail, duration: 2 });
    }
    const runs = { on: [], off: [] };
    for (let k = 0; k < rounds; k++) {
      // Which goes first alternates: neither always meets the machine warmer.
      const order = k % 2 ? ['off', 'on'] : ['on', 'off'];
      for (const which of order) runs[which].push(await cannon({ url: (which === 'on' ? on : off).url + detail, duration: seconds / rounds / 2 }));
    }
    // The series after the load, to show what the rounds were counted as.
    const scraped = await (await fetch(`${on.url}/metrics`, { headers: { authorization: `Bearer ${token}` } })).text();
    const hits = /vitrine_page_cache_requests_total\{result="hit"\} (\d+)/.exec(scraped)?.[1];
    return {
      on: median(runs.on.map((r) => r.rps)),
      off: median(runs.off.map((r) => r.rps)),
      ratio: median(runs.on.map((r, k) => r.rps / runs.off[k].rps)),
      errors: [...runs.on, ...runs.off].reduce((a, r) => a + r.errors, 0),
      hits: hits === undefined ? undefined : Number(hits),
    };
  } finally {
    await Promise.all([on.close(), off.close()]);
  }
}

export function printMetricsCost(r) {
  console.log(
    `Metrics cost: cached property page with metrics on ${r.on.toFixed(0)} req/s, off ${r.off.toFixed(0)} req/s: ratio ${r.ratio.toFixed(3)} (goal ≥ 0.95), errors ${r.errors}${r.hits === undefined ? '' : `; ${r.hits} page-cache hits counted`}`,
  );
}
