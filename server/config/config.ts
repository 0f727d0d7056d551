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
import { SchemaRegistry, type Problem } from './schemas.ts';
import { sanitize } from '../common/sanitize.ts';
import { richTextSchemas, sanitizePageModules } from '../content/rich-text.ts';
import { crossCheck } from './cross-check.ts';

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
  // The buying-cost calculator's rates, scales and costs (issue 39).
  'buying-costs.json': 'buyingCosts',
  // Old addresses that lead to a page (issue 38): kept when a page is deleted or moved.
  'redirects.json': 'redirects',
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
    buyingCosts: raw.buyingCosts as Content['buyingCosts'],
    redirects: raw.redirects as Content['redirects'],
    articles,
    dictionaries,
    version,
  };
  crossCheck(content, registry, schemas, problems, warnings);
  if (problems.length) return { problems, warnings };
  return { content: sanitizeContent(content, richTextSchemas(registry, schemas.ajv)), problems, warnings };
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
