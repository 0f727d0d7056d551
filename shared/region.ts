/** Belgian regions and country ids (SPEC §3, §9). Pure: no React, no Node APIs. */

/** CountryID of Belgium in the listing data. */
export const COUNTRY_BELGIUM = 10;
/** CountryID of Luxembourg in the listing data. */
export const COUNTRY_LUXEMBOURG = 50;

/** The three Belgian regions, each with its own EPC scale. */
export const BELGIAN_REGIONS = ['flanders', 'brussels', 'wallonia'] as const;
export type BelgianRegion = (typeof BELGIAN_REGIONS)[number];

/** One inclusive band of Belgian postcodes. */
export interface PostcodeRange {
  from: number;
  to: number;
  region: BelgianRegion;
}

/**
 * Regions by postcode (SPEC §9), bounds inclusive: 1000–1299 Brussels; 1300–1499 and 4000–7999 Wallonia;
 * 1500–3999 and 8000–9999 Flanders.
 */
export const POSTCODE_REGIONS: readonly PostcodeRange[] = [
  { from: 1000, to: 1299, region: 'brussels' },
  { from: 1300, to: 1499, region: 'wallonia' },
  { from: 1500, to: 3999, region: 'flanders' },
  { from: 4000, to: 7999, region: 'wallonia' },
  { from: 8000, to: 9999, region: 'flanders' },
];

/** A Belgian postcode is exactly four digits (surrounding blanks are ignored). */
const POSTCODE_PATTERN = /^\d{4}$/;

/**
 * The Belgian region of a postcode, or null for anything that is not a four-digit postcode inside
 * POSTCODE_REGIONS (empty, foreign such as 'L-1234', non-numeric, below 1000).
 */
export function regionOfPostcode(zip: string | number | null | undefined): BelgianRegion | null {
  if (zip === null || zip === undefined) return null;
  const text = String(zip).trim();
  if (!POSTCODE_PATTERN.test(text)) return null;
  const code = Number(text);
  return POSTCODE_REGIONS.find((r) => code >= r.from && code <= r.to)?.region ?? null;
}
