import { describe, expect, it } from 'vitest';
import { epcDisplayText, epcForProperty, epcLabel, epcLetter, epcRank, needsRenovationNotice, EPC_SCALES } from '../../shared/epc.ts';
// The tables, regions, phone, video and description helpers are tested edge by edge in listing-helpers.test.ts.
import { parsePropertyQuery, queryString } from '../../shared/listing-query.ts';

describe('EPC labels across regions', () => {
  it('keeps the scales as data with open bounds at both ends', () => {
    for (const scale of Object.values(EPC_SCALES)) {
      expect(scale[0].lower).toBeNull();
      expect(scale[scale.length - 1].upper).toBeNull();
    }
    expect(EPC_SCALES.brussels.find((r) => r.label === 'f_sub')!.lower).toBe(323);
    expect(epcLabel(null, 'brussels')).toBeNull();
  });

  it('reads the region from the postcode, Luxembourg from the label text, nothing elsewhere', () => {
    expect(epcForProperty({ CountryID: 10, Zip: '1030', EnergyPerformance: 150 })).toEqual({
      region: 'brussels',
      label: 'c_sub',
      image: '/images/epc/brussels/c_sub.png',
    });
    expect(epcForProperty({ CountryID: 10, Zip: '9000', EnergyPerformance: 150 })).toEqual({
      region: 'flanders',
      label: 'b',
      image: '/images/epc/flanders/b.png',
    });
    expect(epcForProperty({ CountryID: 10, Zip: '5000', EnergyPerformance: 150 })).toEqual({
      region: 'wallonia',
      label: 'b',
      image: '/images/epc/wallonia/b.png',
    });
    expect(epcForProperty({ CountryID: 50, Zip: '', EPCLabelText: 'B' })).toEqual({ region: 'luxembourg', label: 'B', image: null });
    expect(epcForProperty({ CountryID: 33, Zip: '75001', EnergyPerformance: 150 })).toEqual({ region: null, label: null, image: null });
  });

  it('compares labels across regions on one scale and flags E and F for the renovation notice', () => {
    expect(epcLetter('a_plusplus')).toBe('A++');
    expect(epcLetter('b_sub')).toBe('B');
    expect(epcLetter('C')).toBe('C');
    expect(epcRank('a_plus')! < epcRank('b')!).toBe(true);
    expect(epcDisplayText('c_sub')).toBe('C–');
    expect(['e', 'e_plus', 'f_sub', 'E', 'F'].every(needsRenovationNotice)).toBe(true);
    expect(['d', 'g', null].some(needsRenovationNotice)).toBe(false);
  });
});

describe('search query strings', () => {
  it('round-trips a search through the URL', () => {
    const qs = '?type=3&city=1030&maxPrice=400000&bedrooms=2&sort=price-asc&page=2';
    const { query, errors } = parsePropertyQuery(new URLSearchParams(qs), { goal: 'sale' });
    expect(errors).toEqual([]);
    expect(query).toMatchObject({ goal: 'sale', types: [3], cities: ['1030'], maxPrice: 400000, bedrooms: 2, sort: 'price-asc', page: 2, pageSize: 24 });
    expect(queryString(query, 'sale')).toBe(qs);
  });
  it('names every bad field', () => {
    const { errors } = parsePropertyQuery(new URLSearchParams('maxPrice=lots&type=8&sort=best&garden=maybe'));
    expect(errors.map((e) => e.field).sort()).toEqual(['garden', 'maxPrice', 'sort', 'type']);
  });
});
