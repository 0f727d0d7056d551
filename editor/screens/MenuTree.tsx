/**
 * The menu drawn as a tree (role="tree") on the Pages screen: an item moves by drag and drop
 * (before, after or under another item), with the keyboard on a focused row (Alt+↑/↓ among its
 * neighbours, Alt+→ under the item above, Alt+← back out), or with its ↑ ↓ → ← buttons. A move is
 * only proposed here: `move` applies it (or refuses it) and says it; after a keyboard move the item
 * keeps the focus.
 */
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent, type ReactNode } from 'react';
import { Link } from 'wouter';
import type { PageSummary } from '../api.ts';
import { useMe } from '../store.ts';
import { useT } from '../i18n/index.ts';
import { childrenOf, depthOf, MENU_DEPTH, type Place } from './menu-tree.ts';
import { PageBadges } from './PageBadges.tsx';

type Drop = { id: number; where: 'before' | 'after' | 'inside' };

export interface MenuTreeProps {
  places: Place[];
  byId: Map<number, PageSummary>;
  /** A page by its name (its title in the content language, else its path). */
  name: (id: number) => string;
  /** The page's public address in the content language. */
  pathOf: (p: PageSummary) => string | undefined;
  /** Moves `id` to be the `index`-th item under `parentId` (null: the top level); false when refused. */
  move: (id: number, parentId: number | null, index: number) => boolean;
  /** The page's buttons at the end of its row. */
  actions: (p: PageSummary) => ReactNode;
}

export function MenuTree({ places, byId, name, pathOf, move, actions }: MenuTreeProps) {
  const t = useT();
  const me = useMe();
  const [drag, setDrag] = useState<number | null>(null);
  const [drop, setDrop] = useState<Drop | null>(null);
  const [focusId, setFocusId] = useState<number | null>(null);
  const rows = useRef(new Map<number, HTMLDivElement>());

  useEffect(() => {
    if (focusId === null) return;
    rows.current.get(focusId)?.focus();
    setFocusId(null);
  }, [focusId, places]);

  const apply = (id: number, parentId: number | null, index: number, viaKeyboard: boolean) => {
    if (move(id, parentId, index) && viaKeyboard) setFocusId(id);
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>, p: Place) => {
    if (!e.altKey || e.target !== e.currentTarget) return;
    const siblings = childrenOf(places, p.parentId);
    const i = siblings.findIndex((x) => x.id === p.id);
    if (e.key === 'ArrowUp' && i > 0) apply(p.id, p.parentId, i - 1, true);
    else if (e.key === 'ArrowDown' && i < siblings.length - 1) apply(p.id, p.parentId, i + 1, true);
    else if (e.key === 'ArrowRight' && i > 0) apply(p.id, siblings[i - 1].id, childrenOf(places, siblings[i - 1].id).length, true);
    else if (e.key === 'ArrowLeft' && p.parentId !== null) {
      const parent = places.find((x) => x.id === p.parentId)!;
      apply(p.id, parent.parentId, childrenOf(places, parent.parentId).findIndex((x) => x.id === parent.id) + 1, true);
    } else return;
    e.preventDefault();
  };

  const dragOver = (e: DragEvent<HTMLDivElement>, target: Place) => {
    if (drag === null || drag === target.id) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    const r = e.currentTarget.getBoundingClientRect();
    const y = (e.clientY - r.top) / r.height;
    const canNest = depthOf(places, target.id) < MENU_DEPTH && childrenOf(places, drag).length === 0;
    const where: Drop['where'] = canNest && y > 0.3 && y < 0.7 ? 'inside' : y < 0.5 ? 'before' : 'after';
    if (drop?.id !== target.id || drop.where !== where) setDrop({ id: target.id, where });
  };
  const dropOn = (e: DragEvent<HTMLDivElement>, target: Place) => {
    e.preventDefault();
    const id = drag;
    const d = drop;
    setDrag(null);
    setDrop(null);
    if (id === null || !d || id === target.id) return;
    if (d.where === 'inside') return apply(id, target.id, childrenOf(places, target.id).length, false);
    const without = places.filter((p) => p.id !== id);
    const siblings = childrenOf(without, target.parentId);
    const i = siblings.findIndex((x) => x.id === target.id);
    apply(id, target.parentId, d.where === 'before' ? i : i + 1, false);
  };

  const renderTree = (parentId: number | null) => {
    const list = childrenOf(places, parentId);
    if (!list.length) return null;
    return (
      <ul
        className={parentId === null ? 'ed-menu-tree' : 'ed-menu-tree__children'}
        role={parentId === null ? 'tree' : 'group'}
        aria-label={parentId === null ? t('menu.tree') : undefined}
      >
        {list.map((place, i) => {
          const p = byId.get(place.id);
          if (!p) return null;
          const n = name(p.id);
          const kids = childrenOf(places, p.id);
          const d = drop?.id === p.id ? drop.where : undefined;
          return (
            <li
              key={p.id}
              role="treeitem"
              aria-level={depthOf(places, p.id)}
              aria-expanded={kids.length ? true : undefined}
              data-page-id={p.id}
              aria-selected={false}
            >
              {/* The row is the dragged item inside its treeitem: named, described and takes its keys (no widget role fits a row with buttons). */}
              {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- see above */}
              <div
                className={`ed-menu-item${drag === p.id ? ' is-dragging' : ''}${d ? ` is-drop-${d}` : ''}`}
                ref={(el) => {
                  if (el) rows.current.set(p.id, el);
                  else rows.current.delete(p.id);
                }}
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above
                tabIndex={0}
                draggable
                aria-label={t('menu.item', {
                  name: n,
                  n: i + 1,
                  total: list.length,
                  parent: place.parentId === null ? t('menu.topLevel') : name(place.parentId),
                })}
                aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown Alt+ArrowRight Alt+ArrowLeft"
                aria-describedby="ed-menu-help"
                onKeyDown={(e) => onKey(e, place)}
                onDragStart={(e) => {
                  setDrag(p.id);
                  e.dataTransfer.effectAllowed = 'move';
                  e.dataTransfer.setData('text/plain', String(p.id));
                }}
                onDragEnd={() => {
                  setDrag(null);
                  setDrop(null);
                }}
                onDragOver={(e) => dragOver(e, place)}
                onDragLeave={() => drop?.id === p.id && setDrop(null)}
                onDrop={(e) => dropOn(e, place)}
              >
                <span className="ed-menu-item__handle" aria-hidden="true">
                  ⋮⋮
                </span>
                <Link href={`/pages/${p.id}`} className="ed-tree__link" tabIndex={-1}>
                  {n}
                </Link>
                <PageBadges page={p} />
                {pathOf(p) && (
                  <a href={`${me.origin}${pathOf(p)}`} target="_blank" rel="noreferrer" className="ed-muted ed-menu-item__path" tabIndex={-1}>
                    {pathOf(p)}
                  </a>
                )}
                <span className="ed-menu-item__moves">
                  <button
                    type="button"
                    className="ed-button ed-button--small"
                    aria-label={t('menu.up', { name: n })}
                    disabled={i === 0}
                    onClick={() => apply(p.id, place.parentId, i - 1, false)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="ed-button ed-button--small"
                    aria-label={t('menu.down', { name: n })}
                    disabled={i === list.length - 1}
                    onClick={() => apply(p.id, place.parentId, i + 1, false)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="ed-button ed-button--small"
                    aria-label={t('menu.indent', { name: n })}
                    disabled={i === 0 || kids.length > 0 || depthOf(places, p.id) >= MENU_DEPTH}
                    onClick={() => apply(p.id, list[i - 1].id, childrenOf(places, list[i - 1].id).length, false)}
                  >
                    →
                  </button>
                  <button
                    type="button"
                    className="ed-button ed-button--small"
                    aria-label={t('menu.outdent', { name: n })}
                    disabled={place.parentId === null}
                    onClick={() => {
                      const parent = places.find((x) => x.id === place.parentId)!;
                      apply(p.id, parent.parentId, childrenOf(places, parent.parentId).findIndex((x) => x.id === parent.id) + 1, false);
                    }}
                  >
                    ←
                  </button>
                </span>
                {actions(p)}
              </div>
              {renderTree(p.id)}
            </li>
          );
        })}
      </ul>
    );
  };

  return renderTree(null);
}
