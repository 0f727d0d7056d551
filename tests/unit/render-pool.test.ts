import { afterEach, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { finishGzip } from '../../server/site/page-cache.ts';
import { HELD_VALUES, RenderPool } from '../../server/site/render.ts';
import type { Assets } from '../../renderer/App.tsx';
import type { InitialData } from '../../renderer/page-data.ts';

const worker = (name: string) => new URL(`../fixtures/render-workers/${name}.mjs`, import.meta.url);
const errors: string[] = [];
const log = { warn: () => {}, error: (m: string) => void errors.push(m) };
/** The event loop's own render (a lone page, or no workers). */
const inline = (initial: InitialData, assets: Assets) => ({
  prefix: ['<html><body>', `inline ${(initial.page as unknown as { text: string }).text} ${(initial.shell as unknown as { name: string }).name} ${assets.js}`],
  end: '</body></html>',
});
const shell = (name: string) => ({ name }) as unknown as InitialData['shell'];
const page = (p: { text?: string; crash?: boolean; fail?: boolean }) => p as unknown as InitialData['page'];
const assets: Assets = { js: '/assets/entry.js', css: [], preload: [] };

let pool: RenderPool | undefined;
afterEach(async () => {
  await pool?.close();
  errors.length = 0;
});

async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((r) => setTimeout(r, 20));
}

describe('render pool', () => {
  it('renders on a worker, gzipped when asked, and a lone page on the event loop', async () => {
    pool = new RenderPool(worker('echo'), 2, inline, log);
    const fr = shell('Agence');
    const done = await pool.render({ shell: fr, page: page({ text: 'liste' }) }, assets, { gzip: true });
    expect(done.prefix.toString()).toBe('<html><body>liste Agence /assets/entry.js');
    expect(done.took).toBe(2);
    const whole = gunzipSync(finishGzip(done.gzip!, done.prefix.length, Buffer.from(done.end))).toString();
    expect(whole).toBe('<html><body>liste Agence /assets/entry.js</body></html>');
    const plain = await pool.render({ shell: fr, page: page({ text: 'détail' }) }, assets, { gzip: false });
    expect(plain.gzip).toBeUndefined();
    // Nothing else waiting and no worker busy: rendered where the request is (no hop).
    const alone = await pool.render({ shell: fr, page: page({ text: 'accueil' }) }, assets, { gzip: false, alone: true });
    expect(alone.prefix.toString()).toBe('<html><body>inline accueil Agence /assets/entry.js');
    expect(alone.took).toBeUndefined();
  });

  it('sends each shell once and knows which ones a worker still holds', async () => {
    pool = new RenderPool(worker('echo'), 1, inline, log);
    const shells = Array.from({ length: HELD_VALUES + 8 }, (_, i) => shell(`site-${i}`));
    const renderAll = (order: number[]) =>
      Promise.all(order.map((i) => pool!.render({ shell: shells[i], page: page({ text: `p${i}` }) }, assets, { gzip: false })));
    const first = await renderAll(shells.map((_, i) => i));
    expect(first.map((r) => r.prefix.toString())).toEqual(shells.map((_, i) => `<html><body>p${i} site-${i} /assets/entry.js`));
    // Old ones were dropped by the worker and are sent again; recent ones are named by number.
    const again = await renderAll([0, 1, HELD_VALUES + 7, 5, HELD_VALUES + 6, 0]);
    expect(again.map((r) => r.prefix.toString().split(' ')[1])).toEqual([
      'site-0',
      'site-1',
      `site-${HELD_VALUES + 7}`,
      'site-5',
      `site-${HELD_VALUES + 6}`,
      'site-0',
    ]);
  });

  it('fails a render that throws and goes on; replaces a worker that dies', async () => {
    pool = new RenderPool(worker('echo'), 1, inline, log);
    const fr = shell('Agence');
    await expect(pool.render({ shell: fr, page: page({ fail: true }) }, assets, { gzip: false })).rejects.toThrow('the module failed');
    expect((await pool.render({ shell: fr, page: page({ text: 'ok' }) }, assets, { gzip: false })).prefix.toString()).toContain('ok Agence');
    await expect(pool.render({ shell: fr, page: page({ crash: true }) }, assets, { gzip: false })).rejects.toThrow('exit code 3');
    // The new worker holds nothing yet: the shell is sent again.
    expect((await pool.render({ shell: fr, page: page({ text: 'after' }) }, assets, { gzip: false })).prefix.toString()).toContain('after Agence');
    expect(pool.size).toBe(1);
    // Page data that cannot be copied to a worker: that render fails, the next ones do not.
    const uncopyable = { text: 'x', format: () => 'x' } as unknown as InitialData['page'];
    await expect(pool.render({ shell: fr, page: uncopyable }, assets, { gzip: false })).rejects.toThrow(/could not be cloned/);
    expect((await pool.render({ shell: shell('Agence 2'), page: page({ text: 'then' }) }, assets, { gzip: false })).prefix.toString()).toContain(
      'then Agence 2',
    );
    expect((await pool.render({ shell: fr, page: page({ text: 'again' }) }, assets, { gzip: false })).prefix.toString()).toContain('again Agence');
  });

  it('renders on the event loop when its workers cannot start', async () => {
    pool = new RenderPool(worker('broken'), 2, inline, log);
    await until(() => pool!.size === 0);
    expect(errors.join('\n')).toContain('render workers fail to start');
    const done = await pool.render({ shell: shell('Agence'), page: page({ text: 'liste' }) }, assets, { gzip: true });
    expect(done.prefix.toString()).toBe('<html><body>inline liste Agence /assets/entry.js');
    expect(gunzipSync(finishGzip(done.gzip!, done.prefix.length, Buffer.from(done.end))).toString()).toContain('inline liste');
  });
});
