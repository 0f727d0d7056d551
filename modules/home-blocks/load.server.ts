import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import type { HomeBlocksModule } from '../../schemas/types.gen.ts';
import homeBlocks from './index.tsx';
import { BELGIAN_REGIONS, type BelgianRegion } from '../../shared/region.ts';

export interface HomeBlocksData {
  sale: { count: number; path?: string };
  rent: { count: number; path?: string };
  estimatePath?: string;
  /** Available properties per type, sale and rent summed (SPEC §9), most first. */
  byType: Array<{ type: number; count: number; path?: string }>;
  /** The same per region (by postcode, SPEC §9), when the properties lie in more than one region. */
  byRegion: Array<{ region: BelgianRegion; types: Array<{ type: number; count: number }> }>;
}

function load(module: HomeBlocksModule, ctx: LoadContext): HomeBlocksData {
  const { listings, routes } = ctx.services;
  const counts = listings.counts(ctx.lang);
  const path = (goal: 'sale' | 'rent') => {
    const p = routes.listingPage('property', goal);
    return p && routes.pagePath(p, ctx.lang);
  };
  const regions = BELGIAN_REGIONS.filter((r) => counts.byRegion[r]).map((region) => ({
    region,
    types: Object.entries(counts.byRegion[region]!)
      .map(([type, count]) => ({ type: Number(type), count }))
      .sort((a, b) => b.count - a.count || a.type - b.type),
  }));
  const estimate = module.estimatePageId ? routes.page(module.estimatePageId) : undefined;
  return {
    sale: { count: counts.sale, path: path('sale') },
    rent: { count: counts.rent, path: path('rent') },
    estimatePath: estimate && routes.pagePath(estimate, ctx.lang),
    byType: Object.entries(counts.byType)
      .map(([type, c]) => ({ type: Number(type), count: c.sale + c.rent, path: `${path(c.sale >= c.rent ? 'sale' : 'rent') ?? ''}?type=${type}` }))
      .filter((x) => x.count > 0)
      .sort((a, b) => b.count - a.count || a.type - b.type),
    byRegion: regions.length > 1 ? regions : [],
  };
}

export default defineLoader(homeBlocks, load);
