/**
 * The articles (issue 14, point 1): blog articles (for sellers and for buyers), services, team
 * members and the texts of the site's pages, each a document of the editor — open one to write
 * it, or start a new one. Listed by category, newest first, with their state and public address.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { ArticleSummary, DocKey } from '../api.ts';
import { BulkBar, FilterBar, filtering, NO_FILTER, passes, type Filters } from '../components/ListTools.tsx';
import { PageBadges } from './PageBadges.tsx';
import { localize } from '../../shared/localize.ts';
import { slugify } from '../../shared/path.ts';
import { Dialog } from '../components/Dialog.tsx';
import { useCatalog } from '../catalog.ts';
import { enumLabel } from '../i18n/fields.ts';
import { formatDay, useT, useUiLang } from '../i18n/index.ts';
import { useContentLang, useMe } from '../store.ts';

export const ARTICLE_CATEGORIES = ['blog', 'services', 'team', 'general'] as const;
export type ArticleCategory = (typeof ARTICLE_CATEGORIES)[number];

/** A new article waiting for its first save (the article editor starts from it). */
export interface NewArticle {
  id: string;
  category: ArticleCategory;
  column?: 'seller' | 'buyer';
  title: Record<string, string>;
}
let pending: NewArticle | null = null;
export const takeNewArticle = (id: string): NewArticle | null => (pending?.id === id ? pending : null);

export default function Articles() {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const me = useMe();
  const articles = useCatalog((s) => s.articles);
  const [category, setCategory] = useState<ArticleCategory>('blog');
  const [creating, setCreating] = useState(false);
  const [filters, setFilters] = useState<Filters>(NO_FILTER);
  const [picked, setPicked] = useState<DocKey[]>([]);
  const [status, setStatus] = useState('');
  useEffect(() => void useCatalog.getState().loadArticles(), []);
  // A search looks in every category; the tabs choose one otherwise.
  const shown = useMemo(
    () =>
      (articles ?? [])
        .filter((a) => (filters.text.trim() ? true : a.category === category) && passes({ ...a, key: `article:${a.id}` }, filters))
        .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || a.id.localeCompare(b.id)),
    [articles, category, filters],
  );
  const toggle = (key: DocKey) => setPicked((p) => (p.includes(key) ? p.filter((x) => x !== key) : [...p, key]));
  const shownLang = useContentLang();
  const title = (a: ArticleSummary) => localize(a.title, shownLang) || a.id;
  return (
    <div className="ed-articles">
      <div className="ed-screen-head ed-screen-head--row">
        <h1>{t('nav.articles')}</h1>
        <button type="button" className="ed-button ed-button--primary" onClick={() => setCreating(true)} disabled={!articles}>
          {t('articles.new')}
        </button>
      </div>
      <nav className="ed-tabs" aria-label={t('articles.categories')}>
        {ARTICLE_CATEGORIES.map((c) => (
          <button key={c} type="button" className="ed-tabs__item" aria-current={c === category ? 'page' : undefined} onClick={() => setCategory(c)}>
            {enumLabel('category', c, ui)} <span className="ed-muted">{(articles ?? []).filter((a) => a.category === c).length}</span>
          </button>
        ))}
      </nav>
      <FilterBar value={filters} onChange={setFilters} count={shown.length} total={articles?.length ?? 0} />
      <p className="ed-status" role="status" aria-live="polite">
        {status}
      </p>
      <BulkBar
        picked={picked}
        names={(k) => title(articles!.find((a) => `article:${a.id}` === k)!)}
        onDone={async (m) => {
          setStatus(m);
          setPicked([]);
          await useCatalog.getState().loadArticles();
        }}
      />
      {!articles && <p className="ed-loading">{t('common.loading')}</p>}
      {articles && (
        <table className="ed-table ed-articles__list">
          <caption className="ed-visually-hidden">{enumLabel('category', category, ui)}</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="ed-visually-hidden">{t('list.pick')}</span>
              </th>
              <th scope="col">{t('articles.title')}</th>
              {category === 'blog' && <th scope="col">{t('articles.column')}</th>}
              <th scope="col">{t('articles.date')}</th>
              <th scope="col">{t('articles.state')}</th>
              <th scope="col">{t('pages.address')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((a) => (
              <tr key={a.id} data-article-id={a.id}>
                <td>
                  <input
                    type="checkbox"
                    checked={picked.includes(`article:${a.id}`)}
                    onChange={() => toggle(`article:${a.id}`)}
                    aria-label={t('list.pickName', { name: title(a) })}
                  />
                </td>
                <th scope="row">
                  <Link href={`/articles/${a.id}`} className="ed-tree__link">
                    {title(a)}
                  </Link>
                </th>
                {category === 'blog' && <td>{a.column ? enumLabel('column', a.column, ui) : '—'}</td>}
                <td>{a.date ? formatDay(a.date, ui) : '—'}</td>
                <td>
                  <span className={`ed-badge ${a.status === 'Published' && !a.offline ? 'ed-badge--ok' : 'ed-badge--hidden'}`}>
                    {enumLabel('status', a.status, ui)}
                  </span>
                  <PageBadges page={{ ...a, status: undefined }} />
                </td>
                <td>
                  {(a.paths?.[shownLang] ?? a.publicPath) ? (
                    <a href={`${me.origin}${a.paths?.[shownLang] ?? a.publicPath}`} target="_blank" rel="noreferrer" className="ed-muted">
                      {a.paths?.[shownLang] ?? a.publicPath}
                    </a>
                  ) : (
                    <span className="ed-muted">{t('articles.noAddress')}</span>
                  )}
                </td>
              </tr>
            ))}
            {shown.length === 0 && (
              <tr>
                <td colSpan={6}>{filtering(filters) ? t('list.noMatch') : t('articles.none')}</td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      {creating && articles && <NewArticleDialog category={category} taken={new Set(articles.map((a) => a.id))} onClose={() => setCreating(false)} />}
    </div>
  );
}

function NewArticleDialog({ category: initial, taken, onClose }: { category: ArticleCategory; taken: Set<string>; onClose: () => void }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const me = useMe();
  const [, navigate] = useLocation();
  const [category, setCategory] = useState<ArticleCategory>(initial);
  const [column, setColumn] = useState<'seller' | 'buyer'>('seller');
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = () => {
    const base = slugify(title);
    if (!base) return setProblem(t('articles.titleRequired'));
    let id = base.slice(0, 80);
    while (id.endsWith('-')) id = id.slice(0, -1);
    for (let n = 2; taken.has(id); n++) id = `${base.slice(0, 76)}-${n}`;
    pending = { id, category, ...(category === 'blog' ? { column } : {}), title: { [me.defaultLang]: title.trim() } };
    onClose();
    navigate(`/articles/${id}`);
  };
  return (
    <Dialog
      title={t('articles.newTitle')}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="ed-button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button type="button" className="ed-button ed-button--primary" onClick={create}>
            {t('articles.create')}
          </button>
        </>
      }
    >
      <label className="ed-label" htmlFor="ed-new-category">
        {t('articles.category')}
      </label>
      <select id="ed-new-category" className="ed-input" value={category} onChange={(e) => setCategory(e.target.value as ArticleCategory)}>
        {ARTICLE_CATEGORIES.map((c) => (
          <option key={c} value={c}>
            {enumLabel('category', c, ui)}
          </option>
        ))}
      </select>
      {category === 'blog' && (
        <>
          <label className="ed-label" htmlFor="ed-new-column">
            {t('articles.column')}
          </label>
          <select id="ed-new-column" className="ed-input" value={column} onChange={(e) => setColumn(e.target.value as 'seller' | 'buyer')}>
            <option value="seller">{enumLabel('column', 'seller', ui)}</option>
            <option value="buyer">{enumLabel('column', 'buyer', ui)}</option>
          </select>
        </>
      )}
      <label className="ed-label" htmlFor="ed-new-title">
        {t('articles.titleIn', { lang: me.defaultLang.toUpperCase() })}
      </label>
      <input id="ed-new-title" className="ed-input" type="text" value={title} onChange={(e) => setTitle(e.target.value)} data-autofocus />
      <p className="ed-help">{t('articles.newHelp')}</p>
      {problem && (
        <p className="ed-field-errors" role="alert">
          {problem}
        </p>
      )}
    </Dialog>
  );
}
