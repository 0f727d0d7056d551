/**
 * Site settings (administrators): one form per single document — languages, site info, header,
 * footer, banner, popup, cookie consent, the visitor tools' figures — each from its schema in the
 * registry, with the same save bar (save, draft, publish, history, conflicts, problems) as pages,
 * and the page it shows on as preview. The site's banner is also the editors' (Banner.tsx).
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import type { SingleDoc } from '../api.ts';
import { DocumentBar, type FieldProblem } from '../components/DocumentBar.tsx';
import { Preview } from '../components/Preview.tsx';
import { SchemaForm } from '../fields/SchemaForm.tsx';
import { focusField } from '../focus.ts';
import { labelAt, pointerToPath } from '../schema.ts';
import { useIsAdmin, useMe, useRegistry } from '../store.ts';
import { useDocument } from '../useDocument.ts';
import { useArticles, usePages } from '../catalog.ts';
import { tr, useT, useUiLang } from '../i18n/index.ts';
import { listErrors, mergeErrors, ownProblems, problemsToErrors, validate } from '../validation.ts';
import { pageOptions } from '../page-options.ts';

import { SETTINGS_DOCS, settingHelp, settingLabel } from '../settings-docs.ts';
import { SETTINGS_UI } from '../settings-ui.ts';

export default function Settings() {
  const t = useT();
  const me = useMe();
  const params = useParams<{ doc?: string }>();
  const current = SETTINGS_DOCS.find((d) => d === params.doc) ?? SETTINGS_DOCS[0];
  if (me.user.role !== 'admin') {
    return (
      <div className="ed-screen-head">
        <h1>{t('nav.settings')}</h1>
        <p className="ed-alert ed-alert--info" role="alert">
          {t('settings.adminsOnly')}
        </p>
      </div>
    );
  }
  return (
    <div className="ed-settings-screen">
      <div className="ed-screen-head">
        <h1>{t('nav.settings')}</h1>
      </div>
      <nav className="ed-tabs" aria-label={t('settings.tabs')}>
        {SETTINGS_DOCS.map((d) => (
          <Link key={d} href={`/settings/${d}`} className="ed-tabs__item" aria-current={d === current ? 'page' : undefined}>
            {t(settingLabel(d))}
          </Link>
        ))}
      </nav>
      <SettingsDocument key={current} docKey={current} />
    </div>
  );
}

const PREFIX = 'eds';

export function SettingsDocument({ docKey }: { docKey: SingleDoc }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const me = useMe();
  const admin = useIsAdmin();
  const registry = useRegistry();
  const pages = usePages();
  const articles = useArticles();
  const schema = registry.schemas[docKey];
  const label = t(settingLabel(docKey));
  const doc = useDocument<unknown>(docKey, (d) => d, label);
  const search = useSearch();
  const context = useMemo(
    () => ({ langs: me.langs, defaultLang: me.defaultLang, pages: pageOptions(pages ?? [], me.defaultLang), articles: articles ?? [] }),
    [me, pages, articles],
  );
  const found = useMemo(() => (doc.draft === undefined ? undefined : validate(schema, doc.draft, me.langs, ui)), [schema, doc.draft, me.langs, ui]);
  const problems = useMemo(() => [...(doc.base?.repair ?? []), ...doc.problems], [doc.base, doc.problems]);
  const serverJson = useMemo(() => (problems.length ? JSON.stringify(doc.draft) : ''), [problems]); // eslint-disable-line react-hooks/exhaustive-deps -- the draft as the server judged it, kept until its next answer
  const server =
    problems.length && (serverJson === JSON.stringify(doc.draft) || doc.base?.repair) ? problemsToErrors(ownProblems(problems, doc.key), ui) : undefined;
  const describe = useCallback(
    (pointer: string) => tr('where.settingField', { field: labelAt(schema, pointerToPath(pointer)) || label, setting: label }, ui),
    [schema, label, ui],
  );
  const clientErrors: FieldProblem[] = listErrors(found).map((e) => ({ ...e, label: describe(e.pointer) }));
  const reveal = useCallback((pointer: string) => focusField(PREFIX, pointerToPath(pointer)), []);
  const wanted = new URLSearchParams(search).get('field');
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted || doc.draft === undefined || revealed.current === wanted) return;
    revealed.current = wanted;
    reveal(wanted);
  }, [wanted, doc.draft, reveal]);

  if (doc.loading && doc.draft === undefined) return <p className="ed-loading">{t('common.loading')}</p>;
  if (doc.loadError)
    return (
      <p className="ed-alert ed-alert--error" role="alert">
        {t('settings.cannotOpen', { name: label, error: doc.loadError })}
      </p>
    );
  return (
    <>
      <DocumentBar
        doc={doc}
        clientErrors={clientErrors}
        onRefused={() => clientErrors[0] && reveal(clientErrors[0].pointer)}
        onShowProblem={reveal}
        describe={describe}
        title={label}
      />
      <div className="ed-split">
        <div className="ed-split__main">
          <section className="ed-card" aria-labelledby="ed-settings-heading">
            <h2 id="ed-settings-heading">{label}</h2>
            <p className="ed-help">{t(settingHelp(docKey))}</p>
            <SchemaForm
              schema={schema}
              uiSchema={SETTINGS_UI[docKey]}
              data={doc.draft}
              idPrefix={PREFIX}
              context={context}
              errors={mergeErrors(found, server)}
              admin={admin}
              onChange={(d) => doc.setDraft(d)}
            />
          </section>
        </div>
        <aside className="ed-split__side">
          <Preview
            docKey={docKey}
            data={doc.draft}
            langs={me.langs}
            defaultLang={me.defaultLang}
            blocked={clientErrors.length ? t('preview.blocked', { n: clientErrors.length }) : undefined}
            describe={describe}
          />
        </aside>
      </div>
    </>
  );
}
