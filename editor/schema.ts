/**
 * Schema helpers of the editor: the registry's bundled schemas made ready for RJSF (one AJV
 * instance holds them all, so `$id`s go; the type names the schemas carry as `title` give way to
 * labels made from the property names; `allOf` is merged), and the markers the server adds
 * (`x-localized` on LocalizedText nodes, `x-media` on Media nodes). Nothing here names a module
 * type or a field of one.
 */
import { LANGUAGES } from '../shared/constants.ts';
import { ADVANCED, MANAGED } from './i18n/fields.ts';
import { choiceLabel, fieldWord } from './i18n/field-words.ts';
import type { UiLang } from './i18n/index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a JSON Schema as the editor reads it, any keyword
export type Schema = Record<string, any>;
export type UiSchema = Record<string, unknown>;

/** "metadataTitle" → "Metadata title", "isActiveSEO" → "Is active SEO", "col" → "Col". */
export function humanize(key: string): string {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z])(?=[A-Z][a-z])/g, '$1 ')
    .trim()
    .split(/\s+/);
  return words.map((w, i) => (/^[A-Z0-9]{2,}$/.test(w) ? w : i === 0 ? w.charAt(0).toUpperCase() + w.slice(1) : w.toLowerCase())).join(' ');
}

const isObj = (v: unknown): v is Schema => !!v && typeof v === 'object' && !Array.isArray(v);

/** Merges `allOf` parts that are plain object schemas into their parent (properties, required). */
function mergeAllOf(s: Schema): Schema {
  if (!Array.isArray(s.allOf) || !s.allOf.every((p: unknown) => isObj(p) && !('$ref' in p))) return s;
  const { allOf, ...rest } = s;
  const out: Schema = { ...rest };
  for (const part of allOf as Schema[]) {
    for (const [k, v] of Object.entries(part)) {
      if (k === 'properties') {
        const props: Schema = { ...(out.properties ?? {}) };
        for (const [pk, ps] of Object.entries(v as Schema)) props[pk] = props[pk] && isObj(ps) ? { ...(ps as Schema), ...props[pk] } : (props[pk] ?? ps);
        out.properties = props;
      } else if (k === 'required') out.required = [...new Set([...(out.required ?? []), ...(v as string[])])];
      else if (!(k in out)) out[k] = v;
    }
  }
  if (out.unevaluatedProperties === false) {
    delete out.unevaluatedProperties;
    out.additionalProperties = false;
  }
  return out;
}

/**
 * A registry schema ready for RJSF: a deep copy without `$id`/`$schema`, with `allOf` merged, every
 * property labelled in the editor's language by where it is (`scopes`: the document's key, or a
 * module's `module.{view}` and `module`; i18n/field-words.ts) unless the module's uiSchema (already
 * in the editor's language) names it, with its one-line help, the name of a
 * list's members (`x-item-title`) and a number's unit (`x-unit`); the type names (`title`s) and the
 * developers' descriptions dropped.
 */
export function prepareSchema(schema: Schema, lang?: UiLang, scopes: readonly string[] = [], uiSchema?: unknown): Schema {
  const walk = (node: unknown, path: string[], label?: string, ui?: unknown): unknown => {
    if (Array.isArray(node)) return node.map((n) => walk(n, path));
    if (!isObj(node)) return node;
    let s: Schema = mergeAllOf(node);
    s = { ...s };
    delete s.$id;
    delete s.$schema;
    delete s.title;
    if (label) s.title = label;
    // The schemas' descriptions are written for developers; staff read the editor's own help, in their language.
    if (lang) {
      delete s.description;
      if (path.length && label !== undefined) {
        const help = fieldWord('fieldHelp', scopes, path, lang);
        if (help) s.description = help;
        const item = fieldWord('fieldItem', scopes, path, lang);
        if (item) s['x-item-title'] = item;
        const unit = fieldWord('fieldUnit', scopes, path, lang);
        if (unit) s['x-unit'] = unit;
      }
    }
    for (const [k, v] of Object.entries(s)) {
      if (k === 'properties' && isObj(v)) {
        // A text with its "shown" switch (PublicText): the text carries the name of the field it is.
        const publicText = 'value' in v && Object.keys(v).every((x) => x === 'value' || x === 'public');
        s.properties = Object.fromEntries(
          Object.entries(v).map(([pk, ps]) => {
            const at = [...path, pk];
            // A module type may name its own fields in its uiSchema (`ui:title`), already in the editor's language.
            const own = isObj(ui) && isObj(ui[pk]) && typeof ui[pk]['ui:title'] === 'string' ? (ui[pk]['ui:title'] as string) : undefined;
            const name =
              publicText && pk === 'value' && label ? label : (own ?? (lang ? (fieldWord('fieldLabel', scopes, at, lang) ?? humanize(pk)) : humanize(pk)));
            return [pk, walk(ps, at, name, isObj(ui) ? ui[pk] : undefined)];
          }),
        );
      } else if (k === '$defs' || k === 'definitions') s[k] = Object.fromEntries(Object.entries(v as Schema).map(([dk, ds]) => [dk, walk(ds, [])]));
      else if (k === 'items') s[k] = walk(v, path, undefined, isObj(ui) ? ui.items : undefined);
      else if (k === 'additionalProperties' || k === 'not' || k === 'if' || k === 'then' || k === 'else' || k === 'contains') s[k] = walk(v, path);
      else if ((k === 'anyOf' || k === 'oneOf' || k === 'prefixItems') && Array.isArray(v)) s[k] = v.map((x) => walk(x, path));
    }
    return s;
  };
  const out = walk(schema, [], undefined, uiSchema) as Schema;
  // The document's own description is about the data, not for the people filling the form in.
  delete out.description;
  const item = lang && fieldWord('fieldItem', scopes, [], lang);
  if (item) out['x-item-title'] = item;
  return out;
}

/** The schema without some of its top-level properties (the page settings form has no `modules`). */
export function withoutProperties(schema: Schema, keys: string[]): Schema {
  const properties = Object.fromEntries(Object.entries(schema.properties ?? {}).filter(([k]) => !keys.includes(k)));
  const required = (schema.required ?? []).filter((k: string) => !keys.includes(k));
  return { ...schema, properties, required };
}

/** Only some top-level properties, in that order. */
export function pickProperties(schema: Schema, keys: string[], required?: string[]): Schema {
  const props = schema.properties ?? {};
  return {
    type: 'object',
    properties: Object.fromEntries(keys.filter((k) => k in props).map((k) => [k, props[k]])),
    required: required ?? (schema.required ?? []).filter((k: string) => keys.includes(k)),
  };
}

export const isLocalizedSchema = (s: Schema | undefined): boolean => !!s && s['x-localized'] === true;
export const isRichTextSchema = (s: Schema | undefined): boolean => !!s && s['x-richtext'] === true;
export const isPageRefSchema = (s: Schema | undefined): boolean => !!s && s['x-page-ref'] === true;
export const isRelationSchema = (s: Schema | undefined): boolean => !!s && s['x-relation'] === true;
export const isLinkSchema = (s: Schema | undefined): boolean => !!s && s['x-link'] === true;
export const isMediaSchema = (s: Schema | undefined): boolean => !!s && s['x-media'] === true;

const LANG_KEYS = new Set<string>([...LANGUAGES, ...LANGUAGES.map((l) => l.toUpperCase())]);
/** An object keyed by language whose values are objects (SEO metadata per language, content per language). */
export function isLangMapSchema(s: Schema | undefined): boolean {
  if (!s || isLocalizedSchema(s) || isRichTextSchema(s) || s.properties) return false;
  const names = s.propertyNames?.enum;
  return (
    Array.isArray(names) &&
    names.length > 0 &&
    names.every((n: string) => LANG_KEYS.has(n)) &&
    isObj(s.additionalProperties) &&
    (s.additionalProperties.type === 'object' || !!s.additionalProperties.properties)
  );
}

/** The type of a schema node (first non-null type of a union). */
export function typeOf(s: Schema | undefined): string | undefined {
  if (!s) return undefined;
  if (Array.isArray(s.type)) return s.type.find((t: string) => t !== 'null');
  if (s.type) return s.type;
  if (s.properties || s.additionalProperties) return 'object';
  if (s.items) return 'array';
  return undefined;
}

export function isEmptyText(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'string' && v.trim() === '');
}

/** Removes `undefined` members (RJSF leaves them when a field is cleared), so that the JSON we compare and send is clean. */
export function clean<T>(value: T): T {
  return JSON.parse(JSON.stringify(value ?? null)) ?? undefined;
}

/** JSON pointer ↔ path segments. */
export function pointerToPath(pointer: string): string[] {
  if (!pointer || pointer === '/') return [];
  return pointer
    .replace(/^\//, '')
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'));
}
export function pathToPointer(path: Array<string | number>): string {
  return path.length ? '/' + path.map((s) => String(s).replace(/~/g, '~0').replace(/\//g, '~1')).join('/') : '/';
}

export interface UiContext {
  /** The editor's language: the names of list choices. */
  lang?: UiLang;
  /** What the form edits: its managed fields are never shown, its technical ones only to admins. */
  kind?: 'module' | 'page' | 'article';
  admin?: boolean;
}

/**
 * Editor hints a schema implies (under the ones given): a list of distinct choices is a set of
 * checkboxes rather than a multiple select; the choices of a list have names in the editor's
 * language; the members of a list are numbered ("Image 2", not "Images-2"); fields the editor sets
 * itself are hidden, technical ones go under "Advanced" for admins and are hidden from editors.
 */
export function impliedUi(schema: Schema | undefined, ctx: UiContext = {}, key?: string, depth = 0): UiSchema | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const type = typeOf(schema);
  const out: UiSchema = {};
  const names = (values: unknown[]) => (ctx.lang && key ? values.map((v) => choiceLabel(key, v, ctx.lang!)) : undefined);
  if (Array.isArray(schema.enum) && key && ctx.lang) out['ui:enumNames'] = names(schema.enum);
  // A page is picked by its title, a link from the pages or typed (issue 14).
  if (isPageRefSchema(schema)) out['ui:widget'] = 'PageRefWidget';
  if (isLinkSchema(schema)) out['ui:widget'] = 'LinkWidget';
  if (type === 'array' && isObj(schema.items)) {
    if (schema.uniqueItems && Array.isArray(schema.items.enum)) {
      out['ui:widget'] = 'checkboxes';
      if (key && ctx.lang) out['ui:enumNames'] = names(schema.items.enum);
      return out;
    }
    const items = impliedUi(schema.items, ctx, key, depth + 1) ?? {};
    const label = String(schema['x-item-title'] ?? schema.title ?? (key ? humanize(key) : ''));
    // RJSF calls a function here for each member: its own title, numbered.
    out.items = (_item: unknown, index: number) => ({ ...items, 'ui:title': `${label} ${index + 1}` });
    return out;
  }
  if (type === 'object' && isObj(schema.properties)) {
    const managed = depth === 0 && ctx.kind ? MANAGED[ctx.kind] : [];
    const advanced = depth === 0 && ctx.kind ? ADVANCED[ctx.kind] : schema['x-media'] ? ADVANCED.media : [];
    for (const [k, ps] of Object.entries(schema.properties)) {
      const u: UiSchema = { ...(impliedUi(ps as Schema, ctx, k, depth + 1) ?? {}) };
      const primitive = ['string', 'number', 'integer', 'boolean'].includes(typeOf(ps as Schema) ?? '') || 'const' in (ps as Schema);
      // A hidden value is kept as it is: a hidden input for a plain value, nothing drawn for an object or a list.
      if (managed.includes(k) || (advanced.includes(k) && !ctx.admin)) {
        if (primitive && !(ps as Schema)['x-page-ref'] && !(ps as Schema)['x-link']) u['ui:widget'] = 'hidden';
        else {
          delete u['ui:widget'];
          u['ui:field'] = 'HiddenField';
        }
      } else if (advanced.includes(k)) u['ui:options'] = { ...((u['ui:options'] as object) ?? {}), advanced: true };
      if (Object.keys(u).length) out[k] = u;
    }
  }
  return Object.keys(out).length ? out : undefined;
}

const UI_TEXTS = new Set(['ui:help', 'ui:title', 'ui:description', 'ui:placeholder']);
/**
 * A uiSchema with its texts in the editor's language: a module type may write `ui:help` (title,
 * description, placeholder) as `{ nl, fr, en }`; a plain string is kept as it is.
 */
export function localizeUi(ui: unknown, lang: string): unknown {
  if (Array.isArray(ui)) return ui.map((x) => localizeUi(x, lang));
  if (!isObj(ui)) return ui;
  const out: Schema = {};
  for (const [k, v] of Object.entries(ui)) {
    if (UI_TEXTS.has(k) && isObj(v)) out[k] = (v[lang] ?? v.en ?? Object.values(v)[0]) as string;
    else out[k] = localizeUi(v, lang);
  }
  return out;
}

/** `over` laid on `under`, nested objects merged. */
export function mergeUi(under: UiSchema | undefined, over: UiSchema | undefined): UiSchema {
  const out: UiSchema = { ...(under ?? {}) };
  for (const [k, v] of Object.entries(over ?? {})) {
    const u = out[k];
    // A list's members may be drawn by a function (their numbered titles): the hints given go on each.
    if (isObj(v) && typeof u === 'function') out[k] = (...args: unknown[]) => mergeUi((u as (...a: unknown[]) => UiSchema)(...args), v as UiSchema);
    else out[k] = isObj(v) && isObj(u) ? mergeUi(u as UiSchema, v as UiSchema) : v;
  }
  return out;
}

/**
 * A field of a prepared schema in words, from its path: the labels on the way, a list member by
 * its number, a language in brackets ("Footer columns 2 › Text (fr)").
 */
export function labelAt(schema: Schema | undefined, path: Array<string | number>): string {
  const parts: string[] = [];
  let s: Schema | undefined = schema;
  for (let i = 0; i < path.length; i++) {
    const seg = String(path[i]);
    if (!s) {
      parts.push(seg);
      continue;
    }
    if ((isLocalizedSchema(s) || isRichTextSchema(s) || isLangMapSchema(s)) && LANG_KEYS.has(seg)) {
      parts[parts.length - 1] = `${parts[parts.length - 1] ?? ''} (${seg.toLowerCase()})`.trim();
      s = isLangMapSchema(s) ? (s.additionalProperties as Schema) : undefined;
      continue;
    }
    if (typeOf(s) === 'array' && /^\d+$/.test(seg)) {
      const title = parts.pop() ?? '';
      parts.push(`${title} ${Number(seg) + 1}`.trim());
      s = isObj(s.items) ? (s.items as Schema) : undefined;
      continue;
    }
    const child: Schema | undefined = isObj(s.properties) ? (s.properties as Schema)[seg] : undefined;
    parts.push(child && typeof child.title === 'string' ? child.title : humanize(seg));
    s = child;
  }
  return parts.filter(Boolean).join(' › ');
}
