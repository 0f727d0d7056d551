/**
 * The browser's module views, one chunk per module folder (`modules/<view>/index.ts`, the type's
 * definition, with the `View.tsx` it imports: the folder is named after its view). A page's views are loaded before it is hydrated or shown, so the
 * browser evaluates the code of the modules on the page, not of every module type the site has.
 * The server names the page's chunks in the loader's list, so they arrive beside the entry.
 */
import type { AnyModuleDefinition, ViewSource } from './module-api.ts';

type Importer = () => Promise<{ default: AnyModuleDefinition }>;

export class ClientViews implements ViewSource {
  private readonly importers = new Map<string, Importer>();
  private readonly loaded = new Map<string, AnyModuleDefinition>();

  /** `folders`: import.meta.glob('../modules/<view>/index.ts'), keyed by path. */
  constructor(folders: Record<string, Importer>) {
    for (const [path, load] of Object.entries(folders)) {
      const view = /\/modules\/([^/]+)\/index\.ts$/.exec(path)?.[1];
      if (view) this.importers.set(view, load);
    }
  }

  get(view: string): AnyModuleDefinition | undefined {
    return this.loaded.get(view);
  }

  /** Loads the views named; a view this bundle does not have is left out (the page shows without it). */
  async load(views: readonly string[]): Promise<void> {
    await Promise.all(
      views.map(async (view) => {
        if (this.loaded.has(view)) return;
        const load = this.importers.get(view);
        if (!load) return;
        const def = (await load()).default;
        if (def.view === view) this.loaded.set(view, def);
      }),
    );
  }
}
