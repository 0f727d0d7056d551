/**
 * The registry's schemas as the editor's forms need them: self-contained (every $ref inlined, so
 * RJSF needs no resolver), a module's own params merged with the common module record, and
 * localized texts, rich texts, media, page references, module relations and links marked
 * (`x-localized`, `x-richtext`, `x-media`, `x-page-ref`, `x-relation`, `x-link`) so that the editor
 * picks its side-by-side, rich-text, library and by-title pickers by what a field is, never by its name.
 */
import type { Ajv2020 } from 'ajv/dist/2020.js';
import type { ModuleRegistry } from '../../renderer/module-api.ts';
import { coreSchemas } from '../config/schemas.ts';

type Schema = Record<string, unknown>;
const MAX_DEPTH = 12;

/** Inlines every $ref of `schema` (resolved against `base`, the URI of the document it is in). */
function inline(node: unknown, base: string, ajv: Ajv2020, depth: number): unknown {
  if (Array.isArray(node)) return node.map((n) => inline(n, base, ajv, depth));
  if (!node || typeof node !== 'object') return node;
  const s = node as Schema;
  if (typeof s.$ref === 'string') {
    const uri = new URL(s.$ref, base).href;
    const target = ajv.getSchema(uri)?.schema as Schema | undefined;
    if (!target || depth > MAX_DEPTH) return {};
    const { $ref: _ref, ...siblings } = s;
    const resolved = inline(target, uri.split('#')[0], ajv, depth + 1) as Schema;
    const title = resolved.title;
    const out: Schema = { ...resolved, ...siblings };
    if (title === 'LocalizedText') out['x-localized'] = true;
    if (title === 'Media') out['x-media'] = true;
    // Issue 14: rich text, a page picked by title, what a module shows (article or category), a link.
    if (title === 'LocalizedHtml') out['x-richtext'] = true;
    if (title === 'PageRef') out['x-page-ref'] = true;
    if (title === 'ModuleRelation') out['x-relation'] = true;
    if (title === 'Link') out['x-link'] = true;
    // The target's name ("LocalizedText") is a type, not a label: the field's key labels it instead.
    if (
      typeof title === 'string' &&
      ['LocalizedText', 'LocalizedHtml', 'Media', 'PublicText', 'PublicHtml', 'Link', 'PageRef', 'ModuleRelation'].includes(title)
    ) {
      if (!('title' in siblings)) delete out.title;
      if (!('description' in siblings)) delete out.description;
    }
    return strip(out);
  }
  const out: Schema = {};
  for (const [k, v] of Object.entries(s))
    out[k] = k === '$defs' || k === 'const' || k === 'enum' || k === 'default' || k === 'examples' ? v : inline(v, base, ajv, depth);
  return out;
}

const strip = (s: Schema): Schema => {
  const { $id: _id, $schema: _schema, $defs: _defs, ...rest } = s;
  return rest;
};

/** A core schema (page, site, header …) ready for a form. */
export function editorSchema(schema: Schema, ajv: Ajv2020): Schema {
  return strip(inline(schema, String(schema.$id), ajv, 0) as Schema);
}

/** A module type's schema: the common module record and the view's own params as one object schema. */
export function moduleEditorSchema(schema: Schema, ajv: Ajv2020): Schema {
  const own = editorSchema(schema, ajv);
  const parts = [...((own.allOf as Schema[] | undefined) ?? []), own];
  const properties: Record<string, unknown> = {};
  const required = new Set<string>();
  for (const p of parts) {
    Object.assign(properties, p.properties ?? {});
    for (const r of (p.required as string[] | undefined) ?? []) required.add(r);
  }
  const { allOf: _allOf, unevaluatedProperties: _u, properties: _p, required: _r, ...rest } = own;
  return { ...rest, type: 'object', properties, required: [...required], additionalProperties: false };
}

export const EDITOR_DOCS = {
  page: 'page',
  article: 'article',
  site: 'site',
  header: 'header',
  footer: 'footer',
  banner: 'banner',
  popup: 'popup',
  cookieConsent: 'cookieConsent',
  languages: 'languages',
  dictionary: 'dictionary',
  renovation: 'renovation',
  valuation: 'valuation',
  buyingCosts: 'buyingCosts',
} as const;

/** Everything the editor's forms are generated from. */
export function editorRegistry(registry: ModuleRegistry, ajv: Ajv2020) {
  const schemas = Object.fromEntries(Object.entries(EDITOR_DOCS).map(([k, core]) => [k, editorSchema((coreSchemas as Record<string, Schema>)[core], ajv)]));
  // A page's modules are edited one by one with their own type's form.
  const page = schemas.page as Schema;
  const props = { ...(page.properties as Record<string, Schema>) };
  props.modules = { type: 'array', items: { type: 'object' } };
  schemas.page = { ...page, properties: props };
  const modules = registry.all().map((d) => ({
    view: d.view,
    version: d.version,
    title: d.meta.title,
    description: d.meta.description,
    icon: d.meta.icon,
    category: d.meta.category,
    schema: moduleEditorSchema(d.schema, ajv),
    uiSchema: d.uiSchema ?? {},
    defaults: { ...d.defaults, view: d.view, version: d.version },
  }));
  return { schemas, modules };
}
