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
import { listErrors, ownProblems, problemMessage, problemsToErrors, validate } from '../validation.ts';
import { icuProblems } from '../../shared/icu-check.ts';
import { langName, tr, useT, useUiLang } from '../i18n/index.ts';

type Dict = Record<string, string>;
const REFERENCE: Lang = 'en';
const rowId = (key: string) => `edd-${key.replace(/[^A-Za-z0-9_-]/g, '-')}`;

export default function Dictionaries() {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const me = useMe();
  const params = useParams<{ lang?: string }>();
  const langs = me.langs.length ? me.langs : [...LANGUAGES];
  const lang = (langs as string[]).includes(params.lang ?? '') ? (params.lang as Lang) : langs[0];
  return (
    <div className="ed-dicts">
      <div className="ed-screen-head">
        <h1>{t('nav.dictionaries')}</h1>
        <p className="ed-help">{t('dict.help', { example: '{name}' })}</p>
      </div>
      <nav className="ed-tabs" aria-label={t('dict.languages')}>
        {langs.map((l) => (
          <Link key={l} href={`/dictionaries/${l}`} className="ed-tabs__item" aria-current={l === lang ? 'page' : undefined}>
            {langName(l, ui)} ({l})
          </Link>
        ))}
      </nav>
      <DictionaryTable key={lang} lang={lang} />
    </div>
  );
}

function DictionaryTable({ lang }: { lang: Lang }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const me = useMe();
  const registry = useRegistry();
  const expired = useSession((s) => s.expired);
  const doc = useDocument<Dict>(`dictionary:${lang}` as DocKey, (d) => d, t('doc.labelDictionary', { lang: langName(lang, ui) }));
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
  const found = useMemo(() => {
    if (!dict) return undefined;
    const es = validate(registry.schemas.dictionary, dict, me.langs, ui) as Record<string, { __errors?: string[] }>;
    // A language the site uses shows every text: none may be empty (as the server checks it).
    if ((me.langs as string[]).includes(lang))
      for (const [k, v] of Object.entries(dict))
        if (typeof v === 'string' && !v.trim())
          (es[k] ??= { __errors: [] }).__errors = [...(es[k].__errors ?? []), tr('error.requiredIn', { lang: langName(lang, ui) }, ui)];
    // Each text is an ICU message, as the site formats it: a broken placeholder, or one the English text does not have, is marked at once.
    for (const [k, v] of Object.entries(dict)) {
      if (typeof v !== 'string' || !v) continue;
      const refText = lang === REFERENCE ? undefined : ref?.[k];
      for (const p of icuProblems(v, refText, { file: '', pointer: `/${k}`, lang }, true))
        (es[k] ??= { __errors: [] }).__errors = [...(es[k].__errors ?? []), problemMessage(p, ui)];
    }
    return es as never;
  }, [dict, registry, me.langs, ui, ref, lang]);
  const server = doc.problems.length ? problemsToErrors(ownProblems(doc.problems, doc.key), ui) : undefined;
  const errorAt = (key: string) => [
    ...((found as Record<string, { __errors?: string[] }> | undefined)?.[key]?.__errors ?? []),
    ...((server as Record<string, { __errors?: string[] }> | undefined)?.[key]?.__errors ?? []),
  ];
  const clientErrors: FieldProblem[] = listErrors(found).map((e) => ({
    ...e,
    label: tr('where.dictionary', { key: pointerToPath(e.pointer)[0] ?? '', lang: langName(lang, ui) }, ui),
  }));
  const describe = (pointer: string) => tr('where.dictionary', { key: pointerToPath(pointer)[0] ?? '', lang: langName(lang, ui) }, ui);

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

  if (doc.loading && !dict) return <p className="ed-loading">{t('common.loading')}</p>;
  if (doc.loadError)
    return (
      <p className="ed-alert ed-alert--error" role="alert">
        {t('dict.cannotOpen', { error: doc.loadError })}
      </p>
    );
  if (!dict) return null;

  const needle = filter.trim().toLowerCase();
  const shown = keys.filter(
    (k) =>
      (!onlyMissing || missing.has(k)) &&
      (!needle || k.toLowerCase().includes(needle) || (dict[k] ?? '').toLowerCase().includes(needle) || (ref?.[k] ?? '').toLowerCase().includes(needle)),
  );
  const set = (key: string, value: string) => doc.setDraft((d) => ({ ...d, [key]: value }));

  return (
    <>
      <DocumentBar
        doc={doc}
        clientErrors={clientErrors}
        onRefused={() => clientErrors[0] && reveal(clientErrors[0].pointer)}
        onShowProblem={reveal}
        describe={describe}
        title={t('doc.labelDictionary', { lang: langName(lang, ui) })}
      />
      <div className="ed-dicts__tools">
        <label className="ed-check">
          <input type="checkbox" checked={onlyMissing} onChange={(e) => setOnlyMissing(e.target.checked)} /> {t('dict.onlyMissing', { n: missing.size })}
        </label>
        <label className="ed-dicts__search">
          <span>{t('dict.search')}</span>
          <input className="ed-input" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </label>
        <span className="ed-muted" aria-live="polite">
          {t('dict.shown', { n: shown.length, total: keys.length })}
        </span>
      </div>
      <table className="ed-table ed-dict">
        <caption className="ed-visually-hidden">{t('doc.labelDictionary', { lang: langName(lang, ui) })}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dict.key')}</th>
            {lang !== REFERENCE && <th scope="col">{langName(REFERENCE, ui)}</th>}
            <th scope="col">{langName(lang, ui)}</th>
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
              'aria-describedby': errs.length ? `${rowId(k)}__error` : undefined,
              onChange: (e: { target: { value: string } }) => set(k, e.target.value),
            };
            return (
              <tr key={k} className={missing.has(k) ? 'is-missing' : undefined} data-key={k}>
                <th scope="row">
                  <code>{k}</code>
                  {missing.has(k) && <span className="ed-badge ed-badge--error">{t('dict.missing')}</span>}
                </th>
                {lang !== REFERENCE && (
                  <td className="ed-dict__ref" lang={REFERENCE}>
                    {ref?.[k] ?? <span className="ed-muted">—</span>}
                  </td>
                )}
                <td>
                  {long ? <textarea rows={3} {...inputProps} /> : <input type="text" {...inputProps} />}
                  {errs.length > 0 && (
                    <ul className="ed-field-errors" id={`${rowId(k)}__error`}>
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
