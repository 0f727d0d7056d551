/**
 * Whether a page or an article is written in a language (issue 38, point 2): staff may publish a
 * page in the default language first and add the others later. A page is written in a language
 * when it has its own title there (and, but for the home page, its own address segment); an
 * article when it has its own title and text. German may use the English ones (SPEC §1). A page
 * or article not written in a language is not listed in it, and its address there is the 404 page
 * saying where it exists.
 */
import type { Article, PageRecord } from '../renderer/content.ts';
import type { Lang } from './constants.ts';
import { decodeEntities, stripTags } from './listing-text.ts';

type Texts = Record<string, string> | undefined | null;

/** The text of `lang` itself (German: the English one when it has none), never another language's. */
export function ownText(value: Texts, lang: Lang): string {
  const own = (l: string) => {
    const v = value?.[l] ?? value?.[l.toUpperCase()];
    return typeof v === 'string' ? v.trim() : '';
  };
  return own(lang) || (lang === 'de' ? own('en') : '');
}

/** The words of rich text (empty paragraphs are no text; an image is). */
export function hasRichText(html: string): boolean {
  return !!decodeEntities(stripTags(html, '')).trim() || /<img\b/i.test(html);
}

export function pageWrittenIn(page: Pick<PageRecord, 'title' | 'localizedPath' | 'path'>, lang: Lang): boolean {
  if (!ownText(page.title, lang)) return false;
  return page.path === '/' || !!ownText(page.localizedPath, lang);
}

export function articleWrittenIn(article: Pick<Article, 'title' | 'body'>, lang: Lang): boolean {
  return !!ownText(article.title, lang) && hasRichText(ownText(article.body, lang));
}
