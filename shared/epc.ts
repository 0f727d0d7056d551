/**
 * Energy performance certificate (EPC) helpers (SPEC §3 "Energy rating scales", §9).
 * Pure: no React, no Node APIs. The regional tables are data, in epc-scales.json.
 */
import scales from './epc-scales.json';
import { isEmpty } from './localize.ts';
import { BELGIAN_REGIONS, COUNTRY_BELGIUM, COUNTRY_LUXEMBOURG, regionOfPostcode, type BelgianRegion } from './region.ts';

export type { BelgianRegion } from './region.ts';
/** A Belgian region (own scale and images) or Luxembourg (label text only). */
export type EpcRegion = BelgianRegion | 'luxembourg';
/** Alias used by epcLabel: only Belgian regions have a numeric scale. */
export type Region = BelgianRegion;

/**
 * One row of a regional scale. `lower` null = no lower bound (the spec's '-'), `upper` null = no upper
 * bound (the spec's '+'). `note` documents a deliberate deviation from the spec.
 */
export interface EpcRange {
  lower: number | null;
  upper: number | null;
  label: string;
  note?: string;
}

/** The three regional scales of SPEC §3, ordered from best to worst. */
export const EPC_SCALES: Readonly<Record<BelgianRegion, readonly EpcRange[]>> = scales;

/** Public folder of the label images: {EPC_IMAGE_BASE}/{region}/{label}.png (SPEC §9). */
export const EPC_IMAGE_BASE = '/images/epc';

/**
 * The label of an energy value (kWh/m²·year) on a region's scale, or null without a finite value.
 *
 * Boundary rule, walking the ranges from best to worst:
 * - a value below a range's upper bound belongs to that range (so the first, open-below range has an
 *   exclusive upper bound: Flanders -5 → a_plus, 0 → a);
 * - a value equal to an upper bound that is also the next range's lower bound belongs to the next
 *   range (Flanders 100 → b, Wallonia 45 → a);
 * - a value equal to an upper bound that the next range does not share is inclusive (Brussels 23 → a,
 *   24 → a_sub, 345 → f_sub);
 * - a value in a gap between two ranges belongs to the next range up (Brussels 0 and 0.5 → a,
 *   23.5 → a_sub);
 * - the last range is open above (Flanders 10000 → f).
 */
export function epcLabel(value: number | null | undefined, region: Region): string | null {
  if (typeof value !== 'number' || !Number.isFinite(value)) return null;
  const scale = EPC_SCALES[region];
  if (!scale) return null;
  for (let i = 0; i < scale.length; i++) {
    const { upper, label } = scale[i];
    if (upper === null || value < upper) return label;
    const sharedWithNext = scale[i + 1]?.lower === upper;
    if (value === upper && i > 0 && !sharedWithNext) return label;
  }
  return null;
}

/** Path of the image of a regional label: /images/epc/{region}/{label}.png. */
export function epcImage(region: BelgianRegion, label: string): string {
  return `${EPC_IMAGE_BASE}/${region}/${label}.png`;
}

/** EPC facts of a property: region, label and label image. */
export interface EpcInfo {
  region: EpcRegion | null;
  label: string | null;
  image: string | null;
}

/** The property fields the EPC depends on (SPEC §3). */
export interface EpcSource {
  EnergyPerformance?: number | null;
  EPCLabelText?: string | null;
  Zip?: string | null;
  CountryID?: number | null;
}

const NO_EPC: EpcInfo = { region: null, label: null, image: null };

/**
 * The EPC of a property (SPEC §9):
 * - Belgium (CountryID 10): region of the postcode, label from EnergyPerformance on that region's scale,
 *   image /images/epc/{region}/{label}.png; label and image null without an energy value; all null when
 *   the postcode has no region;
 * - Luxembourg (CountryID 50): EPCLabelText as is (trimmed; null when empty), no image;
 * - any other country: all null.
 */
export function epcForProperty(p: EpcSource): EpcInfo {
  if (p.CountryID === COUNTRY_LUXEMBOURG) {
    return { region: 'luxembourg', label: isEmpty(p.EPCLabelText) ? null : p.EPCLabelText!.trim(), image: null };
  }
  if (p.CountryID !== COUNTRY_BELGIUM) return { ...NO_EPC };
  const region = regionOfPostcode(p.Zip);
  if (!region) return { ...NO_EPC };
  const label = epcLabel(p.EnergyPerformance, region);
  return { region, label, image: label ? epcImage(region, label) : null };
}

/** The common letters across regions, best first (SPEC §3 labels mapped to one scale). */
export const EPC_LETTERS = ['A++', 'A+', 'A', 'B', 'C', 'D', 'E', 'F', 'G'] as const;
export type EpcLetter = (typeof EPC_LETTERS)[number];

/** Letters for which the energy rule notice applies (SPEC §9: E or F must be renovated to D or better). */
export const RENOVATION_NOTICE_LETTERS: readonly EpcLetter[] = ['E', 'F'];

/** Regional label: letter with optional suffix _plusplus, _plus or _sub (a_plusplus, b_plus, c_sub). */
const REGIONAL_LABEL = /^([a-g])(?:_(plusplus|plus|sub))?$/;
/** Label text as printed (Luxembourg EPCLabelText, display text): A++, A+, B, B+, B-, B–. */
const TEXT_LABEL = /^([a-g])(\+\+|\+|-|–|−)?$/;

/**
 * The common letter of a regional label ('a_sub' → 'A', 'b_plus' → 'B', 'a_plus' → 'A+',
 * 'a_plusplus' → 'A++') or of a printed label ('A+', 'b', 'C-'); null when it is neither.
 * Only A carries its plus grades into the common scale; other sub-grades fold into their letter.
 */
export function epcLetter(label: string | null | undefined): EpcLetter | null {
  if (isEmpty(label)) return null;
  const text = label!.trim().toLowerCase();
  const m = REGIONAL_LABEL.exec(text) ?? TEXT_LABEL.exec(text);
  if (!m) return null;
  const letter = m[1].toUpperCase() as EpcLetter;
  if (letter !== 'A') return letter;
  if (m[2] === 'plusplus' || m[2] === '++') return 'A++';
  if (m[2] === 'plus' || m[2] === '+') return 'A+';
  return 'A';
}

/** Position of a label on the common scale: 0 for A++ (best) … 8 for G (worst); null when unknown. */
export function epcRank(label: string | null | undefined): number | null {
  const letter = epcLetter(label);
  return letter === null ? null : EPC_LETTERS.indexOf(letter);
}

/** 'Max EPC label' filter: true when `label` is `max` or better; false when either is unknown. */
export function epcAtMost(label: string | null | undefined, max: string | null | undefined): boolean {
  const rank = epcRank(label);
  const limit = epcRank(max);
  return rank !== null && limit !== null && rank <= limit;
}

/** The label as printed: 'a_plusplus' → 'A++', 'a_plus' → 'A+', 'b_plus' → 'B+', 'b_sub' → 'B–', 'c' → 'C'. */
export function epcDisplayText(label: string): string {
  const m = REGIONAL_LABEL.exec(label.trim().toLowerCase());
  if (!m) return label;
  const suffix = m[2] === 'plusplus' ? '++' : m[2] === 'plus' ? '+' : m[2] === 'sub' ? '–' : '';
  return m[1].toUpperCase() + suffix;
}

/** Whether the energy rule notice applies (SPEC §9): the label, or its common letter, is E or F. */
export function needsRenovationNotice(letter: string | null | undefined): boolean {
  const common = epcLetter(letter);
  return common !== null && RENOVATION_NOTICE_LETTERS.includes(common);
}

/**
 * The dictionary key of the certificate's name before a label, in its region's usual wording: the
 * Flemish certificate is the EPC, the Brussels and Walloon one the EPB (PEB in French), as the
 * detail page words its energy figures (modules/property-detail/energy.ts): `card.epc.{region}`
 * for a Belgian region, else the general `card.epc` (Luxembourg, no region). Cards, the detail page
 * and the comparison use it.
 */
export function epcNameKey(region: string | null | undefined, base: 'card.epc' | 'detail.epc' = 'card.epc'): string {
  return region && region !== 'luxembourg' && (BELGIAN_REGIONS as readonly string[]).includes(region) ? `${base}.${region}` : base;
}
