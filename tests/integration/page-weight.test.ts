// What a page weighs and what it costs the server: the dictionary as a file of its own (kept by the
// browser for a content version), searches and campaign links from the page cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';

let srv: Awaited<ReturnType<typeof startTestServer>>;
const get = (path: string, init?: RequestInit) => fetch(srv.url + path, { redirect: 'manual', ...init });
const bootOf = (html: string) => JSON.parse(/<script type="application\/json" id="vitrine-data">(\{.*?\})<\/script>/s.exec(html)![1]);

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

describe('the dictionary', () => {
  it('is not embedded in the page: the head preloads it from a URL kept for good, in the page’s language', async () => {
    const html = await (await get('/fr/acheter/')).text();
    const { initial } = bootOf(html);
    expect(initial.shell.messages).toBeUndefined();
    const url: string = initial.shell.messagesUrl;
    expect(url).toMatch(/^\/i18n\/fr\.[^/]+\.json$/);
    // The test server has no browser script: nothing to hydrate, so nothing preloaded (the built
    // site preloads it: tests/e2e, where Chromium fails on an unused preload).
    expect(html).not.toMatch(/<link rel="preload" href="\/i18n\//);
    const r = await get(url, { headers: { 'accept-encoding': 'br' } });
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(r.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(r.headers.get('content-encoding')).toBe('br');
    const messages = await r.json();
    expect(messages['search.noResults']).toBeTruthy();
    expect(Object.keys(messages).length).toBeGreaterThan(300);
    // The page itself shows the same texts the dictionary holds (French, not the English fallback).
    const nl = await (await get(url.replace('/fr.', '/nl.'))).json();
    expect(messages['lang.fr']).toBeTruthy();
    expect(messages['search.noResults']).not.toBe(nl['search.noResults']);
  });

  it('answers an older version with today’s texts, not kept; a language or file it does not have with a 404 naming the path', async () => {
    const old = await get('/i18n/nl.0000-old.json');
    expect(old.status).toBe(200);
    expect(old.headers.get('cache-control')).toBe('no-cache');
    expect((await old.json())['search.noResults']).toBeTruthy();
    for (const path of ['/i18n/de.1.json', '/i18n/nl.json', '/i18n/../site.json', '/i18n/NL.1.json', '/i18n/nl.1.txt']) {
      const r = await get(path);
      expect(r.status, path).toBeGreaterThanOrEqual(400);
      expect(r.status, path).toBeLessThan(500);
    }
    const bad = await get('/i18n/de.1.json');
    expect(await bad.json()).toEqual({ error: 'no such dictionary: /i18n/{nl|fr|en}.{version}.json', field: 'path' });
  });
});

describe('searches and campaign links', () => {
  it('keeps a filtered search asked for a second time, then answers it from the cache; a campaign link is the plain page', async () => {
    const search = '/nl/kopen/?maxPrice=450000&bedrooms=2&sort=price-asc';
    const first = await get(search);
    expect(first.status).toBe(200);
    expect(first.headers.get('server-timing')).toMatch(/^total;dur=[\d.]+, react;dur=[\d.]+, data;dur=[\d.]+, document;dur=[\d.]+, keep;dur=[\d.]+$/);
    const html = await first.text();
    // Most searches are asked for once: the second asking renders it again, and keeps it.
    const second = await get(search);
    expect(second.headers.get('server-timing')).toMatch(/^total;dur=/);
    await second.arrayBuffer();
    const again = await get(search);
    expect(again.headers.get('server-timing')).toBeNull();
    const strip = (h: string) => h.replace(/name="formToken" form="([^"]+)" value="[^"]+"/g, 'name="formToken" form="$1" value=""');
    expect(strip(await again.text())).toBe(strip(html));
    expect(bootOf(html).initial.page.search).toBe('maxPrice=450000&bedrooms=2&sort=price-asc');

    await get('/nl/kopen/');
    const campaign = await get('/nl/kopen/?utm_source=newsletter&utm_medium=email&fbclid=IwAR0');
    expect(campaign.status).toBe(200);
    expect(campaign.headers.get('server-timing')).toBeNull();
    const page = bootOf(await campaign.text()).initial.page;
    expect(page.search).toBe('');
    expect(page.head.robots).toBe('index, follow');
  });

  it('keeps no refused search: a wrong filter is answered 400 each time, with its message', async () => {
    for (let i = 0; i < 2; i++) {
      const r = await get('/nl/kopen/?maxPrice=veel');
      expect(r.status).toBe(400);
      expect(r.headers.get('server-timing')).toMatch(/^total;dur=/);
    }
  });
});
