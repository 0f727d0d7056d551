/**
 * The map search's API (issue 39):
 * - GET /api/map?{the list's filters}&bbox=south,west,north,east&zoom=N&lang=: the clusters and
 *   markers of the search inside the map's view (server/listings/map-cluster.ts), at most
 *   MAX_MAP_CELLS of them, with how many the view holds and how many have no position;
 * - GET /api/map/card?id=N&lang=: the card a marker opens.
 * Bad input is a 400 naming the field in the visitor's language (`lang`, else Accept-Language, else
 * the site's default), with the rule in English for developers beside it.
 */
import type Router from '@koa/router';
import type Koa from 'koa';
import type { Lang } from '../../shared/constants.ts';
import { parsePropertyQuery } from '../../shared/listing-query.ts';
import { readArea } from '../../shared/map-area.ts';
import { acceptsGzip, gzipAnswer } from '../http/compress.ts';
import type { SiteHolder } from '../site/holder.ts';
import type { Site } from '../site/site.ts';
import { apiLang } from '../site/api-lang.ts';
import { requestLang } from '../forms/form-lang.ts';
import { MAX_MAP_CELLS } from './map-cluster.ts';

/** Largest query string read (the filters' own bounds keep a real one far below). */
const MAX_QUERY_CHARS = 4096;

/** The language of the answer: a given `lang` must be one of the site's (else 400 here: null). */
function langOf(ctx: Koa.Context, site: Site): Lang | null {
  return ctx.query.lang === undefined ? requestLang(ctx, site) : apiLang(ctx, site);
}

function refuse(ctx: Koa.Context, site: Site, lang: Lang, errors: Array<{ field: string; message: string }>): void {
  const name = (field: string) => site.message(lang, `listing.${field}`);
  ctx.status = 400;
  ctx.body = {
    error: site.message(lang, 'map.badField', { field: name(errors[0].field) }),
    field: errors[0].field,
    errors: errors.map((e) => ({ field: e.field, error: site.message(lang, 'map.badField', { field: name(e.field) }), rule: e.message })),
  };
}

function answer(ctx: Koa.Context, body: unknown): void {
  const json = Buffer.from(JSON.stringify(body));
  ctx.set('Cache-Control', 'no-cache');
  ctx.type = 'json';
  ctx.vary('Accept-Encoding');
  if (json.length > 1024 && acceptsGzip(ctx)) {
    ctx.set('Content-Encoding', 'gzip');
    ctx.body = gzipAnswer(json);
  } else ctx.body = json;
}

export function mapRoutes(router: Router, deps: { sites: SiteHolder }): void {
  router.get('/api/map', async (ctx) => {
    const site = await deps.sites.current();
    const lang = langOf(ctx, site);
    if (!lang) return;
    if (ctx.querystring.length > MAX_QUERY_CHARS)
      return refuse(ctx, site, lang, [{ field: 'bbox', message: `query string of at most ${MAX_QUERY_CHARS} characters` }]);
    const params = new URLSearchParams(ctx.querystring);
    const area = readArea(params, true);
    for (const name of ['lang', 'bbox', 'zoom']) params.delete(name);
    const { query, errors } = parsePropertyQuery(params);
    const all = [...area.errors, ...errors];
    if (all.length) return refuse(ctx, site, lang, all);
    answer(ctx, site.listings.mapCells(query, { bbox: area.bbox!, zoom: area.zoom! }, lang, MAX_MAP_CELLS));
  });

  router.get('/api/map/card', async (ctx) => {
    const site = await deps.sites.current();
    const lang = langOf(ctx, site);
    if (!lang) return;
    const id = typeof ctx.query.id === 'string' && /^\d{1,9}$/.test(ctx.query.id) ? Number(ctx.query.id) : undefined;
    if (id === undefined) return refuse(ctx, site, lang, [{ field: 'id', message: 'must be a property number' }]);
    const card = site.propertyCard(id, lang);
    if (!card) {
      ctx.status = 404;
      ctx.body = { error: site.message(lang, 'map.gone'), field: 'id' };
      return;
    }
    answer(ctx, card);
  });
}
