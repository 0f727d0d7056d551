import { describe, expect, it } from 'vitest';
import Koa from 'koa';
import type { AddressInfo } from 'node:net';
import { Foreground } from '../../server/http/foreground.ts';
import { watchRequests } from '../../server/log/request-log.ts';

describe('background work waits for a quiet moment between visitors’ requests', () => {
  it('holds a step while a request is being answered, lets it go soon after the answer, and never longer than its limit', async () => {
    const foreground = new Foreground();
    const app = new Koa();
    app.use(watchRequests({ foreground })); // as server/app.ts counts every request
    let release = () => {};
    app.use(async (ctx) => {
      await new Promise<void>((r) => (release = r));
      ctx.body = 'ok';
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((r) => server.once('listening', r));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const answer = fetch(url).then((r) => r.text());
      await expect.poll(() => foreground.busy).toBe(true);
      let stepped = false;
      const step = foreground.quiet(10, 60_000).then(() => (stepped = true));
      await new Promise((r) => setTimeout(r, 100));
      expect(stepped).toBe(false); // a visitor is waiting: the step waits too
      release();
      expect(await answer).toBe('ok');
      await step; // the quiet moment after the answer
      expect(foreground.busy).toBe(false);

      // A site busy without pause: the step goes on after its limit all the same.
      const busyAgain = fetch(url).then((r) => r.text());
      await expect.poll(() => foreground.busy).toBe(true);
      const t = performance.now();
      await foreground.quiet(10, 150);
      expect(performance.now() - t).toBeGreaterThanOrEqual(140);
      expect(foreground.busy).toBe(true);
      release();
      await busyAgain;
    } finally {
      server.close();
    }
  });
});
