/**
 * The module contract (README, "Adding a module type"): a module folder's `index.ts` exports its
 * type through `defineModule` (view, schema, editor metadata, defaults), with the component from its
 * `View.tsx` (a file that exports components only, so React Fast Refresh keeps the page's state
 * when it is edited in `npm run dev`); its `load.server.ts` the
 * server-side data through `defineLoader`, which gets the request and the site's services.
 * Modules import this file and `renderer/ui.tsx`, nothing deeper of the renderer.
 */
import type { ComponentType } from 'react';
import type { Content, ModuleRecord, PageRecord, Article } from './content.ts';
import type { Lang } from '../shared/constants.ts';
import type { RouteTable } from '../shared/routes.ts';
import type { LocalizedText } from '../schemas/types.gen.ts';
import type { ListingSource, PropertyRecord } from './listing-types.ts';

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

/**
 * What the server offers a module's loader: one typed object per content version (the same for
 * every request). A new capability is a method here, implemented once in `server/site/site.ts`.
 */
export interface SiteServices {
  /** The content visitors see: pages, articles, dictionaries, site settings, the tools' figures. */
  readonly content: Content;
  /** Paths of pages and articles in every language. */
  readonly routes: RouteTable;
  /** The agency's live listings (properties, projects). */
  readonly listings: ListingSource;
  /** Public path of a property or project in `lang`; undefined when the site does not show it there. */
  listingPath(kind: 'property' | 'project', id: number, lang: Lang): string | undefined;
  /** Headline of a property in `lang` (its own, else "{type} in {city}"). */
  propertyTitle(p: PropertyRecord, lang: Lang): string;
  /**
   * Whether a listing picture (its source URL) is known to be gone: the CDN answered 404/410 or not
   * an image, or the site may not fetch it. Pass it to `listingPhotos` so pages leave those out.
   */
  pictureGone(source: string): boolean;
  /** Published testimonials, newest first. */
  testimonials(): Promise<Testimonial[]>;
}

/** The request a module's data is loaded for, and the site's services. */
export interface LoadContext {
  lang: Lang;
  page: PageRecord;
  /** The article the route points at (article pages only). */
  article?: Article;
  query: URLSearchParams;
  /** Route parameters of a detail path (property or project id). */
  /** A property's or project's id on a detail page; `subcategory` on a category's subcategory page ([category]/[subcategory]/). */
  params: { propertyId?: number; projectId?: number; subcategory?: string };
  /** Answer the page with this HTTP status (400 for a query string that cannot be read). */
  setStatus: (status: 400) => void;
  /** Answer with a redirect (302) to this path of the site instead of the page (a reference typed in the site search). */
  redirect: (path: string) => void;
  services: SiteServices;
}

/**
 * What a loader returns when its module has nothing to show on this page (a rental application on a
 * property for sale, documents by e-mail for a property without documents): the module is left out
 * of the page altogether, its title and descriptions included, so no empty heading is ever drawn.
 */
export const NOTHING_TO_SHOW: unique symbol = Symbol('nothing to show');
export type NothingToShow = typeof NOTHING_TO_SHOW;

/** A module's server-side data: runs on the server before rendering; its result is the View's `data` (or NOTHING_TO_SHOW). */
export type Loader<M extends ModuleRecord = ModuleRecord, D = unknown> = (module: M, ctx: LoadContext) => D | NothingToShow | Promise<D | NothingToShow>;

/** A loader registered for a view (`modules/{view}/load.server.ts` exports one as its default). */
export interface ModuleLoader<M extends ModuleRecord = ModuleRecord, D = unknown> {
  view: string;
  load: Loader<M, D>;
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

/** What a module folder declares (`defineModule`); `view` and `version` go into `defaults` by themselves. */
export interface ModuleSpec<M extends ModuleRecord = ModuleRecord, D = unknown> {
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
  /** Params a new module of this type starts with, besides `view` and `version` (must validate against `schema`). */
  defaults: Omit<M, 'id' | 'view' | 'version'>;
  View: ComponentType<ModuleViewProps<M, D>>;
}

/** A registered module type: its spec, with `defaults` complete (`view` and `version` included). */
export interface ModuleDefinition<M extends ModuleRecord = ModuleRecord, D = unknown> extends Omit<ModuleSpec<M, D>, 'defaults'> {
  defaults: Omit<M, 'id'>;
}

export function defineModule<M extends ModuleRecord, D>(spec: ModuleSpec<M, D>): ModuleDefinition<M, D> {
  return { ...spec, defaults: { view: spec.view, version: spec.version, ...spec.defaults } as unknown as Omit<M, 'id'> };
}

/**
 * The server-side data of a module type, in its folder's `load.server.ts` (`export default
 * defineLoader(definition, load)`). Only the server entry registers loaders (`modules/server.ts`),
 * so their code and what they import never reach the browser.
 */
export function defineLoader<M extends ModuleRecord, D>(def: ModuleDefinition<M, D>, load: Loader<M, D>): ModuleLoader<M, D> {
  return { view: def.view, load };
}

/** A loose definition, as the registry holds them. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds every module type, whatever its record and data
export type AnyModuleDefinition = ModuleDefinition<any, any>;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the registry holds every module type, whatever its record and data
export type AnyModuleLoader = ModuleLoader<any, any>;

/**
 * The registered module types. The browser's registry has their views only; the server's
 * (`modules/server.ts`) also has the loaders.
 */
/**
 * Where a page finds the views of its modules: the whole registry on the server; in the browser,
 * the views a page uses, loaded before it is drawn (renderer/client-views.ts).
 */
export interface ViewSource {
  get(view: string): AnyModuleDefinition | undefined;
  /** Loads the views named (the browser's source; the server has them all). */
  load?(views: readonly string[]): Promise<void>;
}

/** The views of a page's modules. */
export function pageViews(modules: ReadonlyArray<{ record: { view: string } }>): string[] {
  return [...new Set(modules.map((m) => m.record.view))];
}

export class ModuleRegistry implements ViewSource {
  private readonly defs = new Map<string, AnyModuleDefinition>();
  private readonly loaders = new Map<string, AnyModuleLoader>();
  constructor(definitions: AnyModuleDefinition[], loaders: AnyModuleLoader[] = []) {
    for (const d of definitions) {
      if (this.defs.has(d.view)) throw new Error(`module view "${d.view}" is registered twice`);
      this.defs.set(d.view, d);
    }
    for (const l of loaders) {
      if (!this.defs.has(l.view)) throw new Error(`a loader is registered for module view "${l.view}", which is not a registered module type`);
      if (this.loaders.has(l.view)) throw new Error(`module view "${l.view}" has two loaders`);
      this.loaders.set(l.view, l);
    }
  }
  get(view: string): AnyModuleDefinition | undefined {
    return this.defs.get(view);
  }
  /** The server-side data of a view (server registry only). */
  loader(view: string): AnyModuleLoader | undefined {
    return this.loaders.get(view);
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

// What modules use of the page around them, through this API only (house rule: a module imports
// the module API, the shared UI and helpers, and the generated types).
export { pushEvent } from './consent/tags.ts';
export { SearchForm } from './chrome/SearchForm.tsx';
