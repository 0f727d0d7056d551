/** What the JSON and form routes share: their error, reading a body with a limit, the origin check, HTML escaping. */
import type Koa from 'koa';

/** An answer with a 4xx status and a JSON body (`error`, and `field` / `errors` where a field is at fault). */
export class HttpError extends Error {
  constructor(readonly status: number, readonly body: Record<string, unknown>) {
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
