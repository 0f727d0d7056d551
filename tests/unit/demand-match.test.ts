// Which properties a registered search (demand-register) is mailed: min and max bedrooms (SPEC §3).
import { describe, expect, it } from 'vitest';
import { matchesDemand, type Demand } from '../../server/forms/alerts.ts';
import { rawSample } from '../helpers/listings.ts';

const home = {
  ...rawSample().properties[0],
  Availability: 'available',
  Goal: 0,
  WebID: 3,
  WebIDs: '3',
  Zip: '1030',
  City: 'Schaerbeek',
  Price: 350000,
  PublishPrice: true,
};
const demand: Demand = { goal: 'sale', types: ['3'], cities: ['1030'] };
const withBedrooms = (n: number) => ({ ...home, NumberOfBedRooms: n }) as never;

describe('a demand with a number of bedrooms', () => {
  it('takes homes between its minimum and maximum, both included', () => {
    const d = { ...demand, bedrooms: 2, maxBedrooms: 3 };
    expect([1, 2, 3, 4].map((n) => matchesDemand(withBedrooms(n), d))).toEqual([false, true, true, false]);
  });
  it('without a maximum, any number from the minimum', () => {
    expect(matchesDemand(withBedrooms(7), { ...demand, bedrooms: 2 })).toBe(true);
    expect(matchesDemand(withBedrooms(0), { ...demand, maxBedrooms: 1 })).toBe(true);
  });
});

describe('a demand’s zones: region, postcode or municipality (SPEC §3 demand)', () => {
  const at = (Zip: string, City: string, CountryID = 10) => ({ ...home, Zip, City, CountryID }) as never;
  const zones = (z: Partial<Demand>) => ({ goal: 'sale', types: ['3'], ...z }) as Demand;
  it('a region takes every postcode of it (SPEC §9), and no other', () => {
    const d = zones({ regions: ['flanders'] });
    expect(matchesDemand(at('3000', 'Leuven'), d)).toBe(true);
    expect(matchesDemand(at('1800', 'Vilvoorde'), d)).toBe(true);
    expect(matchesDemand(at('1030', 'Schaerbeek'), d)).toBe(false);
    expect(matchesDemand(at('5000', 'Namur'), zones({ regions: ['wallonia', 'brussels'] }))).toBe(true);
    expect(matchesDemand(at('L-1450', 'Luxembourg', 50), zones({ regions: ['brussels', 'flanders', 'wallonia'] }))).toBe(false);
  });
  it('postcodes as typed, separated by commas or spaces', () => {
    const d = zones({ zips: ' 1180,1050 ;9000 ' });
    expect(matchesDemand(at('1180', 'Uccle'), d)).toBe(true);
    expect(matchesDemand(at('9000', 'Gent'), d)).toBe(true);
    expect(matchesDemand(at('1030', 'Schaerbeek'), d)).toBe(false);
  });
  it('any of the three is enough', () => {
    const d = zones({ regions: ['wallonia'], zips: '1180', cities: ['1030'] });
    expect(['5000', '1180', '1030', '1000'].map((z) => matchesDemand(at(z, 'X'), d))).toEqual([true, true, true, false]);
  });
});
