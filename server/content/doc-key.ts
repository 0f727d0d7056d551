/**
 * The documents of the content (issue 14): one page (`page:12`), one dictionary (`dictionary:fr`),
 * one article (`article:{id}`) or one of the single settings. Their keys, the problems of the
 * content placed in the document they are about, and a line in English of what changed between two
 * versions (the stored summary, for logs and scripts; the editor says changes in its own words from
 * server/content/changes.ts). Pure.
 */
import type { PageRecord } from '../../renderer/content.ts';
import { LANGUAGES, type Lang } from '../../shared/constants.ts';
import type { ConfigDocs } from '../config/config.ts';
import type { Problem } from '../config/schemas.ts';
import { articleProblem, ARTICLE_ID } from './articles.ts';

export const SINGLE_DOCS = [
  'site',
  'header',
  'footer',
  'banner',
  'popup',
  'cookieConsent',
  'languages',
  'renovation',
  'valuation',
  'buyingCosts',
  'redirects',
] as const;
export type DocKey = (typeof SINGLE_DOCS)[number] | `page:${number}` | `dictionary:${Lang}` | `article:${string}`;

export function isDocKey(s: string): s is DocKey {
  return (
    (SINGLE_DOCS as readonly string[]).includes(s) ||
    /^page:[1-9]\d{0,8}$/.test(s) ||
    (s.startsWith('dictionary:') && (LANGUAGES as readonly string[]).includes(s.slice(11))) ||
    (s.startsWith('article:') && s.length <= 8 + 100 && ARTICLE_ID.test(s.slice(8)))
  );
}

/** What changed between two versions of a document, in a line people read ("title/fr, modules: +news-view #62"). */
export function changeSummary(before: unknown, after: unknown): string {
  if (before === undefined || before === null) return after === null ? 'deleted' : 'created';
  if (after === null) return 'deleted';
  const out: string[] = [];
  const walk = (a: unknown, b: unknown, path: string) => {
    if (out.length > 12) return;
    if (JSON.stringify(a) === JSON.stringify(b)) return;
    const withIds = (v: unknown): v is Array<{ id: number | string; view?: string }> =>
      Array.isArray(v) && v.every((x) => x && typeof x === 'object' && 'id' in x);
    if (withIds(a) && withIds(b)) {
      const ia = new Map(a.map((x) => [x.id, x]));
      const ib = new Map(b.map((x) => [x.id, x]));
      for (const x of b) if (!ia.has(x.id)) out.push(`${path}: +${x.view ?? ''} #${x.id}`.replace(': + #', ': +#'));
      for (const x of a) if (!ib.has(x.id)) out.push(`${path}: −${x.view ?? ''} #${x.id}`.replace(': − #', ': −#'));
      const orderA = a
        .filter((x) => ib.has(x.id))
        .map((x) => x.id)
        .join();
      const orderB = b
        .filter((x) => ia.has(x.id))
        .map((x) => x.id)
        .join();
      if (orderA !== orderB) out.push(`${path}: order`);
      for (const x of b) if (ia.has(x.id)) walk(ia.get(x.id), x, `${path}/#${x.id}`);
      return;
    }
    if (a && b && typeof a === 'object' && typeof b === 'object' && !Array.isArray(a) && !Array.isArray(b)) {
      for (const k of new Set([...Object.keys(a), ...Object.keys(b)]))
        walk((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], path ? `${path}/${k}` : k);
      return;
    }
    out.push(path || '(all)');
  };
  walk(before, after, '');
  return out.length > 12 ? `${out.slice(0, 12).join(', ')} …` : out.join(', ');
}

/** A problem placed in the document it is about: `file` is a document key (`page:4`) and `pointer` points into that document. */
const FILE_KEYS: Record<string, DocKey> = {
  'site.json': 'site',
  'header.json': 'header',
  'footer.json': 'footer',
  'banner.json': 'banner',
  'popup.json': 'popup',
  'cookie-consent.json': 'cookieConsent',
  'languages.json': 'languages',
  'renovation.json': 'renovation',
  'valuation.json': 'valuation',
  'buying-costs.json': 'buyingCosts',
  'redirects.json': 'redirects',
};
export function docProblems(problems: Problem[], docs: ConfigDocs): Problem[] {
  const pages = (docs.single.pages as PageRecord[] | undefined) ?? [];
  return problems.map((p) => {
    if (p.file === 'pages.json') {
      const m = /^\/(\d+)(\/.*)?$/.exec(p.pointer);
      const page = m ? pages[Number(m[1])] : undefined;
      if (page && typeof page.id === 'number') return { ...p, file: `page:${page.id}`, pointer: m![2] || '/' };
      return p;
    }
    const dict = /^dictionaries\/([a-z]{2})\.json$/.exec(p.file);
    if (dict) return { ...p, file: `dictionary:${dict[1]}` };
    const article = articleProblem(p, docs.articles);
    if (article) return article;
    return FILE_KEYS[p.file] ? { ...p, file: FILE_KEYS[p.file] } : p;
  });
}
