// Issue 41, point 2: the server's stop lets the requests under way finish, within a bound.
import { describe, expect, it } from 'vitest';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, within } from '../../server/stop.ts';

function serve(handle: (res: import('node:http').ServerResponse) => void): Promise<Server> {
  const server = createServer((_req, res) => handle(res));
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/** A GET on a keep-alive connection: its body, or the error that ended it. */
function get(server: Server, port = (server.address() as AddressInfo).port): { answered: Promise<string> } {
  return {
    answered: new Promise((resolve, reject) => {
      const req = request({ host: '127.0.0.1', port, path: '/', agent: false, headers: { connection: 'keep-alive' } }, (res) => {
        let body = '';
        res.on('data', (d) => (body += d));
        res.on('end', () => resolve(body));
        res.on('error', reject);
      });
      req.on('error', reject);
      req.end();
    }),
  };
}

const started = (server: Server) => new Promise<void>((resolve) => server.once('request', () => setImmediate(resolve)));

describe('closeServer', () => {
  it('answers a request under way before it resolves, and takes no new connection', async () => {
    let finish!: () => void;
    const server = await serve((res) => (finish = () => res.end('answered')));
    const { port } = server.address() as AddressInfo;
    const { answered } = get(server);
    await started(server);
    const closed = closeServer(server, 5_000);
    let done = false;
    void closed.then(() => (done = true));
    await new Promise((r) => setImmediate(r));
    expect(done).toBe(false);
    // No new connection once stopping.
    await expect(get(server, port).answered).rejects.toThrow();
    finish();
    expect(await answered).toBe('answered');
    await closed;
  });

  it('cuts a request that outlasts the bound', async () => {
    const server = await serve(() => {}); // never answers
    const { answered } = get(server);
    await started(server);
    const t0 = Date.now();
    await closeServer(server, 200);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
    await expect(answered).rejects.toThrow();
  });

  it('lets the stop go on without work that outlasts its bound', async () => {
    expect(await within(new Promise(() => {}), 50)).toBeUndefined();
    expect(await within(Promise.resolve('written'), 50)).toBe('written');
  });
});
