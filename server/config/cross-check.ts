/**
 * What the schemas of the site configuration cannot check: references between files (pages,
 * articles, team members, categories, footer and header links), unique ids and public paths,
 * the languages in use and their dictionaries, the visitor tools' figures.
 */
import type { Content, PageRecord } from '../../renderer/content.ts';
import type { ModuleRegistry } from '../../renderer/module-api.ts';
import { LANGUAGES, type Lang } from '../../shared/constants.ts';
import { RouteTable } from '../../shared/routes.ts';
import { localize } from '../../shared/localize.ts';
import { hasRichText, ownText } from '../../shared/availability.ts';
import { redirectProblems } from './redirect-check.ts';
import { renovationConfigProblems } from '../../shared/renovation.ts';
import { buyingCostsConfigProblems } from '../../shared/buying-costs.ts';
import { valuationConfigProblems } from '../../shared/valuation.ts';
import { isFormKind } from '../../shared/forms.ts';
import { fieldSettingsProblems, type FieldSetting } from '../../shared/form-conditions.ts';
import type { Problem, SchemaRegistry } from './schemas.ts';

/** Checks what a schema cannot: references between files, unique ids and paths, languages. */
export function crossCheck(content: Content, registry: ModuleRegistry, schemas: SchemaRegistry, problems: Problem[], warnings: Problem[]): void {
  const enabled = content.languages.filter((l) => l.use);
  if (!enabled.length) problems.push({ file: 'languages.json', pointer: '/', message: 'at least one language must be in use' });
  const defaults = enabled.filter((l) => l.default);
  if (defaults.length !== 1)
    problems.push({ file: 'languages.json', pointer: '/', message: `exactly one language in use must be the default (found ${defaults.length})` });
  const langs = enabled.map((l) => l.code as Lang);

  const dictBase = content.dictionaries.en ?? {};
  if (!content.dictionaries.en) problems.push({ file: 'dictionaries/en.json', pointer: '/', message: 'file is missing' });
  for (const lang of LANGUAGES) {
    const d = content.dictionaries[lang];
    const missing = Object.keys(dictBase).filter((k) => !d || !(k in d));
    if (!missing.length || lang === 'en') continue;
    const list = { file: `dictionaries/${lang}.json`, pointer: '/', message: `missing keys: ${missing.join(', ')}` };
    (langs.includes(lang) ? problems : warnings).push(list);
  }

  const pageIds = new Map<number, number>();
  const moduleIds = new Map<number, string>();
  const articleIds = new Set(content.articles.map((a) => a.id));
  const categories = new Set<string>(content.articles.map((a) => a.category));
  const categoryPages = new Map<string, number>();
  content.pages.forEach((p, i) => {
    if (pageIds.has(p.id)) problems.push({ file: 'pages.json', pointer: `/${i}/id`, message: `duplicate page id ${p.id}` });
    pageIds.set(p.id, i);
  });
  content.pages.forEach((p, i) => {
    const at = `/${i}`;
    if (p.parentId !== null && !pageIds.has(p.parentId))
      problems.push({ file: 'pages.json', pointer: `${at}/parentId`, message: `page ${p.parentId} does not exist` });
    for (let q: PageRecord | undefined = p, n = 0; q && q.parentId !== null; q = content.pages[pageIds.get(q.parentId)!], n++) {
      if (n > content.pages.length) {
        problems.push({ file: 'pages.json', pointer: `${at}/parentId`, message: 'pages form a cycle', code: 'page.cycle' });
        break;
      }
    }
    // The default language is required; another language is optional, but a page written in it (its own title) needs its address there too (issue 38).
    const defaultLang = (defaults[0]?.code ?? langs[0]) as Lang;
    for (const lang of langs) {
      const written = !!ownText(p.title, lang);
      if (!written && lang !== defaultLang) continue;
      const seg = ownText(p.localizedPath, lang) || (lang === 'de' ? localize(p.localizedPath, lang) : '');
      if (p.path === '/' ? seg !== '' : !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(seg)) {
        problems.push({
          file: 'pages.json',
          pointer: `${at}/localizedPath/${lang}`,
          message: p.path === '/' ? 'must be empty for the home page' : 'must be a lowercase path segment (letters, digits, hyphens)',
          code: p.path === '/' ? 'path.homeEmpty' : 'path.segment',
          params: { lang },
        });
      }
      if (!written)
        problems.push({
          file: 'pages.json',
          pointer: `${at}/title/${lang}`,
          message: 'is required in the default language',
          code: 'text.required',
          params: { lang },
        });
    }
    if (p.type === 'article') {
      if (!p.category)
        problems.push({ file: 'pages.json', pointer: `${at}/category`, message: 'is required for a page of type article', code: 'category.required' });
      else if (categoryPages.has(p.category))
        problems.push({
          file: 'pages.json',
          pointer: `${at}/category`,
          message: `category "${p.category}" is already listed by page ${categoryPages.get(p.category)}`,
          code: 'category.taken',
          params: { category: p.category, page: categoryPages.get(p.category) },
        });
      else categoryPages.set(p.category, p.id);
    }
    if (p.listing && !pageIds.has(p.listing.detailPageId))
      problems.push({
        file: 'pages.json',
        pointer: `${at}/listing/detailPageId`,
        message: `page ${p.listing.detailPageId} does not exist`,
        code: 'ref.page',
        params: { id: p.listing.detailPageId },
      });
    if (p.listing?.kind === 'property' && !p.listing.goal)
      problems.push({ file: 'pages.json', pointer: `${at}/listing/goal`, message: 'is required for a list of properties', code: 'listing.goal' });
    if (p.redirect && !p.redirectUrl)
      problems.push({ file: 'pages.json', pointer: `${at}/redirectUrl`, message: 'is required when redirect is on', code: 'redirect.url' });
    for (const [lang, meta] of Object.entries(p.metadata ?? {})) {
      if (meta.schemaData) {
        try {
          JSON.parse(meta.schemaData);
        } catch {
          problems.push({ file: 'pages.json', pointer: `${at}/metadata/${lang}/schemaData`, message: 'must be valid JSON (JSON-LD)', code: 'json.invalid' });
        }
      }
    }
    (p.modules ?? []).forEach((m, j) => {
      const mp = `${at}/modules/${j}`;
      if (moduleIds.has(m.id))
        problems.push({
          file: 'pages.json',
          pointer: `${mp}/id`,
          message: `duplicate module id ${m.id} (also at ${moduleIds.get(m.id)})`,
          code: 'module.duplicateId',
          params: { id: m.id },
        });
      moduleIds.set(m.id, mp);
      const def = registry.get(m.view);
      if (!def) {
        warnings.push({ file: 'pages.json', pointer: `${mp}/view`, message: `view not found ("${m.view}"); the module is skipped` });
        return;
      }
      problems.push(...schemas.validate(def.view, m, 'pages.json', mp));
      // A contact module's field settings name fields of its kind, above the field they decide.
      const form = m as { form?: unknown; fields?: unknown };
      if (m.view === 'contact' && isFormKind(form.form) && Array.isArray(form.fields))
        for (const f of fieldSettingsProblems(form.form, form.fields as FieldSetting[]))
          problems.push({ file: 'pages.json', pointer: `${mp}${f.pointer}`, message: f.message, code: f.code ?? 'form.fields', params: f.params });
      (m.relations ?? []).forEach((r, k) => {
        if (r.type === 'article' && !articleIds.has(String(r.id)))
          problems.push({
            file: 'pages.json',
            pointer: `${mp}/relations/${k}/id`,
            message: `article "${r.id}" does not exist`,
            code: 'ref.article',
            params: { id: r.id },
          });
        if (r.type === 'category' && !categories.has(String(r.id)))
          problems.push({
            file: 'pages.json',
            pointer: `${mp}/relations/${k}/id`,
            message: `no article has category "${r.id}"`,
            code: 'ref.category',
            params: { id: r.id },
          });
      });
    });
  });

  const teamIds = new Set(content.articles.filter((a) => a.category === 'team').map((a) => a.id));
  content.articles.forEach((a) => {
    if (a.author && !teamIds.has(a.author))
      problems.push({
        file: 'articles',
        pointer: `/${a.id}/author`,
        message: `team member "${a.author}" does not exist`,
        code: 'ref.team',
        params: { id: a.author },
      });
    // The default language is required; in another language an article is written whole (title and text) or not at all (issue 38).
    const defaultLang = (defaults[0]?.code ?? langs[0]) as Lang;
    for (const lang of langs) {
      const has = { title: !!ownText(a.title, lang), body: hasRichText(ownText(a.body, lang)) };
      if (lang !== defaultLang && !has.title && !has.body) continue;
      for (const field of ['title', 'body'] as const) {
        if (!has[field])
          problems.push({
            file: 'articles',
            pointer: `/${a.id}/${field}/${lang}`,
            message: lang === defaultLang ? 'is required in the default language' : `is required: the article is written in ${lang}`,
            code: 'text.required',
            params: { lang },
          });
      }
    }
  });

  content.footer.columns.forEach((c, i) =>
    (c.links ?? []).forEach((id, k) => {
      if (!pageIds.has(id))
        problems.push({ file: 'footer.json', pointer: `/columns/${i}/links/${k}`, message: `page ${id} does not exist`, code: 'ref.page', params: { id } });
    }),
  );
  (content.footer.legalLinks ?? []).forEach((id, k) => {
    if (!pageIds.has(id))
      problems.push({ file: 'footer.json', pointer: `/legalLinks/${k}`, message: `page ${id} does not exist`, code: 'ref.page', params: { id } });
  });
  for (const side of ['left', 'right'] as const) {
    (content.header.topBar[side] ?? []).forEach((l, k) => {
      const m = /^page:(\d+)$/.exec(l.link);
      if (m && !pageIds.has(Number(m[1])))
        problems.push({
          file: 'header.json',
          pointer: `/topBar/${side}/${k}/link`,
          message: `page ${m[1]} does not exist`,
          code: 'ref.page',
          params: { id: Number(m[1]) },
        });
    });
  }

  // The visitor tools' figures: what their schemas cannot say (low ≤ high, references between keys).
  for (const p of renovationConfigProblems(content.renovation)) problems.push({ file: 'renovation.json', ...p });
  for (const p of buyingCostsConfigProblems(content.buyingCosts)) problems.push({ file: 'buying-costs.json', ...p });
  for (const p of valuationConfigProblems(content.valuation)) problems.push({ file: 'valuation.json', ...p });

  if (problems.length) return;
  // Two pages (or articles) must never share a public path.
  const routes = new RouteTable(content);
  const owners = new Map<string, { what: string; name: string }>();
  // The problem names the other page or article by id (logs) and by its title (the editor says it in its language).
  const taken = (file: string, pointer: string, path: string, lang: Lang) => {
    const o = owners.get(path)!;
    problems.push({ file, pointer, message: `path ${path} is already used by ${o.what}`, code: 'path.taken', params: { path, lang, owner: o.name } });
  };
  for (const lang of langs) {
    content.pages.forEach((p, i) => {
      if (routes.templates.has(p.id) || !routes.available(p, lang)) return;
      const path = routes.pagePath(p, lang);
      if (owners.has(path)) taken('pages.json', `/${i}/localizedPath/${lang}`, path, lang);
      else owners.set(path, { what: `page ${p.id}`, name: localize(p.title, lang) || `#${p.id}` });
    });
    for (const a of content.articles) {
      const path = routes.articlePath(a, lang);
      if (!path || a.status !== 'Published' || !routes.articleAvailable(a, lang)) continue;
      if (owners.has(path)) taken('articles', `/${a.id}/slug/${lang}`, path, lang);
      else owners.set(path, { what: `article ${a.id}`, name: localize(a.title, lang) || a.id });
    }
  }
  redirectProblems(content, routes, problems);
}
