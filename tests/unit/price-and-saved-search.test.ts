// Issue 39, point 3: the price per m² rules, the price history's drop rules, and a list's filters as a demand.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { lastDrop, nextPriceRecord, PRICE_CHANGES_KEPT, PRICE_DROP_DAYS, pricePerM2, visibleDrop, type PriceRecord } from '../../shared/price.ts';
import { formatPrice } from '../../shared/format.ts';
import { parsePropertyQuery } from '../../shared/listing-query.ts';
import { criteriaFields, DEMAND_MAX_CITIES, DEMAND_MAX_PRICE, DEMAND_MAX_ROOMS, savedSearchOf } from '../../modules/property-list/save-search.ts';

// A sale as the CRM sends it (SPEC §3): Goal 0, a published price, a living surface.
const sale = { Goal: 0, PublishPrice: true, Price: 381000, PriceUnit: 1, SurfaceLiving: 117, PriceOnDemand: false, IsViager: false };

describe('price per m²', () => {
  it('is the price over the living surface, rounded to whole euros, in the Belgian format', () => {
    expect(pricePerM2(sale)).toBe(3256); // 381000 / 117 = 3256.41
    expect(pricePerM2({ ...sale, Price: 390000, SurfaceLiving: 120 })).toBe(3250);
    expect(formatPrice(pricePerM2({ ...sale, Price: 390000, SurfaceLiving: 120 }))).toBe('€ 3.250');
    expect(pricePerM2({ ...sale, Price: 250001, SurfaceLiving: 100 })).toBe(2500);
    expect(pricePerM2({ ...sale, Price: 250050, SurfaceLiving: 100 })).toBe(2501); // .5 rounds up
  });

  it('is only for sales with one published price and a living surface', () => {
    expect(pricePerM2({ ...sale, Goal: 1, Price: 1250 })).toBeNull(); // a rent
    expect(pricePerM2({ ...sale, PublishPrice: false })).toBeNull(); // price not published
    expect(pricePerM2({ ...sale, PriceOnDemand: true })).toBeNull(); // price on request
    expect(pricePerM2({ ...sale, IsViager: true })).toBeNull(); // viager
    expect(pricePerM2({ ...sale, PriceUnit: 7 })).toBeNull(); // "starting from": a range
    expect(pricePerM2({ ...sale, SurfaceLiving: undefined })).toBeNull();
    expect(pricePerM2({ ...sale, SurfaceLiving: null })).toBeNull();
    expect(pricePerM2({ ...sale, SurfaceLiving: 0 })).toBeNull();
    expect(pricePerM2({ ...sale, Price: 0 })).toBeNull();
    expect(pricePerM2({ ...sale, Price: null as unknown as number })).toBeNull();
  });
});

describe('price history', () => {
  const at1 = '2026-03-01T08:00:00.000Z';
  const at2 = '2026-03-12T08:00:00.000Z';
  it('a first price is not a change; a lower one is a drop; the same price changes nothing; a higher one ends the drop', () => {
    const first = nextPriceRecord(undefined, 1132, 400000, at1, 's1')!;
    expect(first).toEqual({ id: 1132, price: 400000, changes: [] });
    expect(lastDrop(first)).toBeNull();
    const lower = nextPriceRecord(first, 1132, 380000, at2, 's2')!;
    expect(lastDrop(lower)).toEqual({ from: 400000, to: 380000, at: at2 });
    expect(nextPriceRecord(lower, 1132, 380000, '2026-03-13T08:00:00.000Z', 's3')).toBeUndefined();
    const up = nextPriceRecord(lower, 1132, 385000, '2026-03-14T08:00:00.000Z', 's4')!;
    expect(lastDrop(up)).toBeNull();
    expect(up.changes.map((c) => c.to)).toEqual([385000, 380000]);
    // On request and back: not a drop (there was no price to compare with).
    const onRequest = nextPriceRecord(up, 1132, null, at2, 's5')!;
    expect(lastDrop(nextPriceRecord(onRequest, 1132, 300000, at2, 's6')!)).toBeNull();
  });

  it(`keeps the newest ${PRICE_CHANGES_KEPT} changes`, () => {
    let r: PriceRecord = nextPriceRecord(undefined, 7, 500000, at1, 's0')!;
    for (let i = 1; i <= PRICE_CHANGES_KEPT + 5; i++) r = nextPriceRecord(r, 7, 500000 - i * 1000, at1, `s${i}`)!;
    expect(r.changes).toHaveLength(PRICE_CHANGES_KEPT);
    expect(r.changes[0].set).toBe(`s${PRICE_CHANGES_KEPT + 5}`);
  });

  it(`shows a drop for ${PRICE_DROP_DAYS} days, and only at the price the visitor sees`, () => {
    const drop = { from: 400000, to: 380000, at: at2 };
    const day = 86_400_000;
    const t0 = Date.parse(at2);
    expect(visibleDrop(drop, 380000, t0 + day)).toEqual(drop);
    expect(visibleDrop(drop, 380000, t0 + (PRICE_DROP_DAYS - 1) * day)).toEqual(drop);
    expect(visibleDrop(drop, 380000, t0 + PRICE_DROP_DAYS * day)).toBeNull();
    expect(visibleDrop(drop, 400000, t0 + day)).toBeNull(); // the live set still has the old price
    expect(visibleDrop(drop, null, t0 + day)).toBeNull(); // now on request
    expect(visibleDrop(null, 380000, t0)).toBeNull();
  });
});

describe('save this search', () => {
  const offered = { types: [1, 2, 3, 4, 5, 6, 7], cities: ['1000', '1030', '1040'] };
  const q = (s: string) => parsePropertyQuery(new URLSearchParams(s), { goal: 'sale' }).query;

  it('carries every filter the demand register holds', () => {
    const s = savedSearchOf(q('type=3&type=1&city=1030&city=1040&minPrice=200000&maxPrice=400000&bedrooms=2&garden=1&terrace=1'), offered);
    expect(s.criteria).toEqual({
      goal: 'sale',
      types: ['3', '1'],
      cities: ['1030', '1040'],
      minPrice: 200000,
      maxPrice: 400000,
      bedrooms: 2,
      garden: true,
      terrace: true,
    });
    expect(s).toMatchObject({ allTypes: false, allCities: false, chooseCities: false, dropped: [] });
    expect(criteriaFields(s.criteria)).toEqual([
      ['goal', 'sale'],
      ['types', '3'],
      ['types', '1'],
      ['cities', '1030'],
      ['cities', '1040'],
      ['minPrice', '200000'],
      ['maxPrice', '400000'],
      ['bedrooms', '2'],
      ['terrace', 'on'],
      ['garden', 'on'],
    ]);
  });

  it('names the filters it cannot hold instead of dropping them', () => {
    const s = savedSearchOf(q('city=1030&minSurface=120&maxEpc=c&q=Louise&parking=1&minPrice=200000000&bedrooms=30'), offered);
    expect(s.dropped).toEqual([
      { key: 'minPrice', value: 200000000 },
      { key: 'bedrooms', value: 30 },
      { key: 'minSurface', value: 120 },
      { key: 'maxEpc', value: 'C' },
      { key: 'q', value: 'Louise' },
      { key: 'parking' },
    ]);
    expect(s.criteria).toEqual({ goal: 'sale', types: offered.types.map(String), cities: ['1030'] });
  });

  it('takes every type and municipality of the list when none is chosen, within the demand’s bound', () => {
    const all = savedSearchOf(q(''), offered);
    expect(all).toMatchObject({ allTypes: true, allCities: true, chooseCities: false });
    expect(all.criteria.cities).toEqual(offered.cities);
    const many = Array.from({ length: DEMAND_MAX_CITIES + 1 }, (_, i) => String(1000 + i));
    const tooMany = savedSearchOf(q(''), { types: [3], cities: many });
    expect(tooMany).toMatchObject({ allCities: true, chooseCities: true });
    expect(tooMany.criteria.cities).toEqual([]);
    expect(savedSearchOf(q(''), { types: [3], cities: many.slice(0, DEMAND_MAX_CITIES) }).chooseCities).toBe(false);
  });

  it('its bounds are the demand schema’s', () => {
    const schema = JSON.parse(readFileSync('schemas/form-demand-register.json', 'utf8'));
    expect(DEMAND_MAX_CITIES).toBe(schema.properties.cities.maxItems);
    expect(DEMAND_MAX_PRICE).toBe(schema.properties.minPrice.maximum);
    expect(DEMAND_MAX_ROOMS).toBe(schema.properties.bedrooms.maximum);
  });
});
