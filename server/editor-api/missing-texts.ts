/**
 * Texts missing in a language in use (GET /api/admin/missing): every localized text of every
 * document, and every dictionary key the English dictionary has.
 */
import type Router from '@koa/router';
import type { AdminRoute } from '../auth/staff-routes.ts';
import { SINGLE_DOCS, type DocKey } from '../content/content-store.ts';
import type { PageRecord } from '../../renderer/content.ts';
import { LANGUAGES, type Lang } from '../../shared/constants.ts';
import { localize } from '../../shared/localize.ts';
import type { AdminDeps } from './docs.ts';

/** Where a text of a language in use is missing: every localized text (an object keyed by language) of every document. */
export function missingTexts(
  docs: Array<{ key: DocKey; data: unknown; label: string }>,
  langs: Lang[],
  dictionaries: Partial<Record<Lang, Record<string, string>>>,
) {
  const out: Array<{ lang: Lang; key: DocKey; pointer: string; label: string; view?: string }> = [];
  const isText = (v: unknown): v is Record<string, unknown> =>
    !!v &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    Object.keys(v).length > 0 &&
    Object.keys(v).every((k) => (LANGUAGES as readonly string[]).includes(k.toLowerCase())) &&
    Object.values(v).every((x) => typeof x === 'string');
  const walk = (v: unknown, pointer: string, doc: { key: DocKey; label: string; data: unknown }) => {
    if (isText(v)) {
      if (!Object.values(v).some((x) => (x as string).trim())) return; // an unused text: nothing is missing
      // A module's text: its type, so that the editor names the field as the module's form does.
      const at = /^\/modules\/(\d+)\//.exec(pointer);
      const view = at && doc.key.startsWith('page:') ? (doc.data as PageRecord).modules?.[Number(at[1])]?.view : undefined;
      for (const lang of langs)
        if (!String(v[lang] ?? v[lang.toUpperCase()] ?? '').trim())
          out.push({ lang, key: doc.key, pointer, label: `${doc.label} ${pointer}`, ...(view ? { view } : {}) });
      return;
    }
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${pointer}/${i}`, doc));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, doc);
  };
  for (const d of docs) walk(d.data, '', d);
  const en = dictionaries.en ?? {};
  for (const lang of langs) {
    const dict = dictionaries[lang] ?? {};
    for (const k of Object.keys(en))
      if (!String(dict[k] ?? '').trim()) out.push({ lang, key: `dictionary:${lang}`, pointer: `/${k}`, label: `Dictionary ${lang}: ${k}` });
  }
  return out;
}

export function missingTextsRoute(router: Router, deps: Pick<AdminDeps, 'sites' | 'store'>, route: AdminRoute) {
  router.get(
    '/api/admin/missing',
    route('editor', async (ctx) => {
      const site = await deps.sites.current();
      // Newest version of every document (drafts, and versions marked for repair, included): what the editor shows.
      const docs = deps.store.workingDocs();
      const pages = (docs.single.pages as PageRecord[]) ?? [];
      const list = [
        ...pages.map((p) => ({ key: `page:${p.id}` as DocKey, data: p, label: `Page “${localize(p.title, site.routes.defaultLang) || p.path}”` })),
        ...docs.articles
          .flatMap((f) => (Array.isArray(f.data) ? (f.data as Array<{ id: string; title?: Record<string, string> }>) : []))
          .map((a) => ({ key: `article:${a.id}` as DocKey, data: a, label: `Article “${localize(a.title, site.routes.defaultLang) || a.id}”` })),
        ...SINGLE_DOCS.filter((k) => k !== 'languages').map((k) => ({ key: k as DocKey, data: docs.single[k], label: k })),
      ];
      ctx.body = { missing: missingTexts(list, site.routes.enabled, docs.dictionaries as Partial<Record<Lang, Record<string, string>>>) };
    }),
  );
}
