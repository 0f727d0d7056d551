import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LookupAddress } from 'node:dns';
import sharp from 'sharp';
import { fetchPicture, PictureError, type FetchPictureOptions } from '../../server/listings/picture-fetch.ts';
import { startPictureServer, type PictureServer } from '../helpers/picture-server.ts';

/** A DNS that answers what the test says: names of our choosing that point at the loopback picture server. */
const dns = (answers: Record<string, string>) => (host: string, _o: unknown, cb: (e: NodeJS.ErrnoException | null, a: LookupAddress[]) => void) =>
  queueMicrotask(() =>
    answers[host]
      ? cb(null, [{ address: answers[host], family: 4 }])
      : cb(Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' }), []),
  );

let pics: PictureServer;
beforeAll(async () => {
  pics = await startPictureServer(['ff0000', '00ff00']);
});
afterAll(() => pics.close());

const base: FetchPictureOptions = {
  hosts: ['cdn.example'],
  allowPrivate: false,
  timeoutMs: 15_000,
  maxBytes: 1024 * 1024,
  maxRedirects: 3,
  resolve: dns({ 'cdn.example': '127.0.0.1', 'other.example': '127.0.0.1' }),
};
const at = (path: string) => `http://cdn.example:${pics.port}${path}`;
async function failure(url: string, o: Partial<FetchPictureOptions> = {}): Promise<{ failure: string; message: string }> {
  try {
    await fetchPicture(url, { ...base, ...o });
  } catch (e) {
    expect(e).toBeInstanceOf(PictureError);
    return { failure: (e as PictureError).failure, message: (e as PictureError).message };
  }
  throw new Error(`${url} was fetched`);
}

describe('fetching a picture from the CDN', () => {
  it('connects to the address the guarded lookup checked', async () => {
    const body = await fetchPicture(at('/c/ff0000/a.jpg?v=1'), { ...base, allowPrivate: true });
    expect((await sharp(body).metadata()).format).toBe('jpeg');
    expect(pics.count('/c/ff0000/a.jpg')).toBe(1);
  });

  it('does not connect when the host name resolves to a loopback address and the config does not allow it', async () => {
    const before = pics.requests.length;
    expect(await failure(at('/c/ff0000/b.jpg'))).toEqual({ failure: 'refused', message: 'cdn.example resolves to 127.0.0.1 (loopback)' });
    expect(pics.requests.length).toBe(before);
  });

  it('checks every redirect: another host must be in the list too, and its address is checked the same way', async () => {
    expect(await failure(at('/redirect-host/other.example/c/00ff00/c.jpg'), { allowPrivate: true })).toMatchObject({
      failure: 'refused',
      message: expect.stringMatching(/^redirected to http:\/\/other\.example:\d+\/c\/00ff00\/c\.jpg: host other\.example is not in site\.json/),
    });
    expect(pics.count('/c/00ff00/c.jpg')).toBe(0);
    const body = await fetchPicture(at('/redirect-host/other.example/c/00ff00/c.jpg'), {
      ...base,
      hosts: ['cdn.example', 'other.example'],
      allowPrivate: true,
    });
    expect((await sharp(body).metadata()).width).toBe(1600);
    expect(pics.count('/c/00ff00/c.jpg')).toBe(1);
    expect(await failure(at('/redirect/redirect/redirect/redirect/c/00ff00/d.jpg'), { allowPrivate: true })).toEqual({
      failure: 'gone',
      message: 'more than 3 redirects',
    });
  });

  it('tells gone from unavailable', async () => {
    const o = { allowPrivate: true };
    expect(await failure(at('/missing/e.jpg'), o)).toEqual({ failure: 'gone', message: 'the picture server answered 404' });
    expect(await failure(at('/gone/e.jpg'), o)).toEqual({ failure: 'gone', message: 'the picture server answered 410' });
    expect(await failure(at('/text/e.jpg'), o)).toMatchObject({ failure: 'gone', message: 'not an image (text/html; charset=utf-8)' });
    expect(await failure(at('/error/e.jpg'), o)).toEqual({ failure: 'unavailable', message: 'the picture server answered 500' });
    expect(await failure(`http://unknown.example:${pics.port}/c/ff0000/e.jpg`, { ...o, hosts: ['unknown.example'] })).toEqual({
      failure: 'unavailable',
      message: 'ENOTFOUND',
    });
  });

  it('stops a body larger than the limit while it arrives, and one announced larger before it arrives', async () => {
    expect(await failure(at('/huge/f.jpg'), { allowPrivate: true, maxBytes: 256 * 1024 })).toEqual({
      failure: 'gone',
      message: `larger than ${256 * 1024} bytes`,
    });
    expect(await failure(at('/huge-declared/f.jpg'), { allowPrivate: true, maxBytes: 256 * 1024 })).toEqual({
      failure: 'gone',
      message: `larger than ${256 * 1024} bytes (${100 * 1024 * 1024})`,
    });
  });

  it('gives up on a picture that does not arrive in time', async () => {
    expect(await failure(at('/slow/g.jpg'), { allowPrivate: true, timeoutMs: 500 })).toEqual({ failure: 'unavailable', message: 'time-out' });
  });

  it('reports a CDN that is down as unavailable', async () => {
    await pics.off();
    try {
      expect(await failure(at('/c/ff0000/h.jpg'), { allowPrivate: true })).toEqual({ failure: 'unavailable', message: 'ECONNREFUSED' });
    } finally {
      await pics.on();
    }
  });
});
