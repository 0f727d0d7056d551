// In a file of its own: the clock (Date) moves hours ahead here, which would confuse the timers of
// a server shared with other tests (vitest runs each file in its own process).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { tempDir } from '../helpers/config.ts';
import { OwnerAccounts, addOwner } from '../../server/auth/owner-accounts.ts';
import { OWNER_SESSION_ABSOLUTE_MS, OWNER_SESSION_IDLE_MS } from '../../shared/constants.ts';

let srv: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  const dataDir = tempDir('clock-');
  await addOwner(OwnerAccounts.inDataDir(dataDir), { username: 'marie.dubois@example.be', password: 'correct horse battery', lang: 'en', propertyIds: [] });
  srv = await startTestServer({ dataDir });
}, 60_000);
afterAll(() => srv?.close());

async function login(): Promise<string> {
  const r = await fetch(`${srv.url}/api/owner/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'marie.dubois@example.be', password: 'correct horse battery', lang: 'en' }),
  });
  expect(r.status).toBe(200);
  return r.headers.getSetCookie()[0].split(';')[0];
}
const get = async (path: string, cookie: string) => {
  const r = await fetch(srv.url + path, { headers: { cookie } });
  return { status: r.status, json: await r.json() };
};

describe('owner session timeouts', () => {
  it('ends a session after the idle timeout, and after the absolute timeout even when it is used all along', async () => {
    const idle = await login();
    const busy = await login();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      const step = OWNER_SESSION_IDLE_MS / 2;
      let t = start;
      let stillIn = true;
      while (t + step < start + OWNER_SESSION_ABSOLUTE_MS - 60_000) {
        t += step;
        vi.setSystemTime(t);
        stillIn &&= (await get('/api/owner/me', busy)).json.loggedIn === true;
      }
      expect(stillIn).toBe(true); // used every 15 minutes: never idle
      expect((await get('/api/owner/me', idle)).json).toEqual({ loggedIn: false }); // unused for hours
      vi.setSystemTime(start + OWNER_SESSION_ABSOLUTE_MS + 1000);
      const r = await get('/api/owner/me', busy);
      expect(r.json).toEqual({ loggedIn: false });
    } finally {
      vi.useRealTimers();
    }
  }, 60_000);
});
