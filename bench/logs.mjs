// The cost of the logs (issue 41: logs and metrics cost at most 5 % of cached-page throughput):
// two built servers side by side, each in its own process, one writing its log at info (an access
// line per request, JSON on its stdout, which goes to /dev/null) and one silent; cached pages asked
// of each in turn, round after round. A page's ratio is the median of its rounds' ratios (logged
// over silent): this machine's throughput drifts within a minute (see bench/goals.mjs).
import { BROWSER_ENCODING, cannon, goalsServer, median, samplePaths } from './goals.mjs';

// `on` and `off` are the two servers' settings (goalsServer's): by default the log at info against a
// silent log, both with their metrics; `npm run bench` also compares the log at info with the metrics
// against a silent log without metrics (what issue 41 allows them together: at most 5 %).
export async function benchLogCost({ root, seconds = 8, rounds = 5, on = { log: 'info' }, off = { log: 'silent' } }) {
  const [logged, silent] = [await goalsServer({ root, ...on }), await goalsServer({ root, ...off })];
  try {
    const { detail } = await samplePaths(logged.url);
    const pages = [
      ['home /nl/', '/nl/'],
      ['property detail', detail],
    ];
    for (const srv of [logged, silent])
      for (const [, p] of pages) for (let i = 0; i < 3; i++) await (await fetch(srv.url + p, { headers: BROWSER_ENCODING })).arrayBuffer();
    await new Promise((r) => setTimeout(r, 1500)); // the background Brotli of the pages
    for (const srv of [logged, silent]) await cannon({ url: `${srv.url}/nl/`, duration: 2 });
    const rows = pages.map(([label]) => ({ label, rounds: [] }));
    for (let k = 0; k < rounds; k++)
      for (const [i, [, p]] of pages.entries()) {
        // Which goes first alternates: neither always meets the machine as the other left it.
        const first = k % 2 ? silent : logged;
        const second = first === logged ? silent : logged;
        const a = await cannon({ url: first.url + p, duration: seconds / rounds });
        const b = await cannon({ url: second.url + p, duration: seconds / rounds });
        rows[i].rounds.push(first === logged ? { on: a, off: b } : { on: b, off: a });
      }
    return rows.map(({ label, rounds: rs }) => ({
      label,
      on: median(rs.map((r) => r.on.rps)),
      off: median(rs.map((r) => r.off.rps)),
      ratio: median(rs.map((r) => r.on.rps / r.off.rps)),
      errors: rs.reduce((n, r) => n + r.on.errors + r.off.errors, 0),
    }));
  } finally {
    await Promise.all([logged.close(), silent.close()]);
  }
}
