import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import type { BuyingCostsConfig, BuyingCostsModule, CostSource } from '../../schemas/types.gen.ts';
import { computeBuyingCosts, parseBuyingQuery, type BuyingInputs, type BuyingResult } from '../../shared/buying-costs.ts';
import { localize } from '../../shared/localize.ts';
import { BELGIAN_REGIONS, type BelgianRegion } from '../../shared/region.ts';
import type { ToolError } from '../../shared/renovation.ts';
import { buyingPrefill } from '../lib/buying-costs.server.ts';
import buyingCosts from './index.ts';

export interface NamedLine {
  key: string;
  name: string;
  amount: number;
}

export interface BuyingCostsView extends Omit<BuyingResult, 'costs' | 'mortgage'> {
  costs: NamedLine[];
  mortgage: (Omit<NonNullable<BuyingResult['mortgage']>, 'costs'> & { costs: NamedLine[]; rate: number; inscriptionRate: number }) | null;
  feeVatRate: number;
}

export interface BuyingCostsData {
  /** The page's path: the form's action. */
  path: string;
  inputs: BuyingInputs;
  errors: ToolError[];
  /** What the visitor typed in a field with an error, shown again as it was (at most 40 characters). */
  typed: Record<string, string>;
  regions: readonly BelgianRegion[];
  /** Each region's condition for its sole-own-home rate, in the visitor's language. */
  conditions: Record<BelgianRegion, string>;
  property?: { id: number; title: string; path?: string };
  /** The property is outside Belgium (Luxembourg): its country, as the listing names it. */
  abroad?: string;
  showMortgage: boolean;
  result?: BuyingCostsView;
  sources: Array<{ what: string; name: string; url?: string; date: string; note?: string }>;
  note: string;
}

function named(lines: Array<{ key: string; amount: number }>, items: BuyingCostsConfig['saleCosts'], lang: LoadContext['lang']): NamedLine[] {
  return lines.map((l) => ({ ...l, name: localize(items.find((c) => c.key === l.key)?.name, lang) }));
}

function load(module: BuyingCostsModule, ctx: LoadContext): BuyingCostsData {
  const { content, listings } = ctx.services;
  const config = content.buyingCosts;
  const { inputs, errors, sent } = parseBuyingQuery(ctx.query);
  const listing = inputs.property !== undefined ? listings.property(inputs.property, ctx.lang) : undefined;
  if (inputs.property !== undefined && !listing) {
    errors.push({ field: 'property', key: 'property.notFound.title' });
    inputs.property = undefined;
  }
  // A query string that cannot be read is answered 400, with the fields named on the page.
  if (errors.length) ctx.setStatus(400);
  let abroad: string | undefined;
  if (listing && !sent) {
    // Opened from a property: what the link leaves out comes from the listing.
    const from = buyingPrefill(listing, config);
    if (from.abroad) abroad = listing.CountryName || listing.City || '';
    if (inputs.price === undefined && !errors.some((e) => e.field === 'price')) inputs.price = from.price;
    if (!inputs.region && !errors.some((e) => e.field === 'region')) inputs.region = from.region;
    if (!ctx.query.has('new')) inputs.newBuild = from.newBuild;
    if (inputs.land === undefined && inputs.newBuild) inputs.land = from.land;
    if (inputs.loan === undefined && !ctx.query.has('loan') && module.showMortgage !== false) inputs.loan = from.loan;
  }
  if (!sent) {
    inputs.rate ??= errors.some((e) => e.field === 'rate') ? undefined : config.loan.rate;
    inputs.years ??= errors.some((e) => e.field === 'years') ? undefined : config.loan.years;
  }
  if (module.showMortgage === false) inputs.loan = undefined;
  const computed = errors.length ? null : computeBuyingCosts(inputs, config);
  const result: BuyingCostsView | undefined = computed
    ? {
        ...computed,
        costs: named(computed.costs, config.saleCosts, ctx.lang),
        mortgage: computed.mortgage && {
          ...computed.mortgage,
          costs: named(computed.mortgage.costs, config.mortgage.costs, ctx.lang),
          rate: config.regions[computed.region].mortgageRate ?? config.mortgage.registration,
          inscriptionRate: config.mortgage.inscription,
        },
        feeVatRate: config.vat.fees,
      }
    : undefined;
  const property = listing
    ? { id: listing.ID, title: ctx.services.propertyTitle(listing, ctx.lang), path: ctx.services.listingPath('property', listing.ID, ctx.lang) }
    : undefined;
  const region = (r: BelgianRegion) => ctx.services.content.dictionaries[ctx.lang]?.[`region.${r}`] ?? r;
  const cite = (what: string, s: CostSource) => ({
    what,
    name: s.name,
    ...(s.url ? { url: s.url } : {}),
    date: s.date,
    ...(s.note ? { note: localize(s.note, ctx.lang) } : {}),
  });
  const sources =
    module.showSources === false
      ? []
      : [
          ...BELGIAN_REGIONS.map((r) => cite(region(r), config.regions[r].source)),
          cite('vat', config.vat.source),
          cite('saleScale', config.saleScale.source),
          ...config.saleCosts.map((c) => cite(localize(c.name, ctx.lang), c.source)),
          ...(module.showMortgage === false
            ? []
            : [
                cite('mortgage', config.mortgage.source),
                cite('mortgageScale', config.mortgage.scale.source),
                ...config.mortgage.costs.map((c) => cite(localize(c.name, ctx.lang), c.source)),
                cite('loan', config.loan.source),
              ]),
        ];
  return {
    path: ctx.services.routes.pagePath(ctx.page, ctx.lang),
    inputs,
    errors,
    typed: Object.fromEntries(errors.filter((e) => ctx.query.has(e.field)).map((e) => [e.field, (ctx.query.get(e.field) ?? '').slice(0, 40)])),
    regions: BELGIAN_REGIONS,
    conditions: Object.fromEntries(BELGIAN_REGIONS.map((r) => [r, localize(config.regions[r].soleHome.condition, ctx.lang)])) as Record<BelgianRegion, string>,
    ...(property ? { property } : {}),
    ...(abroad !== undefined ? { abroad } : {}),
    showMortgage: module.showMortgage !== false,
    ...(result ? { result } : {}),
    sources,
    note: localize(config.note, ctx.lang),
  };
}

export default defineLoader(buyingCosts, load);
