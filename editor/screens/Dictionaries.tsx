/**
 * Dictionaries: per language (`dictionary:fr` …) a table key | English | this language, the keys
 * missing or empty in this language highlighted, a filter "only missing", and the same save bar as
 * every document.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { api, type DocKey } from '../api.ts';
import { LANGUAGES, type Lang } from '../../shared/constants.ts';
import { DocumentBar, type FieldProblem } from '../components/DocumentBar.tsx';
import { isEmptyText, pointerToPath } from '../schema.ts';
import { useMe, useRegistry, useSession } from '../store.ts';
import { useDocument } from '../useDocument.ts';
import { LANG_NAMES, listErrors, ownProblems, problemsToErrors, validate } from '../validation.ts';

type Dict = Record<string, string>;
const REFERENCE: Lang = 'en';
const rowId = (key: string) => `edd-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;

export default function Dictionaries() {
  const me = useMe();
  const params = useParams<{ lang?: string }>();
  const langs = me.langs.length ? me.langs : [...LANGUAGES];
  const lang = (langs as string[]).includes(params.lang ?? '') ? (params.lang as Lang) : langs[0];
  return (
    <div className="ed-dicts">
      <div className="ed-screen-head">
        <h1>Dictionaries</h1>
        <p className="ed-help">The interface texts of the public site, per language. Placeholders in braces ({'{name}'}) must stay as they are.</p>
      </div>
      <nav className="ed-tabs" aria-label="Languages">
        {langs.map((l) => (
          <Link key={l} href={`/dictionaries/${l}`} className="ed-tabs__item" aria-current={l === lang ? 'page' : undefined}>
            {LANG_NAMES[l] ?? l} ({l})
          </Link>
        ))}
      </nav>
      <DictionaryTable key={lang} lang={lang} />
    </div>
  );
}

function DictionaryTable({ lang }: { lang: Lang }) {
  const me = useMe();
  const registry = useRegistry();
  const expired = useSession((s) => s.expired);
  const doc = useDocument<Dict>(`dictionary:${lang}` as DocKey);
  const [reference, setReference] = useState<Dict | null>(lang === REFERENCE ? {} : null);
  const [onlyMissing, setOnlyMissing] = useState(false);
  const [filter, setFilter] = useState('');
  const search = useSearch();

  useEffect(() => {
    if (lang === REFERENCE) return;
    api
      .doc<Dict>(`dictionary:${REFERENCE}`)
      .then((d) => setReference(d.data))
      .catch((e) => {
        if (!expired(e)) setReference({});
      });
  }, [lang, expired]);

  const dict = doc.draft;
  const ref = lang === REFERENCE ? dict : reference;
  const keys = useMemo(() => [...new Set([...Object.keys(ref ?? {}), ...Object.keys(dict ?? {})])].sort(), [ref, dict]);
  const missing = useMemo(() => new Set(keys.filter((k) => isEmptyText(dict?.[k]))), [keys, dict]);
  const found = useMemo(() => (dict ? validate(registry.schemas.dictionary, dict, me.langs) : undefined), [dict, registry, me.langs]);
  const server = doc.problems.length ? problemsToErrors(ownProblems(doc.problems, doc.key)) : undefined;
  const errorAt = (key: string) => [...((found as Record<string, { __errors?: string[] }> | undefined)?.[key]?.__errors ?? []), ...((server as Record<string, { __errors?: string[] }> | undefined)?.[key]?.__errors ?? [])];
  const clientErrors: FieldProblem[] = listErrors(found).map((e) => ({ ...e, label: pointerToPath(e.pointer)[0] ?? 'dictionary' }));

  const reveal = useCallback((pointer: string) => {
    const key = pointerToPath(pointer)[0];
    if (!key) return;
    setOnlyMissing(false);
    setFilter('');
    requestAnimationFrame(() => {
      const el = document.getElementById(rowId(key));
      el?.scrollIntoView({ block: 'center' });
      el?.focus();
    });
  }, []);
  const wanted = new URLSearchParams(search).get('field');
  const revealed = useRef<string | null>(null);
  useEffect(() => {
    if (!wanted || !dict || revealed.current === wanted) return;
    revealed.current = wanted;
    reveal(wanted);
  }, [wanted, dict, reveal]);

  if (doc.loading && !dict) return <p className="ed-loading">Loading dictionary…</p>;
  if (doc.loadError) return <p className="ed-alert ed-alert--error" role="alert">Cannot open this dictionary: {doc.loadError}</p>;
  if (!dict) return null;

  const needle = filter.trim().toLowerCase();
  const shown = keys.filter((k) => (!onlyMissing || missing.has(k)) && (!needle || k.toLowerCase().includes(needle) || (dict[k] ?? '').toLowerCase().includes(needle) || (ref?.[k] ?? '').toLowerCase().includes(needle)));
  const set = (key: string, value: string) => doc.setDraft((d) => ({ ...d, [key]: value }));

  return (
    <>
      <DocumentBar doc={doc} clientErrors={clientErrors} onRefused={() => clientErrors[0] && reveal(clientErrors[0].pointer)} onShowProblem={reveal} title={`dictionary (${lang})`} />
      <div className="ed-dicts__tools">
        <label className="ed-check">
          <input type="checkbox" checked={onlyMissing} onChange={(e) => setOnlyMissing(e.target.checked)} /> Only missing ({missing.size})
        </label>
        <label className="ed-dicts__search">
          <span>Search</span>
          <input className="ed-input" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </label>
        <span className="ed-muted" aria-live="polite">
          {shown.length} of {keys.length} keys shown
        </span>
      </div>
      <table className="ed-table ed-dict">
        <caption className="ed-visually-hidden">Texts of the {LANG_NAMES[lang]} dictionary</caption>
        <thead>
          <tr>
            <th scope="col">Key</th>
            {lang !== REFERENCE && <th scope="col">English</th>}
            <th scope="col">{LANG_NAMES[lang] ?? lang}</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((k) => {
            const errs = errorAt(k);
            const value = dict[k] ?? '';
            const long = (doc.base?.data?.[k] ?? '').length > 70 || (ref?.[k] ?? '').length > 70;
            const inputProps = {
              id: rowId(k),
              className: 'ed-input',
              value,
              lang,
              'aria-label': `${k} (${lang})`,
              'aria-invalid': errs.length > 0 || undefined,
              onChange: (e: { target: { value: string } }) => set(k, e.target.value),
            };
            return (
              <tr key={k} className={missing.has(k) ? 'is-missing' : undefined} data-key={k}>
                <th scope="row">
                  <code>{k}</code>
                  {missing.has(k) && <span className="ed-badge ed-badge--error">missing</span>}
                </th>
                {lang !== REFERENCE && <td className="ed-dict__ref" lang={REFERENCE}>{ref?.[k] ?? <span className="ed-muted">—</span>}</td>}
                <td>
                  {long ? <textarea rows={3} {...inputProps} /> : <input type="text" {...inputProps} />}
                  {errs.length > 0 && (
                    <ul className="ed-field-errors">
                      {errs.map((m) => (
                        <li key={m}>{m}</li>
                      ))}
                    </ul>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </>
  );
}
