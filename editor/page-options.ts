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
  const name = (p: PageSummary) => localize(p.title, lang as never) || Object.values(p.title ?? {}).find((x) => x?.trim()) || p.path;
  const walk = (parent: number | null, depth: number, hiddenBranch: boolean, place: string[]) => {
    for (const p of pages
      .filter((x) => (parent === null ? x.parentId === null || !ids.has(x.parentId) : x.parentId === parent))
      .sort((a, b) => a.sort - b.sort || a.id - b.id)) {
      if (p.id === exclude) continue;
      const hidden = hiddenBranch || !inMenu(p);
      out.push({ id: p.id, label: name(p), depth, hidden, place: place.length ? place.join(' › ') : undefined });
      walk(p.id, depth + 1, hidden, [...place, name(p)]);
    }
  };
  walk(null, 0, false, []);
  // Pages apart from the menu are listed flat, each with its place (parent › page): twins ("Thank you") are told apart (issue 38).
  return [
    ...out.filter((o) => !o.hidden),
    ...out.filter((o) => o.hidden).map((o) => ({ ...o, depth: 0, label: o.place ? `${o.place} › ${o.label}` : o.label })),
  ];
}
