/**
 * The pages as the menu shows them (issue 14, point 5): the menu as a tree — drag a page to
 * another place or under another item, or with the keyboard (Alt+↑/↓ among its neighbours, Alt+→
 * under the item above, Alt+← back out) — saved in one step ("Save the menu"); the pages that are
 * not in the menu (hidden, thank-you pages, templates) listed apart. Add a page, duplicate one,
 * delete one (confirmed), put a page in the menu or take it out.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type DragEvent, type KeyboardEvent } from 'react';
import { Link, useLocation } from 'wouter';
import { api, ApiError, type DocKey, type PageSummary } from '../api.ts';

/** The form of a new page loads the forms' chunk only when it is opened. */
const AddPageDialog = lazy(() => import('./AddPageDialog.tsx'));
import { localize } from '../../shared/localize.ts';
import { ConfirmDialog } from '../components/Dialog.tsx';
import { useContentLang, useMe, useSession } from '../store.ts';
import { useCatalog } from '../catalog.ts';
import { useUnsaved } from '../guard.ts';
import { useT, useUiLang } from '../i18n/index.ts';
import { problemMessage } from '../problem-text.ts';

/** A place in the menu: the page, its parent (null: top level). The order is the list's. */
export interface Place {
  id: number;
  parentId: number | null;
}

/** Items in the menu are at most this deep: top level and one level below (what the header draws). */
export const MENU_DEPTH = 2;

const inMenu = (p: PageSummary) => p.status === 'Published' && p.showInMenu !== false && p.type !== 'feedback' && p.path !== '/';

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

const childrenOf = (places: Place[], id: number | null) => places.filter((p) => p.parentId === id);

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

type Drop = { id: number; where: 'before' | 'after' | 'inside' };

export default function Pages() {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const me = useMe();
  const expired = useSession((s) => s.expired);
  const pages = useCatalog((s) => s.pages);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PageSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [places, setPlaces] = useState<Place[] | null>(null);
  const [drag, setDrag] = useState<number | null>(null);
  const [drop, setDrop] = useState<Drop | null>(null);
  const [focusId, setFocusId] = useState<number | null>(null);
  const rows = useRef(new Map<number, HTMLDivElement>());
  const [, navigate] = useLocation();
  const nextPageId = useSession((s) => s.nextPageId);
  const nextModuleId = useSession((s) => s.nextModuleId);
  const lang = useContentLang();

  const load = useCallback(async () => {
    try {
      const list = (await api.pages()).pages;
      useCatalog.setState({ pages: list });
      setPlaces(menuPlaces(list));
      setError(null);
    } catch (e) {
      if (!expired(e)) setError((e as Error).message);
    }
  }, [expired]);
  useEffect(() => void load(), [load]);

  const byId = useMemo(() => new Map((pages ?? []).map((p) => [p.id, p])), [pages]);
  const shipped = useMemo(() => (pages ? menuPlaces(pages) : []), [pages]);
  const dirty = !!places && JSON.stringify(places) !== JSON.stringify(shipped);
  useUnsaved('menu', dirty, t('menu.unsavedLabel'));
  const pathOf = (p: PageSummary) => p.paths?.[lang] ?? p.publicPath;
  const name = (id: number) => localize(byId.get(id)?.title, lang) || byId.get(id)?.path || `${id}`;
  const depthOf = (id: number): number => {
    const p = places?.find((x) => x.id === id);
    return p && p.parentId !== null ? 1 + depthOf(p.parentId) : 1;
  };
  const others = useMemo(() => (pages ?? []).filter((p) => !places?.some((x) => x.id === p.id)).sort((a, b) => (a.path === '/' ? -1 : b.path === '/' ? 1 : a.path.localeCompare(b.path))), [pages, places]);

  useEffect(() => {
    if (focusId === null) return;
    rows.current.get(focusId)?.focus();
    setFocusId(null);
  }, [focusId, places]);

  const fail = (e: unknown, what: string) => {
    if (expired(e)) return;
    if (e instanceof ApiError && e.conflict) setStatus(t('pages.conflict', { what, by: e.conflict.by }));
    else if (e instanceof ApiError && e.problems.length) setStatus(`${what}: ${e.problems.map((p) => `${p.key && p.key.startsWith('page:') ? `${name(Number(p.key.slice(5)))} — ` : ''}${problemMessage(p, ui)}`).join('; ')}`);
    else setStatus(`${what}: ${(e as Error).message}`);
  };

  /** A move in the menu (not saved yet), said to screen readers. */
  const apply = (id: number, parentId: number | null, index: number, viaKeyboard: boolean) => {
    if (!places) return;
    if (parentId !== null && (childrenOf(places, id).length > 0 || depthOf(parentId) >= MENU_DEPTH)) {
      setStatus(t('menu.tooDeep', { name: name(id) }));
      return;
    }
    const next = movePlace(places, id, parentId, index);
    setPlaces(next);
    const siblings = childrenOf(next, parentId);
    setStatus(
      parentId === null
        ? t('menu.movedTop', { name: name(id), n: siblings.findIndex((p) => p.id === id) + 1, total: siblings.length })
        : t('menu.movedUnder', { name: name(id), parent: name(parentId), n: siblings.findIndex((p) => p.id === id) + 1, total: siblings.length }),
    );
    if (viaKeyboard) setFocusId(id);
  };

  const onKey = (e: KeyboardEvent<HTMLDivElement>, p: Place) => {
    if (!places || !e.altKey || e.target !== e.currentTarget) return;
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
    if (drag === null || drag === target.id || !places) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    const r = e.currentTarget.getBoundingClientRect();
    const y = (e.clientY - r.top) / r.height;
    const canNest = depthOf(target.id) < MENU_DEPTH && childrenOf(places, drag).length === 0;
    const where: Drop['where'] = canNest && y > 0.3 && y < 0.7 ? 'inside' : y < 0.5 ? 'before' : 'after';
    if (drop?.id !== target.id || drop.where !== where) setDrop({ id: target.id, where });
  };
  const dropOn = (e: DragEvent<HTMLDivElement>, target: Place) => {
    e.preventDefault();
    const id = drag;
    const d = drop;
    setDrag(null);
    setDrop(null);
    if (id === null || !d || !places || id === target.id) return;
    if (d.where === 'inside') return apply(id, target.id, childrenOf(places, target.id).length, false);
    const without = places.filter((p) => p.id !== id);
    const siblings = childrenOf(without, target.parentId);
    const i = siblings.findIndex((x) => x.id === target.id);
    apply(id, target.parentId, d.where === 'before' ? i : i + 1, false);
  };

  const saveMenu = async () => {
    if (!places || !pages) return;
    setBusy(true);
    try {
      const before = new Map(pages.map((p) => [p.id, { parentId: p.parentId, sort: p.sort }]));
      const sorts = placeSorts(places, before);
      const r = await api.menu(places.map((p) => ({ id: p.id, parentId: p.parentId, sort: sorts.get(p.id)! })));
      const drafts = r.saved.filter((s) => byId.get(s.id)?.draft).length;
      setStatus(t('menu.saved', { n: r.saved.length }) + (drafts ? ` ${t('menu.savedDrafts')}` : ''));
      await load();
    } catch (e) {
      fail(e, t('menu.notSaved'));
      await load();
    } finally {
      setBusy(false);
    }
  };

  /** Puts a page in the menu (at the end of the top level) or takes it out (with the pages under it). */
  const setInMenu = async (p: PageSummary, show: boolean) => {
    setBusy(true);
    try {
      const sort = show ? Math.max(0, ...(pages ?? []).filter((x) => x.parentId === null && inMenu(x)).map((x) => x.sort)) + 10 : p.sort;
      await api.menu([{ id: p.id, parentId: show ? null : p.parentId, sort, showInMenu: show }]);
      setStatus(show ? t('menu.added', { name: name(p.id) }) : t('menu.removed', { name: name(p.id) }));
      await load();
    } catch (e) {
      fail(e, t('menu.notSaved'));
    } finally {
      setBusy(false);
    }
  };

  const duplicate = async (p: PageSummary) => {
    setBusy(true);
    try {
      const src = await api.doc<Record<string, unknown> & { modules?: Array<Record<string, unknown>>; localizedPath?: Record<string, string>; title?: Record<string, string> }>(`page:${p.id}`);
      const id = nextPageId((pages ?? []).map((x) => x.id));
      const known = (src.data.modules ?? []).map((m) => Number(m.id));
      const modules = (src.data.modules ?? []).map((m) => ({ ...structuredClone(m), id: nextModuleId(known) }));
      const suffix = (s: string) => (s ? `${s}-copy` : 'copy');
      const data = {
        ...structuredClone(src.data),
        id,
        name: `${String(src.data.name ?? 'page')}-copy`,
        path: String(src.data.path ?? '/') === '/' ? '/copy/' : `${String(src.data.path).replace(/\/$/, '')}-copy/`,
        localizedPath: Object.fromEntries(Object.entries(src.data.localizedPath ?? {}).map(([l, s]) => [l, suffix(s)])),
        title: Object.fromEntries(Object.entries(src.data.title ?? {}).map(([l, s]) => [l, `${s} (${t('pages.copySuffix')})`])),
        status: 'Hidden',
        modules,
      };
      delete (data as Record<string, unknown>).createDate;
      delete (data as Record<string, unknown>).modifyDate;
      await api.save(`page:${id}` as DocKey, data, 0, true);
      await useCatalog.getState().loadPages();
      navigate(`/pages/${id}`);
    } catch (e) {
      fail(e, t('pages.notDuplicated'));
      await load();
    } finally {
      setBusy(false);
    }
  };

  const badges = (p: PageSummary) => (
    <>
      {p.status === 'Hidden' && <span className="ed-badge ed-badge--hidden">{t('status.hidden')}</span>}
      {p.draft && <span className="ed-badge ed-badge--draft">{t('pages.draft')}</span>}
      {p.repair && <span className="ed-badge ed-badge--error">{t('pages.repair')}</span>}
    </>
  );
  const actions = (p: PageSummary, menu: boolean) => {
    const n = name(p.id);
    return (
      <span className="ed-tree__actions">
        {menu ? (
          <button type="button" className="ed-button ed-button--small" disabled={busy || dirty} title={dirty ? t('menu.saveFirst') : undefined} onClick={() => void setInMenu(p, false)} aria-label={t('menu.takeOutOf', { name: n })}>
            {t('menu.takeOut')}
          </button>
        ) : (
          p.status === 'Published' &&
          p.path !== '/' &&
          p.type !== 'feedback' && (
            <button type="button" className="ed-button ed-button--small" disabled={busy || dirty} title={dirty ? t('menu.saveFirst') : undefined} onClick={() => void setInMenu(p, true)} aria-label={t('menu.putIn', { name: n })}>
              {t('menu.put')}
            </button>
          )
        )}
        <button type="button" className="ed-button ed-button--small" aria-label={t('pages.duplicateName', { name: n })} disabled={busy} onClick={() => void duplicate(p)}>
          {t('pages.duplicate')}
        </button>
        <button type="button" className="ed-button ed-button--small ed-button--danger-text" aria-label={t('pages.deleteName', { name: n })} disabled={busy} onClick={() => setDeleting(p)}>
          {t('pages.delete')}
        </button>
      </span>
    );
  };

  const renderTree = (parentId: number | null) => {
    const list = childrenOf(places ?? [], parentId);
    if (!list.length) return null;
    return (
      <ul className={parentId === null ? 'ed-menu-tree' : 'ed-menu-tree__children'} role={parentId === null ? 'tree' : 'group'} aria-label={parentId === null ? t('menu.tree') : undefined}>
        {list.map((place, i) => {
          const p = byId.get(place.id);
          if (!p) return null;
          const n = name(p.id);
          const kids = childrenOf(places ?? [], p.id);
          const d = drop?.id === p.id ? drop.where : undefined;
          return (
            <li key={p.id} role="treeitem" aria-level={depthOf(p.id)} aria-expanded={kids.length ? true : undefined} data-page-id={p.id} aria-selected={false}>
              <div
                className={`ed-menu-item${drag === p.id ? ' is-dragging' : ''}${d ? ` is-drop-${d}` : ''}`}
                ref={(el) => {
                  if (el) rows.current.set(p.id, el);
                  else rows.current.delete(p.id);
                }}
                tabIndex={0}
                draggable
                aria-label={t('menu.item', { name: n, n: i + 1, total: list.length, parent: place.parentId === null ? t('menu.topLevel') : name(place.parentId) })}
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
                {badges(p)}
                {pathOf(p) && (
                  <a href={`${me.origin}${pathOf(p)}`} target="_blank" rel="noreferrer" className="ed-muted ed-menu-item__path" tabIndex={-1}>
                    {pathOf(p)}
                  </a>
                )}
                <span className="ed-menu-item__moves">
                  <button type="button" className="ed-button ed-button--small" aria-label={t('menu.up', { name: n })} disabled={i === 0} onClick={() => apply(p.id, place.parentId, i - 1, false)}>
                    ↑
                  </button>
                  <button type="button" className="ed-button ed-button--small" aria-label={t('menu.down', { name: n })} disabled={i === list.length - 1} onClick={() => apply(p.id, place.parentId, i + 1, false)}>
                    ↓
                  </button>
                  <button type="button" className="ed-button ed-button--small" aria-label={t('menu.indent', { name: n })} disabled={i === 0 || kids.length > 0 || depthOf(p.id) >= MENU_DEPTH} onClick={() => apply(p.id, list[i - 1].id, childrenOf(places ?? [], list[i - 1].id).length, false)}>
                    →
                  </button>
                  <button
                    type="button"
                    className="ed-button ed-button--small"
                    aria-label={t('menu.outdent', { name: n })}
                    disabled={place.parentId === null}
                    onClick={() => {
                      const parent = places!.find((x) => x.id === place.parentId)!;
                      apply(p.id, parent.parentId, childrenOf(places!, parent.parentId).findIndex((x) => x.id === parent.id) + 1, false);
                    }}
                  >
                    ←
                  </button>
                </span>
                {actions(p, true)}
              </div>
              {renderTree(p.id)}
            </li>
          );
        })}
      </ul>
    );
  };

  return (
    <div className="ed-pages">
      <div className="ed-screen-head ed-screen-head--row">
        <h1>{t('nav.pages')}</h1>
        <button type="button" className="ed-button ed-button--primary" onClick={() => setAdding(true)} disabled={!pages}>
          {t('pages.add')}
        </button>
      </div>
      <p className="ed-status" role="status" aria-live="polite">
        {status}
      </p>
      {error && (
        <p className="ed-alert ed-alert--error" role="alert">
          {error}
        </p>
      )}
      {!pages && !error && <p className="ed-loading">{t('pages.loading')}</p>}
      {pages && places && (
        <>
          <section className="ed-card" aria-labelledby="ed-menu-heading">
            <div className="ed-card__head">
              <h2 id="ed-menu-heading">{t('menu.title')}</h2>
              <span className="ed-menu-save">
                {dirty && <span className="ed-badge ed-badge--changed">{t('doc.unsaved')}</span>}
                <button type="button" className="ed-button ed-button--ghost" disabled={!dirty || busy} onClick={() => setPlaces(shipped)}>
                  {t('menu.undo')}
                </button>
                <button type="button" className="ed-button ed-button--primary" disabled={!dirty || busy} onClick={() => void saveMenu()}>
                  {t('menu.save')}
                </button>
              </span>
            </div>
            <p id="ed-menu-help" className="ed-help">
              {t('menu.help')}
            </p>
            {renderTree(null)}
          </section>
          <section className="ed-card" aria-labelledby="ed-others-heading">
            <h2 id="ed-others-heading">{t('pages.others')}</h2>
            <p className="ed-help">{t('pages.othersHelp')}</p>
            <table className="ed-table ed-tree">
              <caption className="ed-visually-hidden">{t('pages.others')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('pages.page')}</th>
                  <th scope="col">{t('pages.address')}</th>
                  <th scope="col">{t('pages.why')}</th>
                  <th scope="col">
                    <span className="ed-visually-hidden">{t('common.actions')}</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {others.map((p) => (
                  <tr key={p.id} data-page-id={p.id}>
                    <th scope="row">
                      <Link href={`/pages/${p.id}`} className="ed-tree__link">
                        {name(p.id)}
                      </Link>
                      {p.parentId !== null && byId.has(p.parentId) && <span className="ed-muted"> — {t('pages.under', { parent: name(p.parentId) })}</span>}
                    </th>
                    <td>{pathOf(p) ? <a href={`${me.origin}${pathOf(p)}`} target="_blank" rel="noreferrer" className="ed-muted">{pathOf(p)}</a> : <span className="ed-muted">{t('pages.noAddress')}</span>}</td>
                    <td>
                      {p.path === '/' ? t('pages.whyHome') : p.status === 'Hidden' ? t('pages.whyHidden') : p.type === 'feedback' ? t('pages.whyFeedback') : p.showInMenu === false ? t('pages.whyNotInMenu') : t('pages.whyParent')}
                      {badges(p)}
                    </td>
                    <td>{actions(p, false)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
      {adding && pages && (
        <Suspense fallback={null}>
        <AddPageDialog
          pages={pages}
          lang={lang}
          onClose={() => setAdding(false)}
          onCreated={async (id) => {
            setAdding(false);
            await useCatalog.getState().loadPages();
            navigate(`/pages/${id}`);
          }}
          newId={() => nextPageId(pages.map((x) => x.id))}
        />
        </Suspense>
      )}
      {deleting && (
        <ConfirmDialog
          title={t('pages.deleteTitle', { name: name(deleting.id) })}
          message={
            <>
              <p>{t('pages.deleteMessage', { n: deleting.modules })}</p>
              {pages?.some((x) => x.parentId === deleting.id) && <p>{t('pages.deleteChildren')}</p>}
            </>
          }
          confirmLabel={t('pages.deleteConfirm')}
          danger
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            const p = deleting;
            try {
              await api.remove(`page:${p.id}`, p.rev);
              setStatus(t('pages.deleted', { name: name(p.id) }));
            } catch (e) {
              fail(e, t('pages.notDeleted'));
            }
            setDeleting(null);
            await load();
          }}
        />
      )}
    </div>
  );
}

