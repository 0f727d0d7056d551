import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import type { CityEntry, Goal, PropertyQuery } from '../../renderer/listing-types.ts';
import { cityKeyOf, parsePropertyQuery, type QueryError } from '../../shared/listing-query.ts';
import { MODULE_LIMITS } from '../../shared/constants.ts';
import type { PropertyListModule } from '../../schemas/types.gen.ts';
import { toPropertyCard, type PropertyCardData } from '../lib/property-card.ts';
import { savedSearchOf } from './save-search.ts';
import type { SaveSearchData } from './SaveSearch.tsx';
import propertyList from './index.ts';

/**
 * The city filter's options: the CRM's cities (their names in the language) with the number of
 * properties on offer for the list's goal that the option finds (the store's count, not the CRM's
 * PropertyCount, which counts sold and let ones too); cities with none are left out. Made once per
 * list of cities (the listing set keeps the same list and the same counts).
 */
const cityOptions = new WeakMap<readonly CityEntry[], PropertyListData['cities']>();
function optionsOf(cities: readonly CityEntry[], counts: Record<string, number>): PropertyListData['cities'] {
  let options = cityOptions.get(cities);
  if (!options) {
    options = cities.map((c) => {
      const value = cityKeyOf(c.Zip, c.Name);
      return { value, label: c.Name, count: counts[value] ?? 0 };
    });
    cityOptions.set(cities, (options = options.filter((o) => o.count > 0)));
  }
  return options;
}

/** What the map view starts from (its clusters come from /api/map as the visitor moves it). */
export interface MapStart {
  /** The area the search's properties cover, the map's first view when no area is chosen (null: none has a position). */
  extent: [number, number, number, number] | null;
  /** The search's properties without a position (on no map; in the list while no area is chosen). */
  unlocated: number;
}

export interface PropertyListData {
  goal: Goal;
  featured: boolean;
  query: PropertyQuery;
  errors: QueryError[];
  total: number;
  page: number;
  pages: number;
  cards: PropertyCardData[];
  view: 'list' | 'map';
  map?: MapStart;
  types: Array<{ value: number; label: string }>;
  cities: Array<{ value: string; label: string; count: number }>;
  more?: string;
  /** "Save this search" as a demand of the demand register (issue 39). */
  saveSearch?: SaveSearchData;
}

const WORLD = { south: -90, west: -180, north: 90, east: 180 };

function load(module: PropertyListModule, ctx: LoadContext): PropertyListData {
  const { listings, routes, pictureGone } = ctx.services;
  const goal: Goal = module.goal ?? ctx.page.listing?.goal ?? 'sale';
  const card = (id: number): PropertyCardData | undefined => {
    const p = listings.property(id, ctx.lang);
    const path = p && ctx.services.listingPath('property', id, ctx.lang);
    return p && path ? toPropertyCard(p, path, ctx.services.propertyTitle(p, ctx.lang), pictureGone, listings.priceDrop(id)) : undefined;
  };
  const types = listings
    .types(ctx.lang)
    .filter((t) => (goal === 'sale' ? t.Sale : t.Rent))
    .map((t) => ({ value: t.WebID, label: t.Name }));
  if (module.featured) {
    const ids = listings.featured(ctx.lang, module.goal, module.maxItems ?? MODULE_LIMITS.home.maxItems);
    const list = routes.listingPage('property', goal);
    const cards = ids.map(card).filter((c): c is PropertyCardData => !!c);
    return {
      goal,
      featured: true,
      query: parsePropertyQuery(new URLSearchParams(), { goal }).query,
      errors: [],
      total: cards.length,
      page: 1,
      pages: 1,
      cards,
      view: 'list',
      types,
      cities: [],
      more: list && routes.pagePath(list, ctx.lang),
    };
  }
  const { query, errors } = parsePropertyQuery(ctx.query, { goal, pageSize: module.pageSize ?? 24 });
  // A query string that cannot be read is answered 400, with the fields named on the page.
  if (errors.length) ctx.setStatus(400);
  const result = listings.search(query, ctx.lang);
  const view = ctx.query.get('view') === 'map' && module.showMap !== false ? 'map' : 'list';
  let map: MapStart | undefined;
  if (view === 'map') {
    // One cell for the whole world: only the extent and the count without a position are read.
    const whole = listings.mapCells(query, { bbox: WORLD, zoom: 0 }, ctx.lang, 1);
    map = { extent: whole.extent, unlocated: whole.unlocated };
  }
  const cities = optionsOf(listings.cities(ctx.lang, goal), listings.counts(ctx.lang).byCity[goal]);
  return {
    goal,
    featured: false,
    query: { ...query, page: result.page },
    errors,
    total: result.total,
    page: result.page,
    pages: result.pages,
    cards: result.ids.map(card).filter((c): c is PropertyCardData => !!c),
    view,
    map,
    types,
    cities,
    saveSearch: saveSearchData(query, types, cities, ctx),
  };
}

/** The list's filters as a demand, with the names the visitor reads and the pages it links to. */
function saveSearchData(query: PropertyQuery, types: PropertyListData['types'], cities: PropertyListData['cities'], ctx: LoadContext): SaveSearchData {
  const saved = savedSearchOf(query, { types: types.map((x) => x.value), cities: cities.map((c) => c.value) });
  const names = new Map(cities.map((c) => [c.value.toLowerCase(), c.label]));
  const { pages } = ctx.services.content;
  const demand = pages.find((p) => p.modules?.some((m) => m.view === 'contact' && (m as { form?: string }).form === 'demand-register'));
  const privacy = pages.find((p) => p.path === '/privacy-statement/');
  return {
    ...saved,
    cityNames: saved.criteria.cities.map((c) => names.get(c) ?? c),
    demandPath: demand && ctx.services.routes.pagePath(demand, ctx.lang),
    privacyPath: privacy && ctx.services.routes.pagePath(privacy, ctx.lang),
  };
}

export default defineLoader(propertyList, load);
