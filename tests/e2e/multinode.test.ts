// Two app processes on one PostgreSQL database (issue 18), as `DATABASE_URL=… npm start` runs them
// behind a load balancer: a real throwaway cluster, the built server twice, a real SMTP peer.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { startBuiltServer, type BuiltServer } from '../helpers/built-server.ts';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startPostgres, type TestPostgres } from '../helpers/pg.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { sampleListings } from '../helpers/listings.ts';
import { testDir } from '../helpers/tmp.ts';
import { ApiClient } from '../helpers/admin-api.ts';
import { Client as HttpClient } from '../helpers/client.ts';
import { Db, migrate } from '../../server/storage/pg/db.ts';
import { PgAccounts } from '../../server/storage/pg/accounts.ts';
import { StaffAccounts, addStaff } from '../../server/auth/staff-accounts.ts';
import { OwnerAccounts, addOwner } from '../../server/auth/owner-accounts.ts';
import { signedToken } from '../helpers/visitor.ts';
import { SEND_CONCURRENCY } from '../../server/mail/outbox.ts';

const root = join(import.meta.dirname, '../..');
const TEST_KEY = 'a1'.repeat(32);
const STAFF = { username: 'nora.node@atrium-immo.be', password: 'two nodes one database', role: 'admin' };
const OWNER = { username: 'marie.dubois@example.be', password: 'correct horse battery', lang: 'fr' as const, ref: 'owner-001' };

/** Nodes that ended by themselves (not stopped or killed by a test), with their output: a later failure names them. */
const died: string[] = [];

async function startNode(env: Record<string, string>): Promise<BuiltServer> {
  const node = await startBuiltServer({ ...env, DATA_DIR: testDir('vitrine-node-') });
  node.child.once('exit', (code, signal) => {
    if (signal !== 'SIGTERM' && signal !== 'SIGKILL') died.push(`node ${node.url} ended by itself (${code ?? signal}):\n${node.output()}`);
  });
  return node;
}

const until = async (what: string, cond: () => Promise<boolean> | boolean, ms = 30_000) => {
  const deadline = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}${died.length ? `\n${died.join('\n')}` : ''}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const person = (i: number | string) => ({
  lang: 'fr',
  ...signedToken(),
  website: '',
  title: 'ms',
  firstName: 'Anaïs',
  lastName: `Lefèvre-${i}`,
  email: `anais.lefevre+${i}@example.be`,
  phone: '0475 12 34 56',
});
const post = (base: string, kind: string, body: unknown) =>
  fetch(`${base}/api/forms/${kind}?lang=fr`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify(body),
  });
const contact = (base: string, i: number | string) =>
  post(base, 'site-contact', { ...person(i), message: `Bonjour, je souhaite vendre mon appartement à Ixelles (${i}).` });

describe('two nodes on one PostgreSQL database', () => {
  let pg: TestPostgres;
  let db: Db;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let a: BuiltServer | undefined;
  let b: BuiltServer | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    pg = await startPostgres();
    const url = await pg.database();
    await migrate(url);
    db = new Db({ url });
    // The key of fill-time tokens, as every node reads it from the database (the tests sign with it).
    await db.query('INSERT INTO secrets (name, value) VALUES ($1, $2)', ['forms', Buffer.from(TEST_KEY, 'hex')]);
    await addStaff(new StaffAccounts(new PgAccounts(db, 'staff') as never), STAFF);
    await addOwner(new OwnerAccounts(new PgAccounts(db, 'owner') as never), OWNER);
    smtp = await startSmtp();
    env = { DATABASE_URL: url, SMTP_URL: smtp.url, OUTBOX_RETRY_MS: '200', OUTBOX_MAX_RETRY_MS: '1000', FORM_RATE_MAX: '100000', PG_NODE_TIMEOUT_MS: '2000' };
    [a, b] = await Promise.all([startNode(env), startNode(env)]);
  });
  // A node that crashed fails the test during which it did, with its output.
  afterEach(() => {
    const seen = died.splice(0);
    expect(seen.join('\n'), 'a node ended by itself').toBe('');
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await db?.close();
    await smtp?.close();
    await pg?.stop();
  });

  it('migrated once although both nodes started together, and each says where its data is', () => {
    for (const n of [a!, b!]) expect(n.output()).toMatch(/data in PostgreSQL 127\.0\.0\.1:\d+\/t/);
  });

  it("shows a request posted to node A in node B's inbox, and a session opened on A goes on on B", async () => {
    const r = await contact(a!.url, 'inbox');
    expect(r.status).toBe(201);
    const { id } = await r.json();
    const staffOnA = await new ApiClient(a!.url).login(STAFF.username, STAFF.password);
    const staffOnB = Object.assign(new ApiClient(b!.url), { cookie: staffOnA.cookie, csrf: staffOnA.csrf });
    const inbox = await staffOnB.req('GET', '/api/admin/leads');
    expect(inbox.status).toBe(200);
    expect(JSON.stringify(inbox.json)).toContain(id);
    const owner = new HttpClient(a!.url);
    expect((await owner.req('POST', '/api/owner/login', { username: OWNER.username, password: OWNER.password, lang: 'fr' })).status).toBe(200);
    const onB = Object.assign(new HttpClient(b!.url), { cookie: owner.cookie });
    const me = await onB.req('GET', '/api/owner/me');
    expect(me.status).toBe(200);
    expect(JSON.stringify(me.json)).toContain('marie.dubois@example.be');
  });

  it("shows what staff publish on node A on node B's public pages within a second", async () => {
    const staff = await new ApiClient(a!.url).login(STAFF.username, STAFF.password);
    const footer = (await staff.req('GET', '/api/admin/docs/footer')).json as { data: any; rev: number };
    const mark = `Atrium Immo – deux serveurs ${Date.now()}`;
    await fetch(`${b!.url}/fr/`); // B has the page in its cache
    const saved = await staff.req('PUT', '/api/admin/docs/footer', {
      data: { ...footer.data, copyright: { ...footer.data.copyright, fr: mark } },
      baseRev: footer.rev,
    });
    expect(saved.status, JSON.stringify(saved.json)).toBe(200);
    const t0 = Date.now();
    await until('the publish on B', async () => (await (await fetch(`${b!.url}/fr/`)).text()).includes(mark), 10_000);
    console.log(`publish on A seen on B after ${Date.now() - t0} ms`);
    expect(Date.now() - t0).toBeLessThan(3_000);
  });

  it('books one slot once: 40 visitors at once, half on A and half on B, one success', async () => {
    const { slots } = await (await fetch(`${a!.url}/api/appointments`)).json();
    const slot = slots[0];
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) => post(i % 2 ? a!.url : b!.url, 'contact-appointment', { ...person(`slot-${i}`), slot }).then((r) => r.status)),
    );
    expect(answers.filter((s) => s === 201)).toHaveLength(1);
    expect(answers.filter((s) => s !== 201).every((s) => s === 422 || s === 409)).toBe(true);
    const { rows } = await db.query("SELECT count(*)::int AS n FROM leads WHERE slot = $1 AND data #>> '{appointment,status}' = 'confirmed'", [slot]);
    expect(rows[0].n).toBe(1);
  });

  it('delivers every mail once node A is killed while it sends (B takes over what A had claimed)', async () => {
    smtp.state.delayMs = 15;
    const before = new Set(smtp.received.map((m) => m.messageId));
    const ids: string[] = [];
    for (let i = 0; i < 60; i += 10) {
      const batch = await Promise.all(Array.from({ length: 10 }, (_, k) => contact(k % 2 ? a!.url : b!.url, `kill-${i + k}`)));
      for (const r of batch) {
        expect(r.status).toBe(201);
        ids.push((await r.json()).id);
      }
    }
    const expected = ids.flatMap((id) => [`<${id}-agency@www.atrium-immo.be>`, `<${id}-visitor@www.atrium-immo.be>`]);
    await until('A sending', () => smtp.received.filter((m) => !before.has(m.messageId)).length >= 10);
    a!.child.kill('SIGKILL');
    try {
      await until('every mail delivered by B', () => expected.every((m) => smtp.received.some((x) => x.messageId === m)), 60_000);
      // A mail A sent just before it was killed has arrived, but its row is marked sent only when B,
      // once A's claim has lapsed, sends it again: the outbox settles after the last mail arrives.
      const unsent = async () => (await db.query('SELECT count(*)::int AS n FROM outbox WHERE sent_at IS NULL')).rows[0].n as number;
      await until('the outbox settled (no mail left unsent)', async () => (await unsent()) === 0, 60_000);
      const delivered = smtp.received.filter((m) => expected.includes(m.messageId ?? ''));
      const twice = delivered.length - new Set(delivered.map((m) => m.messageId)).size;
      console.log(
        `${expected.length} mails queued, ${new Set(delivered.map((m) => m.messageId)).size} delivered, ${twice} sent twice (A killed between the answer and its mark)`,
      );
      expect(new Set(delivered.map((m) => m.messageId)).size).toBe(expected.length);
      // At most one per sending slot of A (each may have been between the mail server's answer and its mark).
      expect(twice).toBeLessThanOrEqual(SEND_CONCURRENCY);
    } finally {
      // Node A again, whatever this test found: the next tests (and a retry of this one) use both nodes.
      smtp.state.delayMs = 0;
      a = await startNode(env);
    }
  });

  it('keeps every acknowledged request when the database restarts during a stream of posts, and reconnects by itself', async () => {
    const acknowledged: string[] = [];
    const statuses: number[] = [];
    let going = true;
    const stream = async (base: string, w: number) => {
      for (let i = 0; going; i++) {
        const r = await contact(base, `restart-${w}-${i}`).catch(() => undefined);
        if (!r) continue;
        statuses.push(r.status);
        if (r.status === 201) acknowledged.push((await r.json()).id);
        else await r.arrayBuffer();
      }
    };
    const workers = [0, 1, 2, 3].map((w) => stream(w % 2 ? a!.url : b!.url, w));
    await until('posts before the restart', () => acknowledged.length >= 20);
    await pg.restart('fast', 500);
    const after = acknowledged.length;
    await until('posts acknowledged after the restart on both nodes', () => acknowledged.length >= after + 20, 30_000);
    going = false;
    await Promise.all(workers);
    console.log(`database restarted: ${acknowledged.length} posts acknowledged, ${statuses.filter((s) => s === 503).length} asked to retry (503)`);
    expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
    const check = new Db({ url: db.settings.url });
    const { rows } = await check.query<{ id: string }>('SELECT id FROM leads WHERE id = ANY($1)', [acknowledged]);
    await check.close();
    expect(rows.length).toBe(acknowledged.length);
  });

  it('shows an import made from the command line on both nodes, and mails its search alert once, not once per node', async () => {
    const demand = {
      lang: 'nl',
      ...signedToken(),
      website: '',
      goal: 'sale',
      types: ['3'],
      cities: ['1030'],
      maxPrice: 600000,
      firstName: 'Els',
      lastName: 'Wouters',
      email: 'els.wouters@example.be',
    };
    expect((await post(b!.url, 'demand-register', demand)).status).toBe(201);
    const data = await sampleListings();
    const base = data.properties.filter((p) => p.ID === data.properties[0].ID);
    data.properties.push(
      ...base.map(
        (p) =>
          ({
            ...p,
            ID: 990001,
            ProjectID: null,
            Availability: 'available',
            PublishPrice: true,
            WebID: 3,
            WebIDs: '3',
            Goal: 0,
            Zip: '1030',
            City: 'Schaerbeek',
            Price: 350000,
          }) as never,
      ),
    );
    const file = join(testDir('vitrine-crm-'), 'crm.json');
    writeFileSync(file, JSON.stringify(data));
    // Run without blocking this file's event loop (its keep-alive sockets to the nodes stay served).
    const cli = await promisify(execFile)(process.execPath, ['scripts/import.mjs', file], {
      cwd: root,
      env: { ...process.env, DATABASE_URL: env.DATABASE_URL },
      encoding: 'utf8',
    }).then(
      (r) => ({ status: 0, ...r }),
      (e: { code?: number; stdout?: string; stderr?: string }) => ({ status: e.code ?? 1, stdout: e.stdout ?? '', stderr: e.stderr ?? '' }),
    );
    expect(cli.status, cli.stdout + cli.stderr).toBe(0);
    for (const n of [a!, b!])
      await until(`the import on ${n.url}`, async () => (await (await fetch(`${n.url}/sitemap.xml`)).text()).includes('/990001/'), 10_000);
    const subject = 'Een nieuw pand voor uw zoekopdracht';
    await until('the alert', () => smtp.received.some((m) => m.subject?.startsWith(subject)), 20_000);
    await new Promise((r) => setTimeout(r, 2_000)); // a second node's copy would come now
    const alerts = smtp.received.filter((m) => m.subject?.startsWith(subject) && JSON.stringify(m.to).includes('els.wouters@example.be'));
    expect(alerts).toHaveLength(1);
    expect(alerts[0].text).toContain('/990001/');
  });
});
