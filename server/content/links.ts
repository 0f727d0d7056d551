/**
 * Where a page or an article is linked (issue 38, point 1), listed before it is deleted or its
 * address changes: the menu, the footer and its legal links, the top bar, the popup, a page's
 * sub-menu (each by the page's id: moved to the page staff pick instead), the texts and buttons of
 * pages, articles and the footer (by address: the 301 from the old address keeps them working),
 * the pages below it and the redirects that lead to it. Pure.
 */
import type { Article, PageRecord } from '../../renderer/content.ts';
import type { ConfigDocs } from '../config/config.ts';
import type { DocKey } from './doc-key.ts';

export type LinkWhere = 'menu' | 'footer' | 'legal' | 'topBar' | 'popup' | 'subMenu' | 'text' | 'child' | 'template' | 'redirect' | 'relation' | 'author';

export interface LinkPlace {
  where: LinkWhere;
  /** The document that holds the link. */
  key: DocKey;
  /** That document's title, when it is a page or an article. */
  title?: Record<string, string>;
  /** Points by id: moved to the page picked instead (else the deletion waits); by address: kept working by the redirect. */
  byId: boolean;
}

type Rec = Record<string, unknown>;
const PAGE_LINK = (id: number) => `page:${id}`;
const pagesOf = (docs: ConfigDocs) => (docs.single.pages as PageRecord[] | undefined) ?? [];
const articlesOf = (docs: ConfigDocs): Article[] => docs.articles.flatMap((f) => (Array.isArray(f.data) ? (f.data as Article[]) : [])).filter(Boolean);

/** Whether rich text or a button holds a link to one of `paths` (exactly, or with a #fragment or ?query). */
export function linksTo(value: unknown, paths: string[], depth = 0): boolean {
  if (!paths.length || depth > 30) return false;
  if (typeof value === 'string') {
    if (paths.includes(value)) return true;
    if (!value.includes('href')) return false;
    return paths.some((p) => value.includes(`href="${p}"`) || value.includes(`href="${p}#`) || value.includes(`href="${p}?`));
  }
  if (Array.isArray(value)) return value.some((v) => linksTo(v, paths, depth + 1));
  if (value && typeof value === 'object') return Object.values(value).some((v) => linksTo(v, paths, depth + 1));
  return false;
}

/** Every place that links to page `id` (whose public addresses are `paths`). */
export function pageLinks(docs: ConfigDocs, id: number, paths: string[]): LinkPlace[] {
  const out: LinkPlace[] = [];
  const pages = pagesOf(docs);
  const self = pages.find((p) => p.id === id);
  if (self && self.parentId === null && self.status === 'Published' && self.showInMenu !== false && self.type !== 'feedback' && self.path !== '/')
    out.push({ where: 'menu', key: `page:${id}`, byId: false });
  const footer = docs.single.footer as { columns?: Array<{ links?: number[] }>; legalLinks?: number[] } | undefined;
  if (footer?.columns?.some((c) => c.links?.includes(id))) out.push({ where: 'footer', key: 'footer', byId: true });
  if (footer?.legalLinks?.includes(id)) out.push({ where: 'legal', key: 'footer', byId: true });
  if (linksTo(footer?.columns, paths)) out.push({ where: 'text', key: 'footer', byId: false });
  const topBar = (docs.single.header as { topBar?: { left?: Array<{ link: string }>; right?: Array<{ link: string }> } } | undefined)?.topBar;
  if ([...(topBar?.left ?? []), ...(topBar?.right ?? [])].some((l) => l.link === PAGE_LINK(id))) out.push({ where: 'topBar', key: 'header', byId: true });
  if ((docs.single.popup as { link?: string } | undefined)?.link === PAGE_LINK(id)) out.push({ where: 'popup', key: 'popup', byId: true });
  for (const p of pages) {
    if (p.id === id) continue;
    const key = `page:${p.id}` as DocKey;
    if (p.parentId === id) out.push({ where: 'child', key, title: p.title, byId: true });
    if (p.listing?.detailPageId === id) out.push({ where: 'template', key, title: p.title, byId: true });
    if ((p.subMenu ?? []).some((s) => s.link === PAGE_LINK(id))) out.push({ where: 'subMenu', key, title: p.title, byId: true });
    if (linksTo(p.modules, paths) || linksTo(p.content, paths)) out.push({ where: 'text', key, title: p.title, byId: false });
  }
  for (const a of articlesOf(docs)) if (linksTo(a.body, paths)) out.push({ where: 'text', key: `article:${a.id}`, title: a.title, byId: false });
  if (((docs.single.redirects as { redirects?: Array<{ pageId: number }> } | undefined)?.redirects ?? []).some((r) => r.pageId === id))
    out.push({ where: 'redirect', key: 'redirects', byId: true });
  return out;
}

/** Every place that links to article `id` (at `paths`): module relations, blog authors (a team member), texts. */
export function articleLinks(docs: ConfigDocs, id: string, paths: string[]): LinkPlace[] {
  const out: LinkPlace[] = [];
  for (const p of pagesOf(docs)) {
    const key = `page:${p.id}` as DocKey;
    if ((p.modules ?? []).some((m) => (m.relations ?? []).some((r) => r.type === 'article' && String(r.id) === id)))
      out.push({ where: 'relation', key, title: p.title, byId: true });
    if (linksTo(p.modules, paths) || linksTo(p.content, paths)) out.push({ where: 'text', key, title: p.title, byId: false });
  }
  for (const a of articlesOf(docs)) {
    if (a.id === id) continue;
    if (a.author === id) out.push({ where: 'author', key: `article:${a.id}`, title: a.title, byId: true });
    if (linksTo(a.body, paths)) out.push({ where: 'text', key: `article:${a.id}`, title: a.title, byId: false });
  }
  const footer = docs.single.footer as { columns?: unknown } | undefined;
  if (linksTo(footer?.columns, paths)) out.push({ where: 'text', key: 'footer', byId: false });
  return out;
}

/**
 * The documents that link to page `from` by id, with those links moved to page `to`: the footer,
 * its legal links, the top bar, the popup, sub-menus and the redirects (removed when `to` is
 * undefined). Pages below it and detail templates are not moved: they stop a deletion.
 */
export function moveLinks(docs: ConfigDocs, from: number, to: number | undefined): Array<{ key: DocKey; data: unknown }> {
  const out: Array<{ key: DocKey; data: unknown }> = [];
  const link = (l: string) => (l === PAGE_LINK(from) && to !== undefined ? PAGE_LINK(to) : l);
  const footer = structuredClone(docs.single.footer) as { columns?: Array<{ links?: number[] }>; legalLinks?: number[] } | undefined;
  if (footer && to !== undefined) {
    const swap = (list?: number[]) => (list ? [...new Set(list.map((x) => (x === from ? to : x)))] : list);
    const before = JSON.stringify(footer);
    for (const c of footer.columns ?? []) if (c.links) c.links = swap(c.links);
    if (footer.legalLinks) footer.legalLinks = swap(footer.legalLinks);
    if (JSON.stringify(footer) !== before) out.push({ key: 'footer', data: footer });
  }
  const header = structuredClone(docs.single.header) as { topBar?: { left?: Array<{ link: string }>; right?: Array<{ link: string }> } } | undefined;
  if (header?.topBar && to !== undefined) {
    const before = JSON.stringify(header);
    for (const l of [...(header.topBar.left ?? []), ...(header.topBar.right ?? [])]) l.link = link(l.link);
    if (JSON.stringify(header) !== before) out.push({ key: 'header', data: header });
  }
  const popup = docs.single.popup as Rec | undefined;
  if (popup && popup.link === PAGE_LINK(from) && to !== undefined) out.push({ key: 'popup', data: { ...popup, link: PAGE_LINK(to) } });
  for (const p of pagesOf(docs)) {
    if (p.id === from || !(p.subMenu ?? []).some((s) => s.link === PAGE_LINK(from)) || to === undefined) continue;
    out.push({ key: `page:${p.id}`, data: { ...p, subMenu: (p.subMenu ?? []).map((s) => ({ ...s, link: link(s.link) })) } });
  }
  const redirects = docs.single.redirects as { redirects?: Array<{ pageId: number }> } | undefined;
  if (redirects?.redirects?.some((r) => r.pageId === from)) {
    const list =
      to === undefined ? redirects.redirects.filter((r) => r.pageId !== from) : redirects.redirects.map((r) => (r.pageId === from ? { ...r, pageId: to } : r));
    out.push({ key: 'redirects', data: { ...redirects, redirects: list } });
  }
  return out;
}
