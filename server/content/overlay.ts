/**
 * The content's documents as of some revisions: the site-config files with, for each document, the
 * newest revision a filter accepts laid over them (a page or article whose revision has no data is
 * deleted; an unpublished one is left out of what visitors see). Pure.
 */
import type { PageRecord } from '../../renderer/content.ts';
import type { Lang } from '../../shared/constants.ts';
import type { ConfigDocs } from '../config/config.ts';
import type { Revision } from '../storage/index.ts';
import { overlayArticles } from './articles.ts';
import type { DocKey, SINGLE_DOCS } from './doc-key.ts';

export interface OverlayOptions {
  /** Documents laid over last, as if saved. */
  extra?: Array<{ key: DocKey; data: unknown }>;
  /** Revisions set aside for repair are used too (what the editor shows). */
  withRepairs?: boolean;
  /** An unpublished document is left out (what visitors see). */
  hideOffline?: boolean;
}

export function overlayDocs(base: ConfigDocs, revisions: readonly Revision[], use: (r: Revision) => boolean, o: OverlayOptions): ConfigDocs {
  const docs: ConfigDocs = { single: { ...base.single }, articles: base.articles, dictionaries: { ...base.dictionaries } };
  const newest = new Map<DocKey, unknown>();
  for (const r of revisions) if (use(r)) newest.set(r.key as DocKey, o.hideOffline && r.offline ? null : r.data);
  for (const x of o.extra ?? []) newest.set(x.key, x.data);
  let pages = [...((docs.single.pages as PageRecord[]) ?? [])];
  const articles = new Map<string, unknown>();
  for (const [key, data] of newest) {
    if (key.startsWith('article:')) {
      articles.set(key.slice(8), data);
      continue;
    }
    if (key.startsWith('page:')) {
      const id = Number(key.slice(5));
      const at = pages.findIndex((p) => p.id === id);
      if (data === null) pages = pages.filter((p) => p.id !== id);
      else if (at >= 0) pages[at] = data as PageRecord;
      else pages.push(data as PageRecord);
    } else if (key.startsWith('dictionary:')) docs.dictionaries[key.slice(11) as Lang] = data;
    else docs.single[key as (typeof SINGLE_DOCS)[number]] = data;
  }
  docs.single.pages = pages;
  docs.articles = overlayArticles(base.articles, articles);
  return docs;
}
