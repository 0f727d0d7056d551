import type Koa from 'koa';
import type { Lang } from '../../shared/constants.ts';
import { isLang } from '../../shared/routes.ts';
import type { Site } from './site.ts';

/**
 * The language of a public JSON answer (search, visitor tools): `?lang=` when it is one of the
 * site's, else the default; a bad `lang` is answered 400 naming the field here (then null).
 */
export function apiLang(ctx: Koa.Context, site: Site): Lang | null {
  const q = ctx.query.lang;
  if (q === undefined) return site.routes.defaultLang;
  if (typeof q === 'string' && isLang(q) && site.routes.enabled.includes(q)) return q;
  ctx.status = 400;
  ctx.body = { error: `lang must be one of ${site.routes.enabled.join(', ')}`, field: 'lang' };
  return null;
}
