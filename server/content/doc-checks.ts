/**
 * What a document must be before it is stored (issue 14, issue 38): its rich texts sanitised and a
 * page's modules in the order they render; its texts checked (required ones written, ICU messages
 * readable, placeholders of their reference text); the shape a draft needs to be kept at all; the
 * languages a page or article is written in. Used by the content operations (operations.ts).
 */
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { PageRecord } from '../../renderer/content.ts';
import { migrateModule, type ModuleRegistry } from '../../renderer/module-api.ts';
import type { Lang } from '../../shared/constants.ts';
import { articleWrittenIn, ownText, pageWrittenIn } from '../../shared/availability.ts';
import { editorRegistry } from '../editor-api/editor-schemas.ts';
import type { Problem, SchemaRegistry } from '../config/schemas.ts';
import { sanitize } from '../common/sanitize.ts';
import type { ContentStore } from './content-store.ts';
import type { DocKey } from './doc-key.ts';
import { dictionaryProblems, localizedTextProblems } from './text-checks.ts';
import { richTextSchemas, sanitizePageModules, sanitizeRichText } from './rich-text.ts';

/**
 * A page's modules in the order they render (by `sort`): the editor shows and edits that order,
 * and on save the order of the list is the order of the page (`sort` renumbered 1, 2, 3 …).
 */
export function modulesInOrder(page: PageRecord, registry: ModuleRegistry): PageRecord {
  if (!Array.isArray(page?.modules)) return page;
  const modules = page.modules
    .map((m, i) => ({ m, i }))
    .sort((a, b) => (a.m.sort ?? 0) - (b.m.sort ?? 0) || a.i - b.i)
    // A record written with an older version of its type opens upgraded (the type's migrations), as it renders.
    .map(({ m }) => {
      const def = registry.get(m.view);
      return def ? migrateModule(m, def) : m;
    });
  return { ...page, modules };
}

/** HTML fields are sanitised on save (and again on render); a page's module order is its list order. */
export function sanitizeDoc(key: DocKey, data: unknown, registry: ModuleRegistry, ajv: SchemaRegistry['ajv']): unknown {
  if (!data || typeof data !== 'object') return data;
  const d = structuredClone(data) as Record<string, unknown>;
  if (key.startsWith('page:') && Array.isArray(d.modules)) {
    d.modules.forEach((m: unknown, i: number) => {
      if (m && typeof m === 'object' && !Array.isArray(m)) (m as { sort?: number }).sort = i + 1;
    });
  }
  if (key.startsWith('page:') && d.content && typeof d.content === 'object') {
    for (const v of Object.values(d.content as Record<string, { html?: unknown }>)) if (v && typeof v.html === 'string') v.html = sanitize(v.html);
  }
  // Rich texts wherever the schemas have them (an article's body, a Text module, the footer's texts).
  return sanitizeRichTexts(key, d, registry, ajv);
}

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

/**
 * The problems of a document's texts: each required localized text written in every language the
 * site uses, each text a readable ICU message with only the placeholders of its reference text.
 */
export function textProblems(key: DocKey, data: unknown, o: { forms: EditorForms; langs: Lang[]; defaultLang: Lang; store: ContentStore }): Problem[] {
  if (!data || typeof data !== 'object') return [];
  // A page or an article needs the default language and each language it is written in (issue 38); a setting, every language in use.
  const checks = { file: key, langs: writtenLangs(key, data, o.langs, o.defaultLang), defaultLang: o.defaultLang };
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

/** The languages a page or an article must be complete in: the default one and each it is written in (its own title, or an article's text); every language in use for the other documents. */
export function writtenLangs(key: DocKey, data: unknown, langs: Lang[], defaultLang: Lang): Lang[] {
  if (!data || typeof data !== 'object') return langs;
  const d = data as Record<string, Record<string, string> | undefined>;
  if (key.startsWith('page:')) return langs.filter((l) => l === defaultLang || !!ownText(d.title, l));
  if (key.startsWith('article:')) return langs.filter((l) => l === defaultLang || !!ownText(d.title, l) || !!ownText(d.body, l));
  return langs;
}

/** Each language in use: written (shown to visitors in it) or not. */
export function writtenIn(key: DocKey, data: unknown, lang: Lang): boolean {
  if (!data || typeof data !== 'object') return false;
  if (key.startsWith('page:')) return pageWrittenIn(data as PageRecord, lang);
  if (key.startsWith('article:')) return articleWrittenIn(data as Parameters<typeof articleWrittenIn>[0], lang);
  return true;
}

/** At most this many modules on one page, and this deep a document (a draft is kept whatever its state, but not any size or shape). */
export const MAX_PAGE_MODULES = 200;
const MAX_DEPTH = 40;

/**
 * Why a draft cannot be kept at all (issue 38, point 2: anything else is kept and marked): a page
 * or an article must be an object naming itself, a page's modules a list of records each with a
 * whole-number id (unique on the page) and a module type.
 */
export function draftShapeProblems(key: DocKey, data: unknown): Problem[] {
  const bad = (pointer: string, message: string, code = 'draft.shape') => [{ file: key, pointer, message, code }];
  if (!data || typeof data !== 'object' || Array.isArray(data)) return bad('/', 'must be a JSON object');
  const depth = (v: unknown, n: number): number =>
    n > MAX_DEPTH || !v || typeof v !== 'object' ? n : Math.max(n, ...Object.values(v).map((x) => depth(x, n + 1)));
  if (depth(data, 0) > MAX_DEPTH) return bad('/', `is nested more than ${MAX_DEPTH} levels deep`);
  if (!key.startsWith('page:')) return [];
  const modules = (data as { modules?: unknown }).modules;
  if (modules === undefined) return [];
  if (!Array.isArray(modules)) return bad('/modules', 'must be a list of modules');
  if (modules.length > MAX_PAGE_MODULES) return bad('/modules', `must hold at most ${MAX_PAGE_MODULES} modules`, 'draft.tooManyModules');
  const ids = new Set<number>();
  for (const [i, m] of modules.entries()) {
    if (!m || typeof m !== 'object' || Array.isArray(m)) return bad(`/modules/${i}`, 'must be a module record');
    const { id, view } = m as { id?: unknown; view?: unknown };
    if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) return bad(`/modules/${i}/id`, 'must be a whole number from 1');
    if (ids.has(id)) return bad(`/modules/${i}/id`, `module ${id} is on the page twice`);
    ids.add(id);
    if (typeof view !== 'string' || !view) return bad(`/modules/${i}/view`, 'must name a module type');
  }
  return [];
}

const LIBRARY_IMAGE = /\/media\/library\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(?:jpg|png|webp)/g;

/** The media library's images a document uses, each with the first place (JSON pointer) it is used. */
export function libraryImages(data: unknown): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (v: unknown, pointer: string, depth: number) => {
    if (depth > MAX_DEPTH) return;
    if (typeof v === 'string') {
      if (!v.includes('/media/library/')) return;
      for (const m of v.matchAll(LIBRARY_IMAGE)) if (!out.has(m[1])) out.set(m[1], pointer || '/');
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${pointer}/${i}`, depth + 1));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${pointer}/${k.replace(/~/g, '~0').replace(/\//g, '~1')}`, depth + 1);
  };
  walk(data, '', 0);
  return out;
}
