/**
 * What the editor's document API adds for issue 14, kept apart from the routes in admin.ts:
 * - the forms' schemas, made once per registry (self-contained, with the editor's markers);
 * - the checks of the texts of a document before it is saved (required texts in every language
 *   in use, ICU placeholders) and the sanitising of its rich texts;
 * - the articles as a list for the editor (`GET /api/admin/articles`), and the documents marked
 *   for repair (`GET /api/admin/repairs`).
 */
import type Router from '@koa/router';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { Article, PageRecord } from '../../renderer/content.ts';
import type { ModuleRegistry } from '../../renderer/module-api.ts';
import type { Lang } from '../../shared/constants.ts';
import { editorRegistry } from './editor-schemas.ts';
import type { Problem } from '../config/schemas.ts';
import type { ContentStore, DocKey } from '../content/content-store.ts';
import type { Site } from '../site/site.ts';
import { dictionaryProblems, localizedTextProblems } from '../content/text-checks.ts';
import { richTextSchemas, sanitizePageModules, sanitizeRichText } from '../content/rich-text.ts';
import type { AdminRoute } from './docs.ts';

type Schema = Record<string, unknown>;
export type EditorForms = ReturnType<typeof editorRegistry>;

const forms = new WeakMap<Ajv2020, WeakMap<ModuleRegistry, EditorForms>>();
/** The editor's forms (document schemas and module types), made once per AJV instance and registry. */
export function editorForms(registry: ModuleRegistry, ajv: Ajv2020): EditorForms {
  let byRegistry = forms.get(ajv);
  if (!byRegistry) forms.set(ajv, (byRegistry = new WeakMap()));
  let f = byRegistry.get(registry);
  if (!f) byRegistry.set(registry, (f = editorRegistry(registry, ajv)));
  return f;
}

/** The document's rich texts sanitised (an article's body, a module's texts, the footer's texts). */
export function sanitizeRichTexts(key: DocKey, data: unknown, registry: ModuleRegistry, ajv: Ajv2020): unknown {
  const rich = richTextSchemas(registry, ajv);
  if (key.startsWith('article:')) return sanitizeRichText(data, rich.article);
  if (key === 'footer') return sanitizeRichText(data, rich.footer);
  if (key.startsWith('page:') && data && typeof data === 'object') return sanitizePageModules(data as PageRecord, rich);
  return data;
}

const escape = (k: string) => k.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * The problems of a document's texts: each required localized text written in every language the
 * site uses, each text a readable ICU message with only the placeholders of its reference text.
 */
export function textProblems(
  key: DocKey,
  data: unknown,
  o: { forms: EditorForms; langs: Lang[]; defaultLang: Lang; store: ContentStore },
): Problem[] {
  if (!data || typeof data !== 'object') return [];
  const checks = { file: key, langs: o.langs, defaultLang: o.defaultLang };
  if (key.startsWith('dictionary:')) {
    const lang = key.slice(11) as Lang;
    // English is the reference of the others; the English texts keep the placeholders the site-config files gave them.
    const reference = (lang === 'en' ? o.store.fileVersion('dictionary:en') : o.store.doc('dictionary:en')?.data) as Record<string, unknown> | undefined;
    return dictionaryProblems(data as Record<string, unknown>, reference, { file: key, lang, required: o.langs.includes(lang) });
  }
  if (key.startsWith('page:')) {
    const { modules, ...page } = data as PageRecord;
    // Path segments have their own check (empty for the home page only).
    const out = localizedTextProblems(page, o.forms.schemas.page as Schema, { ...checks, exempt: (p) => p === '/localizedPath' });
    (Array.isArray(modules) ? modules : []).forEach((m, i) => {
      const type = o.forms.modules.find((t) => t.view === m?.view);
      if (!type) return;
      for (const p of localizedTextProblems(m, type.schema as Schema, checks)) out.push({ ...p, pointer: `/modules/${i}${p.pointer}` });
    });
    return out;
  }
  const schema = key.startsWith('article:') ? o.forms.schemas.article : (o.forms.schemas as Record<string, Schema>)[key];
  return schema ? localizedTextProblems(data, schema as Schema, { ...checks, exempt: (p) => key.startsWith('article:') && p === '/slug' }) : [];
}

export interface ArticleSummary {
  id: string;
  category: string;
  column?: string;
  date?: string;
  status: string;
  title: Record<string, string>;
  rev: number;
  draft: boolean;
  repair: boolean;
  /** The public path in the default language (published articles of a listed category). */
  publicPath?: string;
  author?: string;
}

export function documentRoutes(router: Router, deps: { store: ContentStore; site: () => Promise<Site> }, route: AdminRoute) {
  /** Every article in its newest version (drafts included), in the order of their files. */
  router.get('/api/admin/articles', route('editor', async (ctx) => {
    const site = await deps.site();
    const docs = deps.store.overlay(() => true, undefined, true);
    const articles: ArticleSummary[] = [];
    for (const f of docs.articles) {
      for (const a of (Array.isArray(f.data) ? f.data : []) as Article[]) {
        if (!a || typeof a !== 'object' || typeof a.id !== 'string') continue;
        const key = `article:${a.id}` as DocKey;
        const latest = deps.store.latest(key);
        const live = site.content.articles.find((x) => x.id === a.id);
        articles.push({
          id: a.id, category: a.category, column: a.column, date: a.date, status: a.status, title: a.title ?? {}, author: a.author,
          rev: latest?.rev ?? 0, draft: !!latest && !latest.published, repair: !!deps.store.repairOf(key),
          publicPath: live && live.status === 'Published' ? site.routes.articlePath(live, site.routes.defaultLang) : undefined,
        });
      }
    }
    ctx.body = { articles };
  }));

  /** The documents whose stored version no longer validates, and why (each shows its files' version meanwhile). */
  router.get('/api/admin/repairs', route('editor', async (ctx) => {
    ctx.body = {
      repairs: deps.store.repairList().map((r) => ({ key: r.key, rev: r.rev, problems: r.problems.map((p) => ({ pointer: p.pointer, message: p.message, code: p.code, params: p.params })) })),
    };
  }));
}

export { escape as escapePointer };
