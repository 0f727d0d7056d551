/**
 * Compression of answers made per request (cached pages bring their own compressed bytes).
 *
 * Gzip at a moderate level (Brotli per request costs far more CPU, and its allocations kept the
 * process's memory growing under load). A small answer (an API's JSON, a short page) is gzipped in
 * one synchronous call: a few tenths of a millisecond, where a zlib stream through libuv's thread
 * pool costs several milliseconds of hand-offs (the search API's p50 was 7–9 ms with the stream,
 * 3–4 ms without compression). A large answer (an uncached list page) still streams through the
 * pool, where its gzip runs beside the event loop on another core.
 */
import { gzipSync, constants as zlib } from 'node:zlib';
import compress from 'koa-compress';
import type Koa from 'koa';

const LEVEL = 6;
const THRESHOLD = 1024;
/** Largest answer gzipped synchronously (about 0.3 ms of work at level 6). */
const SYNC_MAX = 48 * 1024;

/**
 * The encoding for a request's Accept-Encoding among those offered: worked out once per header
 * value (browsers send a handful of them), not negotiated again for every answer.
 */
const chosen = new Map<string, string | false>();
export function chosenEncoding(ctx: Koa.Context, offered: 'br-gzip' | 'gzip'): string | false {
  const key = `${offered}\n${ctx.get('accept-encoding')}`;
  let encoding = chosen.get(key);
  if (encoding === undefined) {
    encoding = pickEncoding(ctx.get('accept-encoding'), offered === 'br-gzip' ? ['br', 'gzip', 'identity'] : ['gzip', 'identity']);
    if (chosen.size >= 64) chosen.clear();
    chosen.set(key, encoding);
  }
  return encoding;
}

/**
 * The encoding for an Accept-Encoding header among `offered` (the server's order of preference):
 * the one the client gives the highest quality, and between equals the server's first. Browsers
 * list gzip before br at the same quality ("gzip, deflate, br, zstd"); the negotiator Koa uses
 * breaks such ties by the client's order, so no browser got the Brotli bytes kept for its page.
 * identity is acceptable unless refused (identity;q=0, or *;q=0 without identity), below any coding
 * the client names; false: none is acceptable.
 */
export function pickEncoding(header: string, offered: readonly string[]): string | false {
  const quality = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (!coding) continue;
    let q = 1;
    for (const param of params) {
      const [key, value = ''] = param.split('=');
      // A quality that is not a number from 0 to 1 is taken as a refusal (never a preference).
      if (key.trim().toLowerCase() === 'q') q = /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(value.trim()) ? Number(value.trim()) : 0;
    }
    if (!quality.has(coding)) quality.set(coding, q);
  }
  const any = quality.get('*');
  // identity unnamed is acceptable, but after anything the client names.
  const of = (coding: string) => quality.get(coding) ?? any ?? (coding === 'identity' ? 1e-4 : 0);
  let best: string | false = false;
  let bestQ = 0;
  for (const coding of offered) {
    const q = of(coding);
    if (q > bestQ) [best, bestQ] = [coding, q];
  }
  return best;
}

/** Whether the request takes gzip (as koa-compress: no Accept-Encoding means identity). */
export function acceptsGzip(ctx: Koa.Context): boolean {
  return !!ctx.get('accept-encoding') && chosenEncoding(ctx, 'gzip') === 'gzip';
}

/** The gzip of an answer's bytes, in one call, at the level of every answer made per request. */
export function gzipAnswer(bytes: Buffer): Buffer {
  return gzipSync(bytes, { level: LEVEL, memLevel: 8, strategy: zlib.Z_DEFAULT_STRATEGY });
}

const EMPTY = new Set([204, 205, 304]);
const COMPRESSIBLE = /^(?:text\/|image\/svg\+xml$|application\/(?:json|javascript|xml|manifest\+json|[\w.-]+\+(?:json|xml))$)/;

/** The answer's bytes when it is small enough, compressible, and not already encoded; else undefined. */
function smallBody(ctx: Koa.Context): Buffer | undefined {
  const body: unknown = ctx.body;
  if (body == null || ctx.method === 'HEAD' || EMPTY.has(ctx.status) || ctx.status === 206) return undefined;
  if (ctx.response.get('Content-Encoding') || ctx.response.get('Content-Range')) return undefined;
  if (/no-transform/i.test(ctx.response.get('Cache-Control'))) return undefined;
  let bytes: Buffer;
  if (typeof body === 'string') {
    if (body.length > SYNC_MAX) return undefined;
    bytes = Buffer.from(body);
  } else if (Buffer.isBuffer(body)) bytes = body;
  else if (typeof (body as { pipe?: unknown }).pipe === 'function')
    return undefined; // a stream
  else {
    const json = JSON.stringify(body);
    if (json.length > SYNC_MAX) return undefined;
    bytes = Buffer.from(json);
    ctx.type = 'json';
  }
  if (bytes.length < THRESHOLD || bytes.length > SYNC_MAX) return undefined;
  if (!COMPRESSIBLE.test(ctx.response.type)) return undefined;
  return bytes;
}

export function compression(): Koa.Middleware {
  const streaming = compress({ threshold: THRESHOLD, br: false, deflate: false, gzip: { level: LEVEL } });
  return (ctx, next) =>
    streaming(ctx, async () => {
      await next();
      if (!acceptsGzip(ctx)) return;
      const bytes = smallBody(ctx);
      if (!bytes) return; // koa-compress decides (streams, large answers, small ones)
      ctx.body = gzipAnswer(bytes);
      ctx.set('Content-Encoding', 'gzip');
    });
}
