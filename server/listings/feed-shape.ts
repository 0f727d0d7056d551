/**
 * What of a CRM export is kept while it is read (feed-stream.ts): a tree of the fields the listing
 * schemas know, each with the longest text and the most entries it may hold.
 */
import type { SchemaRegistry } from '../config/schemas.ts';
import { coreSchemas } from '../config/schemas.ts';
import type { FeedKind } from './feed.ts';

/** The longest text kept, per kind of field. */
export const TEXT_CAPS = {
  /** Descriptions and other free text the CRM writes in paragraphs. */
  text: 20_000,
  /** Web addresses: pictures, documents, tours, videos. */
  url: 2_048,
  /** Everything else: names, addresses, codes, dates. */
  short: 500,
} as const;
/** Fields of free text (TEXT_CAPS.text). */
const LONG_TEXT = new Set([
  'Description',
  'TypeDescription',
  'PlanningInformation',
  'AreaApplication',
  'FloodRiskAreaText',
  'Inventory',
  'AvailabilityText',
  'Constructions',
  'Situation',
  'Requirement',
  'Delivery',
]);
const isUrlField = (name: string) => /(Url|Picture|^VirtualTour|^Video)$/.test(name);
/** Entries kept in a list inside a record when its schema sets no maxItems. */
export const MAX_ITEMS = 1_000;
/** Records (all lists together) one file may hold: 100,000 properties in three languages are 300,000. */
export const MAX_RECORDS = 1_000_000;
/** Objects and lists inside each other, from the file's top (a record is at 2, a photo at 4). */
export const MAX_DEPTH = 8;

/** What may be kept at one place of the file. */
export interface Node {
  /** Known fields; absent: any field (an object the schema leaves open). */
  props?: Map<string, Node>;
  items?: Node;
  /** A scalar: an object or list given here is kept empty (the schema then says what is wrong). */
  leaf?: boolean;
  cap: number;
  maxItems: number;
}

type Schema = Record<string, unknown>;
export const OPEN: Node = { cap: TEXT_CAPS.short, maxItems: MAX_ITEMS };

function nodeOf(schemas: SchemaRegistry, schema: unknown, base: string, name: string, depth: number): Node {
  const node: Node = { cap: LONG_TEXT.has(name) ? TEXT_CAPS.text : isUrlField(name) ? TEXT_CAPS.url : TEXT_CAPS.short, maxItems: MAX_ITEMS };
  let container = false;
  let typed = false;
  const visit = (s: unknown, here: string) => {
    if (!s || typeof s !== 'object' || depth > MAX_DEPTH) return;
    const o = s as Schema;
    const at = typeof o.$id === 'string' ? new URL(o.$id, here).href : here;
    if (typeof o.$ref === 'string') {
      const target = new URL(o.$ref, at).href;
      visit(schemas.ajv.getSchema(target)?.schema, target.split('#')[0]);
    }
    for (const k of ['anyOf', 'oneOf', 'allOf']) if (Array.isArray(o[k])) for (const m of o[k] as unknown[]) visit(m, at);
    const types = ([] as unknown[]).concat(o.type ?? []);
    if (types.length) typed = true;
    if (types.includes('object') || types.includes('array')) container = true;
    if (typeof o.maxLength === 'number') node.cap = o.maxLength;
    if (o.format === 'uri') node.cap = Math.max(node.cap, TEXT_CAPS.url);
    if (typeof o.maxItems === 'number') node.maxItems = o.maxItems;
    if (o.properties && typeof o.properties === 'object') {
      container = true;
      node.props ??= new Map();
      for (const [k, child] of Object.entries(o.properties as Schema)) node.props.set(k, nodeOf(schemas, child, at, k, depth + 1));
    }
    if (o.items && typeof o.items === 'object' && !Array.isArray(o.items)) {
      container = true;
      node.items = nodeOf(schemas, o.items, at, name, depth + 1);
    }
  };
  visit(schema, base);
  if (typed && !container) node.leaf = true;
  return node;
}

/** The lists of a preloaded response and the schema of their records. */
export const LIST_SCHEMAS = {
  properties: 'property',
  projects: 'project',
  webIDs: 'propertyType',
  citys: 'city',
  citysSale: 'city',
  citysRent: 'city',
  neighbourhoods: 'treeItem',
} as const;
export const LIST_KINDS: Record<keyof typeof LIST_SCHEMAS, Exclude<FeedKind, 'file'>> = {
  properties: 'property',
  projects: 'project',
  webIDs: 'type',
  citys: 'city',
  citysSale: 'city',
  citysRent: 'city',
  neighbourhoods: 'neighbourhood',
};

const roots = new WeakMap<SchemaRegistry, Node>();
/** What of a preloaded response is kept, from the registry's listing schemas. */
export function feedShape(schemas: SchemaRegistry): Node {
  let root = roots.get(schemas);
  if (root) return root;
  const props = new Map<string, Node>();
  for (const [list, key] of Object.entries(LIST_SCHEMAS)) {
    const id = coreSchemas[key].$id;
    props.set(list, { cap: TEXT_CAPS.short, maxItems: Infinity, items: nodeOf(schemas, schemas.ajv.getSchema(id)?.schema, id, '', 3) });
  }
  root = { props, cap: TEXT_CAPS.short, maxItems: MAX_ITEMS };
  roots.set(schemas, root);
  return root;
}
