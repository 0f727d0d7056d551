import { describe, expect, it } from 'vitest';
import {
  buyingCostsConfigProblems,
  buyingQuery,
  computeBuyingCosts,
  monthlyPayment,
  parseBuyingQuery,
  scaleFee,
  type BuyingInputs,
} from '../../shared/buying-costs.ts';
import type { BuyingCostsConfig } from '../../schemas/types.gen.ts';
import { loadShipped } from '../helpers/config.ts';

// The figures below are worked out by hand from the official scales, as shipped in
// site-config/buying-costs.json:
// - registration duties: Vlaamse Belastingdienst (12 %, sole own home 2 % from 2025-01-01), Bruxelles
//   Fiscalité (12,5 %, abattement € 200.000 for a home up to € 600.000, € 100.000 on the land of a new
//   build), SPW Fiscalité (12,5 %, habitation propre et unique 3 % from 2025-01-01);
// - the notaries' legal scales (KB/AR 16-12-1950, as Fednot publishes them): sale 4,56 % to € 7.500,
//   2,85 % to 17.500, 2,28 % to 30.000, 1,71 % to 45.495, 1,14 % to 64.095, 0,57 % to 250.095, 0,057 %
//   above; credit 1,425 / 1,14 / 0,684 / 0,57 / 0,456 / 0,228 / 0,0456 % on the same brackets;
// - VAT 21 % on a new building and on the notary's fee and costs; mortgage duty 1 %, inscription 0,3 %
//   on the loan plus 10 % accessories.
const config = loadShipped().content.buyingCosts as BuyingCostsConfig;
const base: BuyingInputs = { soleHome: true, newBuild: false };

describe('the notary’s legal scale', () => {
  it('takes each bracket’s rate on the part of the price inside it', () => {
    // 7.500 × 4,56 % = 342 + 10.000 × 2,85 % = 285 + 12.500 × 2,28 % = 285 + 15.495 × 1,71 % = 264,9645
    // + 18.600 × 1,14 % = 212,04 + 186.000 × 0,57 % = 1.060,20 + 149.905 × 0,057 % = 85,44585 → 2.534,65
    expect(scaleFee(config.saleScale, 400_000)).toBe(2534.65);
    // Inside the first bracket: 5.000 × 4,56 % = 228.
    expect(scaleFee(config.saleScale, 5_000)).toBe(228);
    // Exactly at a bracket's end: 342 + 285 = 627.
    expect(scaleFee(config.saleScale, 17_500)).toBe(627);
    // Credit scale on 220.000 (a loan of 200.000 + 10 %): 106,875 + 114 + 85,5 + 88,3215 + 84,816 + 155.905 × 0,228 % = 355,4634 → 834,98
    expect(scaleFee(config.mortgage.scale, 220_000)).toBe(834.98);
  });
});

describe('registration duties by region', () => {
  it('Brussels: 12,5 % less the allowance on the first € 200.000 up to € 600.000', () => {
    const r = computeBuyingCosts({ ...base, price: 400_000, region: 'brussels' }, config)!;
    expect(r.duties).toEqual({ base: 400_000, rate: 12.5, allowance: 200_000, amount: 25_000, reduced: true });
    // Fee 2.534,65 + VAT 532,28 + various costs 1.250 × 1,21 = 1.512,50 + writing duty 100 + registry 270 + duties 25.000
    expect(r.notary).toEqual({ fee: 2534.65, vat: 532.28 });
    expect(r.costs).toEqual([
      { key: 'various', amount: 1512.5 },
      { key: 'writing', amount: 100 },
      { key: 'registry', amount: 270 },
    ]);
    expect(r.purchase).toBe(29_949.43);
    expect(r.mortgage).toBeNull();
    // Above € 600.000 there is no allowance: 650.000 × 12,5 % = 81.250.
    expect(computeBuyingCosts({ ...base, price: 650_000, region: 'brussels' }, config)!.duties.amount).toBe(81_250);
    // Not a sole own home: no allowance either, 400.000 × 12,5 % = 50.000.
    expect(computeBuyingCosts({ ...base, soleHome: false, price: 400_000, region: 'brussels' }, config)!.duties.amount).toBe(50_000);
    // Below the allowance nothing is due.
    expect(computeBuyingCosts({ ...base, price: 180_000, region: 'brussels' }, config)!.duties.amount).toBe(0);
  });

  it('Flanders: 2 % for a sole own home, 12 % otherwise', () => {
    expect(computeBuyingCosts({ ...base, price: 300_000, region: 'flanders' }, config)!.duties.amount).toBe(6_000);
    expect(computeBuyingCosts({ ...base, soleHome: false, price: 300_000, region: 'flanders' }, config)!.duties.amount).toBe(36_000);
  });

  it('Wallonia: 3 % for a sole own home, 12,5 % otherwise', () => {
    expect(computeBuyingCosts({ ...base, price: 250_000, region: 'wallonia' }, config)!.duties.amount).toBe(7_500);
    expect(computeBuyingCosts({ ...base, soleHome: false, price: 250_000, region: 'wallonia' }, config)!.duties.amount).toBe(31_250);
  });

  it('a new build: duties on the land, 21 % VAT on the building', () => {
    // Brussels, 306.000 of which 122.400 land: (122.400 − 100.000) × 12,5 % = 2.800; 183.600 × 21 % = 38.556.
    const r = computeBuyingCosts({ ...base, newBuild: true, land: 122_400, price: 306_000, region: 'brussels' }, config)!;
    expect(r.duties.amount).toBe(2_800);
    expect(r.vat).toEqual({ base: 183_600, rate: 21, amount: 38_556 });
    // Flanders, no land share given: VAT on the whole price (250.000 × 21 % = 52.500), no duties.
    const f = computeBuyingCosts({ ...base, newBuild: true, price: 250_000, region: 'flanders' }, config)!;
    expect(f.duties.amount).toBe(0);
    expect(f.vat!.amount).toBe(52_500);
  });
});

describe('the mortgage', () => {
  it('deed: duty 1 % and inscription 0,3 % on the loan + 10 %, the credit scale with VAT, the fixed costs', () => {
    const r = computeBuyingCosts({ ...base, price: 250_000, region: 'wallonia', loan: 200_000, rate: 3, years: 25 }, config)!;
    // 220.000 × 1 % = 2.200; × 0,3 % = 660; fee 834,98 + VAT 175,35; 850 × 1,21 = 1.028,50 + 50 + 240.
    expect(r.mortgage).toMatchObject({ loan: 200_000, registered: 220_000, registration: 2_200, inscription: 660, fee: 834.98, feeVat: 175.35 });
    expect(r.mortgage!.total).toBe(5_188.83);
    expect(r.total).toBe(Math.round((r.purchase + 5_188.83) * 100) / 100);
    expect(r.ownFunds).toBe(Math.round((250_000 + r.total - 200_000) * 100) / 100);
  });

  it('monthly payment: the annuity at the equivalent monthly rate', () => {
    // r = 1,03^(1/12) − 1 = 0,00246627; 1,03^−25 = 0,4776056; 200.000 × r / (1 − 0,4776056) = 944,22
    expect(monthlyPayment(200_000, 3, 25)).toBeCloseTo(944.22, 2);
    // At 0 % the loan is split evenly: 120.000 / 120 months.
    expect(monthlyPayment(120_000, 0, 10)).toBe(1000);
    const r = computeBuyingCosts({ ...base, price: 250_000, region: 'wallonia', loan: 200_000, rate: 3, years: 25 }, config)!;
    expect(r.payment).toEqual({ monthly: 944.22, months: 300, rate: 3, interest: Math.round((944.22 * 300 - 200_000) * 100) / 100 });
  });
});

describe('the query string', () => {
  const parse = (q: string) => parseBuyingQuery(new URLSearchParams(q));

  it('reads amounts as people type them and round-trips', () => {
    const { inputs, errors } = parse('price=€ 350.000&region=brussels&sole=1&new=0&loan=280000&rate=3,25&years=20');
    expect(errors).toEqual([]);
    expect(inputs).toEqual({ soleHome: true, newBuild: false, price: 350_000, region: 'brussels', loan: 280_000, rate: 3.25, years: 20 });
    expect(parse(buyingQuery(inputs).toString()).inputs).toEqual(inputs);
  });

  it('names the field of every value out of range (a negative price, a 0-year term, a rate of 50 %)', () => {
    const { errors } = parse('calc=1&price=-5&region=wallonia&loan=1000&rate=50&years=0');
    expect(errors).toEqual([
      { field: 'price', key: 'costs.error.amount', values: { min: 1_000, max: 20_000_000 } },
      { field: 'rate', key: 'costs.error.rate', values: { min: 0, max: 15 } },
      { field: 'years', key: 'costs.error.years', values: { min: 1, max: 40 } },
    ]);
    expect(parse('price=20000001').errors[0]).toMatchObject({ field: 'price', key: 'costs.error.amount' });
    expect(parse('price=abc').errors[0]).toMatchObject({ field: 'price', key: 'costs.error.amountFormat' });
    expect(parse('years=41').errors[0]).toMatchObject({ field: 'years' });
    expect(parse('rate=15.001').errors[0]).toMatchObject({ field: 'rate', key: 'costs.error.rate' });
    expect(parse('region=paris').errors[0]).toMatchObject({ field: 'region', key: 'tool.error.invalid' });
    expect(parse('price=200000&land=300000').errors[0]).toMatchObject({ field: 'land', key: 'costs.error.land' });
    expect(parse('price=1&price=2').errors[0]).toMatchObject({ field: 'price', key: 'tool.error.once' });
    // A value of any length is cut before it is read: 10.000 digits are one error, not a slow parse.
    expect(parse(`price=${'9'.repeat(10_000)}`).errors).toHaveLength(1);
  });

  it('a sent form asks for price and region; an unticked box is a no', () => {
    const { inputs, errors } = parse('calc=1&price=&region=');
    expect(errors.map((e) => `${e.field}:${e.key}`)).toEqual(['price:tool.error.required', 'region:tool.error.required']);
    expect(inputs.soleHome).toBe(false);
    expect(parse('calc=1&price=300000&region=flanders&loan=1000').errors.map((e) => e.field)).toEqual(['rate', 'years']);
    // A link without the box keeps the default (sole own home).
    expect(parse('price=300000').inputs.soleHome).toBe(true);
  });
});

describe('the shipped figures', () => {
  it('pass the checks JSON Schema cannot make; a scale out of order is named', () => {
    expect(buyingCostsConfigProblems(config)).toEqual([]);
    const bad = structuredClone(config);
    bad.saleScale.bands[2].from = 5_000;
    bad.mortgage.costs.push({ ...bad.mortgage.costs[0] });
    expect(buyingCostsConfigProblems(bad)).toEqual([
      { pointer: '/saleScale/bands/2/from', message: 'must be above the band before (7500)' },
      { pointer: '/mortgage/costs/3/key', message: "'various' is used twice" },
    ]);
  });
});
