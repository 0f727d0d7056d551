import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import type { ContactModule, OnlineValuationModule } from '../../schemas/types.gen.ts';
import { localize } from '../../shared/localize.ts';
import { EPC_LETTERS, type EpcLetter } from '../../shared/epc.ts';
import type { BelgianRegion } from '../../shared/region.ts';
import {
  estimateValuation,
  OUTDOOR_SPACES,
  parseValuationQuery,
  VALUATION_CONDITIONS,
  VALUATION_STEPS,
  valuationIndex,
  valuationQuery,
  splitStreet,
  type GoalEstimate,
  type ToolError,
  type ValuationInputs,
  type ValuationStep,
} from '../../shared/valuation.ts';
import { loadRequestForm, type ContactData } from '../lib/request-form.server.ts';
import onlineValuation from './index.ts';

export interface ValuationData {
  path: string;
  step: ValuationStep;
  steps: readonly ValuationStep[];
  inputs: ValuationInputs;
  /** The answers as the canonical query string (what the in-depth valuation request carries). */
  query: string;
  errors: ToolError[];
  types: number[];
  conditions: readonly string[];
  outdoor: readonly string[];
  letters: readonly EpcLetter[];
  /** The municipality of the postcode, as the listings name it in the visitor's language. */
  municipality?: string;
  result?: { region: BelgianRegion; estimates: GoalEstimate[]; minComparables: number };
  note: string;
  source: { name: string; date: string; note?: string };
  factorsSource: { name: string; date: string; note?: string };
  /** The in-depth valuation request (contact-demand), prefilled, with the estimate attached. */
  lead?: ContactData;
}

async function load(module: OnlineValuationModule, ctx: LoadContext): Promise<ValuationData> {
  const { content, listings, routes } = ctx.services;
  const config = content.valuation;
  const { inputs, errors, step } = parseValuationQuery(ctx.query, config);
  // A query string that cannot be read is answered 400, with the fields named on the page.
  if (errors.length) ctx.setStatus(400);
  const municipality = inputs.zip ? listings.cities(ctx.lang).find((c) => c.Zip === inputs.zip)?.Name : undefined;
  let result: ValuationData['result'];
  if (step === 'result' && inputs.zip && inputs.type !== undefined && inputs.surface !== undefined) {
    // Computed from the live listings through the index of this set (built once, not per request).
    const r = estimateValuation(await valuationIndex(listings, config), { ...inputs, zip: inputs.zip, type: inputs.type, surface: inputs.surface }, config);
    if (r) result = { ...r, minComparables: config.minComparables };
  }
  let lead: ContactData | undefined;
  if (result && module.requestForm !== false) {
    const record = { id: module.id, view: 'contact', version: 1, status: 'Published', form: 'contact-demand' } as ContactModule;
    lead = loadRequestForm(record, { ...ctx, params: {} });
    lead.prefill = {
      propertyType: String(inputs.type),
      ...(inputs.address ? splitStreet(inputs.address) : {}),
      ...(inputs.zip ? { zip: inputs.zip } : {}),
      ...(municipality ? { city: municipality } : {}),
    };
  }
  return {
    path: routes.pagePath(ctx.page, ctx.lang),
    step,
    steps: VALUATION_STEPS,
    inputs,
    query: valuationQuery(inputs).toString(),
    errors,
    types: config.types as number[],
    conditions: VALUATION_CONDITIONS,
    outdoor: OUTDOOR_SPACES,
    letters: EPC_LETTERS,
    municipality,
    result,
    note: localize(config.note, ctx.lang),
    source: config.source,
    factorsSource: config.factors.source,
    lead,
  };
}

export default defineLoader(onlineValuation, load);
