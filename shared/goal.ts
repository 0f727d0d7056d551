/** The CRM's Goal code of a property as the site names it: the one place that maps the two. */
import type { Goal } from '../renderer/listing-types.ts';

/** SPEC §3: Goal 0 = for sale, 1 = for rent. */
export const GOAL_CODES = { sale: 0, rent: 1 } as const;

export const goalOf = (p: { Goal: number }): Goal => (p.Goal === GOAL_CODES.sale ? 'sale' : 'rent');
