/**
 * A save based on an older revision, brought onto the newest one (issue 14, point 3): the three
 * versions of the document are put in one shape first — a page's modules in the order they are
 * drawn, without their `sort` numbers, which every reorder rewrites — then merged three-way, and
 * the page's `sort` numbers follow the merged order again. Pure.
 */
import { merge3, type MergeConflict } from './merge.ts';

type Rec = Record<string, unknown>;
const isPage = (key: string) => key.startsWith('page:');

/** A page with its modules in drawn order (by `sort`, stable) and without `sort`: what a merge compares. */
export function forMerge(key: string, data: unknown): unknown {
  if (!isPage(key) || !data || typeof data !== 'object' || !Array.isArray((data as Rec).modules)) return data;
  const modules = ((data as Rec).modules as Rec[])
    .map((m, i) => ({ m, i }))
    .sort((a, b) => (Number(a.m?.sort) || 0) - (Number(b.m?.sort) || 0) || a.i - b.i)
    .map(({ m }) => {
      if (!m || typeof m !== 'object') return m;
      const { sort: _sort, ...rest } = m;
      return rest;
    });
  return { ...(data as Rec), modules };
}

/** `sort` numbered 1, 2, 3 … along the list again. */
export function afterMerge(key: string, data: unknown): unknown {
  if (!isPage(key) || !data || typeof data !== 'object' || !Array.isArray((data as Rec).modules)) return data;
  return { ...(data as Rec), modules: ((data as Rec).modules as Rec[]).map((m, i) => (m && typeof m === 'object' ? { ...m, sort: i + 1 } : m)) };
}

export interface Rebased {
  merged: unknown;
  conflicts: MergeConflict[];
}

export function rebase(key: string, base: unknown, mine: unknown, theirs: unknown): Rebased {
  // A document deleted (null) on one side and changed on the other is one conflict about the whole of it.
  const r = merge3(forMerge(key, base), forMerge(key, mine), forMerge(key, theirs));
  return { merged: afterMerge(key, r.merged), conflicts: r.conflicts };
}
