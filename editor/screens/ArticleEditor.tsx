/**
 * One article (`article:{id}`; issue 14, point 1): title, address (slug), summary, image, the
 * body in the rich-text editor, status, category and column, per language; the same save bar
 * (drafts, history, conflicts, edits kept in this browser) and live preview of its public page as
 * the pages have. A new article is created by its first save.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import type { DocKey } from '../api.ts';
import { localize } from '../../shared/localize.ts';
import { DeleteDialog } from '../components/DeleteDialog.tsx';
import { InTrash } from '../components/InTrash.tsx';
import { writtenLangs } from '../written.ts';
import { DocumentBar, type FieldProblem } from '../components/DocumentBar.tsx';
import { Preview } from '../components/Preview.tsx';
import { SchemaForm, type EditorFormContext } from '../fields/SchemaForm.tsx';
import { focusField } from '../focus.ts';
import { labelAt, pointerToPath } from '../schema.ts';
import { useContentLang, useIsAdmin, useMe, useRegistry } from '../store.ts';
import { useDocument } from '../useDocument.ts';
import { useArticles, useCatalog, usePages } from '../catalog.ts';
import { tr, useT, useUiLang } from '../i18n/index.ts';
import { listErrors, mergeErrors, ownProblems, problemsToErrors, validate } from '../validation.ts';
import { pageOptions } from '../page-options.ts';
import { takeNewArticle } from './Articles.tsx';

type ArticleDoc = Record<string, unknown> & { id: string; title?: Record<string, string>; category?: string };
const PREFIX = 'eda';

export default function ArticleEditor() {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const { id } = useParams<{ id: string }>();
  const key = `article:${id}` as DocKey;
  const me = useMe();
  const shown = useContentLang();
  const admin = useIsAdmin();
  const registry = useRegistry();
  const pages = usePages();
  const articles = useArticles();
  const [, navigate] = useLocation();
  const fresh = useMemo(() => {
    const n = takeNewArticle(id);
    return n ? ({ ...n, status: 'Published', date: new Date().toISOString().slice(0, 10), body: {} } as ArticleDoc) : undefined;
  }, [id]);
  const summary = articles?.find((a) => a.id === id);
  const doc = useDocument<ArticleDoc>(
    key,
    (d) => d,
    t('doc.labelArticle', { title: localize(summary?.title ?? fresh?.title, shown) || localize(summary?.title ?? fresh?.title, me.defaultLang) || id }),
    fresh,
  );
  const [deleting, setDeleting] = useState(false);
  const schema = registry.schemas.article;
  const draft = doc.draft;
  const context: EditorFormContext = useMemo(
    () => ({ langs: me.langs, defaultLang: shown, pages: pageOptions(pages ?? [], shown), articles: articles ?? [] }),
    [me, pages, articles, shown],
  );
  const uiSchema = useMemo(
    () => ({
      'ui:order': ['title', 'summary', 'body', 'image', 'status', 'category', 'column', 'date', 'slug', 'author', 'person', '*'],
      summary: { 'ui:widget': 'textarea' },
      slug: { 'ui:help': t('article.slugHelp') },
      author: { 'ui:widget': 'TeamMemberWidget' },
      column: draft?.category === 'blog' ? {} : { 'ui:field': 'HiddenField' },
      person: draft?.category === 'team' ? {} : { 'ui:field': 'HiddenField' },
    }),
    [t, draft?.category],
  );
  // The required texts are those of the default language and of each language the article is written in (issue 38).
  const written = writtenLangs('article', draft, me.langs, me.defaultLang);
  const writtenKey = written.join();
  const found = useMemo(() => (draft === undefined ? undefined : validate(schema, draft, written, ui)), [schema, draft, writtenKey, ui]); // eslint-disable-line react-hooks/exhaustive-deps -- `written` is keyed by its contents (writtenKey)
  const problems = useMemo(() => [...(doc.base?.repair ?? []), ...doc.problems], [doc.base, doc.problems]);
  const serverJson = useMemo(() => (problems.length ? JSON.stringify(draft) : ''), [problems]); // eslint-disable-line react-hooks/exhaustive-deps -- the draft as the server judged it, kept until its next answer
  const server = problems.length && (serverJson === JSON.stringify(draft) || doc.base?.repair) ? problemsToErrors(ownProblems(problems, key), ui) : undefined;
  const describe = useCallback((pointer: string) => tr('where.articleField', { field: labelAt(schema, pointerToPath(pointer)) }, ui), [schema, ui]);
  const clientErrors: FieldProblem[] = listErrors(found).map((e) => ({ ...e, label: describe(e.pointer) }));
  const reveal = useCallback((pointer: string) => focusField(PREFIX, pointerToPath(pointer)), []);
  useEffect(() => {
    if (doc.base?.rev) void useCatalog.getState().loadArticles();
  }, [doc.base?.rev]);
  const saved = useRef(false);
  saved.current = !!doc.base && !doc.base.isNew;

  if (doc.loading && draft === undefined) return <p className="ed-loading">{t('common.loading')}</p>;
  if (doc.trashed) return <InTrash docKey={key} trashed={doc.trashed} onBack={() => void doc.reload()} />;
  if (doc.loadError)
    return (
      <p className="ed-alert ed-alert--error" role="alert">
        {t('article.cannotOpen', { error: doc.loadError })}
      </p>
    );
  if (!draft) return null;
  const title = localize(draft.title, shown) || localize(draft.title, me.defaultLang) || id;
  return (
    <div className="ed-article-editor">
      <div className="ed-screen-head ed-screen-head--row">
        <div>
          <p className="ed-crumbs">
            <Link href="/articles">{t('nav.articles')}</Link> › {title}
          </p>
          <h1>{title}</h1>
          {summary?.publicPath && (
            <p className="ed-muted">
              <a href={`${me.origin}${summary.publicPath}`} target="_blank" rel="noreferrer">
                {t('page.viewPublic', { path: summary.publicPath })}
              </a>
            </p>
          )}
        </div>
        {saved.current && (
          <button type="button" className="ed-button ed-button--danger-text" onClick={() => setDeleting(true)}>
            {t('article.delete')}
          </button>
        )}
      </div>
      <DocumentBar
        doc={doc}
        clientErrors={clientErrors}
        onRefused={() => clientErrors[0] && reveal(clientErrors[0].pointer)}
        onShowProblem={reveal}
        describe={describe}
        title={title}
        written={written}
        canUnpublish
      />
      <div className="ed-split">
        <div className="ed-split__main">
          <section className="ed-card" aria-labelledby="ed-article-heading">
            <h2 id="ed-article-heading" className="ed-visually-hidden">
              {title}
            </h2>
            <SchemaForm
              schema={schema}
              uiSchema={uiSchema}
              data={draft}
              idPrefix={PREFIX}
              context={context}
              errors={mergeErrors(found, server)}
              kind="article"
              admin={admin}
              onChange={(d) => doc.setDraft({ ...(d as ArticleDoc), id })}
            />
          </section>
        </div>
        <aside className="ed-split__side">
          <Preview docKey={key} data={draft} langs={me.langs} defaultLang={me.defaultLang} describe={describe} />
        </aside>
      </div>
      {deleting && doc.base && (
        <DeleteDialog
          docKey={key as `article:${string}`}
          baseRev={doc.base.rev}
          name={title}
          onClose={() => setDeleting(false)}
          onDeleted={async () => {
            setDeleting(false);
            await useCatalog.getState().loadArticles();
            navigate('/articles');
          }}
        />
      )}
    </div>
  );
}
