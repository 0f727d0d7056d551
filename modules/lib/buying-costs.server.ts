/**
 * The buying-cost calculator as a property sees it (issue 39): what it is prefilled with from a
 * listing (price, region by postcode, new build or not), and the short summary the property page
 * shows with its link to the calculator's page. Server only.
 */
import type { LoadContext } from '../../renderer/module-api.ts';
import type { PropertyRecord } from '../../renderer/listing-types.ts';
import type { BuyingCostsConfig } from '../../schemas/types.gen.ts';
import { buyingQuery, computeBuyingCosts } from '../../shared/buying-costs.ts';
import { goalOf } from '../../shared/goal.ts';
import { COUNTRY_BELGIUM, regionOfPostcode, type BelgianRegion } from '../../shared/region.ts';
import { priceOf } from './property-card.ts';

export interface BuyingPrefill {
  price?: number;
  region?: BelgianRegion;
  newBuild: boolean;
  land?: number;
  loan?: number;
  /** The property is not in Belgium (a Luxembourg listing): the calculator covers Belgium only. */
  abroad: boolean;
}

/** What the calculator starts from for a listing: its sale price, region, new build (sold with VAT) and land share. */
export function buyingPrefill(p: PropertyRecord, config: BuyingCostsConfig): BuyingPrefill {
  const region = p.CountryID === undefined || p.CountryID === COUNTRY_BELGIUM ? (regionOfPostcode(p.Zip) ?? undefined) : undefined;
  const abroad = p.CountryID !== undefined && p.CountryID !== COUNTRY_BELGIUM;
  const price = goalOf(p) === 'sale' && !p.IsViager ? (priceOf(p) ?? undefined) : undefined;
  const usable = price !== undefined && price > 0 ? price : undefined;
  const newBuild = !!p.VATRegime?.trim() || (typeof p.VATValue === 'number' && p.VATValue > 0);
  // The CRM's VAT is on the building only: what is left of the price is the land.
  let land: number | undefined;
  if (newBuild && usable !== undefined && typeof p.VATValue === 'number' && p.VATValue > 0 && config.vat.newBuild > 0) {
    const building = Math.round(p.VATValue / (config.vat.newBuild / 100));
    if (building <= usable) land = usable - building;
  }
  const loan = usable !== undefined ? Math.round((usable * config.loan.share) / 100 / 1000) * 1000 : undefined;
  return {
    ...(usable !== undefined ? { price: usable } : {}),
    ...(region ? { region } : {}),
    newBuild,
    ...(land !== undefined ? { land } : {}),
    ...(loan ? { loan } : {}),
    abroad,
  };
}

export interface BuyingCostsTeaser {
  /** The calculator's page, prefilled with this property. */
  path?: string;
  /** The costs of buying it as a sole own home, without a loan (a Belgian sale with a price). */
  total?: number;
  region?: BelgianRegion;
  newBuild?: boolean;
  /** Outside Belgium: the country the listing names. */
  abroad?: string;
}

/** Availability states in which a property can no longer be bought (SPEC §4). */
const GONE = ['sold', 'soldOut', 'rented'];

/** The property page's line about buying costs: a sale property still for sale only; undefined for a rental or a sold one. */
export function buyingCostsTeaser(p: PropertyRecord, ctx: LoadContext): BuyingCostsTeaser | undefined {
  if (goalOf(p) !== 'sale' || (p.Availability && GONE.includes(p.Availability))) return undefined;
  const config = ctx.services.content.buyingCosts;
  const from = buyingPrefill(p, config);
  if (from.abroad) return { abroad: p.CountryName || p.City || '' };
  const page = ctx.services.content.pages.find((x) => x.modules?.some((m) => m.view === 'buying-costs' && m.status === 'Published'));
  const path = page ? `${ctx.services.routes.pagePath(page, ctx.lang)}?${buyingQuery({ property: p.ID }).toString()}` : undefined;
  const result = computeBuyingCosts({ ...from, loan: undefined, soleHome: true }, config);
  if (!path && !result) return undefined;
  return { ...(path ? { path } : {}), ...(result ? { total: Math.round(result.purchase), region: result.region, newBuild: from.newBuild } : {}) };
}
