/**
 * The pages as the menu shows them (issue 14, point 5): the menu as a tree — drag a page to
 * another place or under another item, or with the keyboard (Alt+↑/↓ among its neighbours, Alt+→
 * under the item above, Alt+← back out) — saved in one step ("Save the menu"); the pages that are
 * not in the menu (hidden, thank-you pages, templates) listed apart. Add a page, duplicate one,
 * delete one (confirmed), put a page in the menu or take it out.
 */
import { ListTable } from '../components/ListTable.tsx';
import '../content.css';
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { api, ApiError, type DocKey, type PageSummary } from '../api.ts';
/** The form of a new page loads the forms' chunk only when it is opened. */
const AddPageDialog = lazy(() => import('./AddPageDialog.tsx'));
import { localize } from '../../shared/localize.ts';
import { DeleteDialog } from '../components/DeleteDialog.tsx';
import { useContentLang, useIsAdmin, useSession } from '../store.ts';
import { useCatalog } from '../catalog.ts';
import { useUnsaved } from '../guard.ts';
import { useT, useUiLang } from '../i18n/index.ts';
import { problemMessage } from '../problem-text.ts';
import { childrenOf, depthOf, inMenu, menuPlaces, MENU_DEPTH, movePlace, placeSorts, type Place } from './menu-tree.ts';
import { MenuTree } from './MenuTree.tsx';
import { PageBadges } from './PageBadges.tsx';
import { PageResults } from './PageResults.tsx';
import { FilterBar, filtering, NO_FILTER, passes, type Filters } from '../components/ListTools.tsx';

export default function Pages() {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const expired = useSession((s) => s.expired);
  const pages = useCatalog((s) => s.pages);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PageSummary | null>(null);
  const [addingHome, setAddingHome] = useState(false);
  const homeMissing = useCatalog((s) => s.homeMissing);
  const [filters, setFilters] = useState<Filters>(NO_FILTER);
  const isAdmin = useIsAdmin();
  const [busy, setBusy] = useState(false);
  const [places, setPlaces] = useState<Place[] | null>(null);
  const [, navigate] = useLocation();
  const nextPageId = useSession((s) => s.nextPageId);
  const nextModuleId = useSession((s) => s.nextModuleId);
  const lang = useContentLang();

  const load = useCallback(async () => {
    try {
      const r = await api.pages();
      const list = r.pages;
      useCatalog.setState({ pages: list, homeMissing: !!r.homeMissing });
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
  const others = useMemo(
    () =>
      (pages ?? [])
        .filter((p) => !places?.some((x) => x.id === p.id))
        .sort((a, b) => (a.path === '/' ? -1 : b.path === '/' ? 1 : a.path.localeCompare(b.path))),
    [pages, places],
  );

  const fail = (e: unknown, what: string) => {
    if (expired(e)) return;
    if (e instanceof ApiError && e.conflict) setStatus(t('pages.conflict', { what, by: e.conflict.by }));
    else if (e instanceof ApiError && e.problems.length)
      setStatus(
        `${what}: ${e.problems.map((p) => `${p.key && p.key.startsWith('page:') ? `${name(Number(p.key.slice(5)))} — ` : ''}${problemMessage(p, ui)}`).join('; ')}`,
      );
    else setStatus(`${what}: ${(e as Error).message}`);
  };

  /** A move in the menu (not saved yet), said to screen readers; false when refused (too deep). */
  const move = (id: number, parentId: number | null, index: number): boolean => {
    if (!places) return false;
    if (parentId !== null && (childrenOf(places, id).length > 0 || depthOf(places, parentId) >= MENU_DEPTH)) {
      setStatus(t('menu.tooDeep', { name: name(id) }));
      return false;
    }
    const next = movePlace(places, id, parentId, index);
    setPlaces(next);
    const siblings = childrenOf(next, parentId);
    setStatus(
      parentId === null
        ? t('menu.movedTop', { name: name(id), n: siblings.findIndex((p) => p.id === id) + 1, total: siblings.length })
        : t('menu.movedUnder', { name: name(id), parent: name(parentId), n: siblings.findIndex((p) => p.id === id) + 1, total: siblings.length }),
    );
    return true;
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
      const src = await api.doc<
        Record<string, unknown> & { modules?: Array<Record<string, unknown>>; localizedPath?: Record<string, string>; title?: Record<string, string> }
      >(`page:${p.id}`);
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

  const actions = (p: PageSummary, menu: boolean) => {
    const n = name(p.id);
    return (
      <span className="ed-tree__actions">
        {menu ? (
          <button
            type="button"
            className="ed-button ed-button--small"
            disabled={busy || dirty}
            title={dirty ? t('menu.saveFirst') : undefined}
            onClick={() => void setInMenu(p, false)}
            aria-label={t('menu.takeOutOf', { name: n })}
          >
            {t('menu.takeOut')}
          </button>
        ) : (
          p.status === 'Published' &&
          p.path !== '/' &&
          p.type !== 'feedback' && (
            <button
              type="button"
              className="ed-button ed-button--small"
              disabled={busy || dirty}
              title={dirty ? t('menu.saveFirst') : undefined}
              onClick={() => void setInMenu(p, true)}
              aria-label={t('menu.putIn', { name: n })}
            >
              {t('menu.put')}
            </button>
          )
        )}
        <button
          type="button"
          className="ed-button ed-button--small"
          aria-label={t('pages.duplicateName', { name: n })}
          disabled={busy}
          onClick={() => void duplicate(p)}
        >
          {t('pages.duplicate')}
        </button>
        {p.system?.length && !isAdmin ? (
          <span className="ed-badge" title={t('pages.systemHelp')}>
            {t('pages.system')}
          </span>
        ) : (
          <button
            type="button"
            className="ed-button ed-button--small ed-button--danger-text"
            aria-label={t('pages.deleteName', { name: n })}
            disabled={busy}
            onClick={() => setDeleting(p)}
          >
            {t('pages.delete')}
          </button>
        )}
      </span>
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
      <p className="ed-screen-links">
        <Link href="/trash">{t('nav.trash')}</Link> · <Link href="/redirects">{t('redirects.title')}</Link>
      </p>
      <p className="ed-status" role="status" aria-live="polite">
        {status}
      </p>
      {homeMissing && (
        <div className="ed-alert ed-alert--error ed-home-missing" role="alert">
          <p>{t('pages.homeMissing')}</p>
          <p className="ed-offer__buttons">
            <Link href="/trash" className="ed-button ed-button--primary">
              {t('pages.homeFromTrash')}
            </Link>
            <button type="button" className="ed-button" onClick={() => setAddingHome(true)} disabled={!pages}>
              {t('pages.homeNew')}
            </button>
          </p>
        </div>
      )}
      {error && (
        <p className="ed-alert ed-alert--error" role="alert">
          {error}
        </p>
      )}
      {!pages && !error && <p className="ed-loading">{t('pages.loading')}</p>}
      {pages && (
        <FilterBar
          value={filters}
          onChange={setFilters}
          count={pages.filter((p) => passes({ ...p, key: `page:${p.id}` }, filters)).length}
          total={pages.length}
        />
      )}
      {pages && filtering(filters) && (
        <PageResults
          pages={pages}
          found={pages.filter((p) => passes({ ...p, key: `page:${p.id}` }, filters))}
          lang={lang}
          name={name}
          onDone={async (m) => {
            setStatus(m);
            await load();
          }}
        />
      )}
      {pages && places && !filtering(filters) && (
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
            <MenuTree places={places} byId={byId} name={name} pathOf={pathOf} move={move} actions={(p) => actions(p, true)} />
          </section>
          <section className="ed-card" aria-labelledby="ed-others-heading">
            <h2 id="ed-others-heading">{t('pages.others')}</h2>
            <p className="ed-help">{t('pages.othersHelp')}</p>
            <ListTable className="ed-tree" caption={t('pages.others')} columns={[t('pages.page'), t('pages.address'), t('pages.why')]}>
              {others.map((p) => (
                <tr key={p.id} data-page-id={p.id}>
                  <th scope="row">
                    <Link href={`/pages/${p.id}`} className="ed-tree__link">
                      {name(p.id)}
                    </Link>
                    {p.parentId !== null && byId.has(p.parentId) && <span className="ed-muted"> — {t('pages.under', { parent: name(p.parentId) })}</span>}
                  </th>
                  <td>
                    {pathOf(p) ? (
                      <a href={pathOf(p)} target="_blank" rel="noreferrer" className="ed-muted">
                        {pathOf(p)}
                      </a>
                    ) : (
                      <span className="ed-muted">{t('pages.noAddress')}</span>
                    )}
                  </td>
                  <td>
                    {p.path === '/'
                      ? t('pages.whyHome')
                      : p.status === 'Hidden'
                        ? t('pages.whyHidden')
                        : p.type === 'feedback'
                          ? t('pages.whyFeedback')
                          : p.showInMenu === false
                            ? t('pages.whyNotInMenu')
                            : t('pages.whyParent')}
                    <PageBadges page={p} />
                  </td>
                  <td>{actions(p, false)}</td>
                </tr>
              ))}
            </ListTable>
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
        <DeleteDialog
          docKey={`page:${deleting.id}`}
          baseRev={deleting.rev}
          name={name(deleting.id)}
          onClose={() => setDeleting(null)}
          onDeleted={async () => {
            setStatus(t('pages.deleted', { name: name(deleting.id) }));
            setDeleting(null);
            await load();
          }}
        />
      )}
      {addingHome && pages && (
        <Suspense fallback={null}>
          <AddPageDialog
            home
            pages={pages}
            lang={lang}
            onClose={() => setAddingHome(false)}
            onCreated={async (id) => {
              setAddingHome(false);
              await useCatalog.getState().loadPages();
              navigate(`/pages/${id}`);
            }}
            newId={() => nextPageId(pages.map((x) => x.id))}
          />
        </Suspense>
      )}
    </div>
  );
}
