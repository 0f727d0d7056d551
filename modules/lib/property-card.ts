/** Server-side: a property record → what a result card, a map marker or a similar-property tile shows. */
import { CARD_WIDTHS } from '../../shared/constants.ts';
import { goalOf } from '../../shared/goal.ts';
import { firstListingPhoto, listingPhotoSrcSet, listingPhotoUrl, type ListingKind, type ListingPhoto } from '../../shared/listing-photos.ts';
import type { Goal, ListingSource, ProjectRecord, PropertyRecord } from '../../renderer/listing-types.ts';
import type { Lang } from '../../shared/constants.ts';
import { epcDisplayText, epcForProperty } from '../../shared/epc.ts';
import type { Viager } from '../../renderer/ui.tsx';
import { pricePerM2, PRICE_UNIT_FROM, type PriceDrop } from '../../shared/price.ts';

export interface ImageSet {
  src: string;
  srcSet: string;
  alt: string;
}

export interface PropertyCardData {
  id: number;
  path: string;
  title: string;
  /** The main type (WebID); null when the CRM gave none (then typeName). */
  type: number | null;
  typeName: string | null;
  city: string;
  zip: string;
  goal: Goal;
  price: number | null;
  priceFrom: boolean;
  /** An annuity sale (viager): its bouquet and monthly rent, shown in place of the price. */
  viager: Viager | null;
  availability: PropertyRecord['Availability'];
  marquee: string | null;
  bedrooms: number | null;
  surface: number | null;
  /** The label, its image and the region whose wording names it (shared/epc.ts epcNameKey). */
  epc: { text: string; image: string | null; region: string | null } | null;
  image: ImageSet | null;
  lat: number | null;
  lng: number | null;
  /** Issue 39: the price per m² of living surface (sales with one price) and a recent price drop. */
  pricePerM2: number | null;
  priceDrop: PriceDrop | null;
}

/** A listing photo at the responsive widths the image route serves (`src` at the second width). */
export function imageSet(kind: ListingKind, id: number, photo: ListingPhoto | undefined, alt: string, widths: number[]): ImageSet | null {
  if (!photo) return null;
  return { src: listingPhotoUrl(kind, id, photo, widths[Math.min(1, widths.length - 1)]), srcSet: listingPhotoSrcSet(kind, id, photo, widths), alt };
}

/** The CRM's PriceUnit for "starting from" (its one place is shared/price.ts). */
export { PRICE_UNIT_FROM };

/** The viager terms of a property sold as an annuity; null for any other sale. */
export function viagerOf(p: PropertyRecord): Viager | null {
  if (!p.IsViager || p.PublishPrice === false) return null;
  return { bouquet: p.ViagerBouquet ?? null, rent: p.ViagerRent ?? null };
}

export function priceOf(p: PropertyRecord): number | null {
  return p.PublishPrice === false || p.PriceOnDemand || typeof p.Price !== 'number' ? null : p.Price;
}

/** The card of a property; `gone` tells which pictures are known to be gone from the CDN (left out). */
export function toPropertyCard(p: PropertyRecord, path: string, title: string, gone?: (source: string) => boolean, drop?: PriceDrop | null): PropertyCardData {
  const epc = epcForProperty(p);
  return {
    id: p.ID,
    path,
    title,
    type: p.WebID ?? null,
    typeName: p.MainTypeName || null,
    city: p.City,
    zip: p.Zip ?? '',
    goal: goalOf(p),
    price: priceOf(p),
    priceFrom: p.PriceUnit === PRICE_UNIT_FROM,
    viager: viagerOf(p),
    availability: p.Availability,
    marquee: p.Marquee ? (p.MarqueeName ?? null) : null,
    bedrooms: p.NumberOfBedRooms ?? null,
    surface: p.SurfaceLiving ?? p.SurfaceTotal ?? p.SurfaceGround ?? null,
    epc: epc.label ? { text: epc.region === 'luxembourg' ? epc.label : epcDisplayText(epc.label), image: epc.image, region: epc.region } : null,
    image: imageSet('property', p.ID, firstListingPhoto('property', p, gone), title, CARD_WIDTHS),
    lat: p.Latitude ?? null,
    lng: p.Longitude ?? null,
    pricePerM2: pricePerM2(p),
    priceDrop: drop ?? null,
  };
}

/** A unit of a project that is no longer on offer. */
export const unitTaken = (u: { Status: string }) => u.Status === 'sold' || u.Status === 'rented';

/** A unit of a project as visitors and staff read it: its own name, else its property's title, else its number. */
export function unitName(
  project: Pick<ProjectRecord, 'Units'>,
  id: number,
  lang: Lang,
  names: { listings: Pick<ListingSource, 'property'>; propertyTitle: (p: PropertyRecord, lang: Lang) => string },
): string {
  const p = names.listings.property(id, lang);
  return project.Units.find((u) => u.PropertyID === id)?.Name || (p ? names.propertyTitle(p, lang) : String(id));
}

/** A new-build project is sold out when it has units and none is left: each sold (or let). */
export function isSoldOut(units: ReadonlyArray<{ Status: string }>): boolean {
  return units.length > 0 && units.every(unitTaken);
}
