/**
 * "Save this search" (issue 39, point 3): a result list's filters as a demand of the demand register
 * (the `demand-register` form kind, schemas/form-demand-register.json), whose alert mails announce
 * new matching properties after each import (server/forms/alerts.ts). What the demand cannot hold is
 * named, never dropped silently. Pure: the list's loader and the tests call it.
 */
import type { Goal, PropertyQuery } from '../../renderer/listing-types.ts';

/** Most municipalities a demand holds (the demand schema's `cities.maxItems`). */
export const DEMAND_MAX_CITIES = 40;
/** Highest price and most bedrooms a demand holds (its schema's maxima). */
export const DEMAND_MAX_PRICE = 100_000_000;
export const DEMAND_MAX_ROOMS = 20;
const DEMAND_TYPES = new Set(['1', '2', '3', '4', '5', '6', '7']);

/** The demand's criteria, as the demand-register form posts them. */
export interface DemandCriteria {
  goal: Goal;
  types: string[];
  cities: string[];
  minPrice?: number;
  maxPrice?: number;
  bedrooms?: number;
  terrace?: true;
  garden?: true;
}

/** A filter of the list that the demand cannot hold, with its value for the visitor to recognise. */
export type DroppedFilter =
  | { key: 'minSurface'; value: number }
  | { key: 'maxEpc'; value: string }
  | { key: 'q'; value: string }
  | { key: 'parking' }
  | { key: 'minPrice' | 'maxPrice'; value: number }
  | { key: 'bedrooms'; value: number };

export interface SavedSearch {
  criteria: DemandCriteria;
  /** No type was chosen: every type of the list is in the demand. */
  allTypes: boolean;
  /** No municipality was chosen: every municipality of the list (at most DEMAND_MAX_CITIES) is in the demand. */
  allCities: boolean;
  /** No municipality was chosen and the list has more than a demand holds: the visitor chooses them first. */
  chooseCities: boolean;
  dropped: DroppedFilter[];
}

/** The demand a list's search makes; `offered`: the types and municipalities the list offers (its filters' options). */
export function savedSearchOf(query: PropertyQuery, offered: { types: number[]; cities: string[] }): SavedSearch {
  const dropped: DroppedFilter[] = [];
  const chosenTypes = (query.types ?? []).map(String).filter((t) => DEMAND_TYPES.has(t));
  const allTypes = chosenTypes.length === 0;
  const types = allTypes ? offered.types.map(String).filter((t) => DEMAND_TYPES.has(t)) : chosenTypes;
  const chosenCities = [...new Set((query.cities ?? []).map((c) => c.toLowerCase()))];
  const allCities = chosenCities.length === 0;
  const chooseCities = allCities && offered.cities.length > DEMAND_MAX_CITIES;
  const cities = allCities ? (chooseCities ? [] : offered.cities) : chosenCities.slice(0, DEMAND_MAX_CITIES);
  const criteria: DemandCriteria = { goal: query.goal, types, cities };
  for (const k of ['minPrice', 'maxPrice'] as const) {
    const v = query[k];
    if (v === undefined) continue;
    if (v <= DEMAND_MAX_PRICE) criteria[k] = v;
    else dropped.push({ key: k, value: v });
  }
  if (query.bedrooms) {
    if (query.bedrooms <= DEMAND_MAX_ROOMS) criteria.bedrooms = query.bedrooms;
    else dropped.push({ key: 'bedrooms', value: query.bedrooms });
  }
  if (query.terrace) criteria.terrace = true;
  if (query.garden) criteria.garden = true;
  if (query.minSurface) dropped.push({ key: 'minSurface', value: query.minSurface });
  if (query.maxEpc) dropped.push({ key: 'maxEpc', value: query.maxEpc });
  if (query.q?.trim()) dropped.push({ key: 'q', value: query.q.trim() });
  // The list's "garage or parking" also takes a garage or a parking type; the demand counts parkings only.
  if (query.parking) dropped.push({ key: 'parking' });
  return { criteria, allTypes, allCities, chooseCities, dropped };
}

/** The criteria as the hidden fields of a plain HTML post (name, value), in the form's order. */
export function criteriaFields(c: DemandCriteria): Array<[string, string]> {
  const out: Array<[string, string]> = [['goal', c.goal]];
  for (const t of c.types) out.push(['types', t]);
  for (const x of c.cities) out.push(['cities', x]);
  for (const k of ['minPrice', 'maxPrice', 'bedrooms'] as const) if (c[k] !== undefined) out.push([k, String(c[k])]);
  if (c.terrace) out.push(['terrace', 'on']);
  if (c.garden) out.push(['garden', 'on']);
  return out;
}
