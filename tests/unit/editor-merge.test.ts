// The pure parts of issue 14's "never lose an edit": the three-way merge of a page, the choices a
// staff member makes at a conflict, and the menu tree's moves and sort numbers.
import { describe, expect, it } from 'vitest';
import { merge3 } from '../../server/content/merge.ts';
import { rebase } from '../../server/content/rebase.ts';
import { applyChoices } from '../../editor/useDocument.ts';
import { menuPlaces, movePlace, placeSorts, type Place } from '../../editor/screens/menu-tree.ts';
import type { PageSummary } from '../../editor/api.ts';

const page = (modules: Array<Record<string, unknown>>, title = 'Nos services') => ({ id: 4, title: { fr: title }, modules });

describe('the three-way merge of a page', () => {
  it('keeps both sides where they touched different modules, fields or languages', () => {
    const base = page([
      { id: 6, sort: 1, title: { fr: 'A' } },
      { id: 7, sort: 2, title: { fr: 'B' } },
    ]);
    const mine = page([
      { id: 6, sort: 1, title: { fr: 'A (moi)' } },
      { id: 7, sort: 2, title: { fr: 'B' } },
    ]);
    const theirs = page(
      [
        { id: 6, sort: 1, title: { fr: 'A', nl: 'A (nl)' } },
        { id: 7, sort: 2, title: { fr: 'B (eux)' } },
      ],
      'Nos services !',
    );
    const r = rebase('page:4', base, mine, theirs);
    expect(r.conflicts).toEqual([]);
    expect(r.merged).toEqual(
      page(
        [
          { id: 6, sort: 1, title: { fr: 'A (moi)', nl: 'A (nl)' } },
          { id: 7, sort: 2, title: { fr: 'B (eux)' } },
        ],
        'Nos services !',
      ),
    );
  });

  it('keeps a module one side added and the other side’s reorder; drops one removed on one side and untouched on the other', () => {
    const base = page([
      { id: 1, sort: 1 },
      { id: 2, sort: 2 },
      { id: 3, sort: 3 },
    ]);
    const mine = page([
      { id: 3, sort: 1 },
      { id: 1, sort: 2 },
      { id: 2, sort: 3 },
    ]);
    const theirs = page([
      { id: 1, sort: 1 },
      { id: 9, sort: 2, view: 'text' },
      { id: 3, sort: 3 },
    ]);
    const r = rebase('page:4', base, mine, theirs);
    expect(r.conflicts).toEqual([]);
    expect((r.merged as { modules: Array<{ id: number; sort: number }> }).modules.map((m) => [m.id, m.sort])).toEqual([
      [3, 1],
      [1, 2],
      [9, 3],
    ]);
  });

  it('reports the same field changed differently once, with both values, and a module changed on one side and removed on the other', () => {
    const base = page([
      { id: 1, title: { fr: 'A' } },
      { id: 2, title: { fr: 'B' } },
    ]);
    const mine = page([
      { id: 1, title: { fr: 'moi' } },
      { id: 2, title: { fr: 'B2' } },
    ]);
    const theirs = page([{ id: 1, title: { fr: 'eux' } }]);
    const r = merge3(base, mine, theirs);
    expect(r.conflicts).toEqual([
      { pointer: '/modules/0/title/fr', kind: 'value', base: 'A', mine: 'moi', theirs: 'eux' },
      { pointer: '/modules/1', kind: 'value', base: { id: 2, title: { fr: 'B' } }, mine: { id: 2, title: { fr: 'B2' } }, theirs: undefined },
    ]);
  });

  it('applies the staff member’s choices: mine where chosen, theirs elsewhere, a removed module removed', () => {
    const base = page([
      { id: 1, title: { fr: 'A' } },
      { id: 2, title: { fr: 'B' } },
      { id: 3, title: { fr: 'C' } },
    ]);
    const mine = page([
      { id: 1, title: { fr: 'moi' } },
      { id: 3, title: { fr: 'C' } },
    ]);
    const theirs = page([
      { id: 1, title: { fr: 'eux' } },
      { id: 2, title: { fr: 'B (eux)' } },
      { id: 3, title: { fr: 'C' } },
    ]);
    const r = merge3(base, mine, theirs);
    expect(r.conflicts.map((c) => c.pointer)).toEqual(['/modules/0/title/fr', '/modules/1']);
    const all = applyChoices(r.merged, r.conflicts, { '/modules/0/title/fr': 'mine', '/modules/1': 'mine' }) as ReturnType<typeof page>;
    expect(all.modules.map((m) => m.title)).toEqual([{ fr: 'moi' }, { fr: 'C' }]);
    const none = applyChoices(r.merged, r.conflicts, { '/modules/0/title/fr': 'theirs', '/modules/1': 'theirs' }) as ReturnType<typeof page>;
    expect(none.modules.map((m) => m.title)).toEqual([{ fr: 'eux' }, { fr: 'B (eux)' }, { fr: 'C' }]);
  });
});

const summary = (id: number, parentId: number | null, sort: number, extra: Partial<PageSummary> = {}): PageSummary => ({
  id,
  parentId,
  sort,
  title: { fr: `P${id}` },
  path: `/p${id}/`,
  status: 'Published',
  type: 'page',
  modules: 0,
  rev: 0,
  draft: false,
  ...extra,
});

describe('the menu tree', () => {
  const pages = [
    summary(1, null, 1, { path: '/', showInMenu: false }),
    summary(2, null, 2),
    summary(3, null, 3),
    summary(4, null, 5),
    summary(5, 4, 1),
    summary(6, null, 4, { status: 'Hidden' }),
    summary(7, 4, 2, { showInMenu: false }),
  ];

  it('lists the menu’s pages in menu order, hidden ones and the home page left out', () => {
    expect(menuPlaces(pages)).toEqual([
      { id: 2, parentId: null },
      { id: 3, parentId: null },
      { id: 4, parentId: null },
      { id: 5, parentId: 4 },
    ]);
  });

  it('moves a page with its children, to a place among siblings or under another item', () => {
    const places = menuPlaces(pages);
    expect(movePlace(places, 4, null, 0)).toEqual([
      { id: 4, parentId: null },
      { id: 5, parentId: 4 },
      { id: 2, parentId: null },
      { id: 3, parentId: null },
    ]);
    expect(movePlace(places, 2, 4, 1)).toEqual([
      { id: 3, parentId: null },
      { id: 4, parentId: null },
      { id: 5, parentId: 4 },
      { id: 2, parentId: 4 },
    ]);
    expect(movePlace(places, 5, null, 1)).toEqual([
      { id: 2, parentId: null },
      { id: 5, parentId: null },
      { id: 3, parentId: null },
      { id: 4, parentId: null },
    ]);
  });

  it('gives new sort numbers only to the pages that need one, renumbering a group only when nothing fits', () => {
    const before = new Map(pages.map((p) => [p.id, { parentId: p.parentId, sort: p.sort }]));
    const moved: Place[] = movePlace(menuPlaces(pages), 4, null, 1); // 2, 4, 3 (sorts 2, 5, 3)
    const sorts = placeSorts(moved, before);
    expect([2, 4, 3].map((id) => sorts.get(id))).toEqual([2, 5, 15]);
    const changed = [...sorts].filter(([id, s]) => before.get(id)!.sort !== s || before.get(id)!.parentId !== moved.find((p) => p.id === id)!.parentId);
    expect(changed.map(([id]) => id)).toEqual([3]);
    // A page put first where no number is free below the others: the group is renumbered by tens.
    const tight = new Map([
      [2, { parentId: null, sort: 1 }],
      [3, { parentId: null, sort: 2 }],
      [4, { parentId: null, sort: 3 }],
      [5, { parentId: 4, sort: 1 }],
    ]);
    const first = placeSorts(movePlace(menuPlaces(pages), 3, null, 0), tight);
    expect([3, 2, 4].map((id) => first.get(id))).toEqual([10, 20, 30]);
  });
});
