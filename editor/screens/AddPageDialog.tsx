/** "Add a page": its title per language, its parent, its address (following the title until changed). */
import { useMemo, useState } from 'react';
import { api, ApiError, type DocKey, type PageSummary } from '../api.ts';
import type { Lang } from '../../shared/constants.ts';
import { slugify } from '../../shared/path.ts';
import { Dialog } from '../components/Dialog.tsx';
import { SchemaForm } from '../fields/SchemaForm.tsx';
import { clean, pickProperties } from '../schema.ts';
import { useIsAdmin, useMe, useRegistry, useSession } from '../store.ts';
import { useT, useUiLang } from '../i18n/index.ts';
import { listErrors, problemMessage, problemsToErrors, validate } from '../validation.ts';
import { pageOptions } from '../page-options.ts';
import { writtenLangs } from '../written.ts';

const ADD_FIELDS = ['title', 'parentId', 'localizedPath', 'name', 'path', 'sort'];

export default function AddPageDialog({
  pages,
  lang,
  onClose,
  onCreated,
  newId,
  home,
}: {
  pages: PageSummary[];
  lang: Lang;
  onClose: () => void;
  onCreated: (id: number) => void;
  newId: () => number;
  /** A new home page (the site has none): at the site's root, published at once, its title only. */
  home?: boolean;
}) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const me = useMe();
  const admin = useIsAdmin();
  const registry = useRegistry();
  const expired = useSession((s) => s.expired);
  const schema = useMemo(() => pickProperties(registry.schemas.page, home ? ['title'] : ADD_FIELDS), [registry, home]);
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
  const written = writtenLangs('page', data, me.langs, me.defaultLang);
  const errors = useMemo(() => validate(schema, clean(data), written, ui), [schema, data, written.join(), ui]); // eslint-disable-line react-hooks/exhaustive-deps -- `written` is keyed by its contents
  const count = listErrors(errors).length;

  /** Name, path and localized paths follow the title until the user writes their own. */
  const change = (next: Record<string, unknown>) => {
    const title = (next.title ?? {}) as Record<string, string>;
    const parent = pages.find((p) => p.id === next.parentId);
    const base = slugify(title.en ?? title[me.defaultLang] ?? Object.values(title)[0] ?? '');
    const d = {
      name: base,
      path: base ? `${parent ? parent.path : '/'}${base}/` : undefined,
      localizedPath: Object.fromEntries(
        Object.entries(title)
          .map(([l, s]) => [l, slugify(s)])
          .filter(([, s]) => s),
      ),
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
    const page = home
      ? {
          id,
          parentId: null,
          name: 'home',
          path: '/',
          localizedPath: Object.fromEntries(me.langs.map((l) => [l, ''])),
          sort: 0,
          ...clean({ title: data.title }),
          status: 'Published',
          type: 'page',
          modules: [],
        }
      : { id, ...clean(data), status: 'Hidden', type: 'page', modules: [] };
    try {
      await api.save(`page:${id}` as DocKey, page, 0, true);
      onCreated(id);
    } catch (e) {
      if (expired(e)) return;
      if (e instanceof ApiError && e.problems.length) {
        setServerErrors(problemsToErrors(e.problems, ui));
        setMessage(t('pages.notCreated', { problems: e.problems.map((p) => problemMessage(p, ui)).join('; ') }));
      } else setMessage((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={home ? t('pages.addHomeTitle') : t('pages.addTitle')}
      onClose={onClose}
      wide
      footer={
        <>
          <button type="button" className="ed-button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="button" className="ed-button ed-button--primary" onClick={() => void create()} disabled={busy}>
            {t('pages.create')}
          </button>
        </>
      }
    >
      <p className="ed-help">{home ? t('pages.addHomeHelp') : t('pages.addHelp')}</p>
      <SchemaForm
        schema={schema}
        uiSchema={home ? { 'ui:order': ['title'] } : { 'ui:order': ADD_FIELDS, parentId: { 'ui:widget': 'PageParentWidget' } }}
        data={data}
        idPrefix="edn"
        context={{ langs: me.langs, defaultLang: me.defaultLang, pages: pageOptions(pages, lang) }}
        errors={tried ? (serverErrors ? { ...errors, ...serverErrors } : errors) : serverErrors}
        kind="page"
        admin={admin}
        onChange={change}
      />
      {message && (
        <p className="ed-alert ed-alert--error" role="alert">
          {message}
        </p>
      )}
      {tried && count > 0 && (
        <p className="ed-alert ed-alert--error" role="alert">
          {t('pages.fixFirst')}
        </p>
      )}
    </Dialog>
  );
}
