/**
 * The module contract (DESIGN.md): what a module folder exports through `defineModule`.
 * Modules import this file and `renderer/ui.ts`, nothing deeper of the renderer.
 */
import type { ComponentType } from 'react';
import type { Content, ModuleRecord, PageRecord, Article } from './content.ts';
import type { Lang } from '../shared/constants.ts';
import type { RouteTable } from '../shared/routes.ts';
import type { LocalizedText } from '../schemas/types.gen.ts';
import type { ListingSource } from './listing-types.ts';

/** A testimonial staff published. */
export interface Testimonial {
  id: string;
  lang: string;
  date: string;
  name: string;
  about?: string;
  url?: string;
  comment: string;
  image?: string;
}

/** What a module's server-side `load` gets besides its own record. */
export interface LoadContext {
  lang: Lang;
  content: Content;
  routes: RouteTable;
  page: PageRecord;
  /** The article the route points at (article pages only). */
  article?: Article;
  query: URLSearchParams;
  /** The agency's listings (properties, projects). */
  listings: ListingSource;
  /** Route parameters of a detail path (property or project id). */
  params: { propertyId?: number; projectId?: number };
  /** Answer the page with this HTTP status (400 for a query string that cannot be read). */
  setStatus: (status: 400) => void;
  /** Headline of a property in the visitor's language (its own, else "{type} in {city}"). */
  propertyTitle: (p: import('./listing-types.ts').PropertyRecord) => string;
  /** Paths of listings in the visitor's language. */
  listingPaths: {
    property: (id: number, lang?: Lang) => string | undefined;
    project: (id: number, lang?: Lang) => string | undefined;
  };
  /** Published testimonials, newest first. */
  testimonials: () => Testimonial[];
  /**
   * Whether a listing picture (its source URL) is known to be gone: the CDN answered 404/410 or not
   * an image, or the site may not fetch it. Pass it to `listingPhotos` so pages leave those out.
   */
  pictureGone: (source: string) => boolean;
}

export interface ModuleViewProps<M extends ModuleRecord = ModuleRecord, D = unknown> {
  module: M;
  data: D;
  lang: Lang;
}

export interface ModuleMeta {
  title: LocalizedText;
  description?: LocalizedText;
  /** A short icon name for the editor's picker. */
  icon: string;
  category: 'content' | 'listings' | 'forms' | 'portal' | 'layout';
}

export interface ModuleDefinition<M extends ModuleRecord = ModuleRecord, D = unknown> {
  /** Key used in stored config (`module.view`). */
  view: string;
  /** Current version of the params; records carry the version they were written with. */
  version: number;
  /** migrate[n] upgrades a record of version n-1 to version n. */
  migrate?: Record<number, (record: Record<string, unknown>) => Record<string, unknown>>;
  /** JSON Schema of this view's record (drives validation and the editor). */
  schema: Record<string, unknown>;
  /** Editor hints only. */
  uiSchema?: Record<string, unknown>;
  meta: ModuleMeta;
  /** Params a new module of this type starts with (must validate against `schema`). */
  defaults: Omit<M, 'id'>;
  /** Server only: the data the view renders. Runs before rendering, on the server. */
  load?: (module: M, ctx: LoadContext) => D | Promise<D>;
  View: ComponentType<ModuleViewProps<M, D>>;
}

export function defineModule<M extends ModuleRecord, D>(def: ModuleDefinition<M, D>): ModuleDefinition<M, D> {
  return def;
}

/** A loose definition, as the registry holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyModuleDefinition = ModuleDefinition<any, any>;

export class ModuleRegistry {
  private readonly defs = new Map<string, AnyModuleDefinition>();
  constructor(definitions: AnyModuleDefinition[]) {
    for (const d of definitions) {
      if (this.defs.has(d.view)) throw new Error(`module view "${d.view}" is registered twice`);
      this.defs.set(d.view, d);
    }
  }
  get(view: string): AnyModuleDefinition | undefined {
    return this.defs.get(view);
  }
  all(): AnyModuleDefinition[] {
    return [...this.defs.values()];
  }
}

/**
 * Upgrades a record written with an older version of its view's params by running the view's
 * migrations in order; records already at the current version come back unchanged.
 */
export function migrateModule<T extends object>(record: T & { version?: number }, def: AnyModuleDefinition): T {
  const from = record.version ?? 1;
  if (from >= def.version) return record;
  let out: Record<string, unknown> = { ...record };
  for (let v = from + 1; v <= def.version; v++) {
    const step = def.migrate?.[v];
    if (step) out = step(out);
  }
  return { ...out, version: def.version } as T;
}
