// Issue 41, point 2: a clean stop. `npm start` on SIGTERM stops accepting, answers the requests under
// way, writes the property view counts (kept in memory up to 10 s), the journals and the mails, closes
// the store and exits 0: nothing it acknowledged is lost. Counted across a stop and a start again
// on the same data, on the embedded store and on PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBuiltServer, type BuiltServer } from '../helpers/built-server.ts';
import { seedFormKey } from '../helpers/fill-token.ts';
import { signedToken } from '../helpers/visitor.ts';
import { testDir } from '../helpers/tmp.ts';
import { sharedPostgres, type TestPostgres } from '../helpers/pg.ts';
import { Db, migrate } from '../../server/storage/pg/db.ts';
import { openFileStore, type Store } from '../../server/storage/index.ts';
import { openPgStore, pgSettingsOf } from '../../server/storage/pg/index.ts';
import { readEnv } from '../../server/env.ts';

const TEST_KEY = 'a1'.repeat(32);
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36';
const VIEWS = 10;
const LEADS = 6;

/** The server stopped by SIGTERM: how it ended. */
function terminate(node: BuiltServer): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    node.child.once('exit', (code, signal) => resolve({ code, signal }));
    node.child.kill('SIGTERM');
  });
}

const contact = (base: string, i: string) =>
  fetch(`${base}/api/forms/site-contact?lang=fr`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({
      lang: 'fr',
      ...signedToken(),
      website: '',
      title: 'ms',
      firstName: 'Anaïs',
      lastName: `Lefèvre-${i}`,
      email: `anais.lefevre+${i}@example.be`,
      phone: '0475 12 34 56',
      message: `Bonjour, je souhaite vendre mon appartement à Ixelles (${i}).`,
    }),
  });

/** One run on a store: views and requests, SIGTERM with requests under way, a start again, then what the store holds. */
async function acrossAStop(env: Record<string, string>, open: () => Promise<Store>) {
  const run = `${process.pid}-${Date.now().toString(36)}`;
  const first = await startBuiltServer(env);
  const list = await (await fetch(`${first.url}/en/for-sale/`, { headers: { 'user-agent': BROWSER } })).text();
  const [, path, id] = /href="(\/en\/for-sale\/[^"]*?\/(\d+)\/)"/.exec(list)!;
  for (let i = 0; i < VIEWS; i++) expect((await fetch(first.url + path, { headers: { 'user-agent': BROWSER } })).status).toBe(200);
  for (let i = 0; i < LEADS; i++) expect((await contact(first.url, `${run}-before-${i}`)).status).toBeLessThan(300);
  // Requests under way when the signal comes: each one answered is kept.
  const underWay = Array.from({ length: LEADS }, (_, i) =>
    contact(first.url, `${run}-during-${i}`).then(
      (r) => (r.status < 300 ? `${run}-during-${i}` : undefined),
      () => undefined,
    ),
  );
  const stopped = await terminate(first);
  const answered = (await Promise.all(underWay)).filter((x): x is string => !!x);
  expect(stopped, first.output()).toEqual({ code: 0, signal: null });
  // Started again on the same data, and stopped again.
  const second = await startBuiltServer(env);
  expect((await fetch(`${second.url}/healthz`)).status).toBe(200);
  expect(await terminate(second)).toEqual({ code: 0, signal: null });
  const store = await open();
  try {
    const days = await store.stats.days(Number(id));
    expect(Object.values(days).reduce((a, b) => a + b, 0)).toBe(VIEWS);
    const names = (await store.leads.find()).items.map((l) => JSON.stringify(l));
    for (let i = 0; i < LEADS; i++) expect(names.some((n) => n.includes(`Lefèvre-${run}-before-${i}`))).toBe(true);
    for (const r of answered)
      expect(
        names.some((n) => n.includes(`Lefèvre-${r}`)),
        `answered ${r}`,
      ).toBe(true);
  } finally {
    await store.close();
  }
}

describe('a clean stop', () => {
  it('loses nothing acknowledged on the embedded store: views and requests counted after a start again', async () => {
    const dataDir = testDir('vitrine-stop-');
    seedFormKey(dataDir);
    await acrossAStop({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:9', FORM_RATE_MAX: '100000' }, () => openFileStore(dataDir));
  });

  describe('on PostgreSQL', () => {
    let pg: TestPostgres;
    let url: string;
    beforeAll(async () => {
      pg = await sharedPostgres();
      url = await pg.database();
      await migrate(url);
      const db = new Db({ url });
      // The key of fill-time tokens, as the server reads it from the database (the test signs with it).
      await db.query('INSERT INTO secrets (name, value) VALUES ($1, $2)', ['forms', Buffer.from(TEST_KEY, 'hex')]);
      await db.close();
    });
    afterAll(() => pg?.stop());

    it('loses nothing acknowledged either', async () => {
      const dataDir = testDir('vitrine-stop-pg-');
      await acrossAStop({ DATA_DIR: dataDir, DATABASE_URL: url, SMTP_URL: 'smtp://127.0.0.1:9', FORM_RATE_MAX: '100000' }, () =>
        openPgStore(pgSettingsOf(readEnv({ DATABASE_URL: url }))!, { localDir: dataDir, node: false }),
      );
    });
  });
});
