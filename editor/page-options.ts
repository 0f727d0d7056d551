/**
 * The pages as choices of the pickers (parent page, links, footer links): those in the menu in
 * menu order (children indented), then the others. Small and free of the forms, so that screens
 * that only list pages do not load them.
 */
import type { PageSummary } from './api.ts';
import type { PageOption } from './fields/SchemaForm.tsx';
import { localize } from '../shared/localize.ts';

export function pageOptions(pages: PageSummary[], lang: string, exclude?: number): PageOption[] {
  const out: PageOption[] = [];
  const ids = new Set(pages.map((p) => p.id));
  const inMenu = (p: PageSummary) => p.status === 'Published' && p.showInMenu !== false;
  const walk = (parent: number | null, depth: number, hiddenBranch: boolean) => {
    for (const p of pages
      .filter((x) => (parent === null ? x.parentId === null || !ids.has(x.parentId) : x.parentId === parent))
      .sort((a, b) => a.sort - b.sort || a.id - b.id)) {
      if (p.id === exclude) continue;
      const hidden = hiddenBranch || !inMenu(p);
      out.push({ id: p.id, label: localize(p.title, lang as never) || p.path, depth, hidden });
      walk(p.id, depth + 1, hidden);
    }
  };
  walk(null, 0, false);
  return [...out.filter((o) => !o.hidden), ...out.filter((o) => o.hidden).map((o) => ({ ...o, depth: 0 }))];
}
