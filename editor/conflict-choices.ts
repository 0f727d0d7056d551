/**
 * A save refused because a colleague changed the same fields (issue 14): the conflict as the editor
 * holds it, and the merged document with the version each field's choice keeps.
 */
import type { MergeConflict } from './api.ts';
import { pointerToPath } from './schema.ts';

/** A save refused because someone else saved in between. */
export interface ConflictState {
  by: string;
  at: string;
  rev: number;
  /** The fields both changed (empty: a publish or a restore, which are never merged). */
  items: MergeConflict[];
  /** Everything else merged (their values at the fields above). */
  merged: unknown;
  /** Whether the refused save was to publish. */
  publish: boolean;
}

/** Which version to keep at each conflicting field (by pointer). */
export type Choices = Record<string, 'mine' | 'theirs'>;

/** `value` at `pointer` in a copy of `doc` (undefined removes the key, or the member of a list). */
export function setAt(doc: unknown, pointer: string, value: unknown): unknown {
  const path = pointerToPath(pointer);
  if (!path.length) return value;
  const root = structuredClone(doc) as Record<string, unknown>;
  let node: Record<string, unknown> | unknown[] = root;
  for (const seg of path.slice(0, -1)) {
    const next = (node as Record<string, unknown>)[seg];
    if (!next || typeof next !== 'object') return root;
    node = next as Record<string, unknown>;
  }
  const last = path[path.length - 1];
  if (Array.isArray(node)) {
    if (value === undefined) node.splice(Number(last), 1);
    else node[Number(last)] = value;
  } else if (value === undefined) delete node[last];
  else node[last] = value;
  return root;
}

/** The merged document with the chosen version at each conflict (members of lists removed last, from the end). */
export function applyChoices(merged: unknown, items: MergeConflict[], choices: Choices): unknown {
  let out = structuredClone(merged);
  const ordered = [...items].sort((a, b) => b.pointer.localeCompare(a.pointer, undefined, { numeric: true }));
  for (const c of ordered) {
    if (choices[c.pointer] !== 'mine') continue; // theirs is what `merged` holds there
    if (c.kind === 'order') {
      const list = pointerToPath(c.pointer).reduce<unknown>((n, k) => (n as Record<string, unknown>)?.[k], out) as Array<{ id: unknown }> | undefined;
      if (!Array.isArray(list)) continue;
      const want = c.mine as unknown[];
      const sorted = [...list].sort((a, b) => want.indexOf(a.id) - want.indexOf(b.id));
      out = setAt(out, c.pointer, sorted);
    } else out = setAt(out, c.pointer, c.mine);
  }
  return out;
}
