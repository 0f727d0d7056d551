// Which encoding a page or a dictionary is answered in, for the Accept-Encoding headers that
// browsers, crawlers and scripts really send (server/http/compress.ts).
import { describe, expect, it } from 'vitest';
import { pickEncoding } from '../../server/http/compress.ts';

const PAGE = ['br', 'gzip', 'identity'] as const;

describe('the encoding of an answer', () => {
  it('is Brotli for every current browser, though each lists gzip first', () => {
    for (const header of [
      'gzip, deflate, br, zstd', // Chromium 123+, Firefox 126+
      'gzip, deflate, br', // Safari, older Chromium and Firefox
      'br, gzip', // curl --compressed built with Brotli
      'gzip,deflate,br', // crawlers, without spaces
      'GZIP, BR', // codings are case-insensitive
      '*',
    ])
      expect(pickEncoding(header, PAGE), header).toBe('br');
  });

  it('follows the qualities a client gives, then the server’s order between equals', () => {
    expect(pickEncoding('br;q=0.5, gzip', PAGE)).toBe('gzip');
    expect(pickEncoding('gzip;q=1.0, br;q=0.999', PAGE)).toBe('gzip');
    expect(pickEncoding('br;q=0.8, gzip;q=0.8', PAGE)).toBe('br');
    expect(pickEncoding('gzip, deflate', PAGE)).toBe('gzip'); // no Brotli: Internet Explorer, old clients
    expect(pickEncoding('gzip, deflate, br', ['gzip', 'identity'])).toBe('gzip'); // a page whose Brotli is not made yet
  });

  it('answers unencoded when nothing else is taken, and refuses only what the client refuses', () => {
    expect(pickEncoding('', PAGE)).toBe('identity');
    expect(pickEncoding('identity', PAGE)).toBe('identity');
    expect(pickEncoding('deflate', PAGE)).toBe('identity');
    expect(pickEncoding('br;q=0, gzip;q=0', PAGE)).toBe('identity');
    expect(pickEncoding('*;q=0', PAGE)).toBe(false);
    expect(pickEncoding('identity;q=0, *;q=0', PAGE)).toBe(false);
    expect(pickEncoding('gzip;q=0, *;q=0', ['gzip', 'identity'])).toBe(false);
  });

  it('takes a quality that is not a number from 0 to 1 as a refusal, and reads a header made to confuse it', () => {
    expect(pickEncoding('br;q=2, gzip', PAGE)).toBe('gzip');
    expect(pickEncoding('br;q=abc, gzip;q=0.1', PAGE)).toBe('gzip');
    expect(pickEncoding('br;q=-1', PAGE)).toBe('identity');
    expect(pickEncoding(' , ;, ;q=, br ;  Q=0.9 ', PAGE)).toBe('br');
    const hostile = `${'gzip;q=0.5;'.repeat(2000)}, ${' '.repeat(10_000)}br;q=1${',;='.repeat(2000)}`;
    expect(pickEncoding(hostile, PAGE)).toBe('br');
  });
});
