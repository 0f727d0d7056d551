/**
 * The properties a favourites or compare link names (issue 39), sorted for the page: those still on
 * offer, those that went (sold or let: still shown at their address, named on the page) and the
 * numbers the site no longer has at all.
 */
import type { LoadContext } from '../../renderer/module-api.ts';
import type { PropertyRecord } from '../../renderer/listing-types.ts';
import { readIds, type IdsQuery } from './property-ids.ts';

export interface Went {
  id: number;
  title: string;
  path: string;
  availability: 'sold' | 'rented' | 'soldOut';
}

export interface Listed {
  query: IdsQuery;
  live: Array<{ p: PropertyRecord; path: string; title: string }>;
  went: Went[];
  /** Numbers of the link the site has no property for (in this language). */
  gone: number[];
}

const WENT = new Set(['sold', 'rented', 'soldOut']);

/** Reads the page's `ids` (at most `max`); a link with entries that are not numbers is answered 400, with the rest shown. */
export function listed(ctx: LoadContext, max: number): Listed {
  const query = readIds(ctx.query, max);
  if (query.invalid.length) ctx.setStatus(400);
  const out: Listed = { query, live: [], went: [], gone: [] };
  for (const id of query.ids) {
    const p = ctx.services.listings.property(id, ctx.lang);
    const path = p && ctx.services.listingPath('property', id, ctx.lang);
    if (!p || !path) out.gone.push(id);
    else if (WENT.has(p.Availability ?? ''))
      out.went.push({ id, title: ctx.services.propertyTitle(p, ctx.lang), path, availability: p.Availability as Went['availability'] });
    else out.live.push({ p, path, title: ctx.services.propertyTitle(p, ctx.lang) });
  }
  return out;
}
