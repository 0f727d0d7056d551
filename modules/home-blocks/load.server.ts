import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import type { Goal } from '../../renderer/listing-types.ts';
import type { HomeBlocksModule } from '../../schemas/types.gen.ts';
import homeBlocks from './index.ts';
import { BELGIAN_REGIONS, type BelgianRegion } from '../../shared/region.ts';

export interface TypeCount {
  type: number;
  count: number;
  /** The goal's list filtered by the type: it finds `count` properties. */
  path?: string;
}

export interface HomeBlocksData {
  /** Properties on offer for sale / for rent (shared/goal.ts), each with its list's address. */
  sale: { count: number; path?: string };
  rent: { count: number; path?: string };
  estimatePath?: string;
  /** Per goal, the properties on offer of each type, most first, each linking to that goal's list of the type. */
  byType: Record<Goal, TypeCount[]>;
  /** Per region (by postcode, SPEC §9), the properties on offer per type, sale and rent summed, when they lie in more than one region. */
  byRegion: Array<{ region: BelgianRegion; types: Array<{ type: number; count: number }> }>;
}

/** The types the site has words and a list filter for (SPEC §3: 1 to 7). */
const named = (type: number) => Number.isInteger(type) && type >= 1 && type <= 7;
const mostFirst = (a: { type: number; count: number }, b: { type: number; count: number }) => b.count - a.count || a.type - b.type;

function load(module: HomeBlocksModule, ctx: LoadContext): HomeBlocksData {
  const { listings, routes } = ctx.services;
  const counts = listings.counts(ctx.lang);
  const path = (goal: Goal) => {
    const p = routes.listingPage('property', goal);
    return p && routes.pagePath(p, ctx.lang);
  };
  const regions = BELGIAN_REGIONS.filter((r) => counts.byRegion[r]).map((region) => ({
    region,
    types: Object.entries(counts.byRegion[region]!)
      .map(([type, count]) => ({ type: Number(type), count }))
      .filter((x) => named(x.type))
      .sort(mostFirst),
  }));
  const perGoal = (goal: Goal): TypeCount[] => {
    const list = path(goal);
    return Object.entries(counts.byType)
      .map(([type, c]) => ({ type: Number(type), count: c[goal], path: list && `${list}?type=${type}` }))
      .filter((x) => x.count > 0 && named(x.type))
      .sort(mostFirst);
  };
  const estimate = module.estimatePageId ? routes.page(module.estimatePageId) : undefined;
  return {
    sale: { count: counts.sale, path: path('sale') },
    rent: { count: counts.rent, path: path('rent') },
    estimatePath: estimate && routes.pagePath(estimate, ctx.lang),
    byType: { sale: perGoal('sale'), rent: perGoal('rent') },
    byRegion: regions.length > 1 ? regions : [],
  };
}

export default defineLoader(homeBlocks, load);
