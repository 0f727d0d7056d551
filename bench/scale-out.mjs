// Scale-out (issue 18): contact-form submissions/s and SSR requests/s with the embedded store, and
// with PostgreSQL on 1 and on 2 app processes (one throwaway cluster, the built server, in one run);
// then the outbox draining 2,000 mails to a real SMTP server from PostgreSQL. On this machine all
// processes (nodes, database, load) share its cores: the ratios say what a second node buys here.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { SMTPServer } from 'smtp-server';
import { startPostgres } from '../scripts/pg-cluster.mjs';
import { benchDir } from './server.mjs';

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });

async function startNodes(root, count, env) {
  const nodes = [];
  for (let i = 0; i < count; i++) {
    const port = await freePort();
    const child = spawn(process.execPath, [join(root, 'bench/node.mjs')], {
      env: { ...process.env, ...env, PORT: String(port), DATA_DIR: env.DATA_DIR ?? benchDir('vitrine-scale-') },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise((resolve, reject) => {
      child.stdout.on('data', (d) => String(d).includes('ready') && resolve());
      child.on('exit', (code) => reject(new Error(`node exited with ${code}`)));
    });
    nodes.push({ url: `http://127.0.0.1:${port}`, child });
  }
  return { nodes, stop: () => Promise.all(nodes.map((n) => new Promise((r) => (n.child.once('exit', r), n.child.kill('SIGTERM'))))) };
}

async function forms(nodes, seconds, clients = 40) {
  const { token } = await (await fetch(`${nodes[0].url}/api/forms/token`)).json();
  await new Promise((r) => setTimeout(r, 2600));
  const body = JSON.stringify({
    lang: 'nl',
    formToken: token,
    website: '',
    firstName: 'Bench',
    lastName: 'Mark',
    email: 'bench@example.be',
    message: 'Load test.',
  });
  const until = Date.now() + seconds * 1000;
  let ok = 0;
  let other = 0;
  const client = async (i) => {
    for (let n = i; Date.now() < until; n++) {
      const r = await fetch(`${nodes[n % nodes.length].url}/api/forms/site-contact`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await r.arrayBuffer();
      r.status === 201 ? ok++ : other++;
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: clients }, (_, i) => client(i)));
  return { rps: ok / ((performance.now() - t0) / 1000), other };
}

async function ssr(nodes, seconds, path = '/nl/') {
  const runs = await Promise.all(
    nodes.map((n) => autocannon({ url: n.url + path, connections: Math.ceil(20 / nodes.length), duration: seconds, headers: { 'accept-encoding': 'gzip' } })),
  );
  return { rps: runs.reduce((s, r) => s + r.requests.average, 0), errors: runs.reduce((s, r) => s + r.non2xx + r.errors, 0) };
}

export async function benchScaleOut({ root, seconds = 6 }) {
  const pg = await startPostgres();
  const rows = [];
  try {
    for (const setup of [
      { label: 'embedded store, 1 node', nodes: 1, pg: false },
      { label: 'PostgreSQL, 1 node', nodes: 1, pg: true },
      { label: 'PostgreSQL, 2 nodes', nodes: 2, pg: true },
    ]) {
      const env = setup.pg ? { DATABASE_URL: await pg.database() } : {};
      const { nodes, stop } = await startNodes(root, setup.nodes, env);
      await ssr(nodes, 2); // warm-up
      const s = await ssr(nodes, seconds);
      const f = await forms(nodes, seconds);
      await stop();
      rows.push({ label: setup.label, ssr: s.rps, forms: f.rps, errors: s.errors + f.other });
    }
    return { rows, drain: await drainPg(root, await pg.database()) };
  } finally {
    await pg.stop();
  }
}

/** 1,000 requests with 2,000 mails queued in PostgreSQL, then one node sending them to a real SMTP server. */
async function drainPg(root, url) {
  const { openPgStore, start } = await import(join(root, 'dist/server/main.js'));
  const store = await openPgStore({ url }, { localDir: benchDir('vitrine-drain-'), node: false });
  const body = 'Bonjour,\n\nNous avons bien reçu votre demande. '.repeat(20);
  for (let i = 0; i < 1000; i++) {
    const id = randomUUID();
    const lead = {
      id,
      kind: 'site-contact',
      lang: 'fr',
      createdAt: new Date(Date.UTC(2026, 10, 1, 0, 0, i)).toISOString(),
      page: null,
      propertyId: null,
      status: 'new',
      fields: { email: `b${i}@example.be`, message: body },
    };
    const mails = ['agency', 'visitor'].map((who) => ({
      id: `${id}-${who}`,
      leadId: id,
      to: `${who}@example.be`,
      from: 'info@example.be',
      subject: 'Contact',
      text: body,
      html: `<p>${body}</p>`,
      lang: 'fr',
      attempts: 0,
      nextAttemptAt: 0,
    }));
    await store.leads.add(lead, mails);
  }
  await store.close();
  let received = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData: (s, _x, cb) => (s.on('data', () => {}), s.on('end', () => (received++, cb()))),
  });
  await new Promise((r) => smtp.listen(0, '127.0.0.1', r));
  const t0 = performance.now();
  const server = await start({
    root,
    port: 0,
    host: '127.0.0.1',
    dataDir: benchDir('vitrine-drain-'),
    quiet: true,
    database: { url },
    smtpUrl: `smtp://127.0.0.1:${smtp.server.address().port}`,
    countViews: false,
    listingsSync: null,
  });
  while (received < 2000) await new Promise((r) => setTimeout(r, 20));
  const seconds = (performance.now() - t0) / 1000;
  await new Promise((r) => server.close(r));
  await new Promise((r) => setTimeout(r, 300));
  await new Promise((r) => smtp.close(r));
  return { mails: 2000, seconds, rate: 2000 / seconds };
}
