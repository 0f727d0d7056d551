import { describe, expect, it } from 'vitest';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { EPC_LETTERS, EPC_SCALES, epcAtMost, epcDisplayText, epcForProperty, epcLabel, epcLetter, epcRank, needsRenovationNotice } from '../../shared/epc.ts';
import { root } from '../helpers/config.ts';

const cases = (region: 'flanders' | 'brussels' | 'wallonia', table: [number, string][]) => table.map(([value, label]) => [region, value, label] as const);

describe('EPC scales (SPEC §3)', () => {
  it('holds the three regional tables as data, best to worst, with open ends', () => {
    expect(EPC_SCALES.flanders.map((r) => r.label)).toEqual(['a_plus', 'a', 'b', 'c', 'd', 'e', 'f']);
    expect(EPC_SCALES.brussels.map((r) => r.label)).toEqual([
      'a_plus',
      'a',
      'a_sub',
      'b_plus',
      'b',
      'b_sub',
      'c_plus',
      'c',
      'c_sub',
      'd_plus',
      'd',
      'd_sub',
      'e_plus',
      'e',
      'e_sub',
      'f_plus',
      'f',
      'f_sub',
      'g',
    ]);
    expect(EPC_SCALES.wallonia.map((r) => r.label)).toEqual(['a_plusplus', 'a_plus', 'a', 'b', 'c', 'd', 'e', 'f', 'g']);
    for (const scale of Object.values(EPC_SCALES)) {
      expect(scale[0].lower).toBeNull();
      expect(scale[0].upper).toBe(0);
      expect(scale[scale.length - 1].upper).toBeNull();
      for (let i = 1; i < scale.length; i++) {
        expect(scale[i].lower).not.toBeNull();
        expect(scale[i].lower!).toBeGreaterThanOrEqual(scale[i - 1].upper!);
        if (scale[i].upper !== null) expect(scale[i].upper!).toBeGreaterThan(scale[i].lower!);
      }
    }
  });

  it('corrects the Brussels f_sub lower bound (spec typo 223) to 323, with a note', () => {
    const fSub = EPC_SCALES.brussels.find((r) => r.label === 'f_sub')!;
    expect(fSub).toMatchObject({ lower: 323, upper: 345 });
    expect(fSub.note).toMatch(/223/);
    expect(EPC_SCALES.brussels.filter((r) => r.note).map((r) => r.label)).toEqual(['f_sub']);
  });

  it.each([
    ...cases('flanders', [
      [-5, 'a_plus'],
      [-0.01, 'a_plus'],
      [0, 'a'],
      [99.9, 'a'],
      [100, 'b'],
      [199, 'b'],
      [200, 'c'],
      [299.5, 'c'],
      [300, 'd'],
      [400, 'e'],
      [499, 'e'],
      [500, 'f'],
      [10000, 'f'],
    ]),
    ...cases('brussels', [
      [-1, 'a_plus'],
      [-0.5, 'a_plus'],
      [0, 'a'],
      [0.5, 'a'],
      [1, 'a'],
      [23, 'a'],
      [23.5, 'a_sub'],
      [24, 'a_sub'],
      [45, 'a_sub'],
      [46, 'b_plus'],
      [62, 'b_plus'],
      [63, 'b'],
      [79, 'b'],
      [80, 'b_sub'],
      [95, 'b_sub'],
      [96, 'c_plus'],
      [113, 'c_plus'],
      [114, 'c'],
      [132, 'c'],
      [133, 'c_sub'],
      [150, 'c_sub'],
      [151, 'd_plus'],
      [170, 'd_plus'],
      [171, 'd'],
      [190, 'd'],
      [191, 'd_sub'],
      [210, 'd_sub'],
      [211, 'e_plus'],
      [223, 'e_plus'],
      [232, 'e_plus'],
      [233, 'e'],
      [253, 'e'],
      [254, 'e_sub'],
      [275, 'e_sub'],
      [276, 'f_plus'],
      [298, 'f_plus'],
      [299, 'f'],
      [322, 'f'],
      [322.5, 'f_sub'],
      [323, 'f_sub'],
      [345, 'f_sub'],
      [345.5, 'g'],
      [346, 'g'],
      [900, 'g'],
    ]),
    ...cases('wallonia', [
      [-1, 'a_plusplus'],
      [0, 'a_plus'],
      [44.9, 'a_plus'],
      [45, 'a'],
      [84, 'a'],
      [85, 'b'],
      [170, 'c'],
      [255, 'd'],
      [340, 'e'],
      [425, 'f'],
      [509.9, 'f'],
      [510, 'g'],
      [5000, 'g'],
    ]),
  ])('%s %d → %s', (region, value, label) => {
    expect(epcLabel(value, region)).toBe(label);
  });

  it('gives no label without a finite value or for an unknown region', () => {
    expect(epcLabel(null, 'flanders')).toBeNull();
    expect(epcLabel(undefined, 'brussels')).toBeNull();
    expect(epcLabel(Number.NaN, 'wallonia')).toBeNull();
    expect(epcLabel(Number.POSITIVE_INFINITY, 'wallonia')).toBeNull();
    expect(epcLabel(100, 'luxembourg' as never)).toBeNull();
  });

  it('has an image file (under 4 KB) for every label of every region', () => {
    for (const [region, scale] of Object.entries(EPC_SCALES)) {
      for (const { label } of scale) {
        const file = join(root, 'public/images/epc', region, `${label}.png`);
        expect(existsSync(file), file).toBe(true);
        expect(statSync(file).size).toBeLessThan(4096);
      }
    }
  });
});

describe('EPC of a property (SPEC §9)', () => {
  it('uses the region of a Belgian postcode and the regional image', () => {
    expect(epcForProperty({ CountryID: 10, Zip: '1030', EnergyPerformance: 150, EPCLabelText: 'X' })).toEqual({
      region: 'brussels',
      label: 'c_sub',
      image: '/images/epc/brussels/c_sub.png',
    });
    expect(epcForProperty({ CountryID: 10, Zip: '2000', EnergyPerformance: 100 })).toEqual({
      region: 'flanders',
      label: 'b',
      image: '/images/epc/flanders/b.png',
    });
    expect(epcForProperty({ CountryID: 10, Zip: '4000', EnergyPerformance: 45 })).toEqual({
      region: 'wallonia',
      label: 'a',
      image: '/images/epc/wallonia/a.png',
    });
    expect(epcForProperty({ CountryID: 10, Zip: '1300', EnergyPerformance: -3 })).toEqual({
      region: 'wallonia',
      label: 'a_plusplus',
      image: '/images/epc/wallonia/a_plusplus.png',
    });
  });

  it('keeps the region but no label or image without an energy value', () => {
    expect(epcForProperty({ CountryID: 10, Zip: '1000', EnergyPerformance: null })).toEqual({ region: 'brussels', label: null, image: null });
  });

  it('gives all null for a Belgian property without a known postcode', () => {
    expect(epcForProperty({ CountryID: 10, Zip: '', EnergyPerformance: 100 })).toEqual({ region: null, label: null, image: null });
    expect(epcForProperty({ CountryID: 10, Zip: '0999', EnergyPerformance: 100 })).toEqual({ region: null, label: null, image: null });
  });

  it('uses the Luxembourg label text directly, without image', () => {
    expect(epcForProperty({ CountryID: 50, Zip: 'L-1234', EnergyPerformance: 120, EPCLabelText: 'B' })).toEqual({
      region: 'luxembourg',
      label: 'B',
      image: null,
    });
    expect(epcForProperty({ CountryID: 50, Zip: '', EPCLabelText: ' A+ ' })).toEqual({ region: 'luxembourg', label: 'A+', image: null });
    expect(epcForProperty({ CountryID: 50, EPCLabelText: '  ' })).toEqual({ region: 'luxembourg', label: null, image: null });
    expect(epcForProperty({ CountryID: 50, EPCLabelText: null })).toEqual({ region: 'luxembourg', label: null, image: null });
  });

  it('gives all null for other countries', () => {
    expect(epcForProperty({ CountryID: 33, Zip: '1000', EnergyPerformance: 100, EPCLabelText: 'C' })).toEqual({
      region: null,
      label: null,
      image: null,
    });
    expect(epcForProperty({ Zip: '1000', EnergyPerformance: 100 })).toEqual({ region: null, label: null, image: null });
  });
});

describe('EPC common letters, rank and renovation notice', () => {
  it('lists the common letters best first', () => {
    expect(EPC_LETTERS).toEqual(['A++', 'A+', 'A', 'B', 'C', 'D', 'E', 'F', 'G']);
  });

  it.each([
    ['a_plusplus', 'A++', 0],
    ['a_plus', 'A+', 1],
    ['a', 'A', 2],
    ['a_sub', 'A', 2],
    ['b_plus', 'B', 3],
    ['b', 'B', 3],
    ['b_sub', 'B', 3],
    ['c_plus', 'C', 4],
    ['d_sub', 'D', 5],
    ['e_plus', 'E', 6],
    ['f_sub', 'F', 7],
    ['g', 'G', 8],
    ['A++', 'A++', 0],
    ['A+', 'A+', 1],
    [' c ', 'C', 4],
    ['B-', 'B', 3],
    ['B–', 'B', 3],
  ])('%s → %s (rank %d)', (label, letter, rank) => {
    expect(epcLetter(label)).toBe(letter);
    expect(epcRank(label)).toBe(rank);
  });

  it('gives no letter or rank for unknown labels', () => {
    for (const label of ['', '  ', null, undefined, 'H', 'i', 'a_minus', 'AB']) {
      expect(epcLetter(label)).toBeNull();
      expect(epcRank(label)).toBeNull();
    }
  });

  it('compares labels across regions for a max-label filter', () => {
    expect(epcAtMost('b_sub', 'C')).toBe(true);
    expect(epcAtMost('c_sub', 'C')).toBe(true);
    expect(epcAtMost('d_plus', 'C')).toBe(false);
    expect(epcAtMost('a_plusplus', 'A+')).toBe(true);
    expect(epcAtMost('a', 'A+')).toBe(false);
    expect(epcAtMost('H', 'G')).toBe(false);
    expect(epcAtMost('b', null)).toBe(false);
  });

  it('prints regional labels', () => {
    expect(epcDisplayText('a_plusplus')).toBe('A++');
    expect(epcDisplayText('a_plus')).toBe('A+');
    expect(epcDisplayText('b_plus')).toBe('B+');
    expect(epcDisplayText('b_sub')).toBe('B–');
    expect(epcDisplayText('c')).toBe('C');
  });

  it('shows the renovation notice for E and F only', () => {
    expect(needsRenovationNotice('E')).toBe(true);
    expect(needsRenovationNotice('F')).toBe(true);
    expect(needsRenovationNotice('e_plus')).toBe(true);
    expect(needsRenovationNotice('f_sub')).toBe(true);
    expect(needsRenovationNotice('D')).toBe(false);
    expect(needsRenovationNotice('d_sub')).toBe(false);
    expect(needsRenovationNotice('G')).toBe(false);
    expect(needsRenovationNotice('A+')).toBe(false);
    expect(needsRenovationNotice(null)).toBe(false);
  });
});
