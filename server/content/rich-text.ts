/**
 * Rich text (HTML) wherever a schema says so: every `LocalizedHtml` (marked `x-richtext` in the
 * editor's self-contained schemas) of an article, a module (the Text module's body) or a setting
 * (the footer's texts) passes the sanitiser when it is saved and again when the content is loaded,
 * so that what the editor wrote renders on the site as it was written, and nothing else does.
 */
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { ModuleRegistry } from '../../renderer/module-api.ts';
import { editorSchema, moduleEditorSchema } from '../editor-api/editor-schemas.ts';
import { coreSchemas } from '../config/schemas.ts';
import { sanitize } from '../common/sanitize.ts';

type Schema = Record<string, unknown>;

/** A copy of `data` with every rich text the schema marks sanitised (other values untouched). */
export function sanitizeRichText<T>(data: T, schema: Schema | undefined): T {
  if (!schema || data === null || data === undefined || typeof data !== 'object') return data;
  const walk = (s: Schema | undefined, v: unknown): unknown => {
    if (!s || v === null || v === undefined || typeof v !== 'object') return v;
    if (s['x-richtext']) {
      if (Array.isArray(v)) return v;
      return Object.fromEntries(Object.entries(v as Record<string, unknown>).map(([k, x]) => [k, typeof x === 'string' ? sanitize(x) : x]));
    }
    if (Array.isArray(v)) {
      const items = s.items as Schema | undefined;
      return items && typeof items === 'object' ? v.map((x) => walk(items, x)) : v;
    }
    const props = (s.properties ?? {}) as Record<string, Schema>;
    const extra = s.additionalProperties && typeof s.additionalProperties === 'object' ? (s.additionalProperties as Schema) : undefined;
    let changed = false;
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) {
      const ps = props[k] ?? extra;
      const y = ps ? walk(ps, x) : x;
      if (y !== x) changed = true;
      out[k] = y;
    }
    return changed ? out : v;
  };
  return walk(schema, data) as T;
}

export interface RichTextSchemas {
  article: Schema;
  footer: Schema;
  page: Schema;
  module: (view: string) => Schema | undefined;
}

const cache = new WeakMap<Ajv2020, WeakMap<ModuleRegistry, RichTextSchemas>>();

/** The schemas that say where rich text is, made once per AJV instance and module registry. */
export function richTextSchemas(registry: ModuleRegistry, ajv: Ajv2020): RichTextSchemas {
  let byRegistry = cache.get(ajv);
  if (!byRegistry) cache.set(ajv, (byRegistry = new WeakMap()));
  let s = byRegistry.get(registry);
  if (!s) {
    const modules = new Map(registry.all().map((d) => [d.view, moduleEditorSchema(d.schema, ajv)]));
    s = {
      article: editorSchema(coreSchemas.article as Schema, ajv),
      footer: editorSchema(coreSchemas.footer as Schema, ajv),
      page: editorSchema(coreSchemas.page as Schema, ajv),
      module: (view) => modules.get(view),
    };
    byRegistry.set(registry, s);
  }
  return s;
}

/** A page's modules with their rich texts sanitised, each by its own type's schema. */
export function sanitizePageModules<P extends { modules?: Array<{ view: string }> }>(page: P, schemas: RichTextSchemas): P {
  if (!page || !Array.isArray(page.modules)) return page;
  return { ...page, modules: page.modules.map((m) => (m && typeof m === 'object' ? sanitizeRichText(m, schemas.module(m.view)) : m)) };
}
