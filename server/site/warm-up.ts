/**
 * The renderer warmed at start. A process that has just started renders its first page in
 * 150–400 ms and its next ones in about 15: the first calls compile the renderer's code, and each
 * language's first page makes its dictionary's message formats and its Intl formatters. Without
 * this, the first visitors after a start or a deploy wait for that, on every render worker too.
 *
 * Before the server listens, a few pages of each language (the home page, the sale list, a
 * property) are rendered once on the event loop and once on each render worker, and dropped:
 * nothing is kept in the page cache and no view is counted, so the first visitor's page is still
 * rendered for them, from the content of that moment. Warming after listening instead had the
 * warm-up's renders (two cores' worth, for about a second) compete with the first visitors.
 */
import type { Assets } from '../../renderer/App.tsx';
import type { InitialData } from '../../renderer/page-data.ts';
import { joinPath } from '../../shared/path.ts';
import { SORTS } from '../../renderer/listing-types.ts';
import type { Site } from './site.ts';
import type { Renderer } from '../app.ts';
import { renderPage } from './render.ts';

export interface WarmUpDeps {
  site: () => Promise<Site>;
  assets: () => Promise<Assets>;
  /** The renderer module (its renderParts renders on the event loop). */
  renderer: () => Promise<Pick<Renderer, 'renderParts'>>;
  /** Renders once on every worker (server/site/render.ts). */
  pool?: { warm: (initial: InitialData, assets: Assets) => Promise<void> };
  warn?: (message: string) => void;
}

/** The pages rendered: per language, the home page, the list of properties for sale and its first property. */
export function warmUpPaths(site: Site): string[] {
  const paths: string[] = [];
  const sale = site.routes.listingPage('property', 'sale');
  for (const lang of site.routes.enabled) {
    // The first property the sale list shows: the page a visitor opens from it.
    const id = site.listings.search({ goal: 'sale', sort: SORTS[0], page: 1, pageSize: 1 }, lang).ids[0];
    paths.push(joinPath(lang));
    if (sale) paths.push(site.routes.pagePath(sale, lang));
    const property = id === undefined ? undefined : site.listings.property(id, lang);
    const path = property && site.propertyPath(property, lang);
    if (path) paths.push(path);
  }
  return paths;
}

/** Renders the warm-up pages one after the other; resolves with how many were rendered (never rejects). */
export async function warmUp(deps: WarmUpDeps): Promise<number> {
  let rendered = 0;
  try {
    const site = await deps.site();
    for (const path of warmUpPaths(site)) {
      const result = await site.page(path);
      if ('redirect' in result) continue;
      const assets = await deps.assets();
      renderPage((await deps.renderer()).renderParts, result.initial, assets, { gzip: true });
      await deps.pool?.warm(result.initial, assets);
      rendered++;
    }
  } catch (e) {
    // A page that fails here fails for its visitor too, where it is logged with its address.
    deps.warn?.(`warming the renderer up: ${(e as Error).message}`);
  }
  return rendered;
}
