/** The CRM's Goal code of a property as the site names it, and what "for sale" / "for rent" count: the one place for both. */
import type { Goal } from '../renderer/listing-types.ts';

/** SPEC §3: Goal 0 = for sale, 1 = for rent. */
export const GOAL_CODES = { sale: 0, rent: 1 } as const;

export const goalOf = (p: { Goal: number }): Goal => (p.Goal === GOAL_CODES.sale ? 'sale' : 'rent');

/**
 * Whether a property is on offer: available, or under option (SPEC §4). This is what "for sale" and
 * "for rent" count and list everywhere (issue 39): the home's counts, the type and region counts,
 * the lists and their "Page X of Y [Z objects]", the city filter, search alerts and similar
 * properties. A sold, sold-out or let property keeps its own page (saying so) but is not counted.
 */
export const onOffer = (p: { Availability?: string | null }): boolean => p.Availability === 'available' || p.Availability === 'option';
