/**
 * The property search API: GET /api/properties, the same query string as the list pages plus lang.
 *
 * Answers are kept per site (a new site — new content, listings or a picture found gone — starts
 * with none) by language and normalised query, with their gzip made once: the searches visitors
 * repeat (a goal, a city, a price band) cost a lookup. Bounded, least recently asked first out.
 */
import type Router from '@koa/router';
import type { Lang } from '../../shared/constants.ts';
import { parsePropertyQuery } from '../../shared/listing-query.ts';
import type { PropertyQuery } from '../../renderer/listing-types.ts';
import { acceptsGzip, gzipAnswer } from '../http/compress.ts';
import type { SiteHolder } from '../site/holder.ts';
import type { Site } from '../site/site.ts';
import { apiLang } from '../site/api-lang.ts';

/** Answers kept per site: at about 16 KB of JSON and 3 KB of gzip each, at most some 10 MB. */
const KEPT_ANSWERS = 500;

interface Answer {
  json: Buffer;
  gzip?: Buffer;
}

/** The key of a query: the same search however its query string was written (order, repeats, defaults). */
function searchKey(lang: Lang, q: PropertyQuery): string {
  const sorted = (xs: readonly (string | number)[] | undefined) => (xs?.length ? [...new Set(xs.map(String))].sort().join(',') : '');
  return [
    lang,
    q.goal,
    sorted(q.types),
    sorted(q.cities),
    q.minPrice ?? '',
    q.maxPrice ?? '',
    q.bedrooms ?? '',
    q.minSurface ?? '',
    q.garden ? 1 : '',
    q.terrace ? 1 : '',
    q.parking ? 1 : '',
    q.maxEpc ?? '',
    q.q ?? '',
    q.bbox ? [q.bbox.south, q.bbox.west, q.bbox.north, q.bbox.east].join(',') : '',
    q.sort,
    q.page,
    q.pageSize,
  ].join('|');
}

class SearchAnswers {
  private readonly kept = new WeakMap<Site, Map<string, Answer>>();

  constructor(private readonly max = KEPT_ANSWERS) {}

  answer(site: Site, lang: Lang, query: PropertyQuery): Answer {
    let answers = this.kept.get(site);
    if (!answers) this.kept.set(site, (answers = new Map()));
    const key = searchKey(lang, query);
    const hit = answers.get(key);
    if (hit) {
      answers.delete(key); // most recently asked last
      answers.set(key, hit);
      return hit;
    }
    const r = site.listings.search(query, lang);
    const body = { total: r.total, page: r.page, pages: r.pages, items: r.ids.map((id) => site.propertyCard(id, lang)).filter(Boolean) };
    const made: Answer = { json: Buffer.from(JSON.stringify(body)) };
    if (answers.size >= this.max) answers.delete(answers.keys().next().value!);
    answers.set(key, made);
    return made;
  }
}

export function searchRoutes(router: Router, deps: { sites: SiteHolder }): void {
  const answers = new SearchAnswers();
  router.get('/api/properties', async (ctx) => {
    const site = await deps.sites.current();
    const lang = apiLang(ctx, site);
    if (!lang) return;
    const params = new URLSearchParams(ctx.querystring);
    params.delete('lang');
    const { query, errors } = parsePropertyQuery(params);
    if (errors.length) {
      ctx.status = 400;
      ctx.body = { error: `${errors[0].field}: ${errors[0].message}`, field: errors[0].field, errors };
      return;
    }
    const answer = answers.answer(site, lang, query);
    ctx.set('Cache-Control', 'no-cache');
    ctx.type = 'json';
    ctx.vary('Accept-Encoding');
    if (acceptsGzip(ctx)) {
      answer.gzip ??= gzipAnswer(answer.json);
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = answer.gzip;
    } else ctx.body = answer.json;
  });
}
