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
