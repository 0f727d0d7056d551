/**
 * One page (`page:N`): its modules (add from the picker, reorder, edit, remove), its banner (its
 * own, or the site's it inherits, shown as it is), its settings (the page schema without `modules`
 * and the banner), the save bar and the live preview. Nothing here knows a module type: each
 * module's form comes from its type's schema and uiSchema in the registry.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams, useSearch } from 'wouter';
import type { ErrorSchema, UiSchema } from '@rjsf/utils';
import type { DocKey } from '../api.ts';
import { localize } from '../../shared/localize.ts';
import { ConfirmDialog } from '../components/Dialog.tsx';
import { DeleteDialog } from '../components/DeleteDialog.tsx';
import { InTrash } from '../components/InTrash.tsx';
import { useAddressCheck } from '../components/AddressDialog.tsx';
import { writtenLangs } from '../written.ts';
import { DocumentBar, plainValue, type FieldProblem } from '../components/DocumentBar.tsx';
import { ModuleList, moduleName, type ModuleRecordLike } from '../components/ModuleList.tsx';
import { ModulePicker } from '../components/ModulePicker.tsx';
import { Preview } from '../components/Preview.tsx';
import { SchemaForm, type EditorFormContext } from '../fields/SchemaForm.tsx';
import { focusField } from '../focus.ts';
import { pickProperties, pointerToPath, withoutProperties } from '../schema.ts';
import { useContentLang, useIsAdmin, useMe, useRegistry, useSession, type PreparedModule } from '../store.ts';
import { useDocument } from '../useDocument.ts';
import { useArticles, useCatalog, usePages } from '../catalog.ts';
import { useT, useUiLang } from '../i18n/index.ts';
import { enumLabel } from '../i18n/fields.ts';
import { pageOptions } from '../page-options.ts';
import { errorsAt, listErrors, mergeErrors, ownProblems, problemsToErrors, validate } from '../validation.ts';
import { BannerInherits } from './BannerInherits.tsx';
import { ModuleForm } from './ModuleForm.tsx';
import { BANNER_KEYS, bannerUi, dropped, pickKeys } from './page-banner.ts';
import { BANNER_PREFIX, describePagePointer, modulePrefix, normalize, renumber, SETTINGS_PREFIX, type PageDoc } from './page-doc.ts';

export default function PageEditor() {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const { id: idParam } = useParams<{ id: string }>();
  const pageId = Number(idParam);
  const key = `page:${pageId}` as DocKey;
  const me = useMe();
  const shown = useContentLang();
  const admin = useIsAdmin();
  const registry = useRegistry();
  const nextModuleId = useSession((s) => s.nextModuleId);
  const pages = usePages();
  const articles = useArticles();
  const summary = pages?.find((p) => p.id === pageId);
  const docLabel = t('doc.labelPage', { title: localize(summary?.title, shown) || `${pageId}` });
  const doc = useDocument<PageDoc>(key, normalize, docLabel);
  const search = useSearch();
  const [open, setOpen] = useState<Set<number>>(new Set());
  const [picking, setPicking] = useState(false);
  const [removing, setRemoving] = useState<number | null>(null);
  const settingsRef = useRef<HTMLDetailsElement>(null);

  const pageSchema = registry.schemas.page;
  const settingsFull = useMemo(() => withoutProperties(pageSchema, ['modules']), [pageSchema]);
  const settingsSchema = useMemo(() => withoutProperties(pageSchema, ['modules', ...BANNER_KEYS]), [pageSchema]);
  const bannerSchema = useMemo(() => pickProperties(pageSchema, BANNER_KEYS), [pageSchema]);
  const options = useMemo(() => pageOptions(pages ?? [], shown, pageId), [pages, shown, pageId]);
  const context: EditorFormContext = useMemo(
    () => ({ langs: me.langs, defaultLang: shown, pages: options, articles: articles ?? [] }),
    [me, options, articles, shown],
  );
  const pageUi: UiSchema = useMemo(
    () => ({
      'ui:order': ['title', 'description', 'status', 'showInMenu', 'parentId', 'localizedPath', 'showBreadCrumb', 'metadata', '*'],
      parentId: { 'ui:widget': 'PageParentWidget' },
    }),
    [],
  );
  const draft = doc.draft;
  const modules = useMemo(() => draft?.modules ?? [], [draft]);
  // The required texts are those of the default language and of each language the page is written in (issue 38).
  const writtenKey = writtenLangs('page', draft, me.langs, me.defaultLang).join();
  const written = useMemo(() => writtenKey.split(',').filter(Boolean) as typeof me.langs, [writtenKey]); // eslint-disable-line react-hooks/exhaustive-deps -- keyed by the languages written, not each new array
  const [deleting, setDeleting] = useState(false);
  const [, navigate] = useLocation();
  const address = useAddressCheck(doc);
  const settings = useMemo(() => {
    if (!draft) return undefined;
    const { modules: _m, ...rest } = draft;
    return rest;
  }, [draft]);

  // The editor's own findings, live. A module is checked again only when it changed (a keystroke in
  // one module of a 30-module page checks that module), the settings only when they changed.
  const checked = useRef({ key: '', modules: new WeakMap<object, ErrorSchema>(), settingsJson: '', settings: undefined as ErrorSchema | undefined });
  const found = useMemo(() => {
    const moduleErrors = new Map<number, ErrorSchema>();
    if (!draft) return { settings: undefined as ErrorSchema | undefined, modules: moduleErrors };
    const cache = checked.current;
    const key = `${ui}|${written.join()}`;
    if (cache.key !== key) Object.assign(cache, { key, modules: new WeakMap(), settingsJson: '' });
    const json = JSON.stringify(settings);
    if (json !== cache.settingsJson) Object.assign(cache, { settingsJson: json, settings: validate(settingsFull, settings, written, ui) });
    const s = cache.settings;
    for (const m of modules) {
      // A module of a type no longer registered is kept as it is (visitors do not see it; the server only warns).
      const type = registry.byView.get(m.view);
      let es = cache.modules.get(m);
      if (!es && type) cache.modules.set(m, (es = validate(type.form, m, written, ui)));
      if (listErrors(es).length) moduleErrors.set(m.id, es!);
    }
    return { settings: listErrors(s).length ? s : undefined, modules: moduleErrors };
  }, [draft, settings, modules, settingsFull, registry, written, ui]);

  // The server's problems (and a version marked for repair), at their fields until the document changes again.
  const serverProblems = useMemo(() => [...(doc.base?.repair ?? []), ...doc.problems], [doc.base, doc.problems]);
  const server = useMemo(() => {
    const moduleErrors = new Map<number, ErrorSchema>();
    if (!serverProblems.length || !draft) return { settings: undefined as ErrorSchema | undefined, modules: moduleErrors, json: '' };
    const es = problemsToErrors(ownProblems(serverProblems, key), ui) as Record<string, ErrorSchema>;
    const { modules: mods, ...rest } = es;
    modules.forEach((m, i) => {
      const e = errorsAt(mods, [i]);
      if (e) moduleErrors.set(m.id, e);
    });
    if (mods?.__errors) rest.__errors = [...((rest.__errors as unknown as string[]) ?? []), ...(mods.__errors as string[])] as never;
    return { settings: rest as ErrorSchema, modules: moduleErrors, json: JSON.stringify(draft) };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- recomputed when the server answers or the language changes, not on each edit of the draft
  }, [serverProblems, ui]);
  const serverCurrent = server.json !== '' && (server.json === JSON.stringify(draft) || !!doc.base?.repair);

  const settingsErrors = mergeErrors(found.settings, serverCurrent ? server.settings : undefined);
  const moduleErrorsOf = (id: number) => mergeErrors(found.modules.get(id), serverCurrent ? server.modules.get(id) : undefined);

  const describe = useCallback(
    (pointer: string) => describePagePointer(pointer, draft, { settings: settingsFull, types: registry.byView, defaultLang: shown, ui }),
    [draft, settingsFull, registry, shown, ui],
  );
  const showValue = useCallback(
    (v: unknown, pointer: string) => {
      const path = pointerToPath(pointer);
      // A whole module (added, removed or changed on both sides): by its name.
      if (path[0] === 'modules' && path.length === 2 && v && typeof v === 'object' && 'view' in (v as object)) {
        const m = v as ModuleRecordLike;
        return moduleName(m, Number(path[1]), registry.byView.get(m.view), shown, ui);
      }
      if (path[0] === 'modules' && path.length === 1 && Array.isArray(v)) {
        return v
          .map((id, i) => {
            const m = modules.find((x) => x.id === id);
            return m ? moduleName(m, i, registry.byView.get(m.view), shown, ui) : String(id);
          })
          .join(' → ');
      }
      return plainValue(v, t('conflict.empty'), t('common.yes'), t('common.no'));
    },
    [registry, shown, ui, modules, t],
  );

  const clientErrors: FieldProblem[] = useMemo(() => {
    const out: FieldProblem[] = [];
    for (const e of listErrors(found.settings)) out.push({ pointer: e.pointer, message: e.message, label: describe(e.pointer) });
    modules.forEach((m, i) => {
      for (const e of listErrors(found.modules.get(m.id))) {
        const pointer = `/modules/${i}${e.pointer === '/' ? '' : e.pointer}`;
        out.push({ pointer, message: e.message, label: describe(pointer) });
      }
    });
    return out;
  }, [found, modules, describe]);

  const reveal = useCallback(
    (pointer: string) => {
      const path = pointerToPath(pointer);
      if (path[0] === 'modules' && path.length > 1) {
        const m = modules[Number(path[1])];
        if (!m) return;
        setOpen((o) => new Set(o).add(m.id));
        focusField(modulePrefix(m.id), path.slice(2));
      } else if (BANNER_KEYS.includes(path[0])) focusField(BANNER_PREFIX, path);
      else {
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
  // After a save the page tree (titles, paths) may have changed for the pickers.
  useEffect(() => {
    if (doc.base?.rev) void useCatalog.getState().loadPages();
  }, [doc.base?.rev]);

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
    doc.announce(t('modules.added', { type: localize(type.title, ui) }));
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`[data-module-id="${id}"] .ed-module__row`)?.focus());
  };

  if (doc.loading && !draft) return <p className="ed-loading">{t('page.loading')}</p>;
  if (doc.trashed) return <InTrash docKey={key} trashed={doc.trashed} onBack={() => void doc.reload()} />;
  if (doc.loadError)
    return (
      <p className="ed-alert ed-alert--error" role="alert">
        {t('page.cannotOpen', { error: doc.loadError })}
      </p>
    );
  if (!draft || !settings) return null;

  const title = localize(draft.title, shown) || t('page.untitled', { id: pageId });
  // The page in the language the titles are shown in, where it is written in it.
  const publicPath = summary?.paths?.[shown] ?? summary?.publicPath;
  // A page the site needs (home, thank-you, a form…): only an admin may delete it or take it off the site.
  const system = !!summary?.system?.length;
  const removingIndex = modules.findIndex((m) => m.id === removing);
  const removingModule = modules[removingIndex];

  return (
    <div className="ed-page-editor">
      <div className="ed-screen-head">
        <p className="ed-crumbs">
          <Link href="/pages">{t('nav.pages')}</Link> › {title}
        </p>
        <h1>{title}</h1>
        <p className="ed-muted ed-screen-head__links">
          {publicPath && (
            <a href={`${me.origin}${publicPath}`} target="_blank" rel="noreferrer">
              {t('page.viewPublic', { path: publicPath })}
            </a>
          )}
          {system && <span className="ed-badge">{t('pages.system')}</span>}
          {doc.base && !doc.base.isNew && (!system || admin) && (
            <button type="button" className="ed-button ed-button--small ed-button--danger-text" onClick={() => setDeleting(true)}>
              {t('pages.delete')}
            </button>
          )}
        </p>
      </div>
      <DocumentBar
        doc={doc}
        clientErrors={clientErrors}
        onRefused={onRefused}
        onShowProblem={reveal}
        describe={describe}
        showValue={showValue}
        title={title}
        written={written}
        canUnpublish={!system || admin}
        confirmPublish={address.confirmPublish}
      />
      {address.dialog}
      <div className="ed-split">
        <div className="ed-split__main">
          <section className="ed-card" aria-labelledby="ed-modules-heading">
            <div className="ed-card__head">
              <h2 id="ed-modules-heading">{t('page.modules')}</h2>
              <button type="button" className="ed-button ed-button--primary" onClick={() => setPicking(true)}>
                {t('page.addModule')}
              </button>
            </div>
            <ModuleList
              modules={modules}
              types={registry.byView}
              defaultLang={shown}
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
              shows={(m) => {
                const r = (m.relations as Array<{ type?: string; id?: string | number }> | undefined)?.[0];
                if (r?.type === 'article') {
                  const a = articles?.find((x) => x.id === r.id);
                  return a ? t('modules.showsArticle', { title: localize(a.title, shown) || a.id }) : undefined;
                }
                if (r?.type === 'category' && typeof r.id === 'string') return t('modules.showsCategory', { category: enumLabel('category', r.id, ui) });
                return undefined;
              }}
              renderEditor={(m) => (
                <ModuleForm
                  module={m}
                  type={registry.byView.get(m.view)}
                  errors={moduleErrorsOf(m.id)}
                  context={context}
                  admin={admin}
                  onChange={(next) => setModules((ms) => ms.map((x) => (x.id === m.id ? next : x)))}
                />
              )}
            />
          </section>
          <section className="ed-card ed-banner-card" aria-labelledby="ed-banner-heading">
            <h2 id="ed-banner-heading">{t('page.banner')}</h2>
            <BannerInherits page={draft} />
            <SchemaForm
              schema={bannerSchema}
              uiSchema={bannerUi(draft)}
              data={settings}
              idPrefix={BANNER_PREFIX}
              context={context}
              errors={settingsErrors}
              kind="page"
              admin={admin}
              onChange={(next) =>
                doc.setDraft((d) => ({
                  ...d,
                  ...pickKeys(next as Record<string, unknown>, BANNER_KEYS),
                  ...dropped(d, next as Record<string, unknown>, BANNER_KEYS),
                }))
              }
            />
          </section>
          <details className="ed-card ed-settings" ref={settingsRef} open>
            <summary>
              <h2>{t('page.settings')}</h2>
            </summary>
            <SchemaForm
              schema={settingsSchema}
              uiSchema={pageUi}
              data={settings}
              idPrefix={SETTINGS_PREFIX}
              context={context}
              errors={settingsErrors}
              kind="page"
              admin={admin}
              onChange={(next) => doc.setDraft((d) => ({ ...(next as PageDoc), ...pickKeys(d, BANNER_KEYS), modules: d.modules }))}
            />
          </details>
        </div>
        <aside className="ed-split__side">
          <Preview docKey={key} data={draft} pageId={pageId} langs={me.langs} defaultLang={me.defaultLang} describe={describe} />
        </aside>
      </div>
      {deleting && doc.base && (
        <DeleteDialog
          docKey={key as `page:${number}`}
          baseRev={doc.base.rev}
          name={title}
          onClose={() => setDeleting(false)}
          onDeleted={async () => {
            setDeleting(false);
            await useCatalog.getState().loadPages();
            navigate('/pages');
          }}
        />
      )}
      {picking && <ModulePicker types={registry.modules} onPick={addModule} onClose={() => setPicking(false)} />}
      {removingModule && (
        <ConfirmDialog
          title={t('modules.removeTitle')}
          message={t('modules.removeMessage', { name: moduleName(removingModule, removingIndex, registry.byView.get(removingModule.view), shown, ui) })}
          confirmLabel={t('form.remove')}
          danger
          onClose={() => setRemoving(null)}
          onConfirm={() => {
            setModules((ms) => renumber(ms.filter((m) => m.id !== removingModule.id)));
            setRemoving(null);
            doc.announce(t('modules.removed'));
          }}
        />
      )}
    </div>
  );
}
