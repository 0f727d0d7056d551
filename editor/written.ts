/**
 * The languages a page or an article is written in, as the server decides (shared/availability.ts;
 * issue 38, point 2): the default language always (it is required to publish), and each other one
 * where the draft has its own title (an article: its title or its text). The editor checks the
 * required texts in those languages only; the others are simply not shown to visitors yet.
 */
import type { Lang } from '../shared/constants.ts';
import { hasRichText, ownText } from '../shared/availability.ts';

type Texts = Record<string, string> | undefined;

export function writtenLangs(kind: 'page' | 'article', data: unknown, langs: Lang[], defaultLang: Lang): Lang[] {
  const d = (data ?? {}) as { title?: Texts; body?: Texts };
  return langs.filter((l) => l === defaultLang || !!ownText(d.title, l) || (kind === 'article' && hasRichText(ownText(d.body, l))));
}
