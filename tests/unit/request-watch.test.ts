// Issue 41, points 4 and 5, as the first middleware does them in one (server/log/request-log.ts):
// a request id sent back and carried by every line written while the request is answered past the
// page cache (requestContext), even after an await, and by the error handler's line; one access line; the duration told to the metrics; the count of requests under
// way. A silent log takes no id. And the lines' time, made from a second's text kept while it lasts,
// is what toISOString says.
import { describe, expect, it } from 'vitest';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { createLogger, isoTime, lines } from '../../server/log/logger.ts';
import { inRequestContext, requestContext, watchRequests } from '../../server/log/request-log.ts';
import { Foreground } from '../../server/http/foreground.ts';
import { captureLog } from '../helpers/log.ts';

async function serve(app: Koa, work: (url: string) => Promise<void>) {
  const server = app.listen(0, '127.0.0.1');
  await new Promise((r) => server.once('listening', r));
  try {
    await work(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    await new Promise((r) => server.close(r));
  }
}

describe('the first middleware', () => {
  it('names each request by its id in the answer, in every line written while answering it and in its access line; times it for the metrics; counts it as under way', async () => {
    const log = captureLog();
    const logger = createLogger({ level: 'info', format: 'json' }, log.stream);
    const foreground = new Foreground();
    const timed: Array<{ path: string; seconds: number }> = [];
    const busyInside: boolean[] = [];
    const app = new Koa();
    app.use(watchRequests({ log: logger, foreground, timed: (ctx, seconds) => timed.push({ path: ctx.path, seconds }) }));
    // As server/app.ts: the error handler before the context (it writes in it all the same), the context past the page cache.
    app.use(async (ctx, next) => {
      try {
        await next();
      } catch (e) {
        inRequestContext(logger, ctx, () => lines(logger).error(`failed ${ctx.path}`, e));
        ctx.body = 'ok';
      }
    });
    app.use(async (ctx, next) => {
      lines(logger).info(`cache ${ctx.path}`); // before the context: no id
      await next();
    });
    app.use(requestContext(logger));
    app.use(async (ctx) => {
      busyInside.push(foreground.busy);
      lines(logger).info(`before ${ctx.path}`);
      await new Promise((r) => setTimeout(r, 5));
      lines(logger).warn(`after ${ctx.path}`);
      throw new Error('a module failed');
    });
    await serve(app, async (url) => {
      const [a, b] = await Promise.all([fetch(`${url}/a`), fetch(`${url}/b`, { headers: { 'X-Request-Id': 'proxy-7.1' } })]);
      expect(await a.text()).toBe('ok');
      await b.text();
      const ida = a.headers.get('x-request-id')!;
      expect(ida).toMatch(/^[0-9a-f-]{36}$/);
      expect(b.headers.get('x-request-id')).toBe('proxy-7.1');
      const all = log.lines();
      expect(all.filter((l) => String(l.msg).startsWith('cache ')).map((l) => l.reqId)).toEqual([undefined, undefined]);
      for (const [id, path] of [
        [ida, '/a'],
        ['proxy-7.1', '/b'],
      ]) {
        expect(all.filter((l) => l.reqId === id).map((l) => l.msg)).toEqual([
          `before ${path}`,
          `after ${path}`,
          `failed ${path}`,
          expect.stringMatching(new RegExp(`^GET ${path} 200 [0-9.]+ ms \\(cache miss\\)$`)),
        ]);
        const access = all.find((l) => l.reqId === id && l.method)!;
        expect(access).toMatchObject({ level: 'info', method: 'GET', path, kind: 'page', status: 200, bytes: 2, cache: 'miss' });
        expect(access.ms).toBeGreaterThanOrEqual(4);
      }
    });
    expect(busyInside).toEqual([true, true]);
    expect(foreground.busy).toBe(false);
    expect(timed.map((t) => t.path).sort()).toEqual(['/a', '/b']);
    for (const t of timed) expect(t.seconds).toBeGreaterThanOrEqual(0.004);
  });

  it('with a silent log: no id, no line, the metrics and the count all the same', async () => {
    const log = captureLog();
    const timed: number[] = [];
    const foreground = new Foreground();
    const app = new Koa();
    app.use(watchRequests({ log: createLogger({ level: 'silent', format: 'json' }, log.stream), foreground, timed: (_ctx, s) => timed.push(s) }));
    app.use((ctx) => {
      ctx.status = 404;
    });
    await serve(app, async (url) => {
      const r = await fetch(`${url}/x`);
      expect(r.status).toBe(404);
      expect(r.headers.get('x-request-id')).toBeNull();
    });
    expect(timed).toHaveLength(1);
    expect(log.text()).toBe('');
    expect(foreground.busy).toBe(false);
  });
});

describe("a line's time", () => {
  it('is the ISO time of the moment, to the millisecond, across seconds, days and a clock set back', () => {
    const at = (iso: string) => Date.parse(iso);
    for (const iso of [
      '2026-11-28T04:19:33.000Z',
      '2026-11-28T04:19:33.007Z',
      '2026-11-28T04:19:33.042Z',
      '2026-11-28T04:19:33.999Z',
      '2026-11-28T04:19:34.000Z',
      '2026-11-28T23:59:59.999Z',
      '2026-11-29T00:00:00.001Z',
      '2026-11-28T04:19:33.500Z', // the clock set back
      '2027-01-01T00:00:00.100Z',
    ])
      expect(isoTime(at(iso))).toBe(`,"time":"${iso}"`);
    const now = Date.now();
    expect(isoTime(now)).toBe(`,"time":"${new Date(now).toISOString()}"`);
  });
});
