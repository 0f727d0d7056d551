/**
 * The site search's index of the pages and articles of one content version in one language: their
 * titles weigh most, then their summaries, then their text. Made on the first search of that
 * content and language and kept beside it (a new content version is a new object: its index is
 * made again; the old one goes with it).
 */
import type { Content } from '../../renderer/content.ts';
import type { LoadContext } from '../../renderer/module-api.ts';
import type { Lang } from '../../shared/constants.ts';
import { localize } from '../../shared/localize.ts';
import { stripTags } from '../../shared/listing-text.ts';
import { wordsOf } from '../../shared/text-match.ts';
import { TextIndex, TextIndexBuilder } from '../../shared/text-index.ts';
import { toCard, type ArticleCard } from '../lib/articles.ts';

/** Words of an article's text indexed (the start of a long article says what it is about). */
export const MAX_BODY_WORDS = 2000;

interface ContentIndex {
  index: TextIndex;
  cards: ArticleCard[];
}

const kept = new WeakMap<Content, Map<Lang, ContentIndex>>();

function build(ctx: LoadContext): ContentIndex {
  const { content, routes } = ctx.services;
  const lang = ctx.lang;
  const builder = new TextIndexBuilder();
  const cards: ArticleCard[] = [];
  const add = (card: ArticleCard, title: string, summary: string, body: string) => {
    const doc = cards.length;
    cards.push(card);
    builder.add(doc, wordsOf(title), 3);
    builder.add(doc, wordsOf(summary), 2);
    builder.add(doc, wordsOf(body).slice(0, MAX_BODY_WORDS), 1);
  };
  for (const p of content.pages) {
    if (p.status !== 'Published' || p.type === 'feedback' || p.redirect || !routes.available(p, lang) || routes.templates.has(p.id)) continue;
    if (p.modules?.some((m) => m.view === 'site-search')) continue; // the search page itself
    const title = localize(p.title, lang);
    const description = localize(p.description, lang);
    add({ id: `page-${p.id}`, title, summary: description, path: routes.pagePath(p, lang) }, title, description, '');
  }
  for (const a of content.articles) {
    if (a.status !== 'Published' || a.category === 'general' || !routes.articleAvailable(a, lang)) continue;
    add(toCard(a, ctx), localize(a.title, lang), localize(a.summary, lang), stripTags(localize(a.body, lang), ' '));
  }
  return { index: builder.build(cards.length), cards };
}

/**
 * The pages and articles of the visitor's language holding every word (or one of its other forms:
 * a municipality's names in the other languages), best first; `noTypos`: words taken only as typed.
 */
export function findContent(ctx: LoadContext, slots: string[][], max: number, noTypos: ReadonlySet<string>) {
  const words = slots.map((forms) => forms[0]);
  let byLang = kept.get(ctx.services.content);
  if (!byLang) kept.set(ctx.services.content, (byLang = new Map()));
  let ix = byLang.get(ctx.lang);
  if (!ix) byLang.set(ctx.lang, (ix = build(ctx)));
  const found = ix.index.match(slots, max, { prefix: true, typos: true, noTypos });
  const cards = found.docs.map((d) => ix.cards[d]);
  const known = words.filter((w) => !found.unmatched.includes(w) && !found.typoOnly.includes(w));
  return { cards, total: found.total, unmatched: found.unmatched, known };
}
