// The built server renders uncached pages on worker threads (server/site/render.ts): the pages,
// their policies and their gzip are the very ones the event loop renders, for every kind of page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { root, tempDir } from '../helpers/config.ts';
import { seedFormKey } from '../helpers/fill-token.ts';
import { FORM_TOKEN_FIELD } from '../../shared/constants.ts';

const servers: Server[] = [];
/** How many pages each server rendered to warm up before it listened. */
const warmed = new Map<Server, number>();

async function builtServer(renderThreads: number, more: { warmUp?: boolean; pageCache?: boolean } = {}): Promise<string> {
  const { start } = await import(join(root, 'dist/server/main.js'));
  const { samplePhotoSource } = await import(join(root, 'dist/server/sample.js'));
  const dataDir = tempDir('e2e-threads-');
  seedFormKey(dataDir); // the same key: the same form tokens' signer on both servers
  const server: Server & { warmedUp: number } = await start({
    root,
    port: 0,
    host: '127.0.0.1',
    dataDir,
    quiet: true,
    pageCache: false,
    smtpUrl: '',
    photoSource: samplePhotoSource,
    listingsSync: null,
    renderThreads,
    warmUp: false,
    ...more,
  });
  servers.push(server);
  warmed.set(server, server.warmedUp);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

let threads: string;
let loop: string;
beforeAll(async () => {
  [threads, loop] = await Promise.all([builtServer(2), builtServer(0)]);
});
afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
});

/** An answer without what differs per answer: the forms' fill-time tokens. */
const comparable = (html: string) => html.replace(new RegExp(`(name="${FORM_TOKEN_FIELD}" form="[^"]+" value=")[^"]+"`, 'g'), '$1"');

describe('render threads', () => {
  it('render every kind of page as the event loop does, gzipped or not, side by side under concurrent requests', async () => {
    const { items } = await (await fetch(`${loop}/api/properties?lang=en&goal=rent`)).json();
    const paths = [
      '/nl/',
      '/fr/acheter/?minPrice=150000&sort=price-desc',
      '/nl/kopen/?page=2',
      items[0].path,
      '/fr/contact/',
      '/en/search/?q=deposit',
      '/nl/bestaat-niet/',
      '/fr/acheter/?minPrice=abc',
    ];
    // Connections opened first (a busy server accepts one new connection per turn of its loop, so
    // requests on new connections come in one by one, and one alone is rendered on the loop).
    await Promise.all([...paths, ...paths].map(async (path) => (await fetch(threads + path)).arrayBuffer()));
    for (const encoding of ['identity', 'gzip']) {
      // All at once: the server hands them to its workers (a lone request is rendered on the loop).
      const answers = await Promise.all(
        paths.map(async (path) => {
          const [a, b] = await Promise.all([threads, loop].map((base) => fetch(base + path, { headers: { 'accept-encoding': encoding } })));
          const bytes = async (r: Response) => Buffer.from(await r.arrayBuffer());
          return { path, a, b, aBody: await bytes(a), bBody: await bytes(b) };
        }),
      );
      for (const { path, a, b, aBody, bBody } of answers) {
        expect(a.status, path).toBe(b.status);
        expect(a.headers.get('content-security-policy'), path).toBe(b.headers.get('content-security-policy'));
        expect(a.headers.get('content-encoding') ?? 'identity', path).toBe(encoding);
        // fetch decodes gzip; the bytes are the page either way.
        expect(comparable(aBody.toString()), path).toBe(comparable(bBody.toString()));
        expect(aBody.toString(), path).toMatch(/<\/body><\/html>$/);
      }
      const timings = answers.map(({ a }) => a.headers.get('server-timing') ?? '');
      expect(timings.some((t) => /worker;dur=[\d.]+/.test(t))).toBe(true);
      expect(answers.every(({ b }) => !/worker;dur/.test(b.headers.get('server-timing') ?? ''))).toBe(true);
    }
  });

  it('warm up at start on the loop and on every worker, keeping nothing: each page is rendered for its first visitor, as a cold server renders it', async () => {
    const warm = await builtServer(2, { warmUp: true, pageCache: true });
    const server = servers.at(-1)!;
    // Per language (nl, fr, en): the home page, the sale list and its first property.
    expect(warmed.get(server)).toBe(9);
    const { items } = await (await fetch(`${loop}/api/properties?lang=fr&goal=sale`)).json();
    const paths = ['/nl/', '/fr/', '/en/', '/nl/kopen/', '/fr/acheter/', '/en/for-sale/', items[0].path, '/fr/louer/', '/nl/contact/'];
    // All at once, twice: the first answers rendered now (on the workers, which hold what the
    // warm-up sent them), the second from the page cache.
    for (const round of ['rendered', 'kept']) {
      const answers = await Promise.all(
        paths.map(async (path) => {
          const [a, b] = await Promise.all([warm, loop].map((base) => fetch(base + path)));
          return { path, a, aBody: await a.text(), bBody: await b.text() };
        }),
      );
      for (const { path, a, aBody, bBody } of answers) {
        expect(a.status, path).toBe(200);
        expect(comparable(aBody), path).toBe(comparable(bBody));
        expect(/react;dur/.test(a.headers.get('server-timing') ?? ''), `${path} ${round}`).toBe(round === 'rendered');
      }
    }
  });

  it('gzip a rendered page into a stream any client decodes to the page itself', async () => {
    const path = '/en/for-rent/?minPrice=900';
    const r = await fetch(threads + path, { headers: { 'accept-encoding': 'gzip' } });
    expect(r.headers.get('content-encoding')).toBe('gzip');
    // Node's fetch decodes; the raw bytes are checked with zlib as a strict decoder would.
    const raw = await new Promise<Buffer>((resolve, reject) => {
      import('node:http').then(({ get }) =>
        get(threads + path, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const parts: Buffer[] = [];
          res.on('data', (d) => parts.push(d));
          res.on('end', () => resolve(Buffer.concat(parts)));
          res.on('error', reject);
        }),
      );
    });
    const html = gunzipSync(raw).toString();
    expect(html).toMatch(/^<!DOCTYPE html>/);
    expect(html).toMatch(/<\/html>$/);
    expect(comparable(html)).toBe(comparable(await r.text()));
  });
});
