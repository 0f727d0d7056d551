// npm run backup against a running server under form load (issue 41, point 6): a data folder with
// `uploads` files of 64 KB (CVs, photos) beside the requests; the backup's time and MB/s, and what
// the visitors posting meanwhile felt (their answers' p50 and longest wait, against the same load
// without a backup: the write pause is the difference).
import { mkdirSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { benchDir, benchServer } from './server.mjs';

const pct = (xs, p) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

export async function benchBackup({ root, uploads = 5000, clients = 10, tokens = 3000 }) {
  const { proofOf } = await import(join(root, 'dist/server/main.js'));
  const dataDir = benchDir('vitrine-bench-backup-');
  const bytes = randomBytes(64 * 1024);
  mkdirSync(join(dataDir, 'uploads', 'cv'), { recursive: true });
  for (let i = 0; i < uploads; i++) writeFileSync(join(dataDir, 'uploads', 'cv', `bench-${i}.pdf`), bytes);
  const srv = await benchServer({ root, dataDir });
  // Fill-time tokens the way browsers get them, each with its proof of work and used once, once old enough.
  const bodies = [];
  for (let i = 0; i < tokens; i++) {
    const { token } = await (await fetch(`${srv.url}/api/forms/token`)).json();
    bodies.push(
      JSON.stringify({
        lang: 'nl',
        formToken: token,
        proof: proofOf(token),
        website: '',
        firstName: 'Bench',
        lastName: `Backup ${i}`,
        email: 'bench@example.be',
        message: 'Backup under load.',
      }),
    );
  }
  await new Promise((r) => setTimeout(r, 2600));
  // Visitors post for `ms`, their answers' times kept.
  const posting = async (ms, during) => {
    const until = Date.now() + ms;
    const times = [];
    const client = async () => {
      while (Date.now() < until && !during.done && bodies.length) {
        const body = bodies.pop();
        const t = performance.now();
        const r = await fetch(`${srv.url}/api/forms/site-contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        const answer = await r.text();
        if (r.status !== 201) throw new Error(`a form post was answered ${r.status}: ${answer.slice(0, 200)}`);
        times.push(performance.now() - t);
      }
    };
    await Promise.all(Array.from({ length: clients }, client));
    return times;
  };
  const quiet = await posting(2000, {});
  const during = { done: false };
  const load = posting(600_000, during);
  // The command as an operator runs it: a process of its own beside the server.
  const t0 = performance.now();
  // Not spawnSync: the server answering the command's request runs in this process.
  const child = spawn(process.execPath, [join(root, 'scripts/backup.mjs'), join(benchDir('vitrine-bench-backup-to-'), 'b')], {
    env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
  });
  let said = '';
  child.stdout.on('data', (d) => (said += d));
  child.stderr.on('data', (d) => (said += d));
  const [code] = await once(child, 'close');
  const seconds = (performance.now() - t0) / 1000;
  const lines = said.trim().split('\n');
  during.done = true;
  const busy = await load;
  srv.close();
  if (code !== 0) throw new Error(lines.join('\n'));
  const mb = Number(/\(([\d.]+) MB/.exec(lines[0])?.[1] ?? 0);
  const files = Number(/backed up (\d+) files/.exec(lines[0])?.[1] ?? 0);
  return {
    files,
    mb,
    seconds,
    mbPerS: mb / seconds,
    quiet: { p50: pct(quiet, 50), max: Math.max(...quiet) },
    busy: { p50: pct(busy, 50), max: Math.max(...busy), n: busy.length },
  };
}
