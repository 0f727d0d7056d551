/**
 * Dictionaries (issue 38, point 6): the texts of the public site, per language (`dictionary:fr` …),
 * grouped by where they show (dict-groups.ts), each named by its words in the editor's language —
 * the key only small, for administrators — and edited as one field, or one sentence per plural
 * form (DictEntry.tsx). A search finds a text by its words in any language ("Envoyer", "kopen");
 * "Only missing" keeps the texts empty in this language, which are marked. The same save bar as
 * every document.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams, useSearch } from 'wouter';
import { api, type DocKey } from '../api.ts';
import { LANGUAGES, type Lang } from '../../shared/constants.ts';
import { DocumentBar, type FieldProblem } from '../components/DocumentBar.tsx';
import { isEmptyText, pointerToPath } from '../schema.ts';
import { useIsAdmin, useMe, useRegistry, useSession } from '../store.ts';
import { useDocument } from '../useDocument.ts';
import { listErrors, ownProblems, problemMessage, problemsToErrors, validate } from '../validation.ts';
import { icuProblems } from '../../shared/icu-check.ts';
import { langName, tr, useT, useUiLang, type MessageKey, type UiLang } from '../i18n/index.ts';
import { DICT_GROUPS, groupOf, searchable, type DictGroup } from './dict-groups.ts';
import { plainWords, readMessage } from './dict-message.ts';
import { DictEntry, formName, rowId } from './DictEntry.tsx';

type Dict = Record<string, string>;
const REFERENCE: Lang = 'en';
const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

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
        <p className="ed-help">{t('dict.screenHelp')}</p>
      </div>
      <nav className="ed-tabs" aria-label={t('dict.languages')}>
        {langs.map((l) => (
          <Link key={l} href={`/dictionaries/${l}`} className="ed-tabs__item" aria-current={l === lang ? 'page' : undefined}>
            {capitalized(langName(l, ui))}
          </Link>
        ))}
      </nav>
      <DictionaryTexts key={lang} lang={lang} />
    </div>
  );
}

/** The other languages' dictionaries, as saved: for the search, the names of the texts and the English reference. */
function useOtherDictionaries(lang: Lang, ui: UiLang) {
  const expired = useSession((s) => s.expired);
  const me = useMe();
  const [dicts, setDicts] = useState<Partial<Record<string, Dict>>>({});
  const wanted = useMemo(() => [...new Set<string>([REFERENCE, ui, ...me.langs])].filter((l) => l !== lang), [lang, ui, me.langs]);
  useEffect(() => {
    let live = true;
    for (const l of wanted)
      api
        .doc<Dict>(`dictionary:${l}` as DocKey)
        .then((d) => live && setDicts((x) => ({ ...x, [l]: d.data })))
        .catch((e) => {
          if (!expired(e) && live) setDicts((x) => ({ ...x, [l]: {} }));
        });
    return () => {
      live = false;
    };
  }, [wanted, expired]);
  return dicts;
}

function DictionaryTexts({ lang }: { lang: Lang }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const me = useMe();
  const admin = useIsAdmin();
  const registry = useRegistry();
  const doc = useDocument<Dict>(`dictionary:${lang}` as DocKey, (d) => d, t('doc.labelDictionary', { lang: langName(lang, ui) }));
  const others = useOtherDictionaries(lang, ui);
  const [onlyMissing, setOnlyMissing] = useState(false);
  const [filter, setFilter] = useState('');
  const [open, setOpen] = useState<Set<DictGroup>>(new Set());
  const search = useSearch();

  const dict = doc.draft;
  const saved = doc.base?.data;
  const ref = lang === REFERENCE ? saved : others[REFERENCE];
  const textIn = useCallback((l: string, k: string) => (l === lang ? saved?.[k] : others[l]?.[k]), [lang, saved, others]);
  const keys = useMemo(() => [...new Set([...Object.keys(ref ?? {}), ...Object.keys(dict ?? {})])].sort(), [ref, dict]);
  const missing = useMemo(() => new Set(keys.filter((k) => isEmptyText(dict?.[k]))), [keys, dict]);

  /** A text named by its words: in the editor's language, else the site's default language, else English. */
  const labelOf = useCallback(
    (k: string): { text: string; lang?: string } => {
      for (const l of [ui, me.defaultLang, REFERENCE, ...me.langs]) {
        const v = textIn(l, k);
        if (v?.trim()) return { text: v, lang: l };
      }
      return { text: k };
    },
    [ui, me, textIn],
  );
  const where = useCallback(
    (k: string) => tr('dict.where', { text: plainWords(labelOf(k).text).slice(0, 60) || k, lang: langName(lang, ui) }, ui),
    [labelOf, lang, ui],
  );

  const found = useMemo(() => {
    if (!dict) return undefined;
    const es = validate(registry.schemas.dictionary, dict, me.langs, ui) as Record<string, { __errors?: string[] }>;
    const add = (k: string, m: string) => ((es[k] ??= { __errors: [] }).__errors = [...(es[k].__errors ?? []), m]);
    // A language the site uses shows every text: none may be empty (as the server checks it).
    if ((me.langs as string[]).includes(lang))
      for (const [k, v] of Object.entries(dict)) if (typeof v === 'string' && !v.trim()) add(k, tr('error.requiredIn', { lang: langName(lang, ui) }, ui));
    for (const [k, v] of Object.entries(dict)) {
      if (typeof v !== 'string' || !v) continue;
      // Each text is an ICU message, as the site formats it: a broken placeholder, one the English text does not have or one it leaves out is marked at once.
      for (const p of icuProblems(v, lang === REFERENCE ? undefined : ref?.[k], { file: '', pointer: `/${k}`, lang }, true)) add(k, problemMessage(p, ui));
      // A sentence per plural form: the forms for one and for most amounts must be written.
      const m = readMessage(v);
      if (m.kind === 'plural')
        for (const f of ['one', 'other']) if (f in m.forms && !m.forms[f].trim()) add(k, tr('dict.formEmpty', { form: formName(f, ui) }, ui));
    }
    return es as never;
  }, [dict, registry, me.langs, ui, ref, lang]);
  const server = doc.problems.length ? problemsToErrors(ownProblems(doc.problems, doc.key), ui) : undefined;
  const errorAt = (key: string) => [
    ...((found as Record<string, { __errors?: string[] }> | undefined)?.[key]?.__errors ?? []),
    ...((server as Record<string, { __errors?: string[] }> | undefined)?.[key]?.__errors ?? []),
  ];
  const describe = (pointer: string) => where(pointerToPath(pointer)[0] ?? '');
  const clientErrors: FieldProblem[] = listErrors(found).map((e) => ({ ...e, label: describe(e.pointer) }));

  const reveal = useCallback((pointer: string) => {
    const key = pointerToPath(pointer)[0];
    if (!key) return;
    setOnlyMissing(false);
    setFilter('');
    setOpen((o) => new Set([...o, groupOf(key)]));
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

  // Every text of a key in every language, made searchable once per change.
  const haystack = useMemo(() => {
    const langsKnown = [...new Set<string>([lang, ...Object.keys(others)])];
    return new Map(
      keys.map((k) => [
        k,
        searchable(
          [dict?.[k] ?? '', ...langsKnown.map((l) => textIn(l, k) ?? ''), t(`dict.group.${groupOf(k)}` as MessageKey), admin ? k : ''].join(' \u0000 '),
        ),
      ]),
    );
  }, [keys, dict, others, lang, textIn, t, admin]);
  const needle = searchable(filter);
  const filtering = !!needle || onlyMissing;
  const shown = keys.filter((k) => (!onlyMissing || missing.has(k)) && (!needle || haystack.get(k)!.includes(needle)));
  const byGroup = new Map<DictGroup, string[]>();
  for (const k of shown) {
    const g = groupOf(k);
    byGroup.set(g, [...(byGroup.get(g) ?? []), k]);
  }
  const set = useCallback((key: string, value: string) => doc.setDraft((d) => ({ ...d, [key]: value })), [doc]);

  if (doc.loading && !dict) return <p className="ed-loading">{t('common.loading')}</p>;
  if (doc.loadError)
    return (
      <p className="ed-alert ed-alert--error" role="alert">
        {t('dict.cannotOpen', { error: doc.loadError })}
      </p>
    );
  if (!dict) return null;

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
        <label className="ed-dicts__search">
          <span>{t('dict.searchAny')}</span>
          <input className="ed-input" type="search" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </label>
        <label className="ed-check">
          <input type="checkbox" checked={onlyMissing} onChange={(e) => setOnlyMissing(e.target.checked)} /> {t('dict.onlyMissing', { n: missing.size })}
        </label>
        <span className="ed-muted" aria-live="polite">
          {t('dict.shownTexts', { n: shown.length, total: keys.length })}
        </span>
      </div>
      {shown.length === 0 && <p className="ed-help">{t('dict.nothingFound')}</p>}
      {DICT_GROUPS.filter((g) => byGroup.has(g)).map((g) => {
        const list = byGroup.get(g)!;
        const isOpen = filtering || open.has(g);
        const missingHere = list.filter((k) => missing.has(k)).length;
        const title = t(`dict.group.${g}` as MessageKey);
        const count = t('dict.groupCount', { n: list.length, missing: missingHere });
        return (
          <section key={g} className="ed-card ed-dict-group" data-group={g} aria-label={title}>
            <h2 className="ed-dict-group__title">
              {filtering ? (
                <span>
                  {title} <span className="ed-muted">{count}</span>
                </span>
              ) : (
                <button
                  type="button"
                  className="ed-dict-group__toggle"
                  aria-expanded={isOpen}
                  onClick={() =>
                    setOpen((o) => {
                      const n = new Set(o);
                      if (n.has(g)) n.delete(g);
                      else n.add(g);
                      return n;
                    })
                  }
                >
                  <span className="ed-dict-group__arrow" aria-hidden="true">
                    {isOpen ? '▾' : '▸'}
                  </span>
                  {title} <span className="ed-muted">{count}</span>
                </button>
              )}
            </h2>
            {isOpen &&
              list.map((k) => (
                <DictEntry
                  key={k}
                  k={k}
                  lang={lang}
                  value={dict[k] ?? ''}
                  reference={lang === REFERENCE ? undefined : ref?.[k]}
                  label={labelOf(k)}
                  missing={missing.has(k)}
                  errors={errorAt(k)}
                  admin={admin}
                  ui={ui}
                  long={(saved?.[k] ?? '').length > 70 || (ref?.[k] ?? '').length > 70 || (dict[k] ?? '').includes('\n')}
                  onChange={set}
                />
              ))}
          </section>
        );
      })}
    </>
  );
}
