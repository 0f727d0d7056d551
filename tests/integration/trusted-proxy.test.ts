// Behind reverse proxies (TRUST_PROXY=2), attacked the way the outside audit did: forwarded
// headers that claimed TLS or forged the client's address to dodge the form and login limits.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { connect } from 'node:net';
import { startTestServer } from '../helpers/server.ts';
import { KEEP_ALIVE_MS } from '../../server/keep-alive.ts';
import { Client } from '../helpers/client.ts';
import { person } from '../helpers/visitor.ts';
import { PASSWORD_CHECKS_CONCURRENT, PASSWORD_CHECKS_QUEUED } from '../../shared/constants.ts';

// The queue of password checks fills only while each check takes a while: scrypt at N=2^14 here (tens of ms
// each, 16 MiB), not the suite's 2^10 (a few ms), which a burst of 100 logins could outrun.
vi.stubEnv('SCRYPT_LOG2_N', '14');

describe('behind reverse proxies (TRUST_PROXY=2)', () => {
  let srv: Awaited<ReturnType<typeof startTestServer>>;
  // Each proxy appends the address it received from: the client is the second entry from the right.
  const via = (client: string, spoofed = '') => ({ 'x-forwarded-for': `${spoofed ? `${spoofed}, ` : ''}${client}, 10.0.0.2`, 'x-forwarded-proto': 'https' });
  beforeAll(async () => {
    srv = await startTestServer({ trustProxy: 2, formRate: { max: 2, windowMs: 60_000 } });
  });
  afterAll(() => srv.close());

  it('sends HSTS when the trusted proxy says the request came over TLS', async () => {
    expect((await fetch(`${srv.url}/fr/`, { headers: via('203.0.113.1') })).headers.get('strict-transport-security')).toBe(
      'max-age=31536000; includeSubDomains',
    );
    expect((await fetch(`${srv.url}/fr/`)).headers.get('strict-transport-security')).toBeNull();
  });

  it('limits forms per client at that depth: a forged left-most entry changes nothing, another client has its own allowance', async () => {
    const send = (headers: Record<string, string>) =>
      fetch(`${srv.url}/api/forms/site-contact?lang=fr`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ ...person(), message: 'Bonjour' }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await send(via('203.0.113.7', `198.51.100.${i}`))).status);
    expect(statuses).toEqual([201, 201, 429, 429]);
    expect((await send(via('203.0.113.8', '198.51.100.1'))).status).toBe(201);
  });

  it('throttles logins per client at that depth, whatever the forged entries say', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      const r = await new Client(srv.url, via('203.0.113.50', `192.0.2.${i}`)).req('POST', '/api/owner/login', {
        username: `nobody${i}@example.be`,
        password: 'wrong password',
        lang: 'en',
      });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    const other = await new Client(srv.url, via('203.0.113.51', '192.0.2.1')).req('POST', '/api/owner/login', {
      username: 'nobody@example.be',
      password: 'wrong password',
      lang: 'en',
    });
    expect(other.status).toBe(401);
  }, 120_000); // twenty-one scrypt checks, one at a time, on a busy machine

  it('bounds password checks for staff and owners together: past the queue, logins are answered 503 at once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, i) => {
        const c = new Client(srv.url, via(`198.18.${Math.floor(i / 250)}.${i % 250}`));
        return i % 2
          ? c.req('POST', '/api/owner/login', { username: `owner${i}@example.be`, password: 'wrong password', lang: 'fr' })
          : c.req('POST', '/api/admin/login', { username: `staff${i}@example.be`, password: 'wrong password' });
      }),
    );
    const busy = answers.filter((a) => a.status === 503);
    expect(answers.every((a) => a.status === 401 || a.status === 503)).toBe(true);
    // At most the running and queued checks of the first moment get through; the rest are refused without a hash.
    expect(busy.length).toBeGreaterThanOrEqual(100 - 4 * (PASSWORD_CHECKS_CONCURRENT + PASSWORD_CHECKS_QUEUED));
    expect(busy.every((a) => a.headers.get('retry-after') === '5')).toBe(true);
    expect(answers.filter((a, i) => a.status === 503 && i % 2 === 1).length).toBeGreaterThan(0); // owners
    expect(answers.filter((a, i) => a.status === 503 && i % 2 === 0).length).toBeGreaterThan(0); // staff
    expect(answers.find((a, i) => a.status === 503 && i % 2 === 1)!.json.error).toBe(
      'De nombreuses connexions sont en cours de vérification. Réessayez dans quelques secondes.',
    );
  });

  it('keeps an idle connection longer than the proxy in front keeps its own (60 s), and says so', async () => {
    // A request over one raw connection: the answer names the server's idle limit, and the connection stays open.
    const socket = connect(Number(new URL(srv.url).port), '127.0.0.1');
    socket.write('GET /healthz HTTP/1.1\r\nHost: example.be\r\nConnection: keep-alive\r\n\r\n');
    let head = '';
    for await (const chunk of socket) if ((head += chunk).includes('\r\n\r\n')) break;
    expect(head).toMatch(/^HTTP\/1\.1 200/);
    expect(head.toLowerCase()).toContain(`keep-alive: timeout=${KEEP_ALIVE_MS / 1000}`);
    expect(KEEP_ALIVE_MS).toBeGreaterThan(60_000);
    socket.destroy();
  });
});
