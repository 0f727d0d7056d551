// Autosaves and presence over time (issue 38, points 2 and 5), their operations on both stores with a
// clock the test moves: a window not heard from for a minute no longer counts; a person's windows
// are bounded; autosaves older than 30 days are deleted; an autosave older than the person's own
// save of the document is over.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedPostgres, type TestPostgres } from '../helpers/pg.ts';
import { tempDir } from '../helpers/config.ts';
import { openFileStore, type Store } from '../../server/storage/index.ts';
import { openPgStore } from '../../server/storage/pg/index.ts';
import { AutosaveOperations, type Person } from '../../server/editing/autosaves.ts';
import { PresenceOperations } from '../../server/editing/presence.ts';
import type { Revision } from '../../server/content/content-store.ts';
import { AUTOSAVE_KEPT_DAYS, PRESENCE_PING_MS, PRESENCE_SHOWN_MAX, PRESENCE_STALE_MS, PRESENCE_TABS_PER_PERSON } from '../../shared/editing.ts';

let pg: TestPostgres;
beforeAll(async () => {
  pg = await sharedPostgres();
}, 60_000);
afterAll(() => pg?.stop());

const DAY = 24 * 3600_000;
const anna: Person = { id: 'a1', username: 'anna@atrium.example', name: 'Anna Peeters', role: 'editor' };
const bart: Person = { id: 'b2', username: 'bart@atrium.example', role: 'editor' };

describe.each([
  ['embedded store', () => openFileStore(tempDir('clock-'))],
  ['PostgreSQL', async () => openPgStore({ url: await pg.database() }, { localDir: tempDir('pg-local-') })],
] as Array<[string, () => Promise<Store>]>)('%s', (_name, open) => {
  let s: Store;
  let t = Date.UTC(2026, 10, 20, 9, 42);
  const now = () => t;
  /** The document's revisions as the content store has them (the test adds saves). */
  const revisions: Revision[] = [];
  let autosaves: AutosaveOperations;
  let presence: PresenceOperations;
  beforeAll(async () => {
    s = await open();
    autosaves = new AutosaveOperations({ repo: s.autosaves, content: { revisionsOf: (key) => revisions.filter((r) => r.key === key) }, now });
    presence = new PresenceOperations({ repo: s.presence, autosaves, nameOf: async () => undefined, now });
  });
  afterAll(() => s?.close());

  it('forgets a window a minute after its last word, and a window back after that opens the document anew', async () => {
    const start = t;
    await presence.here(anna, 'page:3', 'anna-tab-0001');
    t += PRESENCE_PING_MS;
    expect(await presence.here(bart, 'page:3', 'bart-tab-0001')).toEqual([{ name: 'Anna Peeters', since: new Date(start).toISOString() }]);
    // Anna's tab keeps pinging: still there, since the same time.
    t += PRESENCE_PING_MS;
    await presence.here(anna, 'page:3', 'anna-tab-0001');
    t += PRESENCE_STALE_MS;
    expect((await presence.here(bart, 'page:3', 'bart-tab-0001')).map((p) => p.since)).toEqual([new Date(start).toISOString()]);
    // One more millisecond without a word: gone.
    t += 1;
    expect(await presence.here(bart, 'page:3', 'bart-tab-0001')).toEqual([]);
    await presence.here(anna, 'page:3', 'anna-tab-0001');
    t += PRESENCE_PING_MS;
    expect(await presence.here(bart, 'page:3', 'bart-tab-0001')).toEqual([{ name: 'Anna Peeters', since: new Date(t - PRESENCE_PING_MS).toISOString() }]);
  });

  it(`keeps at most ${PRESENCE_TABS_PER_PERSON} windows per person, the quietest going first`, async () => {
    for (let i = 0; i <= PRESENCE_TABS_PER_PERSON; i++) {
      t += 1000;
      await presence.here(bart, 'page:4', `bart-many-${String(i).padStart(4, '0')}`);
    }
    const tabs = (await s.presence.ofPerson('staff:b2', t - PRESENCE_STALE_MS)).map((e) => e.tab);
    // Bart's window on page:3 (the quietest) went first, then the first of these.
    expect(tabs).toHaveLength(PRESENCE_TABS_PER_PERSON);
    expect(tabs).not.toContain('bart-tab-0001');
    expect(tabs).not.toContain('bart-many-0000');
    expect(tabs).toContain(`bart-many-${String(PRESENCE_TABS_PER_PERSON).padStart(4, '0')}`);
  });

  it(`names at most ${PRESENCE_SHOWN_MAX} people beside a document, and refuses a window id out of shape`, async () => {
    for (let i = 0; i <= PRESENCE_SHOWN_MAX; i++) {
      t += 10;
      await presence.here({ id: `crowd-${i}`, username: `crowd.${i}@atrium.example`, role: 'editor' }, 'page:11', `crowd-tab-${i}-xxxx`);
    }
    const seen = await presence.here(anna, 'page:11', 'anna-tab-0011');
    expect(seen).toHaveLength(PRESENCE_SHOWN_MAX);
    expect(seen[0].name).toBe('crowd.0@atrium.example'); // the earliest first
    await expect(presence.here(anna, 'page:11', 'x'.repeat(65))).rejects.toMatchObject({ status: 400, body: { field: 'tab' } });
    await expect(presence.here(anna, 'page:11', 'tab with spaces')).rejects.toMatchObject({ status: 400 });
  });

  it(`deletes autosaves after ${AUTOSAVE_KEPT_DAYS} days, and one older than the person’s own save of the document`, async () => {
    const old = t;
    await autosaves.write(anna, 'page:5', { data: { v: 'old' }, baseRev: 1 });
    t += AUTOSAVE_KEPT_DAYS * DAY - 1000;
    await autosaves.write(anna, 'page:6', { data: { v: 'newer' }, baseRev: 1 });
    expect(await autosaves.read(anna, 'page:5')).toMatchObject({ data: { v: 'old' }, at: new Date(old).toISOString() });
    t += 1001;
    // Past its days: not offered any more, and deleted by the next write's purge (a minute after the last).
    expect(await autosaves.read(bart, 'page:5')).toBeNull();
    expect(await autosaves.unsaved('page:5')).toEqual([]);
    t += 60_000;
    await autosaves.write(bart, 'page:7', { data: { v: 'b' }, baseRev: 0 });
    expect((await s.autosaves.ofPerson('staff:a1')).map((a) => a.key)).toEqual(['page:6']);

    // Anna saves page:6 (a revision by her, after the autosave): the autosave is over, on every node.
    expect((await autosaves.unsaved('page:6')).map((a) => a.person)).toEqual(['staff:a1']);
    revisions.push({ key: 'page:6', rev: 9, at: new Date(t).toISOString(), by: anna.username, summary: '', data: {}, published: false });
    expect(await autosaves.unsaved('page:6')).toEqual([]);
    expect(await autosaves.read(anna, 'page:6')).toBeNull();
    expect(await s.autosaves.get('staff:a1', 'page:6')).toBeUndefined();
    // Someone else's save does not end Bart's autosave of page:7.
    revisions.push({ key: 'page:7', rev: 10, at: new Date(t + 1).toISOString(), by: anna.username, summary: '', data: {}, published: false });
    expect(await autosaves.read(bart, 'page:7')).toMatchObject({ data: { v: 'b' } });
  });
});
