/**
 * The buying-cost calculator (module buying-costs): its inputs as a query string (shareable,
 * answered by the server without JavaScript) and its sums. Pure: no React, no Node APIs. Every
 * rate, scale and cost is data (site-config/buying-costs.json); nothing here states one.
 */
import type { BuyingCostsConfig, FeeScale, FixedCost } from '../schemas/types.gen.ts';
import { BELGIAN_REGIONS, type BelgianRegion } from './region.ts';
import type { ToolError } from './renovation.ts';

/** What a visitor can enter (euro, %, years). */
export const BUYING_BOUNDS = {
  price: { min: 1_000, max: 20_000_000 },
  loan: { min: 0, max: 20_000_000 },
  rate: { min: 0, max: 15 },
  years: { min: 1, max: 40 },
} as const;

export interface BuyingInputs {
  price?: number;
  region?: BelgianRegion;
  soleHome: boolean;
  newBuild: boolean;
  /** The land's part of a new build's price (registration duties apply to it, VAT to the rest). */
  land?: number;
  /** The mortgage loan; 0 or absent: no mortgage. */
  loan?: number;
  /** Yearly interest rate in %. */
  rate?: number;
  years?: number;
  /** The listing the calculator was opened from. */
  property?: number;
}

const ID = /^[1-9]\d{0,9}$/;
const INT = /^-?\d{1,9}$/;
/** An amount as people type it: 350000, 350.000, € 350 000 (Belgian thousands), no cents. */
const GROUPED = /^-?\d{1,3}(?:\.\d{3})+$/;
/** A rate: 3, 3.25 or 3,25 (a minus sign is read to say it is out of range). */
const DECIMAL = /^-?\d{1,3}(?:[.,]\d{1,3})?$/;

function single(params: URLSearchParams, name: string, errors: ToolError[]): string | undefined {
  const all = params.getAll(name);
  if (all.length > 1) errors.push({ field: name, key: 'tool.error.once' });
  return all.length ? all[0].trim().slice(0, 40) : undefined;
}

/** An amount in euro; `undefined` when absent or empty (required: an error then). */
function amount(
  params: URLSearchParams,
  name: 'price' | 'loan' | 'land',
  min: number,
  max: number,
  errors: ToolError[],
  required: boolean,
): number | undefined {
  const raw = single(params, name, errors);
  if (raw === undefined || raw === '') {
    if (required) errors.push({ field: name, key: 'tool.error.required' });
    return undefined;
  }
  const v = raw.replace(/[€\s\u00a0\u202f]/g, '');
  const n = GROUPED.test(v) ? Number(v.replace(/\./g, '')) : INT.test(v) ? Number(v) : NaN;
  if (!Number.isFinite(n)) errors.push({ field: name, key: 'costs.error.amountFormat' });
  else if (n < min || n > max) errors.push({ field: name, key: 'costs.error.amount', values: { min, max } });
  else return n;
  return undefined;
}

function flag(params: URLSearchParams, name: string, errors: ToolError[], fallback: boolean, sent: boolean): boolean {
  const v = single(params, name, errors);
  if (v === undefined) return sent ? false : fallback;
  if (v === '1' || v === 'on' || v === 'true') return true;
  if (v === '0' || v === 'false' || v === '') return false;
  errors.push({ field: name, key: 'tool.error.invalid' });
  return fallback;
}

/**
 * Reads the calculator's query string. `calc=1` says the form was sent (an unticked box is then
 * "no", and price and region are required); a link may leave anything out. Unknown parameters
 * (utm_…) are ignored; every bad value is reported with its field.
 */
export function parseBuyingQuery(params: URLSearchParams): { inputs: BuyingInputs; errors: ToolError[]; sent: boolean } {
  const errors: ToolError[] = [];
  const sent = params.has('calc');
  const inputs: BuyingInputs = { soleHome: true, newBuild: false };
  const property = single(params, 'property', errors);
  if (property) {
    if (ID.test(property)) inputs.property = Number(property);
    else errors.push({ field: 'property', key: 'tool.error.invalid' });
  }
  inputs.price = amount(params, 'price', BUYING_BOUNDS.price.min, BUYING_BOUNDS.price.max, errors, sent);
  const region = single(params, 'region', errors);
  if (region) {
    if ((BELGIAN_REGIONS as readonly string[]).includes(region)) inputs.region = region as BelgianRegion;
    else errors.push({ field: 'region', key: 'tool.error.invalid' });
  } else if (sent && region !== undefined) errors.push({ field: 'region', key: 'tool.error.required' });
  inputs.soleHome = flag(params, 'sole', errors, true, sent);
  inputs.newBuild = flag(params, 'new', errors, false, sent);
  inputs.land = amount(params, 'land', 0, BUYING_BOUNDS.price.max, errors, false);
  if (inputs.land !== undefined && inputs.price !== undefined && inputs.land > inputs.price) {
    errors.push({ field: 'land', key: 'costs.error.land' });
    inputs.land = undefined;
  }
  inputs.loan = amount(params, 'loan', BUYING_BOUNDS.loan.min, BUYING_BOUNDS.loan.max, errors, false);
  const rate = single(params, 'rate', errors);
  if (rate) {
    const n = DECIMAL.test(rate) ? Number(rate.replace(',', '.')) : NaN;
    if (!Number.isFinite(n)) errors.push({ field: 'rate', key: 'costs.error.rateFormat' });
    else if (n < BUYING_BOUNDS.rate.min || n > BUYING_BOUNDS.rate.max)
      errors.push({ field: 'rate', key: 'costs.error.rate', values: { ...BUYING_BOUNDS.rate } });
    else inputs.rate = n;
  }
  const years = single(params, 'years', errors);
  if (years) {
    const n = INT.test(years) ? Number(years) : NaN;
    if (!Number.isInteger(n) || n < BUYING_BOUNDS.years.min || n > BUYING_BOUNDS.years.max)
      errors.push({ field: 'years', key: 'costs.error.years', values: { ...BUYING_BOUNDS.years } });
    else inputs.years = n;
  }
  // A loan needs a rate and a term; without them the payment is left out, not guessed.
  if (sent && inputs.loan && !errors.some((e) => e.field === 'rate' || e.field === 'years')) {
    if (inputs.rate === undefined) errors.push({ field: 'rate', key: 'tool.error.required' });
    if (inputs.years === undefined) errors.push({ field: 'years', key: 'tool.error.required' });
  }
  return { inputs, errors, sent };
}

/** The query string of some inputs, in a fixed order (what a link and the form carry). */
export function buyingQuery(inputs: Partial<BuyingInputs>): URLSearchParams {
  const p = new URLSearchParams();
  if (inputs.property !== undefined) p.set('property', String(inputs.property));
  if (inputs.price !== undefined) p.set('price', String(inputs.price));
  if (inputs.region) p.set('region', inputs.region);
  if (inputs.soleHome !== undefined) p.set('sole', inputs.soleHome ? '1' : '0');
  if (inputs.newBuild !== undefined) p.set('new', inputs.newBuild ? '1' : '0');
  if (inputs.land !== undefined) p.set('land', String(inputs.land));
  if (inputs.loan !== undefined) p.set('loan', String(inputs.loan));
  if (inputs.rate !== undefined) p.set('rate', String(inputs.rate));
  if (inputs.years !== undefined) p.set('years', String(inputs.years));
  return p;
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** The fee on a sliding scale: each band's rate (in %) on the part of the amount in that band. */
export function scaleFee(scale: Pick<FeeScale, 'bands'>, amount: number): number {
  const bands = [...scale.bands].sort((a, b) => a.from - b.from);
  let fee = 0;
  for (let i = 0; i < bands.length; i++) {
    const from = bands[i].from;
    const to = i + 1 < bands.length ? bands[i + 1].from : Infinity;
    if (amount <= from) break;
    fee += ((Math.min(amount, to) - from) * bands[i].rate) / 100;
  }
  return cents(fee);
}

/**
 * The monthly payment of a loan repaid in equal instalments (annuity) at a yearly rate in %, with
 * the equivalent monthly rate (1 + yearly)^(1/12) − 1, as Belgian mortgage credit states its rates.
 */
export function monthlyPayment(loan: number, yearlyRate: number, years: number): number {
  const n = years * 12;
  const r = Math.pow(1 + yearlyRate / 100, 1 / 12) - 1;
  if (r === 0) return cents(loan / n);
  return cents((loan * r) / (1 - Math.pow(1 + r, -n)));
}

export interface CostLine {
  key: string;
  amount: number;
}

export interface BuyingResult {
  region: BelgianRegion;
  price: number;
  duties: { base: number; rate: number; allowance: number; amount: number; reduced: boolean };
  vat: { base: number; rate: number; amount: number } | null;
  notary: { fee: number; vat: number };
  costs: CostLine[];
  /** Duties, VAT, the notary's fee with its VAT and the sale's costs. */
  purchase: number;
  mortgage: {
    loan: number;
    registered: number;
    registration: number;
    inscription: number;
    fee: number;
    feeVat: number;
    costs: CostLine[];
    total: number;
  } | null;
  payment: { monthly: number; months: number; rate: number; interest: number } | null;
  /** Everything paid on top of the price. */
  total: number;
  /** What the buyer brings: price and costs less the loan (never below 0). */
  ownFunds: number;
}

function fixedCosts(items: FixedCost[], vatRate: number): CostLine[] {
  return items.map((c) => ({ key: c.key, amount: cents(c.vat ? c.amount * (1 + vatRate / 100) : c.amount) }));
}

/** The costs of buying at `inputs` (null when price or region is missing). */
export function computeBuyingCosts(inputs: BuyingInputs, config: BuyingCostsConfig): BuyingResult | null {
  const { price, region } = inputs;
  if (price === undefined || !region) return null;
  const rules = config.regions[region];
  const feeVat = config.vat.fees;
  // A new build: registration duties on the land, VAT on the building (the rest of the price).
  const land = inputs.newBuild ? Math.min(inputs.land ?? 0, price) : price;
  const reduced = inputs.soleHome;
  const rate = reduced ? rules.soleHome.rate : rules.rate;
  const a = reduced ? rules.soleHome.allowance : undefined;
  const allowance = a && price <= a.maxPrice ? Math.min(land, inputs.newBuild ? (a.newBuildAmount ?? a.amount) : a.amount) : 0;
  const duties = { base: land, rate, allowance, amount: cents(((land - allowance) * rate) / 100), reduced };
  const vat = inputs.newBuild ? { base: price - land, rate: config.vat.newBuild, amount: cents(((price - land) * config.vat.newBuild) / 100) } : null;
  const fee = scaleFee(config.saleScale, price);
  const notary = { fee, vat: cents((fee * feeVat) / 100) };
  const costs = fixedCosts(config.saleCosts, feeVat);
  const purchase = cents(duties.amount + (vat?.amount ?? 0) + notary.fee + notary.vat + costs.reduce((s, c) => s + c.amount, 0));

  let mortgage: BuyingResult['mortgage'] = null;
  let payment: BuyingResult['payment'] = null;
  if (inputs.loan) {
    const m = config.mortgage;
    const registered = Math.round(inputs.loan * (1 + m.accessories / 100));
    const mFee = scaleFee(m.scale, registered);
    const mCosts = fixedCosts(m.costs, feeVat);
    const parts = {
      registration: cents((registered * (rules.mortgageRate ?? m.registration)) / 100),
      inscription: cents((registered * m.inscription) / 100),
      fee: mFee,
      feeVat: cents((mFee * feeVat) / 100),
    };
    const total = cents(parts.registration + parts.inscription + parts.fee + parts.feeVat + mCosts.reduce((s, c) => s + c.amount, 0));
    mortgage = { loan: inputs.loan, registered, ...parts, costs: mCosts, total };
    if (inputs.rate !== undefined && inputs.years !== undefined) {
      const monthly = monthlyPayment(inputs.loan, inputs.rate, inputs.years);
      const months = inputs.years * 12;
      payment = { monthly, months, rate: inputs.rate, interest: cents(monthly * months - inputs.loan) };
    }
  }
  const total = cents(purchase + (mortgage?.total ?? 0));
  return { region, price, duties, vat, notary, costs, purchase, mortgage, payment, total, ownFunds: Math.max(0, cents(price + total - (inputs.loan ?? 0))) };
}

/** Checks JSON Schema cannot make: scales start at 0 and rise; cost keys are unique. */
export function buyingCostsConfigProblems(config: BuyingCostsConfig): Array<{ pointer: string; message: string }> {
  const out: Array<{ pointer: string; message: string }> = [];
  const scale = (s: FeeScale, at: string) => {
    if (s.bands[0]?.from !== 0) out.push({ pointer: `${at}/bands/0/from`, message: 'the first band must start at 0' });
    s.bands.forEach((b, i) => {
      if (i > 0 && b.from <= s.bands[i - 1].from)
        out.push({ pointer: `${at}/bands/${i}/from`, message: `must be above the band before (${s.bands[i - 1].from})` });
    });
  };
  scale(config.saleScale, '/saleScale');
  scale(config.mortgage.scale, '/mortgage/scale');
  const unique = (items: FixedCost[], at: string) => {
    const seen = new Set<string>();
    items.forEach((c, i) => {
      if (seen.has(c.key)) out.push({ pointer: `${at}/${i}/key`, message: `'${c.key}' is used twice` });
      seen.add(c.key);
    });
  };
  unique(config.saleCosts, '/saleCosts');
  unique(config.mortgage.costs, '/mortgage/costs');
  return out;
}
