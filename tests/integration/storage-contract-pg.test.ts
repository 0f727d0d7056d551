// What only a shared database must hold (server/storage/pg/): two nodes at once on one slot, one
// mail, one revision number, one username, one counter, one import; and a database restarting under
// a transaction. The contract both stores keep is storage-contract.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../helpers/pg.ts';
import { tempDir } from '../helpers/config.ts';
import { lead, mail } from '../helpers/store-fixtures.ts';
import { StoreUnavailableError, type Store } from '../../server/storage/index.ts';
import { ImportBusyError } from '../../server/storage/listing-sets.ts';
import { openPgStore } from '../../server/storage/pg/index.ts';

let pg: TestPostgres;
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(async () => {
  await pg?.stop();
});

const openPg = async (url?: string, nodeTimeoutMs?: number) =>
  openPgStore({ url: url ?? (await pg.database()), nodeTimeoutMs }, { localDir: tempDir('pg-local-') });

describe('PostgreSQL shared by two nodes', () => {
  let a: Store;
  let b: Store;
  beforeAll(async () => {
    const url = await pg.database();
    // A node not seen for 3 s is taken for dead (10 s in production).
    [a, b] = [await openPg(url, 3_000), await openPg(url, 3_000)];
  });
  afterAll(async () => {
    await Promise.all([a?.close(), b?.close()]);
  });

  it('books a slot once of 40 tries at once', async () => {
    const outcomes = await Promise.all(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).leads.add(lead({ kind: 'contact-appointment' }), [], { slot: '2026-12-02T15:00' })),
    );
    expect(outcomes.filter((o) => o === 'added')).toHaveLength(1);
  });

  it('never hands one mail to both, and frees what a dead node claimed', async () => {
    const mails = Array.from({ length: 300 }, (_, i) => mail(`bulk-${i}`, 'agency'));
    expect(await a.outbox.enqueue(mails)).toBe(300);
    const now = Date.now();
    const [x, y] = await Promise.all([a.outbox.claim(now, 200, 60_000), b.outbox.claim(now, 200, 60_000)]);
    expect(x.length + y.length).toBe(300);
    expect(new Set([...x, ...y].map((m) => m.id)).size).toBe(300);
    // Node A stops beating as if its process died (its heartbeat stopped, its row left behind): after the time-out its claims are B's, B's own stay B's.
    const nodeA = (a as Store & { node: { id: string; stop(): Promise<void> } }).node;
    const seen = await (a as Store & { db: { query(q: string, v: unknown[]): Promise<unknown> } }).db;
    await nodeA.stop();
    await seen.query('INSERT INTO nodes (id, started_at, seen_at) VALUES ($1, $2, $2)', [nodeA.id, Date.now()]);
    expect(await b.outbox.claim(Date.now(), 400, 60_000)).toEqual([]);
    await new Promise((r) => setTimeout(r, 3_300));
    const taken = await b.outbox.claim(Date.now(), 400, 60_000);
    expect(taken.map((m) => m.id).sort()).toEqual(x.map((m) => m.id).sort());
  });

  it('gives one revision number once, one username once, one secret and one count to both', async () => {
    const r = { key: 'footer', rev: 1, at: '2026-11-01T10:00:00.000Z', by: 'eva', summary: 's', data: {}, published: true };
    const appended = await Promise.all([a.revisions.append({ ...r, by: 'a' }, 0), b.revisions.append({ ...r, by: 'b' }, 0)]);
    expect(appended.filter(Boolean)).toHaveLength(1);
    const inserted = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).staff.insert({ id: `s${i}`, username: 'eva.editor@atrium-immo.be' })),
    );
    expect(inserted.filter(Boolean)).toHaveLength(1);
    const [ka, kb] = await Promise.all([a.secrets.secret('captcha'), b.secrets.secret('captcha')]);
    expect(ka).toEqual(kb);
    const hits = await Promise.all(Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).counters.hit('form:203.0.113.9', 60_000)));
    expect(hits.map((h) => h.count).sort((p, q) => p - q)).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
  });

  it('lets one import run at a time across nodes', async () => {
    let release!: () => void;
    const held = a.listingSets.withLock(() => new Promise<void>((r) => (release = r)));
    await new Promise((r) => setTimeout(r, 100));
    await expect(b.listingSets.withLock(async () => 'second')).rejects.toBeInstanceOf(ImportBusyError);
    release();
    await held;
    expect(await b.listingSets.withLock(async () => 'after')).toBe('after');
  });
});

describe('PostgreSQL restarting under a transaction', () => {
  it('fails the transaction with a 503 to retry, keeps the process, and serves again once the database is back', async () => {
    const s = await openPg();
    try {
      const db = (s as Store & { db: import('../../server/storage/pg/db.ts').Db }).db;
      // A connection checked out when the database goes away: without a listener its 'error' event would end the process.
      const held = db.tx(async (c) => {
        await c.query('SELECT 1');
        await new Promise((r) => setTimeout(r, 1_500));
        await c.query('SELECT 2');
      });
      const restarted = new Promise((r) => setTimeout(r, 300)).then(() => pg.restart('fast', 200));
      await expect(held).rejects.toBeInstanceOf(StoreUnavailableError);
      await restarted;
      const x = lead();
      expect(await s.leads.add(x, [])).toBe('added');
      expect(await s.leads.get(x.id)).toEqual(x);
    } finally {
      await s.close();
    }
  });
});
