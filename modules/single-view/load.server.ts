import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import { localize } from '../../shared/localize.ts';
import { imageOf, toCard, toPerson, published, byDateDesc, type ArticleCard, type PersonCard } from '../lib/articles.ts';
import type { SingleViewModule } from '../../schemas/types.gen.ts';
import singleView from './index.ts';

export interface SingleViewData {
  id: string;
  category: string;
  title: string;
  html: string;
  date?: string;
  image?: { url: string; alt: string };
  author?: PersonCard;
  person?: PersonCard;
  /** The section the article belongs to (back link). */
  section?: { title: string; path: string };
  /** Member pages: the articles this person wrote. */
  articles?: ArticleCard[];
}

function load(module: SingleViewModule, ctx: LoadContext): SingleViewData | null {
  const { content, routes } = ctx.services;
  const relation = module.relations?.find((r) => r.type === 'article');
  const article = relation ? content.articles.find((a) => a.id === String(relation.id)) : ctx.article;
  if (!article || article.status !== 'Published') return null;
  const authorRecord = article.author ? content.articles.find((a) => a.category === 'team' && a.id === article.author) : undefined;
  const sectionPage = routes.categoryPage(article.category);
  return {
    id: article.id,
    category: article.category,
    title: localize(article.title, ctx.lang),
    html: localize(article.body, ctx.lang),
    date: article.date,
    image: imageOf(article, ctx),
    author: authorRecord ? toPerson(authorRecord, ctx) : undefined,
    person: article.category === 'team' ? toPerson(article, ctx) : undefined,
    section: sectionPage && !relation ? { title: localize(sectionPage.title, ctx.lang), path: routes.pagePath(sectionPage, ctx.lang) } : undefined,
    articles:
      article.category === 'team'
        ? published(ctx, 'blog')
            .filter((a) => a.author === article.id)
            .sort(byDateDesc)
            .map((a) => toCard(a, ctx))
        : undefined,
  };
}

export default defineLoader(singleView, load);
