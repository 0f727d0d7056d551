// Autosaves and presence through the editor's API (issue 38, points 2 and 5), on the embedded store
// and on PostgreSQL — there with two server instances on one database, as two nodes: a draft
// autosaved through one is read through the other, and people on either see each other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { tempDir } from '../helpers/config.ts';
import { sharedPostgres, type TestPostgres } from '../helpers/pg.ts';
import { StaffClient } from '../helpers/client.ts';
import { StaffAccounts, addStaff } from '../../server/auth/staff-accounts.ts';
import { openPgStore } from '../../server/storage/pg/index.ts';
import type { AccountRepository } from '../../server/storage/index.ts';
import { AUTOSAVE_MAX_BYTES, AUTOSAVES_PER_PERSON } from '../../shared/editing.ts';

let pg: TestPostgres;
beforeAll(async () => {
  pg = await sharedPostgres();
}, 60_000);
afterAll(() => pg?.stop());

type Server = Awaited<ReturnType<typeof startTestServer>>;
interface Setup {
  /** Two servers on one store (the embedded store: the same one twice). */
  urls: [string, string];
  staff: StaffAccounts;
  close: () => Promise<void>;
}

const setups: Array<[string, () => Promise<Setup>]> = [
  [
    'embedded store',
    async () => {
      const srv = await startTestServer();
      return { urls: [srv.url, srv.url], staff: StaffAccounts.inDataDir(srv.dataDir), close: srv.close };
    },
  ],
  [
    'PostgreSQL, two nodes',
    async () => {
      const url = await pg.database();
      const nodes: Server[] = [];
      for (let i = 0; i < 2; i++) nodes.push(await startTestServer({ dataDir: tempDir('node-'), database: { url } }));
      const store = await openPgStore({ url }, { localDir: tempDir('pg-cli-'), node: false, migrate: false });
      return {
        urls: [nodes[0].url, nodes[1].url],
        staff: new StaffAccounts(store.staff as unknown as AccountRepository<never>),
        close: async () => {
          await store.close();
          for (const n of nodes) await n.close();
        },
      };
    },
  ],
];

let n = 0;
const PASSWORD = 'a long staff password';

describe.each(setups)('%s', (_name, make) => {
  let s: Setup;
  let anna: { username: string };
  let bart: { username: string };
  /** A browser of `who` on node `node` (0 or 1). */
  const browser = async (who: { username: string }, node = 0) => {
    const c = new StaffClient(s.urls[node]);
    const r = await c.login(who.username, PASSWORD);
    expect(r.status).toBe(200);
    return c;
  };
  beforeAll(async () => {
    s = await make();
    anna = await addStaff(s.staff, { username: `anna.${process.pid}.${++n}@atrium.example`, password: PASSWORD, role: 'editor', name: 'Anna Peeters' });
    bart = await addStaff(s.staff, { username: `bart.${process.pid}.${++n}@atrium.example`, password: PASSWORD, role: 'editor' });
  }, 60_000);
  afterAll(() => s?.close());

  it('keeps a draft for its person on the server, not as a revision, offers it on another computer, and drops it when they save', async () => {
    const here = await browser(anna, 0);
    const doc = (await here.req('GET', '/api/admin/docs/page:15')).json;
    const history = (await here.req('GET', '/api/admin/docs/page:15/history')).json.revisions.length;
    expect((await here.req('GET', '/api/admin/autosave/page:15')).json).toEqual({ autosave: null });
    const draft = { ...doc.data, description: { ...doc.data.description, fr: 'Brouillon de l’après-midi' } };
    const put = await here.req('PUT', '/api/admin/autosave/page:15', { data: draft, baseRev: doc.rev });
    expect(put.status).toBe(200);
    // Another computer (another login, the other node): the same draft.
    const there = await browser(anna, 1);
    const got = (await there.req('GET', '/api/admin/autosave/page:15')).json.autosave;
    expect(got).toEqual({ data: draft, baseRev: doc.rev, at: put.json.at });
    // Someone else has none; the history did not change.
    expect((await (await browser(bart, 1)).req('GET', '/api/admin/autosave/page:15')).json.autosave).toBeNull();
    expect((await here.req('GET', '/api/admin/docs/page:15/history')).json.revisions).toHaveLength(history);

    // Saved (from the other computer): the autosave is over (on the other node once the save reached it, within a second).
    const saved = await there.req('PUT', '/api/admin/docs/page:15', { data: got.data, baseRev: got.baseRev, publish: false });
    expect(saved.status).toBe(200);
    await expect.poll(async () => (await here.req('GET', '/api/admin/autosave/page:15')).json.autosave, { timeout: 5000 }).toBeNull();
    // Typed again after the save, then discarded.
    expect((await here.req('PUT', '/api/admin/autosave/page:15', { data: draft, baseRev: saved.json.revision.rev })).status).toBe(200);
    expect((await there.req('GET', '/api/admin/autosave/page:15')).json.autosave?.baseRev).toBe(saved.json.revision.rev);
    expect((await there.req('DELETE', '/api/admin/autosave/page:15')).json).toEqual({ ok: true });
    expect((await here.req('GET', '/api/admin/autosave/page:15')).json.autosave).toBeNull();
  });

  it('refuses bad input with a sentence naming the field, and keeps what it had', async () => {
    const c = await browser(anna);
    const kept = { title: { nl: 'Blijft' } };
    expect((await c.req('PUT', '/api/admin/autosave/page:4', { data: kept, baseRev: 3 })).status).toBe(200);
    const bad = async (body: unknown, key = 'page:4') => {
      const r = await c.req('PUT', `/api/admin/autosave/${key}`, body);
      return { status: r.status, field: r.json?.field, code: r.json?.code, error: r.json?.error };
    };
    expect(await bad({ data: kept, baseRev: 'x' })).toMatchObject({ status: 400, field: 'baseRev' });
    expect(await bad({ data: kept, baseRev: -1 })).toMatchObject({ status: 400, field: 'baseRev' });
    expect(await bad({ data: kept, baseRev: 2 ** 31 })).toMatchObject({ status: 400, field: 'baseRev' });
    expect(await bad({ baseRev: 3 })).toMatchObject({ status: 400, field: 'data' });
    expect(await bad({ data: kept, baseRev: 3, publish: true })).toMatchObject({ status: 400, field: 'publish' });
    expect(await bad({ data: kept, baseRev: 3 }, 'page:abc')).toMatchObject({ status: 404, field: 'key' });
    // An editor may not change the site's settings, so keeps no draft of them either.
    expect((await bad({ data: kept, baseRev: 0 }, 'site')).status).toBe(403);
    // Past 2 MB (as JSON): refused with a code the editor says in its language; far past it, refused unread.
    const big = { text: 'é'.repeat(AUTOSAVE_MAX_BYTES / 2) };
    expect(await bad({ data: big, baseRev: 3 })).toMatchObject({ status: 413, field: 'data', code: 'autosave.tooLarge' });
    expect((await bad({ data: { text: 'x'.repeat(AUTOSAVE_MAX_BYTES * 2) }, baseRev: 3 })).status).toBe(413);
    const notJson = await c.req('PUT', '/api/admin/autosave/page:4', undefined, { 'content-type': 'text/plain' });
    expect(notJson.status).toBe(415);
    expect((await c.req('GET', '/api/admin/autosave/page:4')).json.autosave).toMatchObject({ data: kept, baseRev: 3 });
  });

  it(`keeps at most ${AUTOSAVES_PER_PERSON} autosaves per person, the oldest going first`, async () => {
    const c = await browser(bart);
    for (let i = 0; i <= AUTOSAVES_PER_PERSON; i++)
      expect((await c.req('PUT', `/api/admin/autosave/page:${5000 + i}`, { data: { n: i }, baseRev: 0 })).status).toBe(200);
    expect((await c.req('GET', '/api/admin/autosave/page:5000')).json.autosave).toBeNull();
    expect((await c.req('GET', '/api/admin/autosave/page:5001')).json.autosave?.data).toEqual({ n: 1 });
    expect((await c.req('GET', `/api/admin/autosave/page:${5000 + AUTOSAVES_PER_PERSON}`)).json.autosave?.data).toEqual({ n: AUTOSAVES_PER_PERSON });
  });

  it('shows who else has a document open, by name, since when, with unsaved changes, across nodes', async () => {
    const a = await browser(anna, 0);
    const b = await browser(bart, 1);
    const here = (c: StaffClient, tab: string, key = 'page:9') => c.req('PUT', `/api/admin/presence/${key}`, { tab });
    const before = Date.now();
    expect((await here(a, 'anna-window-1')).json).toEqual({ people: [] });
    const seen = (await here(b, 'bart-window-1')).json.people;
    expect(seen).toEqual([{ name: 'Anna Peeters', since: expect.any(String) }]);
    expect(Date.parse(seen[0].since)).toBeGreaterThanOrEqual(before - 1000);
    // Bart has no name on his account: his e-mail address. Once he has an autosave: unsaved changes.
    expect((await b.req('PUT', '/api/admin/autosave/page:9', { data: { x: 1 }, baseRev: 0 })).status).toBe(200);
    expect((await here(a, 'anna-window-1')).json.people).toEqual([{ name: bart.username, since: expect.any(String), unsavedAt: expect.any(String) }]);
    // Anna in a second window sees herself there too.
    expect((await here(a, 'anna-window-2')).json.people.map((p: { name: string; self?: boolean }) => [p.name, !!p.self])).toEqual([
      ['Anna Peeters', true],
      [bart.username, false],
    ]);
    // Bart closes the document: still named, as having left unsaved changes.
    expect((await b.req('DELETE', '/api/admin/presence/page:9', { tab: 'bart-window-1' })).json).toEqual({ ok: true });
    expect((await here(a, 'anna-window-1')).json.people.find((p: { name: string }) => p.name === bart.username)).toMatchObject({ away: true });
    // Bad input: a window id out of shape, a body field not known, a key that is no document.
    expect((await here(a, 'x')).json.field).toBe('tab');
    expect((await a.req('PUT', '/api/admin/presence/page:9', { tab: 'anna-window-1', user: 'x' })).json.field).toBe('user');
    expect((await here(a, 'anna-window-1', 'nothing')).status).toBe(404);
  });
});
