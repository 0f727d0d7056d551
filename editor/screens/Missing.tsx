/**
 * Missing translations over every document, grouped per language in use, each a link that opens
 * the document at that field, named by the document's title and the field's label.
 */
import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { api, type DocKey, type MissingText, type SingleDoc } from '../api.ts';
import { localize } from '../../shared/localize.ts';
import { useContentLang, useMe, useRegistry, useSession } from '../store.ts';
import { useArticles, usePages } from '../catalog.ts';
import { labelAt, pointerToPath } from '../schema.ts';
import { langName, tr, useT, useUiLang, type UiLang } from '../i18n/index.ts';
import { settingLabel } from '../settings-docs.ts';
import { plainWords } from './dict-message.ts';

const capitalized = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The editor route of a document, opened at a field. */
export function docHref(key: DocKey, pointer?: string): string {
  const q = pointer ? `?field=${encodeURIComponent(pointer)}` : '';
  if (key.startsWith('page:')) return `/pages/${key.slice(5)}${q}`;
  if (key.startsWith('article:')) return `/articles/${key.slice(8)}${q}`;
  if (key.startsWith('dictionary:')) return `/dictionaries/${key.slice(11)}${q}`;
  if (key === 'banner') return `/banner${q}`;
  return `/settings/${key}${q}`;
}

export default function Missing() {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const me = useMe();
  const shown = useContentLang();
  const registry = useRegistry();
  const pages = usePages();
  const articles = useArticles();
  const expired = useSession((s) => s.expired);
  const [items, setItems] = useState<MissingText[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    api
      .missing()
      .then((r) => setItems(r.missing))
      .catch((e) => {
        if (!expired(e)) setError((e as Error).message);
      });
  }, [expired]);
  // A dictionary text is named by its words in the editor's language (else English), not by its key.
  const [words, setWords] = useState<Record<string, string>>({});
  const needsWords = !!items?.some((m) => m.key.startsWith('dictionary:'));
  useEffect(() => {
    if (!needsWords) return;
    Promise.all([api.doc<Record<string, string>>(`dictionary:${ui}` as DocKey), api.doc<Record<string, string>>('dictionary:en' as DocKey)])
      .then(([own, en]) => setWords({ ...en.data, ...Object.fromEntries(Object.entries(own.data).filter(([, v]) => v.trim())) }))
      .catch((e) => {
        if (!expired(e)) setWords({});
      });
  }, [needsWords, ui, expired]);
  const canSettings = me.user.role === 'admin';

  /** "Page “Contact”: Description (fr)", "Article “…”: Summary (nl)", "Dictionary French: nav.menu". */
  const labelOf = (m: MissingText, pointer: string, lang: string, ui: UiLang): string => {
    const path = pointerToPath(pointer);
    if (m.key.startsWith('dictionary:'))
      return tr('dict.where', { text: plainWords(words[path[0] ?? ''] ?? '').slice(0, 60) || (path[0] ?? ''), lang: langName(lang, ui) }, ui);
    if (m.key.startsWith('page:')) {
      const page = pages?.find((p) => p.id === Number(m.key.slice(5)));
      const doc = tr('where.pageNamed', { title: localize(page?.title, shown) || m.key.slice(5) }, ui);
      if (path[0] === 'modules') {
        const type = m.view ? registry.byView.get(m.view) : undefined;
        return `${doc} — ${tr('where.moduleN', { n: Number(path[1]) + 1 }, ui)} › ${labelAt(type?.form ?? registry.modules[0]?.form, path.slice(2))}`;
      }
      return `${doc} — ${labelAt(registry.schemas.page, path)}`;
    }
    if (m.key.startsWith('article:')) {
      const a = articles?.find((x) => x.id === m.key.slice(8));
      return `${tr('where.articleNamed', { title: localize(a?.title, shown) || m.key.slice(8) }, ui)} — ${labelAt(registry.schemas.article, path)}`;
    }
    return `${t(settingLabel(m.key as SingleDoc))} — ${labelAt(registry.schemas[m.key as SingleDoc], path)}`;
  };

  return (
    <div className="ed-missing">
      <div className="ed-screen-head">
        <h1>{t('nav.missing')}</h1>
        <p className="ed-help">{t('missing.help')}</p>
      </div>
      {error && (
        <p className="ed-alert ed-alert--error" role="alert">
          {error}
        </p>
      )}
      {!items && !error && <p className="ed-loading">{t('missing.looking')}</p>}
      {items &&
        me.langs.map((lang) => {
          const list = items.filter((m) => m.lang === lang);
          return (
            <section key={lang} className="ed-card" aria-labelledby={`ed-missing-${lang}`} data-lang={lang}>
              <h2 id={`ed-missing-${lang}`}>
                {capitalized(langName(lang, ui))} <span className="ed-badge">{list.length}</span>
              </h2>
              {list.length === 0 ? (
                <p className="ed-muted">{t('missing.nothing')}</p>
              ) : (
                <ul className="ed-missing__list">
                  {list.map((m, i) => {
                    const settings = !m.key.startsWith('page:') && !m.key.startsWith('dictionary:') && !m.key.startsWith('article:') && m.key !== 'banner';
                    // A localized text is pointed at as a whole: the link goes to this language's input.
                    const pointer = m.key.startsWith('dictionary:') || m.pointer.endsWith(`/${lang}`) ? m.pointer : `${m.pointer}/${lang}`;
                    const text = labelOf(m, pointer, lang, ui);
                    return (
                      <li key={`${m.key}${m.pointer}${i}`}>
                        {settings && !canSettings ? <span>{text}</span> : <Link href={docHref(m.key, pointer)}>{text}</Link>}
                      </li>
                    );
                  })}
                </ul>
              )}
            </section>
          );
        })}
    </div>
  );
}
