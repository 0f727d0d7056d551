/**
 * What a new-build project still offers (SPEC §3 projects, issue 39), by the site's one rule of what
 * is on offer (shared/goal.ts `onOffer`: available or under option, as the for-sale list shows its
 * units): how many units are left, its lowest price among them (the CRM's PriceFrom may be a sold
 * unit's), whether it is sold out (units, none left: shown as sold out instead of a price), and
 * whether its delivery is past on the server's date (shared/delivery.ts).
 */
import type { ProjectRecord } from '../../renderer/listing-types.ts';
import { onOffer } from '../../shared/goal.ts';
import { isDelivered } from '../../shared/delivery.ts';

export interface ProjectState {
  units: number;
  /** Units on offer. */
  left: number;
  /** The lowest price of a unit on offer; the CRM's PriceFrom for a project without unit prices; null when sold out. */
  priceFrom: number | null;
  /** It has units and none is left. */
  soldOut: boolean;
  /** Its delivery period is over. */
  delivered: boolean;
}

export function projectState(p: Pick<ProjectRecord, 'Units' | 'PriceFrom' | 'Delivery'>, today: string): ProjectState {
  const left = p.Units.filter((u) => onOffer({ Availability: u.Status }));
  const soldOut = p.Units.length > 0 && left.length === 0;
  const prices = left.map((u) => u.Price).filter((x): x is number => typeof x === 'number' && x > 0);
  return {
    units: p.Units.length,
    left: left.length,
    priceFrom: soldOut ? null : prices.length ? Math.min(...prices) : (p.PriceFrom ?? null),
    soldOut,
    delivered: isDelivered(p.Delivery, today),
  };
}
