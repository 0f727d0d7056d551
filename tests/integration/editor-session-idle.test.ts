// In a file of its own: the clock (Date) moves half an hour ahead here, which would confuse the
// timers of a server shared with other tests (vitest runs each file in its own process).
// Issue 38, point 5: the editor tells the server every 20 s that a document is still open; those
// requests, sent by the browser by itself, must not keep a session alive: a person who walked away
// is logged out after 30 minutes all the same. Typing (which autosaves) keeps it, as any action does.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { tempDir } from '../helpers/config.ts';
import { sharedPostgres, type TestPostgres } from '../helpers/pg.ts';
import { StaffClient } from '../helpers/client.ts';
import { StaffAccounts, addStaff } from '../../server/auth/staff-accounts.ts';
import { openPgStore } from '../../server/storage/pg/index.ts';
import type { AccountRepository } from '../../server/storage/index.ts';
import { OWNER_SESSION_IDLE_MS } from '../../shared/constants.ts';
import { PRESENCE_PING_MS } from '../../shared/editing.ts';

let pg: TestPostgres;
beforeAll(async () => {
  pg = await sharedPostgres();
}, 60_000);
afterAll(() => pg?.stop());

const PASSWORD = 'a long staff password';

describe.each([
  [
    'embedded store',
    async () => {
      const srv = await startTestServer();
      return { srv, staff: StaffAccounts.inDataDir(srv.dataDir), close: srv.close };
    },
  ],
  [
    'PostgreSQL',
    async () => {
      const url = await pg.database();
      const srv = await startTestServer({ dataDir: tempDir('node-'), database: { url } });
      const store = await openPgStore({ url }, { localDir: tempDir('pg-cli-'), node: false, migrate: false });
      return {
        srv,
        staff: new StaffAccounts(store.staff as unknown as AccountRepository<never>),
        close: async () => {
          await store.close();
          await srv.close();
        },
      };
    },
  ],
])('%s', (_name, make) => {
  let s: Awaited<ReturnType<typeof make>>;
  beforeAll(async () => {
    s = await make();
    await addStaff(s.staff, { username: `idle.${process.pid}@atrium.example`, password: PASSWORD, role: 'editor' });
  }, 60_000);
  afterAll(() => s?.close());

  it('ends the session of a person who only has a document open after 30 minutes, and keeps the one of a person typing', async () => {
    const login = async () => {
      const c = new StaffClient(s.srv.url);
      expect((await c.login(`idle.${process.pid}@atrium.example`, PASSWORD)).status).toBe(200);
      return c;
    };
    const away = await login();
    const typing = await login();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      let t = start;
      let pings = 0;
      let saves = 0;
      // Both have page:15 open: their browsers ping every 20 s. One of them also types now and then
      // (an autosave every 10 minutes); the other is away.
      while (t + PRESENCE_PING_MS <= start + OWNER_SESSION_IDLE_MS + 5 * 60_000) {
        t += PRESENCE_PING_MS;
        vi.setSystemTime(t);
        const heard = await away.req('PUT', '/api/admin/presence/page:15', { tab: 'away-window-1' });
        if (t - start < OWNER_SESSION_IDLE_MS) expect(heard.status).toBe(200);
        if (heard.status === 200) pings++;
        expect((await typing.req('PUT', '/api/admin/presence/page:15', { tab: 'typing-window-1' })).status).toBe(200);
        if ((t - start) % (10 * 60_000) === 0) {
          expect((await typing.req('PUT', '/api/admin/autosave/page:15', { data: { typed: t }, baseRev: 0 })).status).toBe(200);
          saves++;
        }
      }
      expect(pings).toBeGreaterThanOrEqual(OWNER_SESSION_IDLE_MS / PRESENCE_PING_MS - 1);
      expect(saves).toBe(3);
      // Away for 35 minutes, pinging all along: logged out (the editor then asks for the password).
      const me = await away.req('GET', '/api/admin/me');
      expect(me.status).toBe(401);
      expect((await away.req('PUT', '/api/admin/presence/page:15', { tab: 'away-window-1' })).status).toBe(401);
      // Typing 5 minutes ago: still in.
      expect((await typing.req('GET', '/api/admin/me')).status).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  }, 120_000);
});
