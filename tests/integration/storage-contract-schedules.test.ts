// The scheduled changes' repository (issue 38, point 4; server/storage/types.ts ScheduleRepository),
// run against both stores like the rest of the contract (storage-contract.test.ts): the embedded
// store on a temporary data folder and PostgreSQL on a throwaway cluster. Then what only a shared
// database must hold: two nodes claiming at once never get the same change, and what a dead node
// had claimed is free again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPostgres, type TestPostgres } from '../helpers/pg.ts';
import { tempDir } from '../helpers/config.ts';
import { openFileStore, type ScheduleEntry, type Store } from '../../server/storage/index.ts';
import { openPgStore } from '../../server/storage/pg/index.ts';
import { SCHEDULE_FINISHED_KEPT } from '../../shared/schedule.ts';

let pg: TestPostgres;
beforeAll(async () => {
  pg = await sharedPostgres();
});
afterAll(async () => {
  await pg?.stop();
});

const openPg = async (url?: string, nodeTimeoutMs?: number) =>
  openPgStore({ url: url ?? (await pg.database()), nodeTimeoutMs }, { localDir: tempDir('pg-local-') });
const stores: Array<[string, () => Promise<Store>]> = [
  ['embedded store', () => openFileStore(tempDir('contract-schedules-'))],
  ['PostgreSQL', () => openPg()],
];

const T0 = Date.parse('2026-12-01T09:00:00Z');
let n = 0;
const entry = (over: Partial<ScheduleEntry> = {}): ScheduleEntry => ({
  id: `sch-${++n}-${Math.random().toString(36).slice(2, 8)}`,
  key: 'page:5',
  action: 'publish',
  at: new Date(T0 + n * 60_000).toISOString(),
  createdBy: 'eva.editor@atrium-immo.be',
  createdAt: '2026-11-27T10:00:00.000Z',
  state: 'waiting',
  ...over,
});
const limits = { total: 500, perDoc: 20 };

describe.each(stores)('%s', (_name, open) => {
  let s: Store;
  beforeAll(async () => {
    s = await open();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('adds, lists soonest first, claims what is due once, finishes and cancels', async () => {
    const late = entry({ at: '2026-12-03T09:00:00.000Z', key: 'article:buyer-tips' });
    const soon = entry({ at: '2026-12-02T09:00:00.000Z', key: 'banner', action: 'unpublish', force: true });
    const popup = entry({ at: '2026-12-02T10:00:00.000Z', key: 'popup' });
    for (const e of [late, soon, popup]) expect(await s.schedules.add(e, limits)).toBe('added');
    expect(await s.schedules.get(soon.id)).toEqual(soon);
    expect(await s.schedules.get('none')).toBeUndefined();
    expect((await s.schedules.list(10)).waiting.map((e) => e.id)).toEqual([soon.id, popup.id, late.id]);
    // Nothing is due before its time; due ones are handed out once until their lease runs out.
    const at = (iso: string) => Date.parse(iso);
    expect(await s.schedules.claim(at('2026-12-02T08:59:59.999Z'), 10, 60_000)).toEqual([]);
    expect((await s.schedules.claim(at('2026-12-02T10:00:00.000Z'), 10, 60_000)).map((e) => e.id)).toEqual([soon.id, popup.id]);
    expect(await s.schedules.claim(at('2026-12-02T10:00:30.000Z'), 10, 60_000)).toEqual([]);
    // Being run: not cancelled.
    expect(await s.schedules.cancel(popup.id, 'adam', '2026-12-02T10:00:31.000Z', at('2026-12-02T10:00:31.000Z'))).toBe('running');
    expect(await s.schedules.finish(soon.id, { state: 'done', doneAt: '2026-12-02T10:00:01.000Z', rev: 42, code: 'unpublish.already' })).toBe(true);
    expect(await s.schedules.finish(soon.id, { state: 'failed', doneAt: '2026-12-02T10:00:02.000Z' })).toBe(false);
    // The lease of the other ran out (its node stopped before it finished): handed out again.
    expect((await s.schedules.claim(at('2026-12-02T10:01:01.000Z'), 10, 60_000)).map((e) => e.id)).toEqual([popup.id]);
    expect(
      await s.schedules.finish(popup.id, {
        state: 'failed',
        doneAt: '2026-12-02T10:01:02.000Z',
        code: 'role.admin',
        params: { who: 'eva' },
        error: 'Only an admin…',
      }),
    ).toBe(true);
    expect(await s.schedules.cancel(late.id, 'adam.admin@atrium-immo.be', '2026-12-02T11:00:00.000Z', at('2026-12-02T11:00:00.000Z'))).toBe('cancelled');
    expect(await s.schedules.cancel(late.id, 'adam', '2026-12-02T11:00:00.000Z', at('2026-12-02T11:00:00.000Z'))).toBe('notWaiting');
    expect(await s.schedules.cancel('none', 'adam', '2026-12-02T11:00:00.000Z', at('2026-12-02T11:00:00.000Z'))).toBe('missing');
    const list = await s.schedules.list(10);
    expect(list.waiting).toEqual([]);
    // Newest finished first.
    expect(list.finished.map((e) => [e.id, e.state])).toEqual([
      [late.id, 'cancelled'],
      [popup.id, 'failed'],
      [soon.id, 'done'],
    ]);
    expect(list.finished[0]).toMatchObject({ cancelledBy: 'adam.admin@atrium-immo.be', doneAt: '2026-12-02T11:00:00.000Z' });
    expect(list.finished[1]).toMatchObject({ code: 'role.admin', params: { who: 'eva' }, error: 'Only an admin…' });
    expect(list.finished[2]).toMatchObject({ rev: 42, code: 'unpublish.already', force: true, key: 'banner', action: 'unpublish' });
    expect((await s.schedules.list(1)).finished.map((e) => e.id)).toEqual([late.id]);
    expect(await s.schedules.get(late.id)).toMatchObject({ state: 'cancelled' });
  });

  it('runs a document’s changes in their order: its later change waits for the earlier one', async () => {
    const first = entry({ key: 'page:77', at: '2027-01-01T09:00:00.000Z' });
    const second = entry({ key: 'page:77', action: 'unpublish', at: '2027-01-01T09:00:30.000Z' });
    const other = entry({ key: 'page:78', at: '2027-01-01T09:00:10.000Z' });
    for (const e of [second, first, other]) expect(await s.schedules.add(e, limits)).toBe('added');
    const now = Date.parse('2027-01-01T10:00:00.000Z');
    expect((await s.schedules.claim(now, 10, 60_000)).map((e) => e.id)).toEqual([first.id, other.id]);
    expect(await s.schedules.claim(now, 10, 60_000)).toEqual([]);
    await s.schedules.finish(first.id, { state: 'done', doneAt: '2027-01-01T10:00:01.000Z' });
    await s.schedules.finish(other.id, { state: 'done', doneAt: '2027-01-01T10:00:01.000Z' });
    expect((await s.schedules.claim(now, 10, 60_000)).map((e) => e.id)).toEqual([second.id]);
    await s.schedules.finish(second.id, { state: 'done', doneAt: '2027-01-01T10:00:02.000Z' });
  });

  it('refuses past the bounds: waiting changes in all and per document', async () => {
    for (let i = 0; i < 3; i++) expect(await s.schedules.add(entry({ key: 'page:90' }), { total: 500, perDoc: 3 })).toBe('added');
    expect(await s.schedules.add(entry({ key: 'page:90' }), { total: 500, perDoc: 3 })).toBe('tooManyForDoc');
    const waiting = (await s.schedules.list(0)).waiting.length;
    expect(await s.schedules.add(entry({ key: 'page:91' }), { total: waiting, perDoc: 20 })).toBe('tooMany');
    expect(await s.schedules.add(entry({ key: 'page:91' }), { total: waiting + 1, perDoc: 20 })).toBe('added');
    expect((await s.schedules.list(0)).waiting.filter((e) => e.key === 'page:90')).toHaveLength(3);
  });

  it(`keeps only the newest ${SCHEDULE_FINISHED_KEPT} finished changes, and every waiting one`, async () => {
    const waiting = (await s.schedules.list(0)).waiting;
    const many = Array.from({ length: SCHEDULE_FINISHED_KEPT + 15 }, (_, i) => entry({ key: `article:bulk-${i}` }));
    for (const e of many) expect(await s.schedules.add(e, { total: 10_000, perDoc: 20 })).toBe('added');
    for (const e of many) expect(await s.schedules.cancel(e.id, 'adam', '2026-12-05T10:00:00.000Z', T0)).toBe('cancelled');
    const list = await s.schedules.list(10_000);
    expect(list.finished).toHaveLength(SCHEDULE_FINISHED_KEPT);
    expect(list.finished[0].id).toBe(many.at(-1)!.id);
    expect(await s.schedules.get(many[0].id)).toBeUndefined();
    expect(list.waiting.map((e) => e.id)).toEqual(waiting.map((e) => e.id));
  });
});

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

  it('never hands one change to both, keeps to the bounds when both add at once, and frees what a dead node claimed', async () => {
    const due = Array.from({ length: 60 }, (_, i) => entry({ key: `page:${1000 + i}`, at: new Date(Date.now() - 60_000).toISOString() }));
    for (const e of due) expect(await a.schedules.add(e, limits)).toBe('added');
    const now = Date.now();
    const [x, y] = await Promise.all([a.schedules.claim(now, 40, 60_000), b.schedules.claim(now, 40, 60_000)]);
    expect(x.length + y.length).toBe(60);
    expect(new Set([...x, ...y].map((e) => e.id)).size).toBe(60);
    // Twenty adds at once on both nodes for one document bounded at 5: five are added.
    const added = await Promise.all(
      Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).schedules.add(entry({ key: 'page:2000' }), { total: 500, perDoc: 5 })),
    );
    expect(added.filter((r) => r === 'added')).toHaveLength(5);
    // Node A stops beating as if its process died: after the time-out B takes what A had claimed, and may cancel it.
    const nodeA = (a as Store & { node: { id: string; stop(): Promise<void> } }).node;
    const db = (a as Store & { db: { query(q: string, v: unknown[]): Promise<unknown> } }).db;
    await nodeA.stop();
    await db.query('INSERT INTO nodes (id, started_at, seen_at) VALUES ($1, $2, $2)', [nodeA.id, Date.now()]);
    expect(await b.schedules.claim(Date.now(), 100, 60_000)).toEqual([]);
    expect(await b.schedules.cancel(x[0].id, 'adam', new Date().toISOString(), Date.now())).toBe('running');
    await new Promise((r) => setTimeout(r, 3_300));
    expect(await b.schedules.cancel(x[0].id, 'adam', new Date().toISOString(), Date.now())).toBe('cancelled');
    const taken = await b.schedules.claim(Date.now(), 100, 60_000);
    expect(taken.map((e) => e.id).sort()).toEqual(
      x
        .slice(1)
        .map((e) => e.id)
        .sort(),
    );
  });
});
