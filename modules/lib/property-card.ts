/** Server-side: a property record → what a result card, a map marker or a similar-property tile shows. */
import { CARD_WIDTHS } from '../../renderer/lib/constants.ts';
import type { Goal, PropertyRecord } from '../../renderer/listing-types.ts';
import { epcDisplayText, epcForProperty } from '../../renderer/lib/epc.ts';

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
  availability: PropertyRecord['Availability'];
  marquee: string | null;
  bedrooms: number | null;
  surface: number | null;
  epc: { text: string; image: string | null } | null;
  image: ImageSet | null;
  lat: number | null;
  lng: number | null;
}

/** The photo URL at the responsive widths the image route serves. */
export function imageSet(url: string | undefined, alt: string, widths: number[]): ImageSet | null {
  if (!url) return null;
  const at = (w: number) => `${url}${url.includes('?') ? '&' : '?'}w=${w}`;
  return { src: at(widths[Math.min(1, widths.length - 1)]), srcSet: widths.map((w) => `${at(w)} ${w}w`).join(', '), alt };
}

export const PRICE_UNIT_FROM = 7;

export function priceOf(p: PropertyRecord): number | null {
  return p.PublishPrice === false || p.PriceOnDemand || typeof p.Price !== 'number' ? null : p.Price;
}

export function toPropertyCard(p: PropertyRecord, path: string, title: string): PropertyCardData {
  const epc = epcForProperty(p);
  return {
    id: p.ID,
    path,
    title,
    type: p.WebID ?? null,
    typeName: p.MainTypeName || null,
    city: p.City,
    zip: p.Zip ?? '',
    goal: p.Goal === 0 ? 'sale' : 'rent',
    price: priceOf(p),
    priceFrom: p.PriceUnit === PRICE_UNIT_FROM,
    availability: p.Availability,
    marquee: p.Marquee ? p.MarqueeName ?? null : null,
    bedrooms: p.NumberOfBedRooms ?? null,
    surface: p.SurfaceLiving ?? p.SurfaceTotal ?? p.SurfaceGround ?? null,
    epc: epc.label ? { text: epc.region === 'luxembourg' ? epc.label : epcDisplayText(epc.label), image: epc.image } : null,
    image: imageSet(p.SmallPictureItem?.Url ?? p.Pictures?.[0]?.Url, title, CARD_WIDTHS),
    lat: p.Latitude ?? null,
    lng: p.Longitude ?? null,
  };
}
