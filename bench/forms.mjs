// Submissions per second accepted and durably stored under 50 concurrent clients, and the check
// that the store holds exactly as many as were acknowledged (every request runs to its answer).
import { join } from 'node:path';
import { benchServer } from './server.mjs';

const pct = (xs, p) => xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

export async function benchForms({ root, seconds = 6, clients = 50 }) {
  const srv = await benchServer({ root, pageCache: true });
  // A fill-time token the way a browser gets one, used once it is old enough.
  const { token } = await (await fetch(`${srv.url}/api/forms/token`)).json();
  await new Promise((r) => setTimeout(r, 2600));
  const body = JSON.stringify({
    lang: 'nl',
    formToken: token,
    website: '',
    firstName: 'Bench',
    lastName: 'Mark',
    email: 'bench@example.be',
    message: 'Load test of the contact form.',
  });
  const until = Date.now() + seconds * 1000;
  let acknowledged = 0;
  let other = 0;
  const latencies = [];
  const client = async () => {
    while (Date.now() < until) {
      const t = performance.now();
      const r = await fetch(`${srv.url}/api/forms/site-contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await r.arrayBuffer();
      latencies.push(performance.now() - t);
      if (r.status === 201) acknowledged++;
      else other++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: clients }, client));
  const elapsed = (performance.now() - t0) / 1000;
  srv.close();
  const { readStoredLeads } = await import(join(root, 'dist/server/main.js'));
  const stored = readStoredLeads(srv.dataDir).submissions.length;
  return { rps: acknowledged / elapsed, p50: pct(latencies, 50), p99: pct(latencies, 99), acknowledged, stored, other };
}
