/**
 * The search walk over typed columns (server/listings/store.ts) against a plain filter of the same
 * records, on records shaped like a CRM's: prices withheld or on demand, extra types in WebIDs (one
 * beyond the site's seven), cities without a zip, flags given as surfaces, EPC labels missing.
 */
import { describe, expect, it } from 'vitest';
import { ListingStore } from '../../server/listings/store.ts';
import type { PropertyQuery, PropertyRecord } from '../../renderer/listing-types.ts';

const base = { language: 'fr', Goal: 0, Availability: 'available', City: 'Ixelles', Zip: '1050', WebID: 3, Price: 300000, CreateDate: '2026-01-01' };
const records = [
  { ID: 1, TypeDescription: 'Appartement lumineux', NumberOfBedRooms: 2, SurfaceLiving: 90, HasGarden: true },
  {
    ID: 2,
    WebID: 1,
    WebIDs: '1,45',
    Price: 650000,
    NumberOfBedRooms: 4,
    SurfaceLiving: 210,
    SurfaceTerrace: 12,
    NumberOfGarages: 1,
    Zip: '1180',
    City: 'Uccle',
  },
  { ID: 3, PublishPrice: false, Price: 500000, NumberOfBedRooms: 3, SurfaceTotal: 140, HasParking: true },
  { ID: 4, PriceOnDemand: true, Price: 900000, Zip: '', City: 'Rixensart', Street: 'Avenue des Tilleuls' },
  { ID: 5, WebID: 7, Price: 25000, SurfaceLiving: 14 },
  { ID: 6, Goal: 1, Price: 1200, NumberOfBedRooms: 1, SurfaceLiving: 55, HasTerrace: true },
  { ID: 7, WebID: 2, WebIDs: '2,3', Price: 180000, NumberOfBedRooms: 0, SurfaceLiving: 38, Zip: '1000', City: 'Bruxelles', CreateDate: '2026-03-01' },
].map((r) => ({ ...base, ...r })) as unknown as PropertyRecord[];

const store = new ListingStore({ properties: records, projects: [], webIDs: [], citys: [], citysSale: [], citysRent: [], neighbourhoods: [] } as never, 'test');
const q = (over: Partial<PropertyQuery>): PropertyQuery => ({ goal: 'sale', sort: 'newest', page: 1, pageSize: 24, ...over });
const ids = (over: Partial<PropertyQuery>) => [...store.search(q(over), 'fr').ids].sort((a, b) => a - b);

describe('the property search over columns', () => {
  it.each([
    ['every sale', {}, [1, 2, 3, 4, 5, 7]],
    ['rentals', { goal: 'rent' as const }, [6]],
    ['apartments, also as an extra type', { types: [3] }, [1, 3, 4, 7]],
    ['houses or garages', { types: [1, 7] }, [2, 5]],
    ['a type no property has', { types: [6] }, []],
    ['a city by zip, and by slug when there is no zip', { cities: ['1180', 'rixensart'] }, [2, 4]],
    ['a city nobody lives in', { cities: ['9999'] }, []],
    ['a price band leaves out withheld and on-demand prices', { minPrice: 100000, maxPrice: 700000 }, [1, 2, 7]],
    ['a minimum price alone', { minPrice: 600000 }, [2]],
    ['bedrooms and surface', { bedrooms: 2, minSurface: 100 }, [2, 3]],
    ['garden (given as a flag)', { garden: true }, [1]],
    ['terrace (given as a surface) and parking (a garage)', { terrace: true, parking: true }, [2]],
    ['parking: a garage-type property counts', { parking: true }, [2, 3, 5]],
    ['text in the street', { q: 'tilleuls' }, [4]],
    ['text in the id', { q: '7' }, [7]],
  ])('%s', (_, over, expected) => {
    expect(ids(over)).toEqual(expected);
  });

  it('pages by the order asked for, and clamps a page past the last', () => {
    const asc = store.search(q({ sort: 'price-asc', pageSize: 2 }), 'fr');
    expect(asc.ids).toEqual([5, 7]);
    expect(asc.pages).toBe(3);
    const last = store.search(q({ sort: 'price-asc', pageSize: 2, page: 9 }), 'fr');
    expect(last.page).toBe(3);
    expect(last.ids).toEqual([3, 4]); // without a published price: last, by id
    expect(last.total).toBe(6);
  });
});
