/**
 * Reads the site configuration folder (site-config/ by default), upgrades old module records,
 * validates everything with the schema registry and cross-checks references. Returns the content
 * ready to render, or the list of problems — one per line, file + JSON pointer + message.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Content, PageRecord, Article } from '../../renderer/content.ts';
import { migrateModule, type ModuleRegistry } from '../../renderer/module-api.ts';
import { LANGUAGES, type Lang } from '../../shared/constants.ts';
import { RouteTable } from '../../shared/routes.ts';
import { localize } from '../../shared/localize.ts';
import { SchemaRegistry, type Problem } from './schemas.ts';
import { sanitize } from '../common/sanitize.ts';
import { richTextSchemas, sanitizePageModules } from '../content/rich-text.ts';
import { renovationConfigProblems } from '../../shared/renovation.ts';
import { valuationConfigProblems } from '../../shared/valuation.ts';

export interface ConfigResult {
  content?: Content;
  problems: Problem[];
  warnings: Problem[];
}

const SINGLE_FILES = {
  'languages.json': 'languages',
  'site.json': 'site',
  'header.json': 'header',
  'footer.json': 'footer',
  'banner.json': 'banner',
  'popup.json': 'popup',
  'cookie-consent.json': 'cookieConsent',
  'pages.json': 'pages',
  // Visitor tools (issue 16): the renovation calculator's and the online valuation's figures.
  'renovation.json': 'renovation',
  'valuation.json': 'valuation',
} as const;

/** A JSON.parse message with its position given as line and column. */
export function lineCol(text: string, message: string): string {
  const m = /position (\d+)/.exec(message);
  if (!m) return message;
  const before = text.slice(0, Number(m[1]));
  const line = before.split('\n').length;
  const col = before.length - before.lastIndexOf('\n');
  const cut = message.indexOf(' in JSON at position ');
  return `${cut >= 0 ? message.slice(0, cut) : message} at line ${line}, column ${col}`;
}

function readJson(dir: string, file: string, problems: Problem[], hash: ReturnType<typeof createHash>): unknown {
  const path = join(dir, file);
  if (!existsSync(path)) {
    problems.push({ file, pointer: '/', message: 'file is missing' });
    return undefined;
  }
  const text = readFileSync(path, 'utf8');
  hash.update(file).update('\0').update(text);
  try {
    return JSON.parse(text);
  } catch (e) {
    problems.push({ file, pointer: '/', message: `invalid JSON: ${lineCol(text, (e as Error).message)}` });
    return undefined;
  }
}

/** The configuration as documents: one per single file, the article files, the dictionaries. */
export interface ConfigDocs {
  single: Partial<Record<(typeof SINGLE_FILES)[keyof typeof SINGLE_FILES], unknown>>;
  articles: Array<{ file: string; data: unknown }>;
  dictionaries: Partial<Record<Lang, unknown>>;
}

/** Reads the folder's documents (JSON syntax problems are reported here, the rest by buildContent). */
export function readConfigDocs(dir: string): { docs: ConfigDocs; problems: Problem[]; version: string } {
  const problems: Problem[] = [];
  const hash = createHash('sha256');
  const docs: ConfigDocs = { single: {}, articles: [], dictionaries: {} };
  for (const [file, key] of Object.entries(SINGLE_FILES)) {
    const data = readJson(dir, file, problems, hash);
    if (data !== undefined) docs.single[key] = data;
  }
  const articleFiles = existsSync(join(dir, 'articles'))
    ? readdirSync(join(dir, 'articles'))
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];
  for (const f of articleFiles) {
    const data = readJson(dir, `articles/${f}`, problems, hash);
    if (data !== undefined) docs.articles.push({ file: `articles/${f}`, data });
  }
  for (const lang of LANGUAGES) {
    const file = `dictionaries/${lang}.json`;
    if (!existsSync(join(dir, file))) continue;
    const data = readJson(dir, file, problems, hash);
    if (data !== undefined) docs.dictionaries[lang] = data;
  }
  return { docs, problems, version: hash.digest('hex').slice(0, 12) };
}

export function loadSiteConfig(dir: string, registry: ModuleRegistry, schemas = new SchemaRegistry(registry)): ConfigResult {
  const read = readConfigDocs(dir);
  if (read.problems.length) return { problems: read.problems, warnings: [] };
  return buildContent(read.docs, registry, schemas, read.version);
}

/**
 * Validates documents (schemas, then references between them) and makes the content to render.
 * The documents are not changed: old module records are upgraded on a copy.
 */
export function buildContent(input: ConfigDocs, registry: ModuleRegistry, schemas: SchemaRegistry, version: string): ConfigResult {
  const docs = structuredClone(input);
  const problems: Problem[] = [];
  const warnings: Problem[] = [];
  const raw: Record<string, unknown> = {};

  for (const [file, key] of Object.entries(SINGLE_FILES)) {
    const data = docs.single[key];
    if (data === undefined) {
      problems.push({ file, pointer: '/', message: 'file is missing' });
      continue;
    }
    if (key === 'pages') {
      // Upgrade module records written with an older version of their view before validating them.
      if (Array.isArray(data)) {
        for (const p of data) {
          if (p && Array.isArray(p.modules)) {
            p.modules = p.modules.map((m: { view?: string; version?: number }) => {
              const def = m && typeof m.view === 'string' ? registry.get(m.view) : undefined;
              return def ? migrateModule(m, def) : m;
            });
          }
        }
      }
    }
    problems.push(...schemas.validate(key, data, file));
    raw[key] = data;
  }

  const articles: Article[] = [];
  const articleFileOf = new Map<string, string>();
  for (const { file, data } of docs.articles) {
    const p = schemas.validate('articles', data, file);
    problems.push(...p);
    if (!p.length) {
      (data as Article[]).forEach((a, i) => {
        if (articleFileOf.has(a.id))
          problems.push({ file, pointer: `/${i}/id`, message: `duplicate article id "${a.id}" (also in ${articleFileOf.get(a.id)})` });
        articleFileOf.set(a.id, file);
        articles.push(a);
      });
    }
  }

  const dictionaries: Partial<Record<Lang, Record<string, string>>> = {};
  for (const [lang, data] of Object.entries(docs.dictionaries) as Array<[Lang, unknown]>) {
    const file = `dictionaries/${lang}.json`;
    const p = schemas.validate('dictionary', data, file);
    problems.push(...p);
    if (!p.length) dictionaries[lang] = data as Record<string, string>;
  }

  if (problems.length) return { problems, warnings };

  const content: Content = {
    languages: raw.languages as Content['languages'],
    site: raw.site as Content['site'],
    header: raw.header as Content['header'],
    footer: raw.footer as Content['footer'],
    banner: raw.banner as Content['banner'],
    popup: raw.popup as Content['popup'],
    cookieConsent: raw.cookieConsent as Content['cookieConsent'],
    pages: raw.pages as PageRecord[],
    renovation: raw.renovation as Content['renovation'],
    valuation: raw.valuation as Content['valuation'],
    articles,
    dictionaries,
    version,
  };
  crossCheck(content, registry, schemas, problems, warnings);
  if (problems.length) return { problems, warnings };
  return { content: sanitizeContent(content, richTextSchemas(registry, schemas.ajv)), problems, warnings };
}

/** Checks what a schema cannot: references between files, unique ids and paths, languages. */
function crossCheck(content: Content, registry: ModuleRegistry, schemas: SchemaRegistry, problems: Problem[], warnings: Problem[]): void {
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
    for (const lang of langs) {
      const seg = localize(p.localizedPath, lang);
      if (p.path === '/' ? seg !== '' : !/^[a-z0-9]+(-[a-z0-9]+)*$/.test(seg)) {
        problems.push({
          file: 'pages.json',
          pointer: `${at}/localizedPath/${lang}`,
          message: p.path === '/' ? 'must be empty for the home page' : 'must be a lowercase path segment (letters, digits, hyphens)',
          code: p.path === '/' ? 'path.homeEmpty' : 'path.segment',
          params: { lang },
        });
      }
      // Its own title in each language in use (German may fall back to English, SPEC §1).
      const title = lang === 'de' ? localize(p.title, lang) : String(p.title?.[lang] ?? p.title?.[lang.toUpperCase()] ?? '').trim();
      if (!title)
        problems.push({
          file: 'pages.json',
          pointer: `${at}/title/${lang}`,
          message: 'is required for every language in use',
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
    for (const lang of langs) {
      for (const field of ['title', 'body'] as const) {
        if (!localize(a[field], lang))
          problems.push({
            file: 'articles',
            pointer: `/${a.id}/${field}/${lang}`,
            message: 'is required for every language in use',
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
      if (routes.templates.has(p.id)) return;
      const path = routes.pagePath(p, lang);
      if (owners.has(path)) taken('pages.json', `/${i}/localizedPath/${lang}`, path, lang);
      else owners.set(path, { what: `page ${p.id}`, name: localize(p.title, lang) || `#${p.id}` });
    });
    for (const a of content.articles) {
      const path = routes.articlePath(a, lang);
      if (!path || a.status !== 'Published') continue;
      if (owners.has(path)) taken('articles', `/${a.id}/slug/${lang}`, path, lang);
      else owners.set(path, { what: `article ${a.id}`, name: localize(a.title, lang) || a.id });
    }
  }
}

/** Every HTML field passes the sanitiser once, when the content is loaded (a module's rich texts by its type's schema). */
function sanitizeContent(content: Content, rich: ReturnType<typeof richTextSchemas>): Content {
  const html = (v: Record<string, string> | undefined) => (v ? Object.fromEntries(Object.entries(v).map(([k, s]) => [k, sanitize(s)])) : v);
  return {
    ...content,
    articles: content.articles.map((a) => ({ ...a, body: html(a.body)! })),
    footer: {
      ...content.footer,
      columns: content.footer.columns.map((c) => (c.text ? { ...c, text: { ...c.text, value: html(c.text.value)! } } : c)),
    },
    pages: content.pages.map((p) =>
      sanitizePageModules(
        p.content ? { ...p, content: Object.fromEntries(Object.entries(p.content).map(([k, v]) => [k, { ...v, html: sanitize(v.html) }])) } : p,
        rich,
      ),
    ),
  };
}
