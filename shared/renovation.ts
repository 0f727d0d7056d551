/**
 * The renovation cost calculator (module renovation-calculator): its whole state as a query string
 * (shareable, rendered on the server), and its sums. Pure: no React, no Node APIs. Every cost,
 * energy effect, obligation and grant is data (site-config/renovation.json); nothing here states one.
 */
import type { RenovationConfig, RenovationGrant, RenovationWork } from '../schemas/types.gen.ts';
import { EPC_LETTERS, EPC_SCALES, epcLabel, epcLetter, epcRank, type EpcLetter } from './epc.ts';
import { regionOfPostcode, type BelgianRegion } from './region.ts';

/** Kinds of home the calculator knows; the quantities it proposes depend on them. */
export const HOME_KINDS = ['terraced', 'semi-detached', 'detached', 'apartment'] as const;
export type HomeKind = (typeof HOME_KINDS)[number];

/** What a visitor can enter. The latest construction year is this year plus RENOVATION_YEAR_AHEAD. */
export const RENOVATION_BOUNDS = {
  surface: { min: 10, max: 2000 },
  year: { min: 1800 },
  energy: { min: -300, max: 2000 },
  quantity: { max: 100_000 },
} as const;
export const RENOVATION_YEAR_AHEAD = 2;
/** Work costs are shown rounded to this many euro. */
export const RENOVATION_COST_ROUNDING = 100;

/** Listing types (WebID, SPEC §3) that are homes: studios and apartments are apartments, houses and investment buildings houses. */
const APARTMENT_TYPES = [2, 3];
const HOUSE_TYPES = [1, 5];
/** A house's kind by its facades (the CRM's open / half-open / closed). */
const KIND_OF_FACADES: Record<string, HomeKind> = { closed: 'terraced', 'half-open': 'semi-detached', open: 'detached' };

/** The kind of home of a listing, or undefined when it is not a home (plot, shop, garage). */
export function homeKindOf(webId: number | null | undefined, facades: string | null | undefined): HomeKind | undefined {
  if (webId && APARTMENT_TYPES.includes(webId)) return 'apartment';
  if (webId && HOUSE_TYPES.includes(webId)) return KIND_OF_FACADES[String(facades ?? '')] ?? 'terraced';
  return undefined;
}

export interface RenovationInputs {
  zip?: string;
  kind?: HomeKind;
  surface?: number;
  year?: number;
  /** The current label (a common letter), or the energy value turned into one on the region's scale. */
  epc?: EpcLetter;
  energy?: number;
  /** The label the visitor aims for; without it, the legal minimum where an obligation applies. */
  target?: EpcLetter;
  works: string[];
  /** Quantities the visitor changed; the others come from the surface. */
  quantities: Record<string, number>;
  /** The listing the calculator was opened from. */
  property?: number;
}

/** A problem with one parameter: the field it is about and the dictionary key of its message. */
export interface ToolError {
  field: string;
  key: string;
  values?: Record<string, string | number>;
}

const ZIP = /^\d{4}$/;
const INT = /^-?\d{1,6}$/;
const QUANTITY = /^\d{1,6}(?:[.,]\d{1,2})?$/;
const ID = /^[1-9]\d{0,9}$/;
/** A work's quantity parameter: q.roof=54. */
export const QUANTITY_PREFIX = 'q.';

/** A label as typed or sent: 'A+', 'a+', 'A%2B' decoded, or 'A ' (a '+' left unencoded in a hand-made link). */
export function parseLetter(raw: string): EpcLetter | undefined {
  const text = raw.replace(/ /g, '+').toUpperCase();
  return (EPC_LETTERS as readonly string[]).includes(text) ? (text as EpcLetter) : undefined;
}

/** The parameter once (a second one is an error), trimmed; undefined when absent, '' when sent empty. */
function single(params: URLSearchParams, name: string, errors: ToolError[]): string | undefined {
  const all = params.getAll(name);
  if (all.length > 1) errors.push({ field: name, key: 'tool.error.once' });
  return all.length ? all[0].trim() : undefined;
}

function intIn(params: URLSearchParams, name: string, min: number, max: number, errors: ToolError[], required = false): number | undefined {
  const v = single(params, name, errors);
  if (v === undefined) return undefined;
  if (v === '') {
    if (required) errors.push({ field: name, key: 'tool.error.required' });
    return undefined;
  }
  const n = INT.test(v) ? Number(v) : NaN;
  if (!Number.isInteger(n) || n < min || n > max) {
    errors.push({ field: name, key: 'tool.error.range', values: { min, max } });
    return undefined;
  }
  return n;
}

/** The postcode parameter: four digits inside a Belgian region (SPEC §9). */
export function parseZip(params: URLSearchParams, errors: ToolError[], required: boolean): string | undefined {
  const v = single(params, 'zip', errors);
  if (v === undefined) return undefined;
  if (v === '') {
    if (required) errors.push({ field: 'zip', key: 'tool.error.required' });
    return undefined;
  }
  if (!ZIP.test(v) || !regionOfPostcode(v)) {
    errors.push({ field: 'zip', key: 'tool.error.zip' });
    return undefined;
  }
  return v;
}

/** A label parameter (epc, target): a letter of EPC_LETTERS. */
function letterParam(params: URLSearchParams, name: string, errors: ToolError[]): EpcLetter | undefined {
  const v = single(params, name, errors);
  if (v === undefined || v === '') return undefined;
  const letter = parseLetter(params.getAll(name)[0]);
  if (!letter) errors.push({ field: name, key: 'tool.error.label' });
  return letter;
}

/**
 * Reads the calculator's query string. Parameters it does not know (utm_…) are ignored; every bad
 * value is reported with its field. `thisYear` bounds the construction year.
 */
export function parseRenovationQuery(params: URLSearchParams, config: RenovationConfig, thisYear: number): { inputs: RenovationInputs; errors: ToolError[] } {
  const errors: ToolError[] = [];
  // A form sent (the calculate button) asks for the fields a result needs; a link may leave them out.
  const sent = params.has('calc');
  const inputs: RenovationInputs = { works: [], quantities: {} };
  const property = single(params, 'property', errors);
  if (property) {
    if (ID.test(property)) inputs.property = Number(property);
    else errors.push({ field: 'property', key: 'tool.error.invalid' });
  }
  inputs.zip = parseZip(params, errors, sent);
  const kind = single(params, 'kind', errors);
  if (kind) {
    if ((HOME_KINDS as readonly string[]).includes(kind)) inputs.kind = kind as HomeKind;
    else errors.push({ field: 'kind', key: 'tool.error.invalid' });
  }
  inputs.surface = intIn(params, 'surface', RENOVATION_BOUNDS.surface.min, RENOVATION_BOUNDS.surface.max, errors, sent);
  inputs.year = intIn(params, 'year', RENOVATION_BOUNDS.year.min, thisYear + RENOVATION_YEAR_AHEAD, errors);
  inputs.energy = intIn(params, 'energy', RENOVATION_BOUNDS.energy.min, RENOVATION_BOUNDS.energy.max, errors);
  inputs.epc = letterParam(params, 'epc', errors);
  inputs.target = letterParam(params, 'target', errors);
  const region = inputs.zip ? regionOfPostcode(inputs.zip) : null;
  if (region && inputs.epc && inputs.energy === undefined && energyOfLetter(inputs.epc, region) === null) {
    errors.push({ field: 'epc', key: 'tool.error.labelRegion', values: { label: inputs.epc } });
    inputs.epc = undefined;
  }
  if (sent) {
    // What a result needs, when the form was sent without it.
    for (const f of ['zip', 'kind', 'surface'] as const) {
      if (inputs[f] === undefined && !errors.some((e) => e.field === f)) errors.push({ field: f, key: 'tool.error.required' });
    }
    if (inputs.epc === undefined && inputs.energy === undefined && !errors.some((e) => e.field === 'epc' || e.field === 'energy')) {
      errors.push({ field: 'epc', key: 'calc.error.epcOrEnergy' });
    }
  }

  const byKey = new Map(config.works.map((w) => [w.key, w]));
  // `works` (checkboxes, links) and `works.{group}` (the radios of a group of alternatives).
  const works = [...params]
    .filter(([k]) => k === 'works' || k.startsWith('works.'))
    .flatMap(([, v]) => v.split(','))
    .map((v) => v.trim())
    .filter(Boolean);
  const unknown = works.find((w) => !byKey.has(w));
  if (unknown !== undefined) errors.push({ field: 'works', key: 'calc.error.work', values: { work: unknown.slice(0, 40) } });
  inputs.works = config.works.map((w) => w.key).filter((k) => works.includes(k));
  const groups = new Map<string, string>();
  for (const k of inputs.works) {
    const g = byKey.get(k)!.group;
    if (!g) continue;
    if (groups.has(g)) errors.push({ field: 'works', key: 'calc.error.group' });
    groups.set(g, k);
  }
  for (const [name, value] of params) {
    if (!name.startsWith(QUANTITY_PREFIX)) continue;
    const key = name.slice(QUANTITY_PREFIX.length);
    if (!byKey.has(key)) {
      errors.push({ field: name.slice(0, 60), key: 'tool.error.invalid' });
      continue;
    }
    const v = value.trim();
    if (v === '') continue;
    const n = QUANTITY.test(v) ? Number(v.replace(',', '.')) : NaN;
    if (!Number.isFinite(n) || n > RENOVATION_BOUNDS.quantity.max)
      errors.push({ field: name, key: 'tool.error.quantity', values: { max: RENOVATION_BOUNDS.quantity.max } });
    else inputs.quantities[key] = n;
  }
  return { inputs, errors };
}

/** The calculator's query string for these inputs (what its links and its form send). */
export function renovationQuery(inputs: Partial<RenovationInputs>): URLSearchParams {
  const p = new URLSearchParams();
  if (inputs.property !== undefined) p.set('property', String(inputs.property));
  if (inputs.zip) p.set('zip', inputs.zip);
  if (inputs.kind) p.set('kind', inputs.kind);
  if (inputs.surface !== undefined) p.set('surface', String(inputs.surface));
  if (inputs.year !== undefined) p.set('year', String(inputs.year));
  if (inputs.epc) p.set('epc', inputs.epc);
  if (inputs.energy !== undefined) p.set('energy', String(inputs.energy));
  if (inputs.target) p.set('target', inputs.target);
  for (const w of inputs.works ?? []) p.append('works', w);
  for (const [k, v] of Object.entries(inputs.quantities ?? {})) p.set(`${QUANTITY_PREFIX}${k}`, String(v));
  return p;
}

/** The quantity the calculator proposes for a work: per m² of living surface, or a fixed number, by kind of home. */
export function defaultQuantity(work: Pick<RenovationWork, 'quantity'>, kind: HomeKind, surface: number): number {
  const factor = work.quantity.perKind[kind];
  return work.quantity.basis === 'surface' ? Math.round(surface * factor) : factor;
}

/**
 * An energy value standing for a label on a region's scale (for a visitor who knows the label only):
 * the middle of the label's ranges; just under the bound of an open-below range; half a range above
 * the bound of an open-above one. Null when the region's scale has no such label (no G in Flanders).
 */
export function energyOfLetter(letter: EpcLetter, region: BelgianRegion): number | null {
  const scale = EPC_SCALES[region];
  const ranges = scale.filter((r) => epcLetter(r.label) === letter);
  if (!ranges.length) return null;
  const lows = ranges.map((r) => r.lower);
  const highs = ranges.map((r) => r.upper);
  const lo = lows.includes(null) ? null : Math.min(...(lows as number[]));
  const hi = highs.includes(null) ? null : Math.max(...(highs as number[]));
  if (lo !== null && hi !== null) return Math.round((lo + hi) / 2);
  if (lo === null) return hi! - 1;
  const before = scale[scale.indexOf(ranges[0]) - 1];
  const width = before && before.lower !== null && before.upper !== null ? before.upper - before.lower : 100;
  return Math.round(lo + width / 2);
}

export interface WorkLine {
  key: string;
  unit: RenovationWork['unit'];
  quantity: number;
  low: number;
  high: number;
}

export interface RenovationResult {
  region: BelgianRegion;
  current: { value: number; label: string; letter: EpcLetter; fromLabel: boolean };
  lines: WorkLine[];
  total: { low: number; high: number };
  /** The energy value and label expected after the works. */
  after: { value: number; label: string; letter: EpcLetter };
  /** The label aimed for and whether the works reach it; `legal` when it is the obligation's minimum. */
  target: { letter: EpcLetter; reached: boolean; legal: boolean } | null;
  /** The renovation obligation that applies to this home if bought now, with its deadline. */
  obligation: { target: EpcLetter; years: number; deadlineYear: number; boughtFrom: string } | null;
  /** Indexes in config.grants of the grants that may apply. */
  grants: number[];
}

const roundCost = (v: number) => Math.round(v / RENOVATION_COST_ROUNDING) * RENOVATION_COST_ROUNDING;

/**
 * The costs, the expected label and what applies, or null while an input a result needs is missing
 * (postcode, kind of home, surface, and a label or an energy value the region's scale knows).
 */
export function computeRenovation(inputs: RenovationInputs, config: RenovationConfig, thisYear: number): RenovationResult | null {
  const region = inputs.zip ? regionOfPostcode(inputs.zip) : null;
  if (!region || !inputs.kind || inputs.surface === undefined) return null;
  const fromLabel = inputs.energy === undefined;
  const value = inputs.energy ?? (inputs.epc ? energyOfLetter(inputs.epc, region) : null);
  if (value === null) return null;
  const label = epcLabel(value, region);
  const letter = epcLetter(label);
  if (!label || !letter) return null;

  const lines: WorkLine[] = [];
  let remaining = 1;
  for (const work of config.works) {
    if (!inputs.works.includes(work.key)) continue;
    const quantity = inputs.quantities[work.key] ?? defaultQuantity(work, inputs.kind, inputs.surface);
    lines.push({ key: work.key, unit: work.unit, quantity, low: roundCost(quantity * work.unitCost.low), high: roundCost(quantity * work.unitCost.high) });
    if (quantity > 0) remaining *= 1 - work.energyEffect;
  }
  const afterValue = Math.round(value * remaining);
  const afterLabel = epcLabel(afterValue, region)!;
  const afterLetter = epcLetter(afterLabel)!;

  const rule = config.obligations.find((o) => o.region === region && (o.labels as string[]).includes(letter));
  const obligation = rule ? { target: rule.target as EpcLetter, years: rule.years, deadlineYear: thisYear + rule.years, boughtFrom: rule.boughtFrom } : null;
  const targetLetter = inputs.target ?? obligation?.target;
  const target = targetLetter
    ? { letter: targetLetter, reached: epcRank(afterLetter)! <= epcRank(targetLetter)!, legal: !inputs.target || inputs.target === obligation?.target }
    : null;
  if (target && !obligation) target.legal = false;

  const age = inputs.year !== undefined ? thisYear - inputs.year : undefined;
  const grants = config.grants
    .map((g, i) => ({ g, i }))
    .filter(({ g }) => grantMayApply(g, region, inputs.works, age))
    .map(({ i }) => i);

  return {
    region,
    current: { value, label, letter, fromLabel },
    lines,
    total: { low: lines.reduce((s, l) => s + l.low, 0), high: lines.reduce((s, l) => s + l.high, 0) },
    after: { value: afterValue, label: afterLabel, letter: afterLetter },
    target,
    obligation,
    grants,
  };
}

/** A grant of the home's region, for one of the works ticked (any, when none is), that the home is old enough for. */
function grantMayApply(g: RenovationGrant, region: BelgianRegion, works: string[], age: number | undefined): boolean {
  if (g.region !== region) return false;
  if (g.works?.length && works.length && !g.works.some((w) => works.includes(w))) return false;
  if (g.minHomeAge && age !== undefined && age < g.minHomeAge) return false;
  return true;
}

/** What a schema cannot check in renovation.json: low ≤ high, unique keys, references, sensible obligations. */
export function renovationConfigProblems(config: RenovationConfig): Array<{ pointer: string; message: string }> {
  const out: Array<{ pointer: string; message: string }> = [];
  const keys = new Map<string, number>();
  config.works.forEach((w, i) => {
    if (keys.has(w.key)) out.push({ pointer: `/works/${i}/key`, message: `"${w.key}" is already the key of work ${keys.get(w.key)}` });
    keys.set(w.key, i);
    if (w.unitCost.low > w.unitCost.high) out.push({ pointer: `/works/${i}/unitCost/high`, message: `must not be below low (${w.unitCost.low})` });
  });
  const regions = new Set<string>();
  config.obligations.forEach((o, i) => {
    if (regions.has(o.region)) out.push({ pointer: `/obligations/${i}/region`, message: `${o.region} already has an obligation` });
    regions.add(o.region);
    if (energyOfLetter(o.target as EpcLetter, o.region) === null)
      out.push({ pointer: `/obligations/${i}/target`, message: `label ${o.target} is not on the scale of ${o.region}` });
    (o.labels as EpcLetter[]).forEach((l, j) => {
      if (epcRank(l)! <= epcRank(o.target)!) out.push({ pointer: `/obligations/${i}/labels/${j}`, message: `${l} is not worse than the target ${o.target}` });
    });
  });
  config.grants.forEach((g, i) =>
    (g.works ?? []).forEach((w, j) => {
      if (!keys.has(w)) out.push({ pointer: `/grants/${i}/works/${j}`, message: `no work has the key "${w}"` });
    }),
  );
  return out;
}
