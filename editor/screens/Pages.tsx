/**
 * The page tree: pages in menu order (by `sort` within their parent), children indented, status
 * and draft badges. Add a page (a small form from the page schema), duplicate one (new ids for it
 * and its modules, paths suffixed -copy, hidden), delete one (confirmed), and move a page up or
 * down among its siblings (saves the `sort` of the two pages).
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { api, ApiError, type DocKey, type PageSummary } from '../api.ts';
import type { Lang } from '../../shared/constants.ts';
import { localize } from '../../shared/localize.ts';
import { slugify } from '../../shared/path.ts';
import { ConfirmDialog, Dialog } from '../components/Dialog.tsx';
import { SchemaForm } from '../fields/SchemaForm.tsx';
import { clean, pickProperties } from '../schema.ts';
import { useMe, useRegistry, useSession } from '../store.ts';
import { listErrors, problemsToErrors, validate } from '../validation.ts';
import { pageOptions } from './PageEditor.tsx';

interface Row {
  page: PageSummary;
  depth: number;
  siblings: PageSummary[];
}

function treeRows(pages: PageSummary[]): Row[] {
  const rows: Row[] = [];
  const ids = new Set(pages.map((p) => p.id));
  const walk = (parent: number | null, depth: number) => {
    const siblings = pages.filter((p) => (parent === null ? p.parentId === null || !ids.has(p.parentId) : p.parentId === parent)).sort((a, b) => a.sort - b.sort || a.id - b.id);
    for (const p of siblings) {
      rows.push({ page: p, depth, siblings });
      walk(p.id, depth + 1);
    }
  };
  walk(null, 0);
  return rows;
}

export default function Pages() {
  const me = useMe();
  const expired = useSession((s) => s.expired);
  const [pages, setPages] = useState<PageSummary[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [adding, setAdding] = useState(false);
  const [deleting, setDeleting] = useState<PageSummary | null>(null);
  const [busy, setBusy] = useState(false);
  const [, navigate] = useLocation();
  const nextPageId = useSession((s) => s.nextPageId);
  const nextModuleId = useSession((s) => s.nextModuleId);

  const load = useCallback(async () => {
    try {
      setPages((await api.pages()).pages);
      setError(null);
    } catch (e) {
      if (!expired(e)) setError((e as Error).message);
    }
  }, [expired]);
  useEffect(() => void load(), [load]);

  const rows = useMemo(() => treeRows(pages ?? []), [pages]);
  const lang = me.defaultLang;

  const fail = (e: unknown, what: string) => {
    if (expired(e)) return;
    if (e instanceof ApiError && e.conflict) setStatus(`${what}: saved by ${e.conflict.by} meanwhile; the list is reloaded, try again.`);
    else if (e instanceof ApiError && e.problems.length) setStatus(`${what}: ${e.problems.map((p) => `${p.pointer} ${p.message}`).join('; ')}`);
    else setStatus(`${what}: ${(e as Error).message}`);
  };

  /** Swaps the menu position of a page with its neighbour (both pages' `sort` are saved). */
  const move = async (row: Row, delta: -1 | 1) => {
    const i = row.siblings.findIndex((p) => p.id === row.page.id);
    const other = row.siblings[i + delta];
    if (!other) return;
    setBusy(true);
    try {
      const [a, b] = await Promise.all([api.doc<Record<string, unknown>>(`page:${row.page.id}`), api.doc<Record<string, unknown>>(`page:${other.id}`)]);
      let sa = other.sort;
      let sb = row.page.sort;
      if (sa === sb) {
        // Same sort: order between them came from the id; make it explicit.
        sa = delta < 0 ? other.sort : other.sort + 1;
        sb = delta < 0 ? other.sort + 1 : other.sort;
      }
      // A page with a stored draft keeps it a draft (its new place goes live when it is published).
      await api.save(`page:${row.page.id}`, { ...a.data, sort: sa }, a.rev, a.published);
      await api.save(`page:${other.id}`, { ...b.data, sort: sb }, b.rev, b.published);
      const drafts = [a, b].filter((d) => !d.published).length;
      setStatus(`“${localize(row.page.title, lang)}” moved ${delta < 0 ? 'up' : 'down'}.${drafts ? ' A page with an unpublished draft takes its new place when the draft is published.' : ''}`);
    } catch (e) {
      fail(e, 'Not moved');
    } finally {
      setBusy(false);
      await load();
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
        title: Object.fromEntries(Object.entries(src.data.title ?? {}).map(([l, s]) => [l, `${s} (copy)`])),
        status: 'Hidden',
        modules,
      };
      delete (data as Record<string, unknown>).createDate;
      delete (data as Record<string, unknown>).modifyDate;
      await api.save(`page:${id}` as DocKey, data, 0, true);
      setStatus(`Duplicated as page #${id} (hidden).`);
      navigate(`/pages/${id}`);
    } catch (e) {
      fail(e, 'Not duplicated');
      await load();
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ed-pages">
      <div className="ed-screen-head ed-screen-head--row">
        <h1>Pages</h1>
        <button type="button" className="ed-button ed-button--primary" onClick={() => setAdding(true)} disabled={!pages}>
          Add page
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
      {!pages && !error && <p className="ed-loading">Loading pages…</p>}
      {pages && (
        <table className="ed-table ed-tree">
          <caption className="ed-visually-hidden">Pages in menu order</caption>
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Path</th>
              <th scope="col">Status</th>
              <th scope="col">Modules</th>
              <th scope="col">
                <span className="ed-visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => {
              const p = row.page;
              const name = localize(p.title, lang) || p.path;
              const i = row.siblings.findIndex((x) => x.id === p.id);
              return (
                <tr key={p.id} data-page-id={p.id}>
                  <th scope="row" style={{ paddingInlineStart: `${0.75 + row.depth * 1.5}rem` }}>
                    {row.depth > 0 && (
                      <span className="ed-tree__branch" aria-hidden="true">
                        └{' '}
                      </span>
                    )}
                    <Link href={`/pages/${p.id}`} className="ed-tree__link">
                      {name}
                    </Link>
                    <span className="ed-muted"> #{p.id}</span>
                    {p.type !== 'page' && <span className="ed-badge">{p.type}</span>}
                  </th>
                  <td>
                    {p.publicPath ? (
                      <a href={`${me.origin}${p.publicPath}`} target="_blank" rel="noreferrer" className="ed-muted">
                        {p.publicPath}
                      </a>
                    ) : (
                      <span className="ed-muted">{p.path}</span>
                    )}
                  </td>
                  <td>
                    <span className={`ed-badge ${p.status === 'Published' ? 'ed-badge--ok' : 'ed-badge--hidden'}`}>{p.status}</span>
                    {p.draft && <span className="ed-badge ed-badge--draft">Draft</span>}
                    {p.showInMenu === false && <span className="ed-badge">Not in menu</span>}
                  </td>
                  <td>{p.modules}</td>
                  <td className="ed-tree__actions">
                    <button type="button" className="ed-button ed-button--small" aria-label={`Move ${name} up`} disabled={busy || i === 0} onClick={() => void move(row, -1)}>
                      ↑
                    </button>
                    <button type="button" className="ed-button ed-button--small" aria-label={`Move ${name} down`} disabled={busy || i === row.siblings.length - 1} onClick={() => void move(row, 1)}>
                      ↓
                    </button>
                    <button type="button" className="ed-button ed-button--small" aria-label={`Duplicate ${name}`} disabled={busy} onClick={() => void duplicate(p)}>
                      Duplicate
                    </button>
                    <button type="button" className="ed-button ed-button--small ed-button--danger-text" aria-label={`Delete ${name}`} disabled={busy} onClick={() => setDeleting(p)}>
                      Delete
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
      {adding && pages && (
        <AddPageDialog
          pages={pages}
          lang={lang}
          onClose={() => setAdding(false)}
          onCreated={(id) => {
            setAdding(false);
            navigate(`/pages/${id}`);
          }}
          newId={() => nextPageId(pages.map((x) => x.id))}
        />
      )}
      {deleting && (
        <ConfirmDialog
          title={`Delete “${localize(deleting.title, lang) || deleting.path}”?`}
          message={
            <>
              <p>The page and its {deleting.modules} module(s) are taken off the site. Its history is kept.</p>
              {pages?.some((x) => x.parentId === deleting.id) && <p>It has sub-pages: move or delete them first.</p>}
            </>
          }
          confirmLabel="Delete page"
          danger
          onClose={() => setDeleting(null)}
          onConfirm={async () => {
            const p = deleting;
            try {
              await api.remove(`page:${p.id}`, p.rev);
              setStatus(`Page “${localize(p.title, lang) || p.path}” deleted.`);
            } catch (e) {
              fail(e, 'Not deleted');
            }
            setDeleting(null);
            await load();
          }}
        />
      )}
    </div>
  );
}

const ADD_FIELDS = ['title', 'name', 'parentId', 'path', 'localizedPath', 'sort'];

function AddPageDialog({ pages, lang, onClose, onCreated, newId }: { pages: PageSummary[]; lang: Lang; onClose: () => void; onCreated: (id: number) => void; newId: () => number }) {
  const me = useMe();
  const registry = useRegistry();
  const expired = useSession((s) => s.expired);
  const schema = useMemo(() => pickProperties(registry.schemas.page, ADD_FIELDS), [registry]);
  const [data, setData] = useState<Record<string, unknown>>(() => ({
    parentId: null,
    sort: Math.max(0, ...pages.map((p) => p.sort)) + 1,
    title: {},
  }));
  const [derived, setDerived] = useState<{ name?: string; path?: string; localizedPath?: Record<string, string> }>({});
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<ReturnType<typeof problemsToErrors> | undefined>();
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errors = useMemo(() => validate(schema, clean(data), me.langs), [schema, data, me.langs]);
  const count = listErrors(errors).length;

  /** Name, path and localized paths follow the title until the user writes their own. */
  const change = (next: Record<string, unknown>) => {
    const title = (next.title ?? {}) as Record<string, string>;
    const parent = pages.find((p) => p.id === next.parentId);
    const base = slugify(title.en ?? title[me.defaultLang] ?? Object.values(title)[0] ?? '');
    const d = {
      name: base,
      path: base ? `${parent ? parent.path : '/'}${base}/` : undefined,
      localizedPath: Object.fromEntries(Object.entries(title).map(([l, t]) => [l, slugify(t)]).filter(([, s]) => s)),
    };
    const out = { ...next };
    if (out.name === undefined || out.name === derived.name) out.name = d.name || undefined;
    if (out.path === undefined || out.path === derived.path) out.path = d.path;
    if (out.localizedPath === undefined || JSON.stringify(out.localizedPath) === JSON.stringify(derived.localizedPath)) out.localizedPath = d.localizedPath;
    setDerived(d);
    setData(out);
    setServerErrors(undefined);
  };

  const create = async () => {
    setTried(true);
    if (count) return;
    setBusy(true);
    setMessage(null);
    const id = newId();
    const page = { id, ...clean(data), status: 'Hidden', type: 'page', modules: [] };
    try {
      await api.save(`page:${id}` as DocKey, page, 0, true);
      onCreated(id);
    } catch (e) {
      if (expired(e)) return;
      if (e instanceof ApiError && e.problems.length) {
        setServerErrors(problemsToErrors(e.problems));
        setMessage(`The page was not created: ${e.problems.map((p) => `${p.pointer} ${p.message}`).join('; ')}`);
      } else setMessage((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="Add a page"
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" className="ed-button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="ed-button ed-button--primary" onClick={() => void create()} disabled={busy}>
            Create page
          </button>
        </>
      }
    >
      <p className="ed-help">The new page starts hidden and empty; add modules and publish it in the page editor.</p>
      <SchemaForm
        schema={schema}
        uiSchema={{ 'ui:order': ADD_FIELDS, parentId: { 'ui:widget': 'PageParentWidget', 'ui:title': 'Parent page' } }}
        data={data}
        idPrefix="edn"
        context={{ langs: me.langs, defaultLang: me.defaultLang, pages: pageOptions(pages, lang) }}
        errors={tried ? (serverErrors ? { ...errors, ...serverErrors } : errors) : serverErrors}
        onChange={change}
      />
      {message && (
        <p className="ed-alert ed-alert--error" role="alert">
          {message}
        </p>
      )}
      {tried && count > 0 && (
        <p className="ed-alert ed-alert--error" role="alert">
          Fix the marked fields first.
        </p>
      )}
    </Dialog>
  );
}
