import { describe, expect, it } from 'vitest';
import { RenderTurns } from '../../server/site/serve.ts';

describe('page renders take turns of the event loop', () => {
  it('gives each waiting render a turn of its own, in the order asked, with the loop free in between', async () => {
    const turns = new RenderTurns();
    const order: string[] = [];
    const renders = Array.from({ length: 20 }, (_, i) =>
      turns.turn().then(() => {
        order.push(`render ${i}`);
        const until = performance.now() + 2; // a render holds the loop for a while
        while (performance.now() < until);
      }),
    );
    expect(turns.queued).toBe(20);
    setTimeout(() => order.push('timer'), 0);
    await Promise.all(renders);
    expect(order.filter((x) => x !== 'timer')).toEqual(Array.from({ length: 20 }, (_, i) => `render ${i}`));
    // A timer due after the first render runs before the third (renders started together would hold it to the end).
    expect(order.indexOf('timer')).toBeGreaterThan(0);
    expect(order.indexOf('timer')).toBeLessThan(3);
    expect(turns.queued).toBe(0);
  });
});
