/**
 * Rendered pages by URL, for one content version: a page's HTML depends only on its path, query
 * and the content, so a repeat visit costs a lookup instead of a render. Least recently used
 * pages leave first once the cache holds `maxBytes`; pages with a query (filtered searches) have
 * a budget of their own, so that query strings cannot push the site's pages out.
 *
 * A page is kept as the document up to its closing `</body>` — the same bytes for every visitor —
 * plus what each answer adds at the end (the fill-time token of its forms, then `</body></html>`).
 * The kept part is also compressed once (when the page is asked for a second time), with Brotli
 * and gzip, and left open (flushed, not finished): an answer is those bytes, the end as one
 * uncompressed block, and the stream's close.
 * So a cached page costs no compression per request, yet every answer can carry fresh bytes.
 */
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const { constants: z } = zlib;
const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

export interface PreparedPage {
  status: number;
  lang: string;
  /** The document up to (not including) its closing `</body>`. */
  prefix: Buffer;
  /** What closes the document (`</body></html>`), written after the per-answer part. */
  end: string;
  /** Ids of the forms that get a fill-time token with each answer. */
  forms: string[];
  /** The Content-Security-Policy of this page (the renderer's own scripts, the hashes of its inline styles). */
  csp: string;
  /** A property's detail page: its id (a cached answer is a view all the same). */
  propertyId?: number;
  /** gzip of `prefix`, flushed but not finished, and the CRC-32 of `prefix`. */
  gzip?: { data: Buffer; crc: number };
  /** Brotli of `prefix`, flushed but not finished. */
  br?: Buffer;
}

/** Ids of the forms marked `data-fill-token` (attributes of our own renderer: id="…" before it). */
export function tokenForms(html: string): string[] {
  const ids: string[] = [];
  let at = 0;
  for (;;) {
    const mark = html.indexOf('data-fill-token', at);
    if (mark < 0) return ids;
    const start = html.lastIndexOf('<form', mark);
    const tagEnd = html.indexOf('>', mark);
    // The mark must be an attribute of that <form> tag (no '>' between them), not text elsewhere.
    const inTag = start >= 0 && tagEnd > 0 && html.lastIndexOf('>', mark) < start;
    const id = inTag ? /\sid="([A-Za-z0-9_-]{1,80})"/.exec(html.slice(start, tagEnd))?.[1] : undefined;
    if (id && !ids.includes(id)) ids.push(id);
    at = mark + 15;
  }
}

/** gzip and Brotli of the kept part, flushed so that more can follow. Runs on libuv's pool. */
export async function compressPrefix(prefix: Buffer): Promise<{ gzip: { data: Buffer; crc: number }; br: Buffer }> {
  const lgwin = Math.max(16, Math.min(24, Math.ceil(Math.log2(prefix.length + 1))));
  const [g, b] = [
    await gzip(prefix, { level: 9, memLevel: 9, finishFlush: z.Z_SYNC_FLUSH }),
    await brotli(prefix, {
      params: {
        [z.BROTLI_PARAM_QUALITY]: 11,
        [z.BROTLI_PARAM_LGWIN]: lgwin,
        [z.BROTLI_PARAM_SIZE_HINT]: prefix.length,
        [z.BROTLI_PARAM_MODE]: z.BROTLI_MODE_TEXT,
      },
      finishFlush: z.BROTLI_OPERATION_FLUSH,
    }),
  ];
  return { gzip: { data: g, crc: zlib.crc32(prefix) }, br: b };
}

const MAX_BLOCK = 65_535;

/** The gzip answer: the kept stream, the end as stored deflate blocks (the last one final), CRC-32 and length. */
export function finishGzip(kept: { data: Buffer; crc: number }, prefixLength: number, end: Buffer): Buffer {
  const parts: Buffer[] = [kept.data];
  let at = 0;
  do {
    const chunk = end.subarray(at, at + MAX_BLOCK);
    at += chunk.length;
    const header = Buffer.alloc(5);
    header[0] = at >= end.length ? 1 : 0; // BFINAL, BTYPE 00 (stored); the stream is byte-aligned after the sync flush
    header.writeUInt16LE(chunk.length, 1);
    header.writeUInt16LE(~chunk.length & 0xffff, 3);
    parts.push(header, chunk);
  } while (at < end.length);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(zlib.crc32(end, kept.crc) >>> 0, 0);
  trailer.writeUInt32LE((prefixLength + end.length) >>> 0, 4);
  parts.push(trailer);
  return Buffer.concat(parts);
}

/** The Brotli answer: the kept stream, the end as uncompressed meta-blocks, then an empty last meta-block. */
export function finishBrotli(kept: Buffer, end: Buffer): Buffer {
  const parts: Buffer[] = [kept];
  for (let at = 0; at < end.length; at += MAX_BLOCK) {
    const chunk = end.subarray(at, at + MAX_BLOCK);
    // ISLAST=0, MNIBBLES=4 (00), MLEN-1 in 16 bits, ISUNCOMPRESSED=1; 20 bits, padded to 3 bytes.
    const v = ((chunk.length - 1) << 3) | (1 << 19);
    parts.push(Buffer.from([v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff]), chunk);
  }
  parts.push(Buffer.from([0x03])); // ISLAST=1, ISLASTEMPTY=1
  return Buffer.concat(parts);
}

const sizeOf = (p: PreparedPage) => p.prefix.length + (p.gzip?.data.length ?? 0) + (p.br?.length ?? 0);

/** Pages by key, least recently used first out once they hold `maxBytes`. */
class PageLru {
  private readonly pages = new Map<string, PreparedPage>();
  private bytes = 0;

  constructor(private readonly maxBytes: number) {}

  get(key: string): PreparedPage | undefined {
    const page = this.pages.get(key);
    if (page) {
      this.pages.delete(key);
      this.pages.set(key, page);
    }
    return page;
  }

  set(key: string, page: PreparedPage): void {
    if (page.prefix.length > this.maxBytes / 24) return;
    this.remove(key);
    this.pages.set(key, page);
    this.bytes += sizeOf(page);
    this.trim();
  }

  /** Adds the compressed forms of a page still in the cache (made after it was stored). */
  compressed(key: string, page: PreparedPage, c: { gzip: { data: Buffer; crc: number }; br: Buffer }): void {
    if (this.pages.get(key) !== page) return;
    this.bytes -= sizeOf(page);
    page.gzip = c.gzip;
    page.br = c.br;
    this.bytes += sizeOf(page);
    this.trim();
  }

  private remove(key: string): void {
    const old = this.pages.get(key);
    if (old) this.bytes -= sizeOf(old);
    this.pages.delete(key);
  }

  private trim(): void {
    for (const [key, p] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(key);
      this.bytes -= sizeOf(p);
    }
  }

  get size(): number {
    return this.pages.size;
  }
}

/** How many searches asked for once are remembered, and the longest key remembered (a longer one is never kept): at most about 5 MB. */
const MAX_ASKED_ONCE = 10_000;
const MAX_ASKED_KEY = 500;

/**
 * The rendered pages of one site version: paths, and paths with a query (filtered searches) in a
 * budget of their own, so that queries (anyone can make new ones) never push the site's pages out.
 */
export class PageCache {
  private readonly paths: PageLru;
  private readonly searches: PageLru;
  /**
   * Searches rendered once lately, by key: a search is kept when it is asked for a second time. Most
   * filtered searches are asked once; kept at once, each pushed a kept page out and left it to the
   * garbage collector's slow old generation.
   */
  private readonly askedOnce = new Set<string>();

  constructor(maxBytes = 48 * 1024 * 1024, maxSearchBytes = 16 * 1024 * 1024) {
    this.paths = new PageLru(maxBytes);
    this.searches = new PageLru(maxSearchBytes);
  }

  private lru(key: string): PageLru {
    return key.includes('?') ? this.searches : this.paths;
  }

  get(key: string): PreparedPage | undefined {
    return this.lru(key).get(key);
  }

  set(key: string, page: PreparedPage): void {
    if (key.includes('?') && !this.askedBefore(key)) return;
    this.lru(key).set(key, page);
  }

  private askedBefore(key: string): boolean {
    if (key.length > MAX_ASKED_KEY) return false;
    if (this.askedOnce.delete(key)) return true;
    this.askedOnce.add(key);
    if (this.askedOnce.size > MAX_ASKED_ONCE) this.askedOnce.delete(this.askedOnce.values().next().value!);
    return false;
  }

  compressed(key: string, page: PreparedPage, c: { gzip: { data: Buffer; crc: number }; br: Buffer }): void {
    this.lru(key).compressed(key, page, c);
  }

  get size(): number {
    return this.paths.size + this.searches.size;
  }
}

/**
 * The key of a page request in the cache: its path, and its query without the parameters that
 * only tell analytics where a visitor came from (utm_*, click ids: no page reads them), so that a
 * campaign link is the page everyone else gets and a common search is rendered once.
 */
export function pageCacheKey(path: string, querystring: string): string {
  if (!querystring) return path;
  const kept = querystring.split('&').filter((pair) => {
    const eq = pair.indexOf('=');
    const name = (eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
    return name !== '' && !name.startsWith('utm_') && !TRACKING.has(name);
  });
  return kept.length ? `${path}?${kept.join('&')}` : path;
}
const TRACKING = new Set([
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'fbclid',
  'msclkid',
  'yclid',
  'twclid',
  'igshid',
  'li_fat_id',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
]);

/**
 * Compression of newly cached pages, one at a time (Brotli at its best quality is slow and
 * memory-hungry: never many at once, never on the event loop).
 */
export class CompressionQueue {
  private tail: Promise<void> = Promise.resolve();
  private waiting = 0;

  constructor(private readonly maxWaiting = 64) {}

  /** Queues a job; false when the queue is full (the page is offered again on its next visit). */
  add(job: () => Promise<void>): boolean {
    if (this.waiting >= this.maxWaiting) return false;
    this.waiting++;
    this.tail = this.tail
      .then(job)
      .catch(() => undefined)
      .finally(() => void this.waiting--);
    return true;
  }

  /** Resolves when every queued job is done (tests, benchmarks). */
  idle(): Promise<void> {
    return this.tail;
  }
}
