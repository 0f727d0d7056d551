import { describe, expect, inject, it } from 'vitest';
import { spawnSync } from 'node:child_process';
import { configCopy, root } from '../helpers/config.ts';

const base = inject('baseUrl');

describe('npm start', () => {
  it('refuses a broken site-config with one line per problem and no stack trace', () => {
    const dir = configCopy(({ read, write }) => {
      const pages = read('pages.json');
      pages[8].modules[1].span = 13;
      delete pages[3].title;
      write('pages.json', pages);
    });
    const r = spawnSync(process.execPath, ['scripts/start.mjs'], { cwd: root, env: { ...process.env, CONFIG_DIR: dir, PORT: '0' }, encoding: 'utf8', timeout: 60_000 });
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toEqual(['The site configuration is not valid:', 'pages.json /3/title: is required', 'pages.json /8/modules/1/span: must be <= 12']);
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('serves hashed assets with long-lived immutable caching', async () => {
    const html = await (await fetch(`${base}/nl/`)).text();
    const js = /<script type="module" src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1] ?? /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    const css = /<link rel="stylesheet" href="(\/assets\/[^"]+\.css)"/.exec(html)?.[1];
    expect(js).toMatch(/-[A-Za-z0-9_-]{8}\.js$/);
    for (const asset of [js!, css!]) {
      const r = await fetch(`${base}${asset}`, { headers: { 'accept-encoding': 'br' } });
      expect(r.status).toBe(200);
      expect(r.headers.get('cache-control')).toBe('max-age=31536000,immutable');
      expect(r.headers.get('content-encoding')).toBe('br');
    }
  });
});
