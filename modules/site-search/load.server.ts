import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import { localize } from '../../shared/localize.ts';
import { stripTags } from '../../shared/listing-text.ts';
import { SEARCH_MAX_RESULTS, SEARCH_MIN_QUERY } from '../../shared/constants.ts';
import { toCard, type ArticleCard } from '../lib/articles.ts';
import siteSearch from './index.tsx';

export interface SiteSearchData {
  query: string;
  tooShort: boolean;
  results: ArticleCard[];
}

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const text = (html: string) => stripTags(html, ' ');

/** Ranks pages and articles of the visitor's language: title hits first, then summary, then body. */
function load(_module: unknown, ctx: LoadContext): SiteSearchData {
  const { content, routes } = ctx.services;
  const query = (ctx.query.get('q') ?? '').trim().slice(0, 100);
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (query.length < SEARCH_MIN_QUERY) return { query, tooShort: query.length > 0, results: [] };
  const scored: Array<{ score: number; card: ArticleCard }> = [];
  const score = (title: string, summary: string, body: string) => {
    const [t, s, b] = [fold(title), fold(summary), fold(body)];
    let total = 0;
    for (const w of words) {
      const hit = (t.includes(w) ? 5 : 0) + (s.includes(w) ? 2 : 0) + (b.includes(w) ? 1 : 0);
      if (!hit) return 0; // every word must appear somewhere
      total += hit;
    }
    return total;
  };
  for (const a of content.articles) {
    if (a.status !== 'Published' || a.category === 'general' || !routes.articleAvailable(a, ctx.lang)) continue;
    const s = score(localize(a.title, ctx.lang), localize(a.summary, ctx.lang), text(localize(a.body, ctx.lang)));
    if (s) scored.push({ score: s, card: toCard(a, ctx) });
  }
  for (const p of content.pages) {
    if (p.status !== 'Published' || p.type === 'feedback' || p.redirect || !routes.available(p, ctx.lang) || routes.templates.has(p.id)) continue;
    const s = score(localize(p.title, ctx.lang), localize(p.description, ctx.lang), '');
    if (s)
      scored.push({
        score: s + 3,
        card: { id: `page-${p.id}`, title: localize(p.title, ctx.lang), summary: localize(p.description, ctx.lang), path: routes.pagePath(p, ctx.lang) },
      });
  }
  scored.sort((a, b) => b.score - a.score || a.card.title.localeCompare(b.card.title));
  return { query, tooShort: false, results: scored.slice(0, SEARCH_MAX_RESULTS).map((s) => s.card) };
}

export default defineLoader(siteSearch, load);
