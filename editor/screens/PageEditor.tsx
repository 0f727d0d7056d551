/**
 * One page (`page:N`): its modules (add from the picker, reorder, edit, remove), its settings (the
 * page schema without `modules`), the save bar and the live preview. Nothing here knows a module
 * type: each module's form comes from its type's schema and uiSchema in the registry.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import type { ErrorSchema, UiSchema } from '@rjsf/utils';
import { api, type DocKey, type PageSummary } from '../api.ts';
import { localize } from '../../shared/localize.ts';
import { ConfirmDialog } from '../components/Dialog.tsx';
import { DocumentBar, type FieldProblem } from '../components/DocumentBar.tsx';
import { ModuleList, moduleTypeTitle, type ModuleRecordLike } from '../components/ModuleList.tsx';
import { ModulePicker } from '../components/ModulePicker.tsx';
import { Preview } from '../components/Preview.tsx';
import { SchemaForm, type EditorFormContext, type PageOption } from '../fields/SchemaForm.tsx';
import { focusField } from '../focus.ts';
import { humanize, pointerToPath, withoutProperties } from '../schema.ts';
import { useMe, useRegistry, useSession, type PreparedModule } from '../store.ts';
import { useDocument } from '../useDocument.ts';
import { errorsAt, listErrors, mergeErrors, ownProblems, problemsToErrors, validate } from '../validation.ts';

interface PageDoc {
  id: number;
  parentId: number | null;
  title?: Record<string, string>;
  modules?: ModuleRecordLike[];
  [key: string]: unknown;
}

const SETTINGS_PREFIX = 'edp';
const modulePrefix = (id: number) => `edm${id}`;
/** Fields every module has that the editor manages itself (identity and order). */
const MODULE_BASE_UI: UiSchema = { id: { 'ui:widget': 'hidden' }, view: { 'ui:widget': 'hidden' }, version: { 'ui:widget': 'hidden' }, sort: { 'ui:widget': 'hidden' } };
const PAGE_UI: UiSchema = {
  'ui:order': ['title', 'name', 'status', 'type', 'category', 'parentId', 'path', 'localizedPath', 'showInMenu', 'sort', '*'],
  id: { 'ui:readonly': true },
  parentId: { 'ui:widget': 'PageParentWidget', 'ui:title': 'Parent page' },
  createDate: { 'ui:readonly': true },
  modifyDate: { 'ui:readonly': true },
};

/** Modules in the order they are drawn (by `sort`, stable), so that the list shows what visitors see. */
function normalize(doc: PageDoc): PageDoc {
  if (!doc || !Array.isArray(doc.modules)) return doc;
  const modules = doc.modules.map((m, i) => ({ m, i })).sort((a, b) => ((a.m.sort as number) ?? 0) - ((b.m.sort as number) ?? 0) || a.i - b.i).map((x) => x.m);
  return { ...doc, modules };
}
/** After a change of order, `sort` follows the list. */
const renumber = (modules: ModuleRecordLike[]) => modules.map((m, i) => ({ ...m, sort: i + 1 }));

export function pageOptions(pages: PageSummary[], lang: string, exclude?: number): PageOption[] {
  const out: PageOption[] = [];
  const walk = (parent: number | null, depth: number) => {
    for (const p of pages.filter((x) => x.parentId === parent).sort((a, b) => a.sort - b.sort || a.id - b.id)) {
      if (p.id === exclude) continue;
      out.push({ id: p.id, label: localize(p.title, lang as never) || p.path, depth });
      walk(p.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export default function PageEditor() {
  const { id: idParam } = useParams<{ id: string }>();
  const pageId = Number(idParam);
  const key = `page:${pageId}` as DocKey;
  const me = useMe();
  const registry = useRegistry();
  const nextModuleId = useSession((s) => s.nextModuleId);
  const doc = useDocument<PageDoc>(key, normalize);
  const search = useSearch();
  const [pages, setPages] = useState<PageSummary[]>([]);
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [picking, setPicking] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const settingsRef = useRef<HTMLDetailsElement>(null);

  useEffect(() => {
    api
      .pages()
      .then((r) => setPages(r.pages))
      .catch(() => undefined);
  }, [key]);

  const settingsSchema = useMemo(() => withoutProperties(registry.schemas.page, ['modules']), [registry]);
  const context: EditorFormContext = useMemo(() => ({ langs: me.langs, defaultLang: me.defaultLang, pages: pageOptions(pages, me.defaultLang, pageId) }), [me, pages, pageId]);
  const draft = doc.draft;
  const modules = useMemo(() => draft?.modules ?? [], [draft]);
  const settings = useMemo(() => {
    if (!draft) return undefined;
    const { modules: _m, ...rest } = draft;
    return rest;
  }, [draft]);

  // The editor's own findings, live.
  const found = useMemo(() => {
    const moduleErrors = new Map<number, ErrorSchema>();
    if (!draft) return { settings: undefined as ErrorSchema | undefined, modules: moduleErrors };
    const s = validate(settingsSchema, settings, me.langs);
    for (const m of modules) {
      // A module of a type no longer registered is kept as it is (visitors do not see it; the server only warns).
      const type = registry.byView.get(m.view);
      const es = type ? validate(type.form, m, me.langs) : undefined;
      if (listErrors(es).length) moduleErrors.set(m.id, es!);
    }
    return { settings: listErrors(s).length ? s : undefined, modules: moduleErrors };
  }, [draft, settings, modules, settingsSchema, registry, me.langs]);

  // The server's problems, at their fields until the document changes again.
  const server = useMemo(() => {
    const moduleErrors = new Map<number, ErrorSchema>();
    if (!doc.problems.length || !draft) return { settings: undefined as ErrorSchema | undefined, modules: moduleErrors, json: '' };
    const es = problemsToErrors(ownProblems(doc.problems, key)) as Record<string, ErrorSchema>;
    const { modules: mods, ...rest } = es;
    modules.forEach((m, i) => {
      const e = errorsAt(mods, [i]);
      if (e) moduleErrors.set(m.id, e);
    });
    if (mods?.__errors) rest.__errors = [...((rest.__errors as unknown as string[]) ?? []), ...(mods.__errors as string[])] as never;
    return { settings: rest as ErrorSchema, modules: moduleErrors, json: JSON.stringify(draft) };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [doc.problems]);
  const serverCurrent = server.json !== '' && server.json === JSON.stringify(draft);

  const settingsErrors = mergeErrors(found.settings, serverCurrent ? server.settings : undefined);
  const moduleErrorsOf = (id: number) => mergeErrors(found.modules.get(id), serverCurrent ? server.modules.get(id) : undefined);

  const clientErrors: FieldProblem[] = useMemo(() => {
    const out: FieldProblem[] = [];
    for (const e of listErrors(found.settings)) out.push({ pointer: e.pointer, message: e.message, label: `Page settings › ${labelOf(e.pointer)}` });
    modules.forEach((m, i) => {
      const type = registry.byView.get(m.view);
      for (const e of listErrors(found.modules.get(m.id)))
        out.push({ pointer: `/modules/${i}${e.pointer === '/' ? '' : e.pointer}`, message: e.message, label: `Module ${moduleTypeTitle(type, m.view)} #${m.id} › ${labelOf(e.pointer)}` });
    });
    return out;
  }, [found, modules, registry]);

  const reveal = useCallback(
    (pointer: string) => {
      const path = pointerToPath(pointer);
      if (path[0] === 'modules' && path.length > 1) {
        const m = modules[Number(path[1])];
        if (!m) return;
        setOpen((o) => new Set(o).add(m.id));
        focusField(modulePrefix(m.id), path.slice(2));
      } else {
        if (settingsRef.current) settingsRef.current.open = true;
        focusField(SETTINGS_PREFIX, path);
      }
    },
    [modules],
  );

  // Opened from "Missing translations" (…?field=/modules/2/title/fr): go to that field.
  const wanted = new URLSearchParams(search).get('field');
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted || !draft || revealed.current === wanted) return;
    revealed.current = wanted;
    reveal(wanted);
  }, [wanted, draft, reveal]);

  const setModules = (fn: (ms: ModuleRecordLike[]) => ModuleRecordLike[]) => doc.setDraft((d) => ({ ...d, modules: fn(d.modules ?? []) }));

  const onRefused = () => {
    const withErrors = modules.filter((m) => found.modules.has(m.id)).map((m) => m.id);
    if (withErrors.length) setOpen((o) => new Set([...o, ...withErrors]));
    if (found.settings && settingsRef.current) settingsRef.current.open = true;
    const first = clientErrors[0];
    if (first) reveal(first.pointer);
  };

  const addModule = (type: PreparedModule) => {
    const id = nextModuleId(modules.map((m) => m.id));
    const module = { ...structuredClone(type.defaults), view: type.view, version: type.version, id } as ModuleRecordLike;
    setModules((ms) => renumber([...ms, module]));
    setOpen((o) => new Set(o).add(id));
    setPicking(false);
    doc.announce(`${localize(type.title, 'en')} added at the end of the page (#${id}); not saved yet.`);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-module-id="${id}"] .ed-module__row`)?.focus());
  };

  if (doc.loading && !draft) return <p className="ed-loading">Loading page…</p>;
  if (doc.loadError) return <p className="ed-alert ed-alert--error" role="alert">Cannot open this page: {doc.loadError}</p>;
  if (!draft || !settings) return null;

  const summary = pages.find((p) => p.id === pageId);
  const title = localize(draft.title, me.defaultLang) || `Page ${pageId}`;
  const removingModule = modules.find((m) => m.id === removing);

  return (
    <div className="ed-page-editor">
      <div className="ed-screen-head">
        <p className="ed-crumbs">
          <Link href="/pages">Pages</Link> › #{pageId}
        </p>
        <h1>{title}</h1>
        <p className="ed-muted">
          {String(draft.path ?? '')}
          {summary?.publicPath && (
            <>
              {' · '}
              <a href={`${me.origin}${summary.publicPath}`} target="_blank" rel="noreferrer">
                View public page ({summary.publicPath})
              </a>
            </>
          )}
        </p>
      </div>
      <DocumentBar doc={doc} clientErrors={clientErrors} onRefused={onRefused} onShowProblem={reveal} title={title} />
      <div className="ed-split">
        <div className="ed-split__main">
          <section className="ed-card" aria-labelledby="ed-modules-heading">
            <div className="ed-card__head">
              <h2 id="ed-modules-heading">Modules</h2>
              <button type="button" className="ed-button ed-button--primary" onClick={() => setPicking(true)}>
                Add module
              </button>
            </div>
            <ModuleList
              modules={modules}
              types={registry.byView}
              defaultLang={me.defaultLang}
              open={open}
              errorCounts={new Map(modules.map((m) => [m.id, listErrors(moduleErrorsOf(m.id)).length]))}
              onToggle={(id) =>
                setOpen((o) => {
                  const n = new Set(o);
                  if (n.has(id)) n.delete(id);
                  else n.add(id);
                  return n;
                })
              }
              onMove={(from, to) =>
                setModules((ms) => {
                  const next = [...ms];
                  const [m] = next.splice(from, 1);
                  next.splice(to, 0, m);
                  return renumber(next);
                })
              }
              onRemove={(id) => setRemoving(id)}
              renderEditor={(m) => <ModuleForm module={m} type={registry.byView.get(m.view)} errors={moduleErrorsOf(m.id)} context={context} onChange={(next) => setModules((ms) => ms.map((x) => (x.id === m.id ? next : x)))} />}
            />
          </section>
          <details className="ed-card ed-settings" ref={settingsRef} open>
            <summary>
              <h2>Page settings</h2>
            </summary>
            <SchemaForm
              schema={settingsSchema}
              uiSchema={PAGE_UI}
              data={settings}
              idPrefix={SETTINGS_PREFIX}
              context={context}
              errors={settingsErrors}
              onChange={(next) => doc.setDraft((d) => ({ ...(next as PageDoc), modules: d.modules }))}
            />
          </details>
        </div>
        <aside className="ed-split__side">
          <Preview
            docKey={key}
            data={draft}
            pageId={pageId}
            langs={me.langs}
            defaultLang={me.defaultLang}
            blocked={clientErrors.length ? `The preview waits until the ${clientErrors.length === 1 ? 'marked field is' : `${clientErrors.length} marked fields are`} fixed.` : undefined}
          />
        </aside>
      </div>
      {picking && <ModulePicker types={registry.modules} onPick={addModule} onClose={() => setPicking(false)} />}
      {removingModule && (
        <ConfirmDialog
          title="Remove this module?"
          message={`${moduleTypeTitle(registry.byView.get(removingModule.view), removingModule.view)} #${removingModule.id} is taken off this page when you save.`}
          confirmLabel="Remove"
          danger
          onClose={() => setRemoving(null)}
          onConfirm={() => {
            setModules((ms) => renumber(ms.filter((m) => m.id !== removingModule.id)));
            setRemoving(null);
            doc.announce(`Module #${removingModule.id} removed; not saved yet.`);
          }}
        />
      )}
    </div>
  );
}

function labelOf(pointer: string): string {
  const path = pointerToPath(pointer);
  return path.length ? path.map((s) => (/^\d+$/.test(s) ? `#${Number(s) + 1}` : s.length <= 2 ? s : humanize(s))).join(' › ') : '(whole)';
}

function ModuleForm({
  module,
  type,
  errors,
  context,
  onChange,
}: {
  module: ModuleRecordLike;
  type: PreparedModule | undefined;
  errors: ErrorSchema | undefined;
  context: EditorFormContext;
  onChange: (m: ModuleRecordLike) => void;
}) {
  const uiSchema = useMemo(() => ({ ...(type?.uiSchema ?? {}), ...MODULE_BASE_UI }), [type]);
  if (!type) return <p className="ed-alert ed-alert--error">No module type “{module.view}” is registered: this module cannot be edited (visitors do not see it).</p>;
  return (
    <>
      {type.description && <p className="ed-help">{localize(type.description, 'en')}</p>}
      <SchemaForm
        schema={type.form}
        uiSchema={uiSchema}
        data={module}
        idPrefix={modulePrefix(module.id)}
        context={context}
        errors={errors}
        onChange={(next) => onChange({ ...(next as ModuleRecordLike), id: module.id, view: module.view })}
      />
    </>
  );
}
