import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import { MODULE_LIMITS } from '../../shared/constants.ts';
import type { ListViewModule } from '../../schemas/types.gen.ts';
import { byDateDesc, published, relatedCategory, toCard, type ArticleCard } from '../lib/articles.ts';
import listView from './index.ts';

export interface ListViewData {
  items: ArticleCard[];
}

function load(module: ListViewModule, ctx: LoadContext): ListViewData {
  const articles = published(ctx, relatedCategory(module.relations, 'services'));
  if (module.order === 'date') articles.sort(byDateDesc);
  if (module.order === 'title') articles.sort((a, b) => (a.title[ctx.lang] ?? '').localeCompare(b.title[ctx.lang] ?? '', ctx.lang));
  return { items: articles.slice(0, module.maxItems ?? MODULE_LIMITS.services.maxItems).map((a) => toCard(a, ctx)) };
}

export default defineLoader(listView, load);
