/** What the JSON and form routes share: their error, reading a body with a limit, the origin check, HTML escaping. */
import type Koa from 'koa';
import { FORM_MAX_BODY_BYTES } from '../../shared/constants.ts';

/** An answer with a 4xx status and a JSON body (`error`, and `field` / `errors` where a field is at fault). */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown>,
  ) {
    super(String(body.error));
  }
}

/** The request body, refused with 413 and `tooLarge` past `limit` bytes (declared or actual). */
export async function readBody(ctx: Koa.Context, limit: number, tooLarge: string): Promise<Buffer> {
  if (Number(ctx.get('content-length') || 0) > limit) throw new HttpError(413, { error: tooLarge });
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpError(413, { error: tooLarge });
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * Whether a write comes from this site: browsers say where a request comes from (Sec-Fetch-Site,
 * Origin, Referer); a post from another site is refused. A client that is not a browser says
 * nothing and is let through (it cannot carry a visitor's cookies by accident).
 */
export function sameOrigin(ctx: Koa.Context): boolean {
  const fetchSite = ctx.get('sec-fetch-site');
  if (fetchSite && fetchSite !== 'same-origin' && fetchSite !== 'none') return false;
  const source = ctx.get('origin') || ctx.get('referer');
  if (!source) return true;
  try {
    return new URL(source).host === ctx.host;
  } catch {
    return false;
  }
}

/** Text made safe inside HTML (element content and quoted attributes). */
export const escapeHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Failures per key (account, IP) within a sliding window. */
export class Throttle {
  private readonly hits = new Map<string, number[]>();
  constructor(private readonly windowMs: number) {}
  private live(key: string): number[] {
    const cut = Date.now() - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > cut);
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
    return list;
  }
  count(key: string): number {
    return this.live(key).length;
  }
  add(key: string): void {
    this.hits.set(key, [...this.live(key), Date.now()]);
  }
  clear(key: string): void {
    this.hits.delete(key);
  }
  /** Takes back the last attempt of `key` (one that was counted but never checked). */
  undo(key: string): void {
    const list = this.live(key);
    list.pop();
    if (list.length) this.hits.set(key, list);
    else this.hits.delete(key);
  }
}

/** A JSON object body (415 for another type, 413 past `limit`, 400 for anything but an object). */
export async function readJson(ctx: Koa.Context, limit = FORM_MAX_BODY_BYTES): Promise<Record<string, unknown>> {
  if (!ctx.is('application/json')) throw new HttpError(415, { error: 'Send JSON (Content-Type: application/json).' });
  const raw = await readBody(ctx, limit, 'The request is too large.');
  try {
    const v = JSON.parse(raw.toString('utf8'));
    if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
  } catch {
    /* below */
  }
  throw new HttpError(400, { error: 'The body is not a JSON object.' });
}
