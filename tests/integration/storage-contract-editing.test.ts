// The repository contract of autosaves and presence (server/storage/types.ts, issue 38 points 2 and
// 5), run against both stores like storage-contract.test.ts (kept apart: that file is near the
// 400-line rule): the embedded store on a temporary data folder and PostgreSQL on a throwaway
// cluster. Then what only a shared database must hold: two nodes see the same rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPostgres, type TestPostgres } from '../helpers/pg.ts';
import { tempDir } from '../helpers/config.ts';
import { openFileStore, type Store } from '../../server/storage/index.ts';
import { openPgStore } from '../../server/storage/pg/index.ts';

let pg: TestPostgres;
beforeAll(async () => {
  pg = await sharedPostgres();
});
afterAll(async () => {
  await pg?.stop();
});

const openPg = async (url?: string) => openPgStore({ url: url ?? (await pg.database()) }, { localDir: tempDir('pg-local-') });

/** A draft whose keys are not in alphabetical order, with text a database might mangle. */
const draft = (title: string) => ({
  title: { nl: title, fr: `${title} « été »`, en: "D'Hondt" },
  modules: [{ view: 'text', id: 3, body: '<p>ok</p>' }],
  id: 12,
});

describe.each([
  ['embedded store', () => openFileStore(tempDir('contract-editing-'))],
  ['PostgreSQL', () => openPg()],
] as Array<[string, () => Promise<Store>]>)('%s', (_name, open) => {
  let s: Store;
  beforeAll(async () => {
    s = await open();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('keeps one autosave per person and document, overwritten, as it was sent, and removes and purges them', async () => {
    const a = { person: 'staff:a', key: 'page:12', by: 'anna@example.be', baseRev: 4, data: draft('Eerste'), at: 1_000 };
    expect(await s.autosaves.get('staff:a', 'page:12')).toBeUndefined();
    await s.autosaves.put(a, 100);
    await s.autosaves.put({ ...a, data: draft('Tweede'), baseRev: 5, at: 2_000 }, 120);
    const got = await s.autosaves.get('staff:a', 'page:12');
    expect(got).toEqual({ ...a, data: draft('Tweede'), baseRev: 5, at: 2_000 });
    expect(JSON.stringify(got!.data)).toBe(JSON.stringify(draft('Tweede'))); // the keys in their order
    await s.autosaves.put({ ...a, person: 'staff:b', by: 'bart@example.be', at: 1_500 }, 90);
    await s.autosaves.put({ ...a, key: 'article:x', at: 500 }, 80);
    expect(await s.autosaves.ofDoc('page:12')).toEqual([
      { person: 'staff:b', key: 'page:12', by: 'bart@example.be', at: 1_500, bytes: 90 },
      { person: 'staff:a', key: 'page:12', by: 'anna@example.be', at: 2_000, bytes: 120 },
    ]);
    expect((await s.autosaves.ofPerson('staff:a')).map((x) => x.key)).toEqual(['article:x', 'page:12']);
    await s.autosaves.remove('staff:b', 'page:12');
    await s.autosaves.remove('staff:b', 'page:12'); // twice: nothing to do
    expect((await s.autosaves.ofDoc('page:12')).map((x) => x.person)).toEqual(['staff:a']);
    expect(await s.autosaves.purge(1_000)).toBe(1); // article:x, saved at 500
    expect(await s.autosaves.ofPerson('staff:a')).toHaveLength(1);
    expect(await s.autosaves.get('staff:a', 'article:x')).toBeUndefined();
  });

  it('notes who has a document open, keeps since while the window stays fresh, and forgets quiet windows', async () => {
    const w = { key: 'page:7', tab: 'tab-aaaaaaaa', person: 'staff:a', name: 'Anna Peeters' };
    await s.presence.ping(w, 10_000, 10_000 - 60_000);
    await s.presence.ping(w, 30_000, 30_000 - 60_000);
    await s.presence.ping({ ...w, tab: 'tab-bbbbbbbb', person: 'staff:b', name: 'bart@example.be' }, 20_000, 20_000 - 60_000);
    await s.presence.ping({ ...w, key: 'page:8' }, 25_000, 25_000 - 60_000);
    expect(await s.presence.ofDoc('page:7', 0)).toEqual([
      { ...w, since: 10_000, seenAt: 30_000 },
      { key: 'page:7', tab: 'tab-bbbbbbbb', person: 'staff:b', name: 'bart@example.be', since: 20_000, seenAt: 20_000 },
    ]);
    // Heard from after 25 s: Bart's window is quiet.
    expect((await s.presence.ofDoc('page:7', 25_000)).map((e) => e.person)).toEqual(['staff:a']);
    expect((await s.presence.ofPerson('staff:a', 0)).map((e) => e.key)).toEqual(['page:8', 'page:7']);
    // Quiet for longer than the stale time: it opens the document anew.
    await s.presence.ping(w, 200_000, 200_000 - 60_000);
    expect((await s.presence.ofDoc('page:7', 100_000))[0].since).toBe(200_000);
    await s.presence.leave('page:7', 'tab-aaaaaaaa', 'staff:a');
    expect(await s.presence.ofDoc('page:7', 100_000)).toEqual([]);
    await s.presence.purge(26_000);
    expect(await s.presence.ofDoc('page:7', 0)).toEqual([]);
    expect(await s.presence.ofPerson('staff:a', 0)).toEqual([]); // page:8, last heard at 25 s
  });
});

describe('PostgreSQL shared by two nodes', () => {
  it('shows each node the autosaves and the open windows the other wrote', async () => {
    const url = await pg.database();
    const [a, b] = [await openPg(url), await openPg(url)];
    try {
      await a.autosaves.put({ person: 'staff:a', key: 'page:3', by: 'anna@example.be', baseRev: 1, data: draft('Op node A'), at: 5_000 }, 50);
      expect((await b.autosaves.get('staff:a', 'page:3'))?.data).toEqual(draft('Op node A'));
      await a.presence.ping({ key: 'page:3', tab: 'tab-node-a-1', person: 'staff:a', name: 'Anna' }, 5_000, 0);
      await b.presence.ping({ key: 'page:3', tab: 'tab-node-b-1', person: 'staff:b', name: 'Bart' }, 6_000, 0);
      expect((await a.presence.ofDoc('page:3', 0)).map((e) => e.name)).toEqual(['Anna', 'Bart']);
      expect((await b.presence.ofDoc('page:3', 0)).map((e) => e.name)).toEqual(['Anna', 'Bart']);
    } finally {
      await a.close();
      await b.close();
    }
  });
});
