import { describe, expect, it } from 'vitest';
import {
  buildValuationIndex,
  buildValuationIndexInSlices,
  comparableOf,
  estimateValuation,
  parseValuationQuery,
  quantile,
  valuationConfigProblems,
  valuationIndex,
  valuationQuery,
} from '../../shared/valuation.ts';
import type { ListingSource, PropertyRecord } from '../../renderer/listing-types.ts';
import type { ValuationConfig } from '../../schemas/types.gen.ts';
import { loadShipped } from '../helpers/config.ts';

const src = { name: 'test', date: '2026-01' };
/** Round factors, so that every estimate can be checked by hand. */
const config: ValuationConfig = {
  note: { en: 'Indicative.' },
  minComparables: 5,
  widening: ['municipality', 'region'],
  types: [1, 2, 3],
  goals: ['sale', 'rent'],
  rounding: { sale: 1000, rent: 10 },
  pricePerM2: { sale: { min: 500, max: 20000 }, rent: { min: 4, max: 60 } },
  includeUnavailable: true,
  factors: {
    epc: { 'A++': 1.2, 'A+': 1.2, A: 1.2, B: 1.1, C: 1.05, D: 1, E: 0.95, F: 0.9, G: 0.85 },
    condition: {
      new: { factor: 1.2, names: ['Neuf', 'New build'] },
      excellent: { factor: 1.1, names: ['Excellent état'] },
      good: { factor: 1, names: ['Bon état', 'Goede staat'] },
      refresh: { factor: 0.9, names: ['À rafraîchir'] },
      renovate: { factor: 0.8, names: ['À rénover', 'Te renoveren'] },
    },
    outdoor: { none: 1, terrace: 1.05, garden: 1.1 },
    source: src,
  },
  source: src,
};

let next = 5000;
/** A property record as a CRM sends it (SPEC §3 fields), for sale unless said otherwise. */
function listing(o: Partial<PropertyRecord> & { Price: number; SurfaceLiving?: number | null }): PropertyRecord {
  return {
    ID: next++,
    language: 'fr',
    Goal: 0,
    WebID: 3,
    Zip: '1030',
    City: 'Schaerbeek',
    CountryID: 10,
    Availability: 'available',
    PublishPrice: true,
    ConditionName: 'Bon état',
    EnergyPerformance: 180, // Brussels 171–190: d
    ...o,
  } as PropertyRecord;
}

/** Schaerbeek: 3 apartments for sale (too few alone); Brussels: 6 with the others; rents; and listings that must not count. */
const set: PropertyRecord[] = [
  listing({ Price: 200000, SurfaceLiving: 100 }), // 2000 €/m²
  listing({ Price: 300000, SurfaceLiving: 100 }), // 3000
  listing({ Price: 320000, SurfaceLiving: 80, ConditionName: 'À rénover' }), // 4000 as is, 5000 once brought to 'good'
  listing({ Price: 250000, SurfaceLiving: 100, Zip: '1050', City: 'Ixelles' }), // 2500
  listing({ Price: 350000, SurfaceLiving: 100, Zip: '1060', City: 'Saint-Gilles', Availability: 'sold' }), // 3500, sold still counts
  listing({ Price: 440000, SurfaceLiving: 100, Zip: '1180', City: 'Uccle', HasGarden: true }), // 4400 / 1.1 = 4000
  // Not comparables:
  listing({ Price: 900000, SurfaceLiving: 100, PriceOnDemand: true }),
  listing({ Price: 900000, SurfaceLiving: 100, PublishPrice: false }),
  listing({ Price: 150000, SurfaceLiving: 100, PriceUnit: 7 }), // 'starting from'
  listing({ Price: 90000, SurfaceLiving: 100, IsViager: true }),
  listing({ Price: 300000, SurfaceLiving: null }),
  listing({ Price: 300000, SurfaceLiving: 100, WebID: 1 }), // a house
  listing({ Price: 300000, SurfaceLiving: 100, Zip: 'L-1450', City: 'Luxembourg', CountryID: 50 }),
  listing({ Price: 30000000, SurfaceLiving: 100 }), // 300 000 €/m²: a typo in the CRM
  // Rents in Schaerbeek: 5 comparables, exactly the minimum.
  ...[10, 12, 14, 16, 18].map((perM2) => listing({ Goal: 1, Price: perM2 * 50, SurfaceLiving: 50 })),
  // Flanders: two houses only.
  listing({ Price: 300000, SurfaceLiving: 150, WebID: 1, Zip: '9000', City: 'Ghent', EnergyPerformance: 350 }),
  listing({ Price: 330000, SurfaceLiving: 150, WebID: 1, Zip: '9000', City: 'Ghent', EnergyPerformance: 350 }),
];

function source(records: PropertyRecord[], version = 'test-set'): ListingSource {
  const byId = new Map(records.map((r) => [r.ID, r]));
  return { version, propertyIds: () => [...byId.keys()], property: (id: number) => byId.get(id) } as unknown as ListingSource;
}

describe('the valuation’s comparables', () => {
  it('are the listings with a published, plain price and a living surface, in a Belgian region, within sane bounds', () => {
    const index = buildValuationIndex(source(set), config);
    expect(index.comparables).toBe(14); // 6 apartments for sale, 5 rents, 1 house… plus the 2 Ghent houses
    expect(index.groups.get('sale|3|m:1030')!.n).toBe(3);
    expect(index.groups.get('sale|3|r:brussels')!.n).toBe(6);
    expect(index.groups.get('rent|3|m:1030')!.n).toBe(5);
    expect(index.groups.get('sale|1|r:flanders')!.n).toBe(2);
  });

  it('are brought to the reference home (label D, good condition, no outdoor space) by the factors', () => {
    const read = (n: string | null | undefined) => (n === 'À rénover' ? ('renovate' as const) : n === 'Bon état' ? ('good' as const) : undefined);
    expect(comparableOf(set[2], config, read)!.value).toBeCloseTo(5000); // 4000 / 0.8
    expect(comparableOf(set[5], config, read)!.value).toBeCloseTo(4000); // 4400 / 1.1
    expect(comparableOf(listing({ Price: 200000, SurfaceLiving: 100, EnergyPerformance: 300 }), config, read)!.value).toBeCloseTo(2000 / 0.9); // Brussels 300 is f
  });

  it('take the median and the interquartile range, interpolated', () => {
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4, 5], 0.25)).toBe(2);
    expect(quantile([10, 20], 0.75)).toBe(17.5);
    const g = buildValuationIndex(source(set), config).groups.get('sale|3|r:brussels')!;
    // 2000, 2500, 3000, 3500, 4000, 5000
    expect(g.n).toBe(6);
    expect(g.q1).toBeCloseTo(2625);
    expect(g.median).toBeCloseTo(3250);
    expect(g.q3).toBeCloseTo(3875);
  });
});

describe('the estimate', () => {
  const index = buildValuationIndex(source(set), config);
  const estimate = (q: string) => {
    const { inputs } = parseValuationQuery(new URLSearchParams(q), config);
    return estimateValuation(index, inputs as Parameters<typeof estimateValuation>[1], config)!;
  };

  it('widens to the region when the municipality has too few, and says how many it used where', () => {
    const r = estimate('zip=1030&type=3&surface=80&condition=good&epc=D&outdoor=none');
    expect(r.region).toBe('brussels');
    // 2625, 3250 and 3875 €/m² × 80 m²
    expect(r.estimates[0]).toEqual({ goal: 'sale', ok: true, low: 210000, median: 260000, high: 310000, comparables: 6, area: 'region' });
  });

  it('stays in the municipality when it has the minimum (rents: exactly five)', () => {
    const r = estimate('zip=1030&type=3&surface=60&condition=good&epc=D&outdoor=none');
    // Rents per m²: 10 12 14 16 18 → q1 12, median 14, q3 16, × 60 m².
    expect(r.estimates[1]).toEqual({ goal: 'rent', ok: true, low: 720, median: 840, high: 960, comparables: 5, area: 'municipality' });
  });

  it('adjusts for the visitor’s label, condition and outdoor space', () => {
    const base = estimate('zip=1030&type=3&surface=100&condition=good&epc=D&outdoor=none').estimates[0];
    const worse = estimate('zip=1030&type=3&surface=100&condition=renovate&epc=F&outdoor=garden').estimates[0];
    if (!base.ok || !worse.ok) throw new Error('expected estimates');
    // × 0.8 × 0.9 × 1.1 = 0.792
    expect(worse.median).toBe(Math.round((3250 * 100 * 0.792) / 1000) * 1000);
    expect(worse.median).toBeLessThan(base.median);
    // An unknown label counts as neutral.
    expect(estimate('zip=1030&type=3&surface=100&condition=good&epc=unknown&outdoor=none').estimates[0]).toEqual(base);
  });

  it('refuses a figure below the minimum, even after widening, and says how many there were', () => {
    const r = estimate('zip=9000&type=1&surface=150&condition=good&epc=D&outdoor=garden');
    expect(r.estimates).toEqual([
      { goal: 'sale', ok: false, comparables: 2 },
      { goal: 'rent', ok: false, comparables: 0 },
    ]);
  });

  it('does not widen when the config says the municipality only', () => {
    const narrow = { ...config, widening: ['municipality'] } as ValuationConfig;
    const { inputs } = parseValuationQuery(new URLSearchParams('zip=1030&type=3&surface=100'), narrow);
    const r = estimateValuation(buildValuationIndex(source(set), narrow), inputs as Parameters<typeof estimateValuation>[1], narrow)!;
    expect(r.estimates[0]).toEqual({ goal: 'sale', ok: false, comparables: 3 });
  });

  it('is built once per listing set and config, and anew for another set (after an import)', async () => {
    const live = source(set, 'v1');
    const first = await valuationIndex(live, config);
    expect(await valuationIndex(live, config)).toBe(first);
    const imported = source([...set, listing({ Price: 100000, SurfaceLiving: 100 })], 'v2');
    const second = await valuationIndex(imported, config);
    expect(second).not.toBe(first);
    expect(second.groups.get('sale|3|m:1030')!.n).toBe(4);
    expect(await valuationIndex(live, { ...config })).not.toBe(first); // a saved config too
  });

  it('is the same built in slices, between which other work gets through', async () => {
    const many = source(
      Array.from({ length: 23 }, (_, i) => listing({ Price: 200000 + i * 1000, SurfaceLiving: 100 })),
      'many',
    );
    let ticks = 0;
    const timer = setInterval(() => ticks++, 0);
    const sliced = await buildValuationIndexInSlices(many, config, 5);
    clearInterval(timer);
    expect(sliced).toEqual(buildValuationIndex(many, config));
    expect(ticks).toBeGreaterThan(0);
  });
});

describe('the valuation’s steps and query string', () => {
  const parse = (q: string) => parseValuationQuery(new URLSearchParams(q), config);

  it('shows the first step not answered yet, then the result', () => {
    expect(parse('').step).toBe('address');
    expect(parse('address=Rue+Royale+12&zip=1030').step).toBe('type');
    expect(parse('address=Rue+Royale+12&zip=1030&type=3').step).toBe('details');
    expect(parse('address=Rue+Royale+12&zip=1030&type=3&surface=85&bedrooms=2&condition=good&epc=D&outdoor=terrace').step).toBe('result');
  });

  it('goes back to a step asked for, but never past one not answered', () => {
    const all = 'address=Rue+Royale+12&zip=1030&type=3&surface=85&bedrooms=2&condition=good&epc=D&outdoor=terrace';
    expect(parse(`${all}&step=1`).step).toBe('address');
    expect(parse('address=Rue+Royale+12&zip=1030&step=3').step).toBe('type');
  });

  it('shows the step of a bad or empty value again, with the field named', () => {
    const r = parse('address=Rue+Royale+12&zip=1030&type=3&surface=&bedrooms=two&condition=ruin&epc=H&outdoor=pool');
    expect(r.step).toBe('details');
    expect(r.errors.map((e) => [e.field, e.key])).toEqual([
      ['surface', 'tool.error.required'],
      ['bedrooms', 'tool.error.range'],
      ['condition', 'tool.error.invalid'],
      ['outdoor', 'tool.error.invalid'],
      ['epc', 'tool.error.label'],
    ]);
    expect(parse('address=%3Cscript%3E&zip=9999999').errors.map((e) => e.field)).toEqual(['address', 'zip']);
    expect(parse('address=x&zip=1030&type=4').errors).toEqual([{ field: 'type', key: 'tool.error.invalid' }]); // plots are not valued
  });

  it('reads back what it writes', () => {
    const { inputs } = parse('address=Rue+Royale+Sainte-Marie+12&zip=1030&type=3&surface=85&bedrooms=2&condition=good&epc=A%2B&outdoor=terrace');
    expect(parse(valuationQuery(inputs).toString()).inputs).toEqual(inputs);
  });
});

describe('valuation.json checks a schema cannot make', () => {
  it('refuses bounds the wrong way round and a CRM name given to two conditions', () => {
    const bad = structuredClone(config);
    bad.pricePerM2.rent = { min: 60, max: 4 };
    bad.factors.condition.renovate.names.push('bon état');
    expect(valuationConfigProblems(bad)).toEqual([
      { pointer: '/pricePerM2/rent/max', message: 'must be above min (60)' },
      { pointer: '/factors/condition/renovate/names/2', message: '"bon état" is already a name of good' },
    ]);
    expect(valuationConfigProblems(loadShipped().content.valuation)).toEqual([]);
  });
});
