/**
 * What visitors read beside a property's price (issue 39, point 3): its price per m² of living
 * surface, and a price drop seen between two imports of the CRM's listings. Pure rules, used by the
 * cards, the detail page and the import (server/listings/price-history.ts).
 */
import type { PropertyRecord } from '../renderer/listing-types.ts';
import { goalOf } from './goal.ts';

/** How long a price drop is shown after the import that saw it (unless the price goes up again first). */
export const PRICE_DROP_DAYS = 60;
/** Price changes kept per property (newest first); older ones go. */
export const PRICE_CHANGES_KEPT = 10;
/** The CRM's PriceUnit for "starting from" (a range, not one price). */
export const PRICE_UNIT_FROM = 7;

/** A lower price than before, as visitors see it: the price before (`from`), the price since (`to`), and when the import saw it. */
export interface PriceDrop {
  from: number;
  to: number;
  at: string;
}

/** The price a visitor is shown as one figure: published, not on request; null otherwise. */
export function shownPrice(p: Pick<PropertyRecord, 'PublishPrice' | 'PriceOnDemand' | 'Price' | 'IsViager'>): number | null {
  if (p.PublishPrice === false || p.PriceOnDemand || p.IsViager) return null;
  return typeof p.Price === 'number' && Number.isFinite(p.Price) && p.Price > 0 ? p.Price : null;
}

/**
 * The price per m² of living surface, in whole euros: only for a sale with one published price
 * (not on request, not a viager, not "starting from") and a living surface; null otherwise.
 */
export function pricePerM2(
  p: Pick<PropertyRecord, 'Goal' | 'PublishPrice' | 'PriceOnDemand' | 'Price' | 'IsViager' | 'PriceUnit' | 'SurfaceLiving'>,
): number | null {
  if (goalOf(p) !== 'sale' || p.PriceUnit === PRICE_UNIT_FROM) return null;
  const price = shownPrice(p);
  const surface = p.SurfaceLiving;
  if (price === null || typeof surface !== 'number' || !Number.isFinite(surface) || surface < 1) return null;
  return Math.round(price / surface);
}

/** One change of a property's price seen by an import that made its set live. */
export interface PriceChange {
  at: string;
  /** The listing set that went live with it. */
  set: string;
  from: number | null;
  to: number | null;
}

/** A property's price as the last live import had it, and its changes, newest first (at most PRICE_CHANGES_KEPT). */
export interface PriceRecord {
  id: number;
  price: number | null;
  changes: PriceChange[];
}

/** The newest change when it is a drop from one price to a lower one; else null. */
export function lastDrop(r: Pick<PriceRecord, 'changes'>): PriceDrop | null {
  const c = r.changes[0];
  return c && c.from !== null && c.to !== null && c.to < c.from ? { from: c.from, to: c.to, at: c.at } : null;
}

/**
 * The drop to show for a property now: the newest change was a drop, less than PRICE_DROP_DAYS ago,
 * to the price the visitor sees (a record ahead of what is live shows nothing).
 */
export function visibleDrop(drop: PriceDrop | null | undefined, price: number | null, now = Date.now()): PriceDrop | null {
  if (!drop || price === null || drop.to !== price) return null;
  const age = now - Date.parse(drop.at);
  return age >= 0 && age < PRICE_DROP_DAYS * 86_400_000 ? drop : null;
}

/**
 * A property's record after an import that made a set live with `price`: the same when nothing
 * changed (undefined), a change added (newest first, bounded) when it did, a new record when the
 * property was not known (no change: a first price is not news).
 */
export function nextPriceRecord(prev: PriceRecord | undefined, id: number, price: number | null, at: string, set: string): PriceRecord | undefined {
  if (!prev) return { id, price, changes: [] };
  if (prev.price === price) return undefined;
  return { id, price, changes: [{ at, set, from: prev.price, to: price }, ...prev.changes].slice(0, PRICE_CHANGES_KEPT) };
}
