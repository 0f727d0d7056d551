/**
 * The live preview (issue 14; issue 38, point 2): the page as it would look with the unsaved draft,
 * rendered by the site's own renderer over the candidate content, without the client script (the
 * preview is a picture of the page; consent counts as given). A draft is kept whatever its state,
 * so the preview shows what it can: a module with problems is left out, a page setting with
 * problems shows its live value, and a note over the page says so in the editor's language.
 */
import type Router from '@koa/router';
import type { Content, PageRecord } from '../../renderer/content.ts';
import type { Lang } from '../../shared/constants.ts';
import type { AdminRoute } from '../auth/staff-routes.ts';
import { HttpError, escapeHtml, readJson } from '../http/request.ts';
import { isDocKey, type DocKey } from '../content/doc-key.ts';
import type { ContentStore } from '../content/content-store.ts';
import { sanitizeDoc } from '../content/doc-checks.ts';
import { problemOut } from '../content/operations.ts';
import type { Problem } from '../config/schemas.ts';
import { toolPreviewPath } from '../tools/visitor-tools.ts';
import type { AdminDeps } from './docs.ts';
import { ADMIN_MAX_BODY_BYTES } from './docs.ts';

/** How many times the preview leaves something out and tries again before it says it cannot show the draft. */
const PREVIEW_ROUNDS = 4;

const NOTE = {
  left: {
    en: (n: number) => `${n === 1 ? 'One part' : `${n} parts`} of this draft cannot be shown yet: fix the problems marked in the form.`,
    fr: (n: number) =>
      `${n === 1 ? 'Une partie' : `${n} parties`} de ce brouillon ne peu${n === 1 ? 't' : 'vent'} pas encore être affichée${n === 1 ? '' : 's'} : corrigez les problèmes indiqués dans le formulaire.`,
    nl: (n: number) =>
      `${n === 1 ? 'Eén deel' : `${n} delen`} van dit concept ${n === 1 ? 'kan' : 'kunnen'} nog niet getoond worden: los de problemen op die in het formulier zijn aangeduid.`,
  },
  redirect: {
    en: (to: string) => `This page leads to ${to}.`,
    fr: (to: string) => `Cette page mène à ${to}.`,
    nl: (to: string) => `Deze pagina leidt naar ${to}.`,
  },
};
type Ui = keyof typeof NOTE.left;

/** The content with the draft laid over it, leaving out what cannot be shown (modules with problems; settings with problems at their live value). */
export function showable(store: ContentStore, key: DocKey, data: unknown): { content?: Content; left: number; problems: Problem[] } {
  let draft = structuredClone(data) as Record<string, unknown>;
  let left = 0;
  const live = store.liveDocs();
  const liveDoc = (
    key.startsWith('page:')
      ? (live.single.pages as PageRecord[]).find((p) => `page:${p.id}` === key)
      : key.startsWith('article:')
        ? undefined
        : (live.single as Record<string, unknown>)[key]
  ) as Record<string, unknown> | undefined;
  let last: Problem[] = [];
  for (let round = 0; round < PREVIEW_ROUNDS; round++) {
    const c = store.candidate(key, draft);
    if (c.content) return { content: c.content, left, problems: last };
    last = c.problems;
    const mine = c.problems.filter((p) => p.file === key);
    if (!mine.length || !draft || typeof draft !== 'object') return { left, problems: c.problems };
    const drop = new Set<number>();
    const fields = new Set<string>();
    for (const p of mine) {
      const [first, second] = p.pointer.split('/').slice(1);
      if (first === 'modules' && second !== undefined && /^\d+$/.test(second)) drop.add(Number(second));
      else if (first) fields.add(first);
    }
    if (!drop.size && !fields.size) return { left, problems: c.problems };
    draft = { ...draft };
    if (drop.size && Array.isArray(draft.modules)) draft.modules = draft.modules.filter((_, i) => !drop.has(i));
    for (const f of fields) {
      if (f === 'id') return { left, problems: c.problems };
      if (liveDoc && f in liveDoc) draft[f] = liveDoc[f];
      else delete draft[f];
    }
    left += drop.size + fields.size;
  }
  return { left, problems: last };
}

export function previewRoute(router: Router, deps: Pick<AdminDeps, 'store' | 'renderer' | 'assets' | 'schemas' | 'sites'>, route: AdminRoute) {
  router.post(
    '/api/admin/preview',
    route('editor', async (ctx) => {
      const body = await readJson(ctx, ADMIN_MAX_BODY_BYTES);
      const key = String(body.key ?? '');
      if (!isDocKey(key)) throw new HttpError(400, { error: 'key: must be a document key', field: 'key' });
      if (!body.data || typeof body.data !== 'object') throw new HttpError(400, { error: 'data: must be the whole document (a JSON object)', field: 'data' });
      const ui: Ui = body.ui === 'fr' || body.ui === 'nl' ? body.ui : 'en';
      const renderer = await deps.renderer();
      const candidate = showable(deps.store, key, sanitizeDoc(key, body.data, renderer.registry, deps.schemas.ajv));
      if (!candidate.content)
        throw new HttpError(422, {
          error: 'The draft cannot be shown while it has problems.',
          code: 'preview.cannot',
          problems: candidate.problems.map(problemOut),
        });
      // An article not yet published is shown as it will look once it is (its own page exists only then).
      const articleId = key.startsWith('article:') ? key.slice(8) : undefined;
      const content = articleId
        ? { ...candidate.content, articles: candidate.content.articles.map((a) => (a.id === articleId ? { ...a, status: 'Published' as const } : a)) }
        : candidate.content;
      const site = await deps.sites.over({ content });
      const lang = typeof body.lang === 'string' && site.routes.enabled.includes(body.lang as Lang) ? (body.lang as Lang) : site.routes.defaultLang;
      const pageId = typeof body.pageId === 'number' ? body.pageId : key.startsWith('page:') ? Number(key.slice(5)) : undefined;
      const page = content.pages.find((p) => p.id === pageId) ?? content.pages.find((p) => p.path === '/');
      let path = `/${lang}/`;
      if (page && !site.routes.templates.has(page.id)) path = site.routes.pagePath(page, lang);
      else if (page) {
        // A detail template (property, project) is shown with the first listing that uses it.
        const id = site.listings.propertyIds()[0];
        const p = id !== undefined ? site.listings.property(id, lang) : undefined;
        path = (p && site.propertyPath(p, lang)) ?? path;
      }
      // A visitor tool's figures are shown on its page, with an example calculation (issue 16).
      if (pageId === undefined) path = toolPreviewPath(site, key, lang) ?? path;
      // An article on its own public page (issue 14), once its category has a page that lists it.
      if (articleId) {
        const article = content.articles.find((a) => a.id === articleId);
        path = (article && site.routes.articlePath(article, lang)) ?? path;
      }
      const result = await site.page(path);
      ctx.type = 'text/html; charset=utf-8';
      const note = (text: string) =>
        `<p role="note" style="margin:0;padding:.75rem 1rem;background:#fff4d6;color:#5b4300;font:15px/1.4 system-ui,sans-serif;border-bottom:1px solid #e6c96b">${escapeHtml(text)}</p>`;
      if ('redirect' in result) {
        ctx.body = `<!DOCTYPE html><meta charset="utf-8">${note(NOTE.redirect[ui](result.redirect))}`;
        return;
      }
      const assets = await deps.assets();
      // A module that fails to render shows staff a box saying so (renderer/module-failure.tsx).
      const html = renderer.renderHtml(result.initial, { ...assets, js: '', preload: [], devScripts: [], devInline: [] }, undefined, { preview: true });
      // Links open in a new tab: the preview itself stays on the draft.
      const withBase = html.replace('<head>', '<head><base target="_blank">');
      const bodyAt = withBase.indexOf('>', withBase.indexOf('<body')) + 1;
      ctx.body = candidate.left && bodyAt > 0 ? `${withBase.slice(0, bodyAt)}${note(NOTE.left[ui](candidate.left))}${withBase.slice(bodyAt)}` : withBase;
    }),
  );
}
