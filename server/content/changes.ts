/**
 * What changed between two versions of a document, field by field (issue 38, point 3): the editor
 * says each change in its own words with the field's label ("Banner title (fr) changed", "Text
 * module added") and compares two versions side by side. Members of a list that carry an id (a
 * page's modules) are matched by id, so a module moved is "moved", not every field after it
 * "changed"; a text per language is one field per language. Pure.
 */

type Rec = Record<string, unknown>;

export interface DocChange {
  kind: 'added' | 'removed' | 'changed' | 'moved';
  /** The field, from the document (or from the list member below) down: ['bannerTitle', 'fr']. */
  path: string[];
  /** The list member the change is in or is about: a page's module, by id, with what names it. */
  item?: { list: string; id: number | string; view?: string; title?: Rec };
  before?: unknown;
  after?: unknown;
}

/** At most this many changes are listed for one pair of versions (the rest is counted). */
export const MAX_CHANGES = 300;
const MAX_DEPTH = 30;

const isRec = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);
const withIds = (v: unknown): v is Array<Rec & { id: number | string }> =>
  Array.isArray(v) && v.length > 0 && v.every((x) => isRec(x) && (typeof x.id === 'number' || typeof x.id === 'string'));
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** A page's `sort` numbers follow the list: a reorder is said once, as "moved". */
const IGNORED = new Set(['sort', 'modifyDate']);

/**
 * The changes from `before` to `after` (either may be null or undefined: created, deleted). With
 * `values`, each change carries both values (for a comparison); without, only where it is.
 */
export function diffDoc(before: unknown, after: unknown, o: { values?: boolean; max?: number } = {}): { changes: DocChange[]; more: number } {
  const max = o.max ?? MAX_CHANGES;
  const out: DocChange[] = [];
  let more = 0;
  const push = (c: DocChange) => {
    if (out.length >= max) more++;
    else out.push(o.values ? c : { kind: c.kind, path: c.path, ...(c.item ? { item: c.item } : {}) });
  };
  const itemOf = (list: string, x: Rec & { id: number | string }) => ({
    list,
    id: x.id,
    ...(typeof x.view === 'string' ? { view: x.view } : {}),
    ...(isRec(x.title) ? { title: x.title } : {}),
  });
  const walk = (a: unknown, b: unknown, path: string[], item: DocChange['item'], depth: number) => {
    if (same(a, b)) return;
    if (depth > MAX_DEPTH) return push({ kind: 'changed', path, item, before: a, after: b });
    if ((withIds(a) || (Array.isArray(a) && !a.length)) && (withIds(b) || (Array.isArray(b) && !b.length)) && (withIds(a) || withIds(b))) {
      const list = path.join('/');
      const la = a as Array<Rec & { id: number | string }>;
      const lb = b as Array<Rec & { id: number | string }>;
      const ia = new Map(la.map((x) => [x.id, x]));
      const ib = new Map(lb.map((x) => [x.id, x]));
      for (const x of lb) if (!ia.has(x.id)) push({ kind: 'added', path: [], item: itemOf(list, x), after: x });
      for (const x of la) if (!ib.has(x.id)) push({ kind: 'removed', path: [], item: itemOf(list, x), before: x });
      const order = (l: Array<{ id: number | string }>, other: Map<number | string, unknown>) => l.filter((x) => other.has(x.id)).map((x) => x.id);
      const oa = order(la, ib);
      const ob = order(lb, ia);
      if (!same(oa, ob)) push({ kind: 'moved', path, before: oa, after: ob });
      for (const x of lb) if (ia.has(x.id)) walk(ia.get(x.id), x, [], itemOf(list, x), depth + 1);
      return;
    }
    if (isRec(a) && isRec(b)) {
      for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
        if (item && IGNORED.has(k)) continue;
        if (!item && k === 'modifyDate') continue;
        const [x, y] = [a[k], b[k]];
        if (same(x, y)) continue;
        if (x === undefined || x === '' || x === null) {
          if (isRec(y) && !Object.values(y).some((v) => v !== '' && v !== undefined)) continue;
          if (isRec(y)) walk({}, y, [...path, k], item, depth + 1);
          else push({ kind: 'added', path: [...path, k], item, after: y });
        } else if (y === undefined || y === '' || y === null) {
          if (isRec(x)) walk(x, {}, [...path, k], item, depth + 1);
          else push({ kind: 'removed', path: [...path, k], item, before: x });
        } else walk(x, y, [...path, k], item, depth + 1);
      }
      return;
    }
    push({ kind: 'changed', path, item, before: a, after: b });
  };
  if (before === null || before === undefined || after === null || after === undefined) {
    if (!(before == null && after == null)) push({ kind: before == null ? 'added' : 'removed', path: [], before, after });
    return { changes: out, more };
  }
  walk(before, after, [], undefined, 0);
  return { changes: out, more };
}
