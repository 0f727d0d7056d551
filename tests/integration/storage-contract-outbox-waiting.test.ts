// The outbox's waiting mails as /metrics reads them (OutboxRepository.waiting, issue 41 point 5),
// on both stores: the embedded store on a temporary data folder and PostgreSQL on a throwaway cluster.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPostgres, type TestPostgres } from '../helpers/pg.ts';
import { tempDir } from '../helpers/config.ts';
import { lead, mail } from '../helpers/store-fixtures.ts';
import { openFileStore, type Store } from '../../server/storage/index.ts';
import { openPgStore } from '../../server/storage/pg/index.ts';

let pg: TestPostgres;
beforeAll(async () => {
  pg = await startPostgres();
});
afterAll(async () => {
  await pg?.stop();
});

const stores: Array<[string, () => Promise<Store>]> = [
  ['embedded store', async () => openFileStore(tempDir('contract-waiting-'))],
  ['PostgreSQL', async () => openPgStore({ url: await pg.database() }, { localDir: tempDir('pg-local-') })],
];

describe.each(stores)('%s', (_name, open) => {
  let s: Store;
  beforeAll(async () => {
    s = await open();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('counts the mails not sent and gives the earliest time one of them is due', async () => {
    expect(await s.outbox.waiting()).toEqual({ count: 0, oldestDueAt: null });
    const now = Date.now();
    const x = lead();
    await s.leads.add(x, [mail(x.id, 'agency', { nextAttemptAt: now - 60_000 }), mail(x.id, 'visitor', { nextAttemptAt: now - 30_000 })]);
    await s.outbox.enqueue([mail('alert-1', 'v1', { leadId: undefined, nextAttemptAt: now + 5_000 })]);
    expect(await s.outbox.waiting()).toEqual({ count: 3, oldestDueAt: now - 60_000 });
    // Sent: no longer waiting; failed: due again at its next try.
    await s.outbox.markSent(`${x.id}-agency`, new Date().toISOString());
    expect(await s.outbox.waiting()).toEqual({ count: 2, oldestDueAt: now - 30_000 });
    await s.outbox.markFailed(`${x.id}-visitor`, 1, now + 60_000, '451 Try again later');
    expect(await s.outbox.waiting()).toEqual({ count: 2, oldestDueAt: now + 5_000 });
    await s.outbox.markSent('alert-1-v1', new Date().toISOString());
    await s.outbox.markSent(`${x.id}-visitor`, new Date().toISOString());
    expect(await s.outbox.waiting()).toEqual({ count: 0, oldestDueAt: null });
  });
});
