/**
 * The pages the site cannot do without (issue 38, point 1): the home page, the thank-you pages,
 * the owner login, the legal pages, every page holding a form, the lists of properties and
 * projects and their detail templates, the pages that list articles, the search page, the visitor
 * tools (calculator, valuation, favourites, comparison), and the pages above any of these. An editor cannot delete or unpublish them; an admin is
 * told what would break first. Pure: works on the documents as the editor sees them.
 */
import type { PageRecord } from '../../renderer/content.ts';
import type { ConfigDocs } from '../config/config.ts';

/** Why a page is needed, each said to staff in their language (editor: `system.{role}`). */
export type SystemRole = 'home' | 'thankYou' | 'login' | 'legal' | 'form' | 'listing' | 'template' | 'category' | 'search' | 'tool' | 'parent';

export interface SystemRoleOf {
  role: SystemRole;
  /** The form kinds it holds (`form`), the category it lists (`category`), the system page below it (`parent`). */
  detail?: string[];
}

type FooterLike = { legalLinks?: number[] };

/** Why `page` is a system page (empty: an ordinary page). */
export function systemRoles(page: PageRecord, docs: ConfigDocs, depth = 0): SystemRoleOf[] {
  const pages = (docs.single.pages as PageRecord[] | undefined) ?? [];
  const out: SystemRoleOf[] = [];
  const views = (page.modules ?? []).map((m) => m.view);
  if (page.path === '/') out.push({ role: 'home' });
  if (page.type === 'feedback') out.push({ role: 'thankYou' });
  if (page.type === 'login' || views.includes('owner-portal')) out.push({ role: 'login' });
  if (((docs.single.footer as FooterLike | undefined)?.legalLinks ?? []).includes(page.id) || views.includes('cookie-list')) out.push({ role: 'legal' });
  const forms = (page.modules ?? []).filter((m) => m.view === 'contact').map((m) => String((m as { form?: unknown }).form ?? ''));
  if (forms.length) out.push({ role: 'form', detail: [...new Set(forms)] });
  if (page.listing) out.push({ role: 'listing' });
  if (pages.some((p) => p.listing?.detailPageId === page.id)) out.push({ role: 'template' });
  if (page.type === 'article' && page.category) out.push({ role: 'category', detail: [page.category] });
  if (views.includes('site-search')) out.push({ role: 'search' });
  if (['renovation-calculator', 'online-valuation', 'favourites', 'property-compare'].some((v) => views.includes(v))) out.push({ role: 'tool' });
  // A page above a system page: deleting it would take its children's addresses.
  if (depth < 20) {
    const below = pages.filter((p) => p.parentId === page.id && p.id !== page.id && systemRoles(p, docs, depth + 1).length);
    if (below.length) out.push({ role: 'parent', detail: below.map((p) => String(p.id)) });
  }
  return out;
}
