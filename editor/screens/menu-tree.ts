/**
 * The menu as a tree, in pure functions (no React): which pages are in the menu and where, a move
 * of one item (with the items under it), and the `sort` numbers that save a new order while
 * changing as few pages as possible. The Pages screen draws and edits it; the unit tests check it.
 */
import type { PageSummary } from '../api.ts';

/** A place in the menu: the page, its parent (null: top level). The order is the list's. */
export interface Place {
  id: number;
  parentId: number | null;
}

/** Items in the menu are at most this deep: top level and one level below (what the header draws). */
export const MENU_DEPTH = 2;

/** A page the header draws in the menu (published, shown in the menu, not a thank-you page nor the home page). */
export const inMenu = (p: PageSummary) => p.status === 'Published' && p.showInMenu !== false && p.type !== 'feedback' && p.path !== '/';

/** The menu's pages in tree order (depth first, by sort among siblings). */
export function menuPlaces(pages: PageSummary[]): Place[] {
  const menu = pages.filter(inMenu);
  const ids = new Set(menu.map((p) => p.id));
  const out: Place[] = [];
  const walk = (parent: number | null, depth: number) => {
    if (depth > MENU_DEPTH) return;
    for (const p of menu.filter((x) => (parent === null ? x.parentId === null : x.parentId === parent)).sort((a, b) => a.sort - b.sort || a.id - b.id)) {
      out.push({ id: p.id, parentId: parent });
      walk(p.id, depth + 1);
    }
  };
  walk(null, 1);
  // Menu pages under a page that is not in the menu are not drawn by the header: not part of the tree.
  return out.filter((x) => x.parentId === null || ids.has(x.parentId));
}

/** The items directly under `id` (null: the top level), in order. */
export const childrenOf = (places: Place[], id: number | null) => places.filter((p) => p.parentId === id);

/** The list with `id` (and its children) moved to be the `index`-th child of `parentId`. */
export function movePlace(places: Place[], id: number, parentId: number | null, index: number): Place[] {
  const moved = places.find((p) => p.id === id);
  if (!moved) return places;
  const kids = childrenOf(places, id);
  const rest = places.filter((p) => p.id !== id && p.parentId !== id);
  const siblings = childrenOf(rest, parentId);
  const place = { id, parentId };
  let at: number;
  if (index < siblings.length) at = rest.indexOf(siblings[index]);
  else if (siblings.length) {
    // After the last sibling and its children.
    const last = siblings[siblings.length - 1];
    at = rest.indexOf(last) + 1 + childrenOf(rest, last.id).length;
  } else at = parentId === null ? rest.length : rest.findIndex((p) => p.id === parentId) + 1;
  return [...rest.slice(0, at), place, ...kids, ...rest.slice(at)];
}

/**
 * New `sort` numbers for the pages whose order among their siblings changed: the pages that kept
 * their relative order keep their numbers (the longest run that is still increasing); the others
 * get numbers between their neighbours', or, where no number fits, the group is renumbered by tens.
 */
export function placeSorts(places: Place[], before: Map<number, { parentId: number | null; sort: number }>): Map<number, number> {
  const out = new Map<number, number>();
  for (const parent of new Set(places.map((p) => p.parentId))) {
    const group = childrenOf(places, parent).map((p) => ({ id: p.id, sort: before.get(p.id)?.parentId === parent ? before.get(p.id)!.sort : undefined }));
    // Longest strictly increasing run of kept numbers (O(n²): a menu has a few dozen items).
    const best: number[] = group.map(() => 0);
    const prev: number[] = group.map(() => -1);
    group.forEach((g, i) => {
      if (g.sort === undefined) return;
      best[i] = 1;
      for (let j = 0; j < i; j++) if (group[j].sort !== undefined && group[j].sort! < g.sort && best[j] + 1 > best[i]) [best[i], prev[i]] = [best[j] + 1, j];
    });
    const keep = new Set<number>();
    for (let i = best.indexOf(Math.max(0, ...best)); i >= 0 && best[i] > 0; i = prev[i]) keep.add(i);
    const values: Array<number | undefined> = group.map((g, i) => (keep.has(i) ? g.sort : undefined));
    let fits = true;
    for (let i = 0; i < group.length && fits; i++) {
      if (values[i] !== undefined) continue;
      let j = i;
      while (j < group.length && values[j] === undefined) j++;
      const low = i === 0 ? 0 : values[i - 1]!;
      const high = j < group.length ? values[j]! : low + (j - i + 1) * 10;
      const step = (high - low) / (j - i + 1);
      if (step < 1) fits = false;
      else for (let k = i; k < j; k++) values[k] = Math.floor(low + step * (k - i + 1));
    }
    if (!fits || new Set(values).size !== values.length) group.forEach((g, i) => out.set(g.id, (i + 1) * 10));
    else group.forEach((g, i) => out.set(g.id, values[i]!));
  }
  return out;
}

/** How deep an item is in the menu: 1 at the top level, 2 under a top-level item. */
export const depthOf = (places: Place[], id: number): number => {
  const p = places.find((x) => x.id === id);
  return p && p.parentId !== null ? 1 + depthOf(places, p.parentId) : 1;
};
