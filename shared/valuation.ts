/**
 * The online valuation (module online-valuation): its steps as a query string, the index of
 * comparables built once per listing set, and the estimate. Pure: no React, no Node APIs. The
 * factors and limits are data (site-config/valuation.json).
 *
 * Method: the comparables are the agency's listings of the same type (and goal) with a published
 * price and a living surface; their price per m² is brought to a reference home (label D, good
 * condition, no outdoor space) with the configured factors. The estimate is the median and the
 * interquartile range of those in the same municipality (postcode), widened to the region when there
 * are fewer than the minimum, multiplied by the surface and the visitor's own factors.
 */
import type { ValuationConfig } from '../schemas/types.gen.ts';
import { goalOf } from './goal.ts';
import type { Goal, ListingSource, PropertyRecord } from '../renderer/listing-types.ts';
import { EPC_LETTERS, epcLabel, epcLetter, type EpcLetter } from './epc.ts';
import { COUNTRY_BELGIUM, regionOfPostcode, type BelgianRegion } from './region.ts';
import { parseLetter, parseZip, type ToolError } from './renovation.ts';

export type { ToolError } from './renovation.ts';

export const VALUATION_CONDITIONS = ['new', 'excellent', 'good', 'refresh', 'renovate'] as const;
export type ValuationConditionKey = (typeof VALUATION_CONDITIONS)[number];
export const OUTDOOR_SPACES = ['none', 'terrace', 'garden'] as const;
export type OutdoorSpace = (typeof OUTDOOR_SPACES)[number];
/** The steps: address and postcode → type → surface, bedrooms, condition, EPC, outdoor space → result. */
export const VALUATION_STEPS = ['address', 'type', 'details', 'result'] as const;
export type ValuationStep = (typeof VALUATION_STEPS)[number];

/** What a visitor can enter. */
export const VALUATION_BOUNDS = { surface: { min: 10, max: 2000 }, bedrooms: { min: 0, max: 30 }, address: 200 } as const;
/** Listings whose price is 'starting from' (SPEC §3 PriceUnit 7) are not comparables. */
const PRICE_UNIT_FROM = 7;

export interface ValuationInputs {
  address?: string;
  zip?: string;
  type?: number;
  surface?: number;
  bedrooms?: number;
  condition?: ValuationConditionKey;
  /** 'unknown' counts as neutral. */
  epc?: EpcLetter | 'unknown';
  outdoor?: OutdoorSpace;
}

const INT = /^\d{1,6}$/;
/** Letters, digits, spaces and the punctuation of addresses; no markup. */
const ADDRESS = /^[^<>{}\u0000-\u001f]*$/;

/** The steps whose answers are all there and valid. */
function complete(step: ValuationStep, i: ValuationInputs): boolean {
  if (step === 'address') return !!i.address && !!i.zip;
  if (step === 'type') return i.type !== undefined;
  if (step === 'details') return i.surface !== undefined && i.bedrooms !== undefined && !!i.condition && !!i.epc && !!i.outdoor;
  return false;
}

/**
 * Reads the valuation's query string: the answers so far, one error per bad value (a value sent empty
 * from a step's form counts as missing and is reported), and the step to show — the one asked for in
 * `step` (going back) if the steps before it are answered, else the first unanswered one, else the result.
 */
export function parseValuationQuery(params: URLSearchParams, config: ValuationConfig): { inputs: ValuationInputs; errors: ToolError[]; step: ValuationStep } {
  const errors: ToolError[] = [];
  const inputs: ValuationInputs = {};
  const one = (name: string): string | undefined => {
    const all = params.getAll(name);
    if (all.length > 1) errors.push({ field: name, key: 'tool.error.once' });
    return all.length ? all[0].trim() : undefined;
  };
  const required = (name: string) => errors.push({ field: name, key: 'tool.error.required' });
  const address = one('address');
  if (address !== undefined) {
    if (address === '') required('address');
    else if (address.length > VALUATION_BOUNDS.address || !ADDRESS.test(address)) errors.push({ field: 'address', key: 'tool.error.invalid' });
    else inputs.address = address.replace(/\s+/g, ' ');
  }
  inputs.zip = parseZip(params, errors, true);
  const type = one('type');
  if (type !== undefined) {
    if (type === '') required('type');
    else if (INT.test(type) && (config.types as number[]).includes(Number(type))) inputs.type = Number(type);
    else errors.push({ field: 'type', key: 'tool.error.invalid' });
  }
  const int = (name: 'surface' | 'bedrooms') => {
    const v = one(name);
    if (v === undefined) return;
    const { min, max } = VALUATION_BOUNDS[name];
    if (v === '') required(name);
    else if (!INT.test(v) || Number(v) < min || Number(v) > max) errors.push({ field: name, key: 'tool.error.range', values: { min, max } });
    else inputs[name] = Number(v);
  };
  int('surface');
  int('bedrooms');
  const choice = <T extends string>(name: 'condition' | 'outdoor', list: readonly T[]): T | undefined => {
    const v = one(name);
    if (v === undefined) return undefined;
    if (v === '') required(name);
    else if ((list as readonly string[]).includes(v)) return v as T;
    else errors.push({ field: name, key: 'tool.error.invalid' });
    return undefined;
  };
  inputs.condition = choice('condition', VALUATION_CONDITIONS);
  inputs.outdoor = choice('outdoor', OUTDOOR_SPACES);
  const epc = one('epc');
  if (epc !== undefined) {
    if (epc === '') required('epc');
    else if (epc === 'unknown') inputs.epc = 'unknown';
    else {
      const letter = parseLetter(params.getAll('epc')[0]);
      if (letter) inputs.epc = letter;
      else errors.push({ field: 'epc', key: 'tool.error.label' });
    }
  }

  const asked = one('step');
  const askedIndex = asked && INT.test(asked) ? Number(asked) - 1 : -1;
  if (asked !== undefined && asked !== '' && (askedIndex < 0 || askedIndex >= VALUATION_STEPS.length))
    errors.push({ field: 'step', key: 'tool.error.invalid' });
  let first = VALUATION_STEPS.findIndex((s) => s !== 'result' && !complete(s, inputs));
  if (first < 0) first = VALUATION_STEPS.length - 1;
  // A step with an error in it is shown again, with the message at its field.
  const stepOf = (field: string) => (['address', 'zip'].includes(field) ? 0 : field === 'type' ? 1 : 2);
  const withError = errors.filter((e) => e.field !== 'step').map((e) => stepOf(e.field));
  if (withError.length) first = Math.min(first, ...withError);
  const index = askedIndex >= 0 && askedIndex < first ? askedIndex : first;
  return { inputs, errors, step: VALUATION_STEPS[index] };
}

/** The valuation's query string for these answers (and the step to show, when given). */
export function valuationQuery(inputs: ValuationInputs, step?: number): URLSearchParams {
  const p = new URLSearchParams();
  if (inputs.address) p.set('address', inputs.address);
  if (inputs.zip) p.set('zip', inputs.zip);
  if (inputs.type !== undefined) p.set('type', String(inputs.type));
  if (inputs.surface !== undefined) p.set('surface', String(inputs.surface));
  if (inputs.bedrooms !== undefined) p.set('bedrooms', String(inputs.bedrooms));
  if (inputs.condition) p.set('condition', inputs.condition);
  if (inputs.epc) p.set('epc', inputs.epc);
  if (inputs.outdoor) p.set('outdoor', inputs.outdoor);
  if (step !== undefined) p.set('step', String(step));
  return p;
}

/** Summary statistics of one group of comparables (prices per m², brought to the reference home). */
export interface ComparableGroup {
  n: number;
  q1: number;
  median: number;
  q3: number;
}

/** The comparables of one listing set, grouped by goal, type and area; built once per set and config. */
export interface ValuationIndex {
  version: string;
  /** `${goal}|${type}|m:${zip}` and `${goal}|${type}|r:${region}`. */
  groups: Map<string, ComparableGroup>;
  /** How many listings became comparables (the rest had no usable price or surface). */
  comparables: number;
}

/** The value at quantile p (0..1) of a sorted list, interpolated between neighbours. */
export function quantile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return NaN;
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

const norm = (s: string) => s.trim().toLowerCase();

/** The condition key of a CRM condition name (any language), or undefined when unknown. */
function conditionReader(config: ValuationConfig): (name: string | null | undefined) => ValuationConditionKey | undefined {
  const names = new Map<string, ValuationConditionKey>();
  for (const key of VALUATION_CONDITIONS) for (const n of config.factors.condition[key].names) names.set(norm(n), key);
  return (name) => (name ? names.get(norm(name)) : undefined);
}

/** The visitor's or a comparable's factor: EPC label × condition × outdoor space (unknown ones count 1). */
export function homeFactor(
  config: ValuationConfig,
  h: { epc?: EpcLetter | 'unknown' | null; condition?: ValuationConditionKey; outdoor?: OutdoorSpace },
): number {
  const f = config.factors;
  const epc = h.epc && h.epc !== 'unknown' ? f.epc[h.epc] : 1;
  const condition = h.condition ? f.condition[h.condition].factor : 1;
  const outdoor = h.outdoor ? f.outdoor[h.outdoor] : 1;
  return epc * condition * outdoor;
}

/** Regions by postcode and letters by label, read once per index build (a set has few of each). */
interface Lookups {
  regions: Map<string, BelgianRegion | null>;
  letters: Map<string, EpcLetter | null>;
}
const newLookups = (): Lookups => ({ regions: new Map(), letters: new Map() });

/** A listing's price per m² brought to the reference home, or undefined when it cannot be a comparable. */
export function comparableOf(
  p: PropertyRecord,
  config: ValuationConfig,
  readCondition: (n: string | null | undefined) => ValuationConditionKey | undefined,
  seen: Lookups = newLookups(),
): { goal: Goal; type: number; zip: string; region: BelgianRegion; value: number } | undefined {
  const goal: Goal = goalOf(p);
  const type = p.WebID;
  const zip = (p.Zip ?? '').trim();
  let region = seen.regions.get(zip);
  if (region === undefined) seen.regions.set(zip, (region = regionOfPostcode(zip)));
  if (!type || !region || p.CountryID !== COUNTRY_BELGIUM) return undefined;
  if (p.PublishPrice === false || p.PriceOnDemand || p.IsViager || p.PriceUnit === PRICE_UNIT_FROM) return undefined;
  if (!config.includeUnavailable && p.Availability !== 'available' && p.Availability !== 'option') return undefined;
  const price = p.Price;
  const surface = p.SurfaceLiving ?? null;
  if (typeof price !== 'number' || !(price > 0) || typeof surface !== 'number' || !(surface >= VALUATION_BOUNDS.surface.min)) return undefined;
  const perM2 = price / surface;
  const bounds = config.pricePerM2[goal];
  if (perM2 < bounds.min || perM2 > bounds.max) return undefined;
  // The EPC as epcForProperty reads it for a Belgian listing: the energy value on the region's scale.
  const label = epcLabel(p.EnergyPerformance, region);
  let epc = label === null ? null : seen.letters.get(label);
  if (epc === undefined) seen.letters.set(label!, (epc = epcLetter(label)));
  const outdoor: OutdoorSpace = p.HasGarden || (p.SurfaceGarden ?? 0) > 0 ? 'garden' : p.HasTerrace || (p.SurfaceTerrace ?? 0) > 0 ? 'terrace' : 'none';
  return { goal, type, zip, region, value: perM2 / homeFactor(config, { epc, condition: readCondition(p.ConditionName), outdoor }) };
}

/** Listings read between two yields to the event loop while an index is built in the background. */
export const VALUATION_INDEX_SLICE = 5000;

/** One pass over the listings in slices, one sort per group at the end. */
function indexBuilder(listings: ListingSource, config: ValuationConfig) {
  const readCondition = conditionReader(config);
  const seen = newLookups();
  const lists = new Map<string, number[]>();
  const push = (key: string, v: number) => {
    const l = lists.get(key);
    if (l) l.push(v);
    else lists.set(key, [v]);
  };
  const ids = listings.propertyIds();
  let comparables = 0;
  return {
    ids,
    add(from: number, to: number) {
      for (let i = from; i < Math.min(to, ids.length); i++) {
        // Prices and surfaces are the same in every language; the condition name is read in any of them.
        const p = listings.property(ids[i], 'en');
        const c = p && comparableOf(p, config, readCondition, seen);
        if (!c) continue;
        comparables++;
        push(`${c.goal}|${c.type}|m:${c.zip}`, c.value);
        push(`${c.goal}|${c.type}|r:${c.region}`, c.value);
      }
    },
    finish(): ValuationIndex {
      const groups = new Map<string, ComparableGroup>();
      for (const [key, values] of lists) {
        const sorted = Float64Array.from(values).sort();
        groups.set(key, { n: sorted.length, q1: quantile(sorted, 0.25), median: quantile(sorted, 0.5), q3: quantile(sorted, 0.75) });
      }
      return { version: listings.version, groups, comparables };
    },
  };
}

/** Builds the index of a listing set in one go. */
export function buildValuationIndex(listings: ListingSource, config: ValuationConfig): ValuationIndex {
  const b = indexBuilder(listings, config);
  b.add(0, b.ids.length);
  return b.finish();
}

/** Builds it in slices, letting other requests through between them (100,000 listings never hold the loop). */
export async function buildValuationIndexInSlices(listings: ListingSource, config: ValuationConfig, slice = VALUATION_INDEX_SLICE): Promise<ValuationIndex> {
  const b = indexBuilder(listings, config);
  for (let i = 0; i < b.ids.length; i += slice) {
    b.add(i, i + slice);
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  }
  return b.finish();
}

/**
 * The index of a listing set for a config, built on first use and kept as long as that set and that
 * config are the live ones: a new import or a saved config makes another one, and the old one goes
 * with the set it was built from. Requests that come while it is built wait for the same build.
 */
const indexes = new WeakMap<ListingSource, { config: ValuationConfig; index: Promise<ValuationIndex> }>();
export function valuationIndex(listings: ListingSource, config: ValuationConfig): Promise<ValuationIndex> {
  const kept = indexes.get(listings);
  if (kept && kept.config === config) return kept.index;
  const index = buildValuationIndexInSlices(listings, config);
  indexes.set(listings, { config, index });
  index.catch(() => indexes.delete(listings));
  return index;
}

export type ValuationArea = (typeof VALUATION_AREAS)[number];
export const VALUATION_AREAS = ['municipality', 'region'] as const;

/** An estimate for one goal, or why there is none. */
export type GoalEstimate =
  | { goal: Goal; ok: true; low: number; median: number; high: number; comparables: number; area: ValuationArea }
  | { goal: Goal; ok: false; comparables: number };

export interface ValuationResult {
  region: BelgianRegion;
  estimates: GoalEstimate[];
}

/** The estimate for complete inputs (null when the postcode has no region). */
export function estimateValuation(
  index: ValuationIndex,
  inputs: Required<Pick<ValuationInputs, 'zip' | 'type' | 'surface'>> & ValuationInputs,
  config: ValuationConfig,
): ValuationResult | null {
  const region = regionOfPostcode(inputs.zip);
  if (!region) return null;
  const factor = homeFactor(config, inputs);
  const estimates = (config.goals as Goal[]).map((goal): GoalEstimate => {
    let most = 0;
    for (const area of config.widening as ValuationArea[]) {
      const g = index.groups.get(`${goal}|${inputs.type}|${area === 'municipality' ? `m:${inputs.zip}` : `r:${region}`}`);
      if (!g) continue;
      most = Math.max(most, g.n);
      if (g.n < config.minComparables) continue;
      const step = config.rounding[goal];
      const round = (v: number) => Math.max(step, Math.round((v * inputs.surface * factor) / step) * step);
      return { goal, ok: true, low: round(g.q1), median: round(g.median), high: round(g.q3), comparables: g.n, area };
    }
    return { goal, ok: false, comparables: most };
  });
  return { region, estimates };
}

/** What a schema cannot check in valuation.json. */
export function valuationConfigProblems(config: ValuationConfig): Array<{ pointer: string; message: string }> {
  const out: Array<{ pointer: string; message: string }> = [];
  for (const goal of ['sale', 'rent'] as const) {
    const b = config.pricePerM2[goal];
    if (b.min >= b.max) out.push({ pointer: `/pricePerM2/${goal}/max`, message: `must be above min (${b.min})` });
  }
  const seen = new Map<string, string>();
  for (const key of VALUATION_CONDITIONS) {
    config.factors.condition[key].names.forEach((n, j) => {
      const k = norm(n);
      if (seen.has(k) && seen.get(k) !== key)
        out.push({ pointer: `/factors/condition/${key}/names/${j}`, message: `"${n}" is already a name of ${seen.get(k)}` });
      seen.set(k, key);
    });
  }
  return out;
}

export { EPC_LETTERS };

/**
 * "Rue Royale Sainte-Marie 12" → street and house number, as the valuation request asks them apart
 * (the number may carry a letter or a box: 12A, 12 bus 3, 12/3). Without a number at the end, all is street.
 */
export function splitStreet(address: string): { street: string; houseNumber?: string } {
  // Longer than any address: not split (the pattern below is quadratic on long runs of spaces).
  if (address.length > 200) return { street: address };
  const m = /^(.*?[^\s,])[\s,]+(\d+[A-Za-z]?(?:\s*(?:\/|bus|bte|boîte|box|b\.)\s*[0-9A-Za-z]+)?)$/i.exec(address.trim());
  return m ? { street: m[1], houseNumber: m[2] } : { street: address.trim() };
}
