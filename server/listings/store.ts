/**
 * The listing data (properties, projects, types, cities) of one set, held in memory with the
 * indexes the search needs. The records were read and checked by listing-feed.ts.
 */
import type { Lang } from '../../shared/constants.ts';
import { goalOf, onOffer } from '../../shared/goal.ts';
import { cityKeyOf } from '../../shared/listing-query.ts';
import type {
  CityEntry,
  Goal,
  ListingFind,
  ListingSource,
  ProjectRecord,
  PropertyQuery,
  PropertyRecord,
  PropertyTypeRecord,
  SearchResult,
} from '../../renderer/listing-types.ts';
import { EPC_LETTERS, epcForProperty, epcRank } from '../../shared/epc.ts';
import type { ListingData } from './feed.ts';
import { regionOfPostcode, type BelgianRegion } from '../../shared/region.ts';
import { shownPrice, visibleDrop, type PriceDrop } from '../../shared/price.ts';
import type { SearchText } from '../../shared/text-match.ts';
import { findSourceOf, ListingFindIndex, type FindSource } from './find-index.ts';
import { columnsOf, matcherOf, type Columns, type Entry } from './store-columns.ts';
import { GridClusters } from './map-cluster.ts';
import type { Bbox, MapCells } from '../../shared/map-area.ts';

export { goalOf };
/** The site's one rule of what is on offer (shared/goal.ts), under the name the server code knows. */
export const isAvailable = onOffer;
/** The type ids of a property: its main type and the extra ones of WebIDs ("3,5"). */
export const typesOf = (p: Pick<PropertyRecord, 'WebID' | 'WebIDs'>): number[] => [
  ...new Set([...(p.WebID ? [p.WebID] : []), ...(p.WebIDs ?? '').split(',').filter(Boolean).map(Number)]),
];
export { cityKeyOf };

function entryOf(p: PropertyRecord): Entry {
  const surface = p.SurfaceLiving ?? p.SurfaceTotal ?? p.SurfaceGround ?? 0;
  return {
    id: p.ID,
    goal: goalOf(p),
    webId: p.WebID,
    types: typesOf(p),
    price: p.PublishPrice === false || p.PriceOnDemand ? null : (p.Price ?? null),
    zip: p.Zip ?? '',
    cityKey: cityKeyOf(p.Zip, p.City),
    bedrooms: p.NumberOfBedRooms ?? 0,
    surface,
    garden: !!(p.HasGarden || (p.SurfaceGarden ?? 0) > 0),
    terrace: !!(p.HasTerrace || (p.SurfaceTerrace ?? 0) > 0),
    parking: !!(p.HasGarage || p.HasParking || (p.NumberOfGarages ?? 0) > 0 || (p.NumberOfParkings ?? 0) > 0 || p.WebID === 7),
    epc: epcRank(epcForProperty(p).label) ?? EPC_LETTERS.length,
    text: [p.RecordFile, p.UniqueCode, String(p.ID), p.PublishAddress !== false ? p.Street : '', p.City, p.TypeDescription]
      .filter(Boolean)
      .join(' ')
      .toLowerCase(),
    created: p.CreateDate ?? '',
    available: isAvailable(p),
    lat: p.Latitude ?? null,
    lng: p.Longitude ?? null,
  };
}

const byPrice = (a: Entry, b: Entry) => (a.price === null ? 1 : b.price === null ? -1 : a.price - b.price) || a.id - b.id;

type SortOrder = 'newest' | 'price-asc' | 'price-desc' | 'type' | 'city';

interface LangIndex {
  entries: Entry[];
  /** Each city key's number in the columns. */
  cityKeys: Map<string, number>;
  /** Columns of the orders searched so far (made on first use). */
  columns: Map<Entry[], Columns>;
  /** Newest first, both goals. */
  newest: Entry[];
  /** Per goal, the entries in each order a list can be sorted by: a search walks one of them once. */
  orders: Record<Goal, Record<SortOrder, Entry[]>>;
  /** What `counts` gives (made on first use: the set does not change). */
  counts?: ReturnType<ListingSource['counts']>;
}

/**
 * What "for sale" and "for rent" count (shared/goal.ts `onOffer`), worked out with the same rules
 * as the search, so that a count and the list it links to agree: per goal, per goal and type (a
 * property counts for each of its types, as `?type=` finds it), per goal and city key (the city
 * filter), and per region (by postcode, SPEC §9) and type with sale and rent summed.
 */
function countsOf(entries: Entry[]): ReturnType<ListingSource['counts']> {
  const byType: Record<number, { sale: number; rent: number }> = {};
  const byRegion: Partial<Record<BelgianRegion, Record<number, number>>> = {};
  const byCity: Record<Goal, Record<string, number>> = { sale: {}, rent: {} };
  let sale = 0;
  let rent = 0;
  for (const e of entries) {
    if (!e.available) continue;
    const region = regionOfPostcode(e.zip);
    for (const t of e.types) {
      (byType[t] ??= { sale: 0, rent: 0 })[e.goal]++;
      if (region) {
        const types = (byRegion[region] ??= {});
        types[t] = (types[t] ?? 0) + 1;
      }
    }
    byCity[e.goal][e.cityKey] = (byCity[e.goal][e.cityKey] ?? 0) + 1;
    if (e.goal === 'sale') sale++;
    else rent++;
  }
  return { sale, rent, byType, byRegion, byCity };
}

export class ListingStore implements ListingSource {
  readonly version: string;
  private readonly props = new Map<number, Partial<Record<Lang, PropertyRecord>>>();
  private readonly projs = new Map<number, Partial<Record<Lang, ProjectRecord>>>();
  private readonly typeList: PropertyTypeRecord[];
  private readonly cityLists: { all: CityEntry[]; sale: CityEntry[]; rent: CityEntry[] };
  private readonly index = new Map<Lang, LangIndex>();

  /** `drops`: the recent price drops of the price history (server/listings/price-history.ts), by property id. */
  constructor(
    data: ListingData,
    version: string,
    private readonly drops: ReadonlyMap<number, PriceDrop> = new Map(),
  ) {
    this.version = version;
    for (const p of data.properties) {
      const m = this.props.get(p.ID) ?? {};
      m[p.language as Lang] = p;
      this.props.set(p.ID, m);
    }
    for (const p of data.projects) {
      const m = this.projs.get(p.ID) ?? {};
      m[p.language as Lang] = p;
      this.projs.set(p.ID, m);
    }
    this.typeList = data.webIDs;
    this.cityLists = { all: data.citys, sale: data.citysSale, rent: data.citysRent };
  }

  private langIndex(lang: Lang): LangIndex {
    let ix = this.index.get(lang);
    if (!ix) {
      const entries: Entry[] = [];
      for (const m of this.props.values()) {
        const p = m[lang] ?? m.en ?? Object.values(m)[0];
        if (p) entries.push(entryOf(p));
      }
      const types = new Map(this.types(lang).map((t) => [t.WebID, t.ShowOrder]));
      const newest = [...entries].sort((a, b) => b.created.localeCompare(a.created) || b.id - a.id);
      // A list holds what is on offer for its goal (shared/goal.ts): what the counts count.
      const ordersOf = (goal: Goal): Record<SortOrder, Entry[]> => {
        const mine = entries.filter((e) => e.goal === goal && e.available);
        const price = [...mine].sort(byPrice);
        // Highest first, and properties without a published price still last.
        const priced = price.filter((e) => e.price !== null);
        return {
          newest: newest.filter((e) => e.goal === goal && e.available),
          'price-asc': price,
          'price-desc': [...priced.reverse(), ...price.filter((e) => e.price === null)],
          type: [...mine].sort((a, b) => (types.get(a.webId ?? 0) ?? 9) - (types.get(b.webId ?? 0) ?? 9) || byPrice(a, b)),
          city: [...mine].sort((a, b) => a.cityKey.localeCompare(b.cityKey) || byPrice(a, b)),
        };
      };
      const cityKeys = new Map<string, number>();
      for (const e of entries) if (!cityKeys.has(e.cityKey)) cityKeys.set(e.cityKey, cityKeys.size);
      ix = { entries, cityKeys, columns: new Map(), newest, orders: { sale: ordersOf('sale'), rent: ordersOf('rent') } };
      this.index.set(lang, ix);
    }
    return ix;
  }

  /** The record in `lang`, else English, else any language it exists in. */
  property(id: number, lang: Lang): PropertyRecord | undefined {
    const m = this.props.get(id);
    return m && (m[lang] ?? m.en ?? Object.values(m)[0]);
  }

  project(id: number, lang: Lang): ProjectRecord | undefined {
    const m = this.projs.get(id);
    return m && (m[lang] ?? m.en ?? Object.values(m)[0]);
  }

  projects(lang: Lang): ProjectRecord[] {
    return [...this.projs.keys()].map((id) => this.project(id, lang)!).sort((a, b) => (b.CreateDate ?? '').localeCompare(a.CreateDate ?? '') || a.ID - b.ID);
  }

  /** A drop to show now (PRICE_DROP_DAYS, to the price shown), else null. */
  priceDrop(id: number): PriceDrop | null {
    const drop = this.drops.get(id);
    const p = drop && this.property(id, 'en');
    return p ? visibleDrop(drop, shownPrice(p)) : null;
  }

  propertyIds(): number[] {
    return [...this.props.keys()];
  }

  projectIds(): number[] {
    return [...this.projs.keys()];
  }

  /** Lists worked out once per set (a list page asks for them on every render): the same array each time. */
  private readonly lists = new Map<string, readonly unknown[]>();
  private once<T>(key: string, make: () => T[]): readonly T[] {
    let list = this.lists.get(key) as readonly T[] | undefined;
    if (!list) this.lists.set(key, (list = Object.freeze(make())));
    return list;
  }

  types(lang: Lang): readonly PropertyTypeRecord[] {
    return this.once(`types ${lang}`, () => {
      const own = this.typeList.filter((t) => t.language === lang);
      return (own.length ? own : this.typeList.filter((t) => t.language === 'en')).sort((a, b) => a.ShowOrder - b.ShowOrder);
    });
  }

  cities(lang: Lang, goal?: Goal): readonly CityEntry[] {
    return this.once(`cities ${lang} ${goal ?? ''}`, () => {
      const list = goal === 'sale' ? this.cityLists.sale : goal === 'rent' ? this.cityLists.rent : this.cityLists.all;
      const own = list.filter((c) => c.language === lang);
      return (own.length ? own : list.filter((c) => c.language === 'en')).filter((c) => c.PropertyCount > 0).sort((a, b) => a.Name.localeCompare(b.Name, lang));
    });
  }

  /**
   * One walk over the goal's entries in the order asked for: every match is counted, only the
   * page's ones are kept (a page past the last one walks once more for the last page).
   */
  search(q: PropertyQuery, lang: Lang): SearchResult {
    const ix = this.langIndex(lang);
    const sort: SortOrder = q.sort === 'price-asc' || q.sort === 'price-desc' || q.sort === 'type' || q.sort === 'city' ? q.sort : 'newest';
    const order = ix.orders[q.goal][sort];
    let c = ix.columns.get(order);
    if (!c) ix.columns.set(order, (c = columnsOf(order, ix.cityKeys)));
    const idOf = c.ids;
    const matches = matcherOf(q, c, order, ix.cityKeys);
    const walk = (page: number) => {
      const from = (page - 1) * q.pageSize;
      const to = from + q.pageSize;
      const ids: number[] = [];
      let total = 0;
      for (let i = 0; i < idOf.length; i++) {
        if (!matches(i)) continue;
        if (total >= from && total < to) ids.push(idOf[i]);
        total++;
      }
      return { ids, total };
    };
    let { ids, total } = walk(q.page);
    const pages = Math.max(1, Math.ceil(total / q.pageSize));
    const page = Math.min(q.page, pages);
    if (page !== q.page) ({ ids, total } = walk(page));
    return { ids, total, page, pages };
  }

  /**
   * The map's clusters and markers of a search inside a view (map-cluster.ts), leaving the query's
   * own area aside (the map shows around it), at most `max` of them.
   */
  mapCells(q: PropertyQuery, view: { bbox: Bbox; zoom: number }, lang: Lang, max?: number): MapCells {
    const ix = this.langIndex(lang);
    const order = ix.orders[q.goal].newest;
    let c = ix.columns.get(order);
    if (!c) ix.columns.set(order, (c = columnsOf(order, ix.cityKeys)));
    const matches = matcherOf(q, c, order, ix.cityKeys, false);
    const grid = new GridClusters(view.bbox, view.zoom, max);
    const { ids, lat, lng, x, y, price } = c;
    let [s, w, n, e] = [Infinity, Infinity, -Infinity, -Infinity];
    let total = 0;
    let located = 0;
    let unlocated = 0;
    for (let i = 0; i < ids.length; i++) {
      if (!matches(i)) continue;
      const la = lat[i];
      const ln = lng[i];
      if (Number.isNaN(la)) {
        unlocated++;
        continue;
      }
      located++;
      if (la < s) s = la;
      if (la > n) n = la;
      if (ln < w) w = ln;
      if (ln > e) e = ln;
      if (grid.add(ids[i], la, ln, x[i], y[i], price[i])) total++;
    }
    return { total, located, unlocated, extent: located ? [s, w, n, e] : null, ...grid.cells() };
  }

  counts(lang: Lang) {
    const ix = this.langIndex(lang);
    return (ix.counts ??= countsOf(ix.entries));
  }

  similar(id: number, lang: Lang, max: number): number[] {
    const ix = this.langIndex(lang);
    const me = ix.entries.find((e) => e.id === id);
    if (!me) return [];
    const dist = (e: Entry) =>
      me.lat !== null && e.lat !== null && me.lng !== null && e.lng !== null
        ? Math.hypot(me.lat - e.lat, (me.lng - e.lng) * 0.62)
        : e.cityKey === me.cityKey
          ? 0
          : 1;
    const priceGap = (e: Entry) => (me.price && e.price ? Math.abs(Math.log(e.price / me.price)) : 1);
    return ix.entries
      .filter((e) => e.id !== id && e.available && e.goal === me.goal && (me.webId === undefined || e.webId === me.webId))
      .map((e) => ({ id: e.id, score: dist(e) * 20 + priceGap(e) }))
      .sort((a, b) => a.score - b.score || a.id - b.id)
      .slice(0, max)
      .map((s) => s.id);
  }

  /** The site search's index: made by prepareFind when the set is loaded, else on the first search. */
  private findIndex: ListingFindIndex | undefined;
  private findSource = (): FindSource => findSourceOf(this.props, this.projs, this.cityLists.all, isAvailable);

  /** Makes the site search's index without holding the event loop (a set being loaded: server/listings/live.ts). */
  async prepareFind(): Promise<void> {
    this.findIndex ??= await ListingFindIndex.buildAsync(this.findSource());
  }

  find(text: SearchText, max: { properties: number; projects: number }, noTypos?: ReadonlySet<string>): ListingFind {
    this.findIndex ??= ListingFindIndex.build(this.findSource());
    return this.findIndex.find(text, max, noTypos);
  }

  featured(lang: Lang, goal: Goal | undefined, max: number): number[] {
    return this.langIndex(lang)
      .newest.filter((e) => e.available && (!goal || e.goal === goal) && e.price !== null)
      .slice(0, max)
      .map((e) => e.id);
  }
}
