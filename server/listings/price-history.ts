/**
 * The price history kept with the imports (issue 39): when an import makes a set live, each
 * property's price is compared with the one the last live import had, and a change is recorded
 * (newest first, bounded). Visitors see a drop as a badge for PRICE_DROP_DAYS, until the price goes
 * up again (shared/price.ts). Properties no longer in the live set leave the history (it stays as
 * large as the listings). A property's price is the same in every language: the first record with
 * a shown price gives it.
 */
import { lastDrop, nextPriceRecord, PRICE_DROP_DAYS, shownPrice, type PriceDrop, type PriceRecord } from '../../shared/price.ts';
import type { ListingSetRepository } from '../storage/types.ts';
import type { ListingData } from './feed.ts';

/** Each property's shown price in a set (null: on request, not published, a viager). */
export function setPrices(data: Pick<ListingData, 'properties'>): Map<number, number | null> {
  const prices = new Map<number, number | null>();
  for (const p of data.properties) {
    const price = shownPrice(p);
    if (!prices.has(p.ID) || (prices.get(p.ID) === null && price !== null)) prices.set(p.ID, price);
  }
  return prices;
}

/** Records the prices of set `set`, going live at `at`; gives how many properties changed price and how many dropped. */
export async function recordPrices(sets: ListingSetRepository, set: string, data: Pick<ListingData, 'properties'>, at: string) {
  const known = new Map((await sets.readPrices()).map((r) => [r.id, r]));
  const prices = setPrices(data);
  const changed: PriceRecord[] = [];
  let changes = 0;
  let drops = 0;
  for (const [id, price] of prices) {
    const prev = known.get(id);
    const next = nextPriceRecord(prev, id, price, at, set);
    if (!next) continue;
    changed.push(next);
    if (prev) changes++;
    if (prev && lastDrop(next)?.at === at) drops++;
  }
  const gone = [...known.keys()].filter((id) => !prices.has(id));
  await sets.writePrices(changed, gone);
  return { changes, drops };
}

/** The drops a set loaded now may show (those seen in the last PRICE_DROP_DAYS), by property id. */
export async function recentDrops(sets: ListingSetRepository, now = Date.now()): Promise<Map<number, PriceDrop>> {
  const since = new Date(now - PRICE_DROP_DAYS * 86_400_000).toISOString();
  const out = new Map<number, PriceDrop>();
  for (const r of await sets.priceDrops(since)) {
    const d = lastDrop(r);
    if (d) out.set(r.id, d);
  }
  return out;
}
