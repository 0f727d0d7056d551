/**
 * A three-way merge of JSON documents (issue 14, point 3): the version a save started from (base),
 * the version being saved (mine) and the version stored meanwhile (theirs). What only one side
 * changed is taken from that side; objects merge key by key; lists of records that carry an `id`
 * (a page's modules) merge record by record, so that a reorder on one side and an edit of another
 * record on the other side both land. Only a value both sides changed differently is a conflict,
 * reported at its JSON pointer with the three values; the merged document then holds theirs there
 * until the person chooses. Pure: no I/O, no knowledge of the document's kind.
 */

export interface MergeConflict {
  /** JSON pointer into the merged document ('' for the whole document). */
  pointer: string;
  /** `order`: both sides reordered a list of records differently (values are the lists of ids). */
  kind: 'value' | 'order';
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export interface MergeResult {
  merged: unknown;
  conflicts: MergeConflict[];
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Deep equality of JSON values (key order does not matter). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length) return false;
    return a.every((x, i) => sameJson(x, b[i]));
  }
  if (isObject(a) && isObject(b)) {
    const ka = Object.keys(a).filter((k) => a[k] !== undefined);
    const kb = Object.keys(b).filter((k) => b[k] !== undefined);
    return ka.length === kb.length && ka.every((k) => sameJson(a[k], b[k]));
  }
  return false;
}

type Id = string | number;
/** A list whose members are all objects with a distinct `id` (a page's modules, say). */
function recordList(v: unknown): v is Array<Record<string, unknown> & { id: Id }> {
  if (!Array.isArray(v)) return false;
  const seen = new Set<Id>();
  for (const x of v) {
    if (!isObject(x) || (typeof x.id !== 'string' && typeof x.id !== 'number') || seen.has(x.id)) return false;
    seen.add(x.id);
  }
  return true;
}

const escape = (k: string | number) => String(k).replace(/~/g, '~0').replace(/\//g, '~1');

export function merge3(base: unknown, mine: unknown, theirs: unknown): MergeResult {
  const conflicts: MergeConflict[] = [];
  const merged = mergeAt(base, mine, theirs, '', conflicts);
  return { merged, conflicts };
}

function mergeAt(base: unknown, mine: unknown, theirs: unknown, pointer: string, conflicts: MergeConflict[]): unknown {
  if (sameJson(mine, theirs)) return mine;
  if (sameJson(base, mine)) return theirs;
  if (sameJson(base, theirs)) return mine;
  if (isObject(mine) && isObject(theirs) && (base === undefined || isObject(base))) {
    const b = (base ?? {}) as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    // Theirs' key order first (the stored document), then keys only mine has.
    for (const k of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
      const v = mergeAt(b[k], mine[k], theirs[k], `${pointer}/${escape(k)}`, conflicts);
      if (v !== undefined) out[k] = v;
    }
    return out;
  }
  if (recordList(mine) && recordList(theirs) && (base === undefined || recordList(base))) {
    return mergeRecords((base ?? []) as Array<Record<string, unknown> & { id: Id }>, mine, theirs, pointer, conflicts);
  }
  conflicts.push({ pointer, kind: 'value', base, mine, theirs });
  return theirs;
}

function mergeRecords(
  base: Array<Record<string, unknown> & { id: Id }>,
  mine: Array<Record<string, unknown> & { id: Id }>,
  theirs: Array<Record<string, unknown> & { id: Id }>,
  pointer: string,
  conflicts: MergeConflict[],
): unknown[] {
  const byId = (list: typeof base) => new Map(list.map((x) => [x.id, x]));
  const b = byId(base);
  const m = byId(mine);
  const t = byId(theirs);
  // Which records survive: removed on one side (and not changed on the other) is removed.
  const keep = new Set<Id>();
  const pending: Array<{ id: Id; conflict: Omit<MergeConflict, 'pointer'> }> = [];
  for (const id of new Set([...m.keys(), ...t.keys(), ...b.keys()])) {
    const inBase = b.has(id);
    const inMine = m.has(id);
    const inTheirs = t.has(id);
    if (!inBase) {
      if (inMine || inTheirs) keep.add(id); // added by one side (or both)
      continue;
    }
    if (inMine && inTheirs) keep.add(id);
    else if (inMine && !inTheirs) {
      // They removed it: fine unless I changed it.
      if (!sameJson(b.get(id), m.get(id))) {
        keep.add(id);
        pending.push({ id, conflict: { kind: 'value', base: b.get(id), mine: m.get(id), theirs: undefined } });
      }
    } else if (!inMine && inTheirs) {
      if (!sameJson(b.get(id), t.get(id))) {
        keep.add(id);
        pending.push({ id, conflict: { kind: 'value', base: b.get(id), mine: undefined, theirs: t.get(id) } });
      }
    }
  }
  // The order: the side that reordered the common records leads; the other side's new records go
  // right after the record they follow on that side.
  const common = (list: typeof base) => list.filter((x) => keep.has(x.id) && b.has(x.id)).map((x) => x.id);
  const orderBase = common(base);
  const orderMine = common(mine);
  const orderTheirs = common(theirs);
  const mineMoved = orderMine.join('\u0000') !== orderBase.filter((id) => orderMine.includes(id)).join('\u0000');
  const theirsMoved = orderTheirs.join('\u0000') !== orderBase.filter((id) => orderTheirs.includes(id)).join('\u0000');
  let leader = theirs;
  let follower = mine;
  if (mineMoved && !theirsMoved) {
    leader = mine;
    follower = theirs;
  } else if (mineMoved && theirsMoved && orderMine.join('\u0000') !== orderTheirs.join('\u0000')) {
    conflicts.push({
      pointer,
      kind: 'order',
      base: orderBase,
      mine: mine.filter((x) => keep.has(x.id)).map((x) => x.id),
      theirs: theirs.filter((x) => keep.has(x.id)).map((x) => x.id),
    });
  }
  const order: Id[] = leader.filter((x) => keep.has(x.id)).map((x) => x.id);
  // Records kept that the leader does not list (added or kept by the follower, or kept though the leader removed them).
  follower.forEach((x, i) => {
    if (!keep.has(x.id) || order.includes(x.id)) return;
    let at = 0;
    for (let j = i - 1; j >= 0; j--) {
      const k = order.indexOf(follower[j].id);
      if (k >= 0) {
        at = k + 1;
        break;
      }
    }
    order.splice(at, 0, x.id);
  });
  for (const id of keep) if (!order.includes(id)) order.push(id); // kept only in base (changed and removed on both sides)
  const out = order.map((id, i) => {
    const here = `${pointer}/${i}`;
    const c = pending.find((p) => p.id === id);
    if (c) {
      conflicts.push({ pointer: here, ...c.conflict });
      return (t.get(id) ?? m.get(id))!;
    }
    return mergeAt(b.get(id), m.get(id), t.get(id), here, conflicts) as Record<string, unknown>;
  });
  return out;
}
