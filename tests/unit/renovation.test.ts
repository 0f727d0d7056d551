import { describe, expect, it } from 'vitest';
import {
  computeRenovation,
  defaultQuantity,
  energyOfLetter,
  homeKindOf,
  parseRenovationQuery,
  renovationConfigProblems,
  renovationQuery,
} from '../../shared/renovation.ts';
import { EPC_LETTERS, epcLabel, epcLetter } from '../../shared/epc.ts';
import type { RenovationConfig } from '../../schemas/types.gen.ts';
import { loadShipped } from '../helpers/config.ts';

const YEAR = 2026;
const src = { name: 'test', date: '2026-01' };
const kinds = (terraced: number, semi: number, detached: number, apartment: number) => ({ terraced, 'semi-detached': semi, detached, apartment });

/** A small config written for the test: round numbers, so that every sum can be checked by hand. */
const config: RenovationConfig = {
  note: { en: 'Indicative.' },
  works: [
    {
      key: 'roof',
      name: { en: 'Roof' },
      unit: 'm2',
      quantity: { basis: 'surface', perKind: kinds(0.5, 0.6, 0.7, 0) },
      unitCost: { low: 50, high: 100 },
      energyEffect: 0.2,
      source: src,
    },
    {
      key: 'walls',
      name: { en: 'Walls' },
      unit: 'm2',
      quantity: { basis: 'surface', perKind: kinds(1, 1, 1, 0.5) },
      unitCost: { low: 100, high: 200 },
      energyEffect: 0.25,
      source: src,
    },
    {
      key: 'heat-pump',
      group: 'heating',
      name: { en: 'Heat pump' },
      unit: 'unit',
      quantity: { basis: 'fixed', perKind: kinds(1, 1, 1, 1) },
      unitCost: { low: 10000, high: 15000 },
      energyEffect: 0.5,
      source: src,
    },
    {
      key: 'boiler',
      group: 'heating',
      name: { en: 'Boiler' },
      unit: 'unit',
      quantity: { basis: 'fixed', perKind: kinds(1, 1, 1, 1) },
      unitCost: { low: 4000, high: 8000 },
      energyEffect: 0.1,
      source: src,
    },
    {
      key: 'solar',
      name: { en: 'Solar' },
      unit: 'kWp',
      quantity: { basis: 'fixed', perKind: kinds(3, 4, 5, 0) },
      unitCost: { low: 1000, high: 1500 },
      energyEffect: 0.1,
      source: src,
    },
  ],
  obligations: [{ region: 'flanders', labels: ['E', 'F'], target: 'D', years: 5, boughtFrom: '2023-01-01', source: src }],
  grants: [
    { region: 'flanders', name: { en: 'Flemish roof grant' }, condition: { en: 'Roofs.' }, url: 'https://example.be/fl-roof', works: ['roof'], source: src },
    { region: 'flanders', name: { en: 'Flemish loan' }, condition: { en: 'Any work.' }, url: 'https://example.be/fl-loan', source: src },
    { region: 'brussels', name: { en: 'Brussels grant' }, condition: { en: 'Old buildings.' }, url: 'https://example.be/bru', minHomeAge: 10, source: src },
    { region: 'wallonia', name: { en: 'Walloon grant' }, condition: { en: 'Any work.' }, url: 'https://example.be/wal', source: src },
  ],
};

const parse = (q: string) => parseRenovationQuery(new URLSearchParams(q), config, YEAR);
const run = (q: string) => {
  const { inputs, errors } = parse(q);
  expect(errors).toEqual([]);
  return computeRenovation(inputs, config, YEAR)!;
};

describe('the renovation calculator’s sums', () => {
  it('costs each ticked work as quantity × unit cost, low and high, and adds them up', () => {
    // A terraced house of 120 m²: roof 0.5 m²/m² → 60 m², walls 1 m²/m² → 120 m², one heat pump.
    const r = run('zip=2000&kind=terraced&surface=120&energy=450&works=roof&works=walls&works=heat-pump');
    expect(r.lines).toEqual([
      { key: 'roof', unit: 'm2', quantity: 60, low: 3000, high: 6000 },
      { key: 'walls', unit: 'm2', quantity: 120, low: 12000, high: 24000 },
      { key: 'heat-pump', unit: 'unit', quantity: 1, low: 10000, high: 15000 },
    ]);
    expect(r.total).toEqual({ low: 25000, high: 45000 });
    // 450 × 0.8 × 0.75 × 0.5 = 135 kWh/m²·year: label B in Flanders.
    expect(r.after).toEqual({ value: 135, label: 'b', letter: 'B' });
  });

  it('takes a quantity the visitor typed instead of the proposed one, decimals with a comma too', () => {
    const r = run('zip=2000&kind=detached&surface=200&energy=300&works=solar&q.solar=6,5&works=roof&q.roof=0');
    expect(r.lines).toEqual([
      { key: 'roof', unit: 'm2', quantity: 0, low: 0, high: 0 },
      { key: 'solar', unit: 'kWp', quantity: 6.5, low: 6500, high: 9800 }, // 9750 shown to the hundred
    ]);
    // A work of quantity 0 saves nothing: only the solar panels count (300 × 0.9 = 270).
    expect(r.after.value).toBe(270);
  });

  it('proposes quantities from the surface by kind of home, and none where the kind has none', () => {
    expect(defaultQuantity(config.works[0], 'semi-detached', 150)).toBe(90);
    expect(defaultQuantity(config.works[0], 'apartment', 150)).toBe(0);
    expect(defaultQuantity(config.works[4], 'detached', 150)).toBe(5);
  });

  it('shows no work and no cost when none is ticked, and still the label and the grants', () => {
    const r = run('zip=1030&kind=apartment&surface=80&epc=E');
    expect(r.lines).toEqual([]);
    expect(r.total).toEqual({ low: 0, high: 0 });
    expect(r.after.letter).toBe('E');
    expect(r.grants.map((i) => config.grants[i].url)).toEqual(['https://example.be/bru']);
  });
});

describe('the label step on the three regional scales, at the boundaries', () => {
  // One work of effect 0.2 takes the value to exactly a bound of the scale.
  const after = (zip: string, energy: number) => run(`zip=${zip}&kind=terraced&surface=100&energy=${energy}&works=roof&target=D`);

  it('Flanders: 400 is E (the bound belongs to the worse range), 399 is D', () => {
    expect(after('2000', 500).after).toEqual({ value: 400, label: 'e', letter: 'E' });
    expect(after('2000', 500).target).toEqual({ letter: 'D', reached: false, legal: true }); // 500 is F: the obligation's D
    expect(after('2000', 499).after).toEqual({ value: 399, label: 'd', letter: 'D' });
    expect(after('2000', 499).target?.reached).toBe(true);
  });

  it('Brussels: 211 is e_plus (E), 210 is d_sub (D)', () => {
    expect(after('1030', 264).after).toEqual({ value: 211, label: 'e_plus', letter: 'E' });
    expect(after('1030', 262).after).toEqual({ value: 210, label: 'd_sub', letter: 'D' });
  });

  it('Wallonia: 340 is E, 339 is D; 425 starts F', () => {
    expect(after('5000', 425).after).toEqual({ value: 340, label: 'e', letter: 'E' });
    expect(after('5000', 424).after).toEqual({ value: 339, label: 'd', letter: 'D' });
    expect(run('zip=5000&kind=terraced&surface=100&energy=425').current).toMatchObject({ label: 'f', letter: 'F' });
  });

  it('turns a label into an energy value that reads back as that label, on every scale that has it', () => {
    for (const region of ['flanders', 'brussels', 'wallonia'] as const) {
      for (const letter of EPC_LETTERS) {
        const v = energyOfLetter(letter, region);
        if (v === null) continue;
        expect(epcLetter(epcLabel(v, region)), `${region} ${letter} → ${v}`).toBe(letter);
      }
    }
    expect(energyOfLetter('G', 'flanders')).toBeNull(); // Flanders ends at F
    expect(energyOfLetter('A++', 'brussels')).toBeNull();
    expect(energyOfLetter('E', 'brussels')).toBe(243); // 211–275
    expect(energyOfLetter('F', 'flanders')).toBe(550); // 500 and up: half a range above the bound
  });

  it('uses the label when no energy value is given, and says so', () => {
    const r = run('zip=2000&kind=terraced&surface=100&epc=E');
    expect(r.current).toEqual({ value: 450, label: 'e', letter: 'E', fromLabel: true });
  });
});

describe('the renovation obligation and the grants', () => {
  it('applies the Flemish obligation to an E home: target D by default, deadline five years on', () => {
    const r = run('zip=9000&kind=terraced&surface=100&epc=E&works=roof');
    expect(r.obligation).toEqual({ target: 'D', years: 5, deadlineYear: 2031, boughtFrom: '2023-01-01' });
    expect(r.target).toEqual({ letter: 'D', reached: true, legal: true });
  });

  it('applies none in a region without one, nor to a D home; the visitor’s own target then counts', () => {
    expect(run('zip=1000&kind=apartment&surface=70&epc=E').obligation).toBeNull();
    expect(run('zip=1000&kind=apartment&surface=70&epc=E').target).toBeNull();
    expect(run('zip=2000&kind=terraced&surface=100&epc=D').obligation).toBeNull();
    expect(run('zip=2000&kind=terraced&surface=100&epc=D&target=B').target).toEqual({ letter: 'B', reached: false, legal: false });
  });

  it('lists the grants of the region, for the works ticked, that the home is old enough for', () => {
    const urls = (q: string) => run(q).grants.map((i) => config.grants[i].url);
    expect(urls('zip=2000&kind=terraced&surface=100&epc=E&works=roof')).toEqual(['https://example.be/fl-roof', 'https://example.be/fl-loan']);
    expect(urls('zip=2000&kind=terraced&surface=100&epc=E&works=walls')).toEqual(['https://example.be/fl-loan']);
    expect(urls('zip=1050&kind=apartment&surface=100&epc=E&year=2020')).toEqual([]); // 6 years old
    expect(urls('zip=1050&kind=apartment&surface=100&epc=E&year=2016')).toEqual(['https://example.be/bru']);
    expect(urls('zip=1350&kind=terraced&surface=100&epc=E')).toEqual(['https://example.be/wal']); // 1300–1499: Wallonia
  });
});

describe('the calculator’s query string', () => {
  it('names the field of every bad value and ignores parameters it does not know', () => {
    const { errors } = parse(
      'zip=L-1450&kind=castle&surface=5&year=1700&energy=x&epc=Z&works=pool&works=heat-pump&works=boiler&q.roof=-3&q.lift=2&utm_source=mail',
    );
    expect(errors.map((e) => [e.field, e.key])).toEqual([
      ['zip', 'tool.error.zip'],
      ['kind', 'tool.error.invalid'],
      ['surface', 'tool.error.range'],
      ['year', 'tool.error.range'],
      ['energy', 'tool.error.range'],
      ['epc', 'tool.error.label'],
      ['works', 'calc.error.work'],
      ['works', 'calc.error.group'],
      ['q.roof', 'tool.error.quantity'],
      ['q.lift', 'tool.error.invalid'],
    ]);
  });

  it('asks for what a result needs when the form was sent, not when a link leaves it out', () => {
    expect(parse('calc=1&zip=&surface=').errors.map((e) => e.field)).toEqual(['zip', 'surface', 'kind', 'epc']);
    expect(parse('zip=1030').errors).toEqual([]);
    expect(computeRenovation(parse('zip=1030').inputs, config, YEAR)).toBeNull();
  });

  it('refuses a label the region’s scale does not have', () => {
    expect(parse('zip=2000&kind=terraced&surface=100&epc=G').errors).toEqual([{ field: 'epc', key: 'tool.error.labelRegion', values: { label: 'G' } }]);
  });

  it('reads A+ whether the + was encoded or not, and writes it back encoded', () => {
    expect(parse('zip=1000&epc=A%2B').inputs.epc).toBe('A+');
    expect(parse('zip=1000&epc=A+').inputs.epc).toBe('A+');
    expect(renovationQuery({ zip: '1000', epc: 'A+', works: ['roof'], quantities: { roof: 40 } }).toString()).toBe('zip=1000&epc=A%2B&works=roof&q.roof=40');
  });

  it('takes the radios of a group of alternatives (works.heating) like ticked works', () => {
    expect(parse('zip=2000&works.heating=boiler&works=roof').inputs.works).toEqual(['roof', 'boiler']);
  });

  it('reads back what it writes', () => {
    const { inputs } = parse('property=1132&zip=1030&kind=apartment&surface=87&year=1925&energy=235&target=C&works=walls&works=heat-pump&q.walls=40');
    expect(parse(renovationQuery(inputs).toString()).inputs).toEqual(inputs);
  });
});

describe('the kind of home of a listing', () => {
  it('makes apartments of studios and apartments, and reads a house’s facades', () => {
    expect(homeKindOf(3, null)).toBe('apartment');
    expect(homeKindOf(2, null)).toBe('apartment');
    expect(homeKindOf(1, 'open')).toBe('detached');
    expect(homeKindOf(1, 'half-open')).toBe('semi-detached');
    expect(homeKindOf(1, 'closed')).toBe('terraced');
    expect(homeKindOf(1, null)).toBe('terraced');
    expect(homeKindOf(4, 'open')).toBeUndefined(); // a plot
    expect(homeKindOf(7, null)).toBeUndefined(); // a garage
  });
});

describe('renovation.json checks a schema cannot make', () => {
  it('refuses a low cost above the high one, duplicate keys and grants for unknown works, with their pointers', () => {
    const bad = structuredClone(config);
    bad.works[1].unitCost = { low: 300, high: 200 };
    bad.works[2].key = 'roof';
    bad.grants[0].works = ['roof', 'attic'];
    bad.obligations[0].labels = ['C', 'E'];
    expect(renovationConfigProblems(bad)).toEqual([
      { pointer: '/works/1/unitCost/high', message: 'must not be below low (300)' },
      { pointer: '/works/2/key', message: '"roof" is already the key of work 0' },
      { pointer: '/obligations/0/labels/0', message: 'C is not worse than the target D' },
      { pointer: '/grants/0/works/1', message: 'no work has the key "attic"' },
    ]);
  });

  it('finds nothing to say about the shipped figures, which all name a source and a date', () => {
    const { content } = loadShipped();
    expect(renovationConfigProblems(content.renovation)).toEqual([]);
    for (const w of content.renovation.works) expect(w.source.name.length, w.key).toBeGreaterThan(10);
    for (const g of content.renovation.grants) expect(g.url, localizeKey(g.name)).toMatch(/^https:\/\//);
  });
});

const localizeKey = (t: Record<string, string>) => t.en ?? Object.values(t)[0];
