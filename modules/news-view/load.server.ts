import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import { MODULE_LIMITS } from '../../shared/constants.ts';
import { localize } from '../../shared/localize.ts';
import type { NewsViewModule } from '../../schemas/types.gen.ts';
import { byDateDesc, published, relatedCategory, toCard, type ArticleCard } from '../lib/articles.ts';
import newsView from './index.ts';

export interface NewsViewData {
  columns: Array<{ key: string | null; path?: string; items: ArticleCard[] }>;
  total: number;
  more?: { path: string; title: string };
}

function load(module: NewsViewModule, ctx: LoadContext): NewsViewData {
  const { routes } = ctx.services;
  const category = relatedCategory(module.relations, 'blog');
  const articles = published(ctx, category).sort(byDateDesc);
  const max = module.maxItems ?? MODULE_LIMITS.blog.maxItems;
  // On a subcategory's page ([category]/[subcategory]/): that column alone, every article of it.
  const sub = ctx.params.subcategory;
  if (sub) return { columns: [{ key: null, items: articles.filter((a) => a.column === sub).map((a) => toCard(a, ctx)) }], total: articles.length };
  const page = routes.categoryPage(category);
  // Where the category has subcategories, each column's title leads to its page.
  const subPath = (key: string) => (page && routes.subcategoryOf({ category, column: key }) ? routes.subcategoryPath(page, key, ctx.lang) : undefined);
  const columns = module.columns?.length
    ? module.columns.map((key) => ({
        key,
        path: subPath(key),
        items: articles
          .filter((a) => a.column === key)
          .slice(0, max)
          .map((a) => toCard(a, ctx)),
      }))
    : [{ key: null, items: articles.slice(0, max).map((a) => toCard(a, ctx)) }];
  return {
    columns,
    total: articles.length,
    more: module.moreLink && page ? { path: routes.pagePath(page, ctx.lang), title: localize(page.title, ctx.lang) } : undefined,
  };
}

export default defineLoader(newsView, load);
