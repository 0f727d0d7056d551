/**
 * Site settings (administrators): one form per single document — languages, site info, header,
 * footer, banner, popup, cookie consent — each from its schema in the registry, with the same
 * save bar (save, draft, publish, history, conflicts, problems) as pages, and the home page as
 * preview.
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import type { SingleDoc } from '../api.ts';
import { DocumentBar, type FieldProblem } from '../components/DocumentBar.tsx';
import { Preview } from '../components/Preview.tsx';
import { SchemaForm } from '../fields/SchemaForm.tsx';
import { focusField } from '../focus.ts';
import { humanize, pointerToPath } from '../schema.ts';
import { useMe, useRegistry } from '../store.ts';
import { useDocument } from '../useDocument.ts';
import { listErrors, mergeErrors, ownProblems, problemsToErrors, validate } from '../validation.ts';

export const SETTINGS_DOCS: Array<{ key: SingleDoc; label: string; help: string }> = [
  { key: 'site', label: 'Site info', help: 'Agency details, analytics and tag IDs.' },
  { key: 'languages', label: 'Languages', help: 'Languages in use and the default one.' },
  { key: 'header', label: 'Header', help: 'Header behaviour and the top bar links.' },
  { key: 'footer', label: 'Footer', help: 'Footer columns and legal lines.' },
  { key: 'banner', label: 'Banner', help: 'The site banner (home and pages that use the site banner).' },
  { key: 'popup', label: 'Popup', help: 'The promotional popup.' },
  { key: 'cookieConsent', label: 'Cookie consent', help: 'Cookie banner texts and categories.' },
  { key: 'renovation', label: 'Renovation calculator', help: 'Works with their unit costs (euro, VAT included) and energy effect, renovation obligations and regional grants. Every figure names its source and date; the calculator says they are indicative.' },
  { key: 'valuation', label: 'Online valuation', help: 'How the online valuation estimates from the live listings: the minimum number of comparables, the areas it widens to, and the factors for EPC label, condition and outdoor space.' },
];

export default function Settings() {
  const me = useMe();
  const params = useParams<{ doc?: string }>();
  const current = SETTINGS_DOCS.find((d) => d.key === params.doc) ?? SETTINGS_DOCS[0];
  if (me.user.role !== 'admin') {
    return (
      <div className="ed-screen-head">
        <h1>Site settings</h1>
        <p className="ed-alert ed-alert--info" role="alert">
          Only administrators can change the site settings.
        </p>
      </div>
    );
  }
  return (
    <div className="ed-settings-screen">
      <div className="ed-screen-head">
        <h1>Site settings</h1>
      </div>
      <nav className="ed-tabs" aria-label="Settings documents">
        {SETTINGS_DOCS.map((d) => (
          <Link key={d.key} href={`/settings/${d.key}`} className="ed-tabs__item" aria-current={d.key === current.key ? 'page' : undefined}>
            {d.label}
          </Link>
        ))}
      </nav>
      <SettingsDocument key={current.key} docKey={current.key} label={current.label} help={current.help} />
    </div>
  );
}

const PREFIX = 'eds';

function SettingsDocument({ docKey, label, help }: { docKey: SingleDoc; label: string; help: string }) {
  const me = useMe();
  const registry = useRegistry();
  const schema = registry.schemas[docKey];
  const doc = useDocument<unknown>(docKey);
  const search = useSearch();
  const found = useMemo(() => (doc.draft === undefined ? undefined : validate(schema, doc.draft, me.langs)), [schema, doc.draft, me.langs]);
  const serverJson = useMemo(() => (doc.problems.length ? JSON.stringify(doc.draft) : ''), [doc.problems]); // eslint-disable-line react-hooks/exhaustive-deps
  const server = doc.problems.length && serverJson === JSON.stringify(doc.draft) ? problemsToErrors(ownProblems(doc.problems, doc.key)) : undefined;
  const clientErrors: FieldProblem[] = listErrors(found).map((e) => ({ ...e, label: pointerToPath(e.pointer).map((s) => (/^\d+$/.test(s) ? `#${Number(s) + 1}` : humanize(s))).join(' › ') || label }));
  const reveal = useCallback((pointer: string) => focusField(PREFIX, pointerToPath(pointer)), []);
  const wanted = new URLSearchParams(search).get('field');
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted || doc.draft === undefined || revealed.current === wanted) return;
    revealed.current = wanted;
    reveal(wanted);
  }, [wanted, doc.draft, reveal]);

  if (doc.loading && doc.draft === undefined) return <p className="ed-loading">Loading {label.toLowerCase()}…</p>;
  if (doc.loadError) return <p className="ed-alert ed-alert--error" role="alert">Cannot open {label}: {doc.loadError}</p>;
  return (
    <>
      <DocumentBar doc={doc} clientErrors={clientErrors} onRefused={() => clientErrors[0] && reveal(clientErrors[0].pointer)} onShowProblem={reveal} title={label} />
      <div className="ed-split">
        <div className="ed-split__main">
          <section className="ed-card" aria-labelledby="ed-settings-heading">
            <h2 id="ed-settings-heading">{label}</h2>
            <p className="ed-help">{help}</p>
            <SchemaForm schema={schema} data={doc.draft} idPrefix={PREFIX} context={{ langs: me.langs, defaultLang: me.defaultLang }} errors={mergeErrors(found, server)} onChange={(d) => doc.setDraft(d)} />
          </section>
        </div>
        <aside className="ed-split__side">
          <Preview docKey={docKey} data={doc.draft} langs={me.langs} defaultLang={me.defaultLang} blocked={clientErrors.length ? 'The preview waits until the marked fields are fixed.' : undefined} />
        </aside>
      </div>
    </>
  );
}
