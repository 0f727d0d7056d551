import type Koa from 'koa';

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
