/** Server-side helpers shared by the article modules: article records → what a card or page shows. */
import type { Article } from '../../renderer/content.ts';
import type { LoadContext } from '../../renderer/module-api.ts';
import { localize } from '../../shared/localize.ts';
import { truncateText } from '../../shared/format.ts';
import { stripTags } from '../../shared/listing-text.ts';
import { DESCRIPTION_CUT_AT_SPACE_RATIO, DESCRIPTION_LIMIT } from '../../shared/constants.ts';

export interface ArticleCard {
  id: string;
  title: string;
  summary: string;
  date?: string;
  path?: string;
  column?: string;
  image?: { url: string; alt: string };
  icon?: string;
}

export interface PersonCard {
  id: string;
  name: string;
  role: string;
  path?: string;
  image?: { url: string; alt: string };
  email?: string;
  phone?: string;
  languages: string[];
}

export function published(ctx: LoadContext, category: string): Article[] {
  // An article not written in the visitor's language is not listed in it (issue 38).
  return ctx.services.content.articles.filter((a) => a.category === category && a.status === 'Published' && ctx.services.routes.articleAvailable(a, ctx.lang));
}

/** Newest first, undated last, then by title. */
export function byDateDesc(a: Article, b: Article): number {
  return (b.date ?? '').localeCompare(a.date ?? '') || a.id.localeCompare(b.id);
}

export function imageOf(a: Article, ctx: LoadContext): ArticleCard['image'] {
  return a.image ? { url: a.image.url, alt: localize(a.image.alt, ctx.lang) } : undefined;
}

export function toCard(a: Article, ctx: LoadContext): ArticleCard {
  const summary = localize(a.summary, ctx.lang) || stripTags(localize(a.body, ctx.lang));
  return {
    id: a.id,
    title: localize(a.title, ctx.lang),
    summary: truncateText(summary, DESCRIPTION_LIMIT, DESCRIPTION_CUT_AT_SPACE_RATIO),
    date: a.date,
    path: ctx.services.routes.articlePath(a, ctx.lang),
    column: a.column,
    image: imageOf(a, ctx),
    icon: a.icon,
  };
}

export function toPerson(a: Article, ctx: LoadContext): PersonCard {
  return {
    id: a.id,
    name: a.person?.name ?? localize(a.title, ctx.lang),
    role: localize(a.person?.role, ctx.lang),
    path: ctx.services.routes.articlePath(a, ctx.lang),
    image: imageOf(a, ctx),
    email: a.person?.email,
    phone: a.person?.phone,
    languages: a.person?.languages ?? [],
  };
}

/** The category a module lists: its first `category` relation, else the fallback. */
export function relatedCategory(relations: Array<{ type: string; id: string | number }> | undefined, fallback: string): string {
  return String(relations?.find((r) => r.type === 'category')?.id ?? fallback);
}
