/** What modules see of the listing data (implemented by server/listings/store.ts). Types only. */
import type { PropertyRecord, ProjectRecord, PropertyTypeRecord, CityEntry } from '../schemas/types.gen.ts';
import type { Lang } from '../shared/constants.ts';
import type { BelgianRegion } from '../shared/region.ts';
import type { PriceDrop } from '../shared/price.ts';
import type { SearchText } from '../shared/text-match.ts';
import type { Bbox, MapCells } from '../shared/map-area.ts';

export type { PropertyRecord, ProjectRecord, PropertyTypeRecord, CityEntry };
export type Goal = 'sale' | 'rent';
export const SORTS = ['newest', 'price-asc', 'price-desc', 'type', 'city'] as const;
export type Sort = (typeof SORTS)[number];

/** A validated search; every field optional but `goal`. */
export interface PropertyQuery {
  goal: Goal;
  types?: number[];
  cities?: string[];
  minPrice?: number;
  maxPrice?: number;
  bedrooms?: number;
  minSurface?: number;
  garden?: boolean;
  terrace?: boolean;
  parking?: boolean;
  maxEpc?: string;
  q?: string;
  /** The map search's area (shared/map-area.ts): only properties with a position inside it. */
  bbox?: Bbox;
  /** The map's zoom when the area was chosen: not a filter, it rides with the area in links. */
  zoom?: number;
  sort: Sort;
  page: number;
  pageSize: number;
}

export interface SearchResult {
  ids: number[];
  total: number;
  page: number;
  pages: number;
}

/** What the site search found among the listings (server/listings/find-index.ts). */
export interface ListingFind {
  /** The property whose reference was typed whole (AT-2026-0132, with or without dashes). */
  reference?: number;
  /** The best ids, best first, and how many matched. */
  properties: { ids: number[]; total: number };
  projects: { ids: number[]; total: number };
  /** Words of the query nothing came near (left out of the search). */
  unmatched: string[];
  /** Words of the query found as typed (whole or as the start of a word), not as typos. */
  known: string[];
  /** Words of the query that are a municipality's name, with its names in the other languages (schaarbeek: schaerbeek). */
  aliases: Record<string, string[]>;
}

export interface ListingSource {
  version: string;
  property(id: number, lang: Lang): PropertyRecord | undefined;
  project(id: number, lang: Lang): ProjectRecord | undefined;
  projects(lang: Lang): ProjectRecord[];
  /** The same array for the same arguments (worked out once per listing set): not to be changed. */
  types(lang: Lang): readonly PropertyTypeRecord[];
  /** The same array for the same arguments (worked out once per listing set): not to be changed. */
  cities(lang: Lang, goal?: Goal): readonly CityEntry[];
  search(query: PropertyQuery, lang: Lang): SearchResult;
  /** The map's clusters and markers of a search inside a view, the query's own area left aside (at most `max`). */
  mapCells(query: PropertyQuery, view: { bbox: Bbox; zoom: number }, lang: Lang, max?: number): MapCells;
  /**
   * Properties on offer (shared/goal.ts `onOffer`, what the lists hold): per goal, per type and goal
   * (a property counts for each of its types), per region (by postcode) and type with sale and rent
   * summed, and per goal and city key (a city filter's value).
   */
  counts(lang: Lang): {
    sale: number;
    rent: number;
    byType: Record<number, { sale: number; rent: number }>;
    byRegion: Partial<Record<BelgianRegion, Record<number, number>>>;
    byCity: Record<Goal, Record<string, number>>;
  };
  /** Same goal and type, near and at a similar price. */
  similar(id: number, lang: Lang, max: number): number[];
  featured(lang: Lang, goal: Goal | undefined, max: number): number[];
  /** The price drop to show beside the price now (issue 39), else null. */
  priceDrop(id: number): PriceDrop | null;
  /** The site search: properties and projects by reference, street, municipality (any language), postcode, name. */
  find(text: SearchText, max: { properties: number; projects: number }, noTypos?: ReadonlySet<string>): ListingFind;
  /** Every property id and every project id. */
  propertyIds(): number[];
  projectIds(): number[];
}
