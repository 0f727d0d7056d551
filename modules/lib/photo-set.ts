import { imageSet } from './property-card.ts';
import { IMAGE_WIDTH, SLIDE_WIDTHS } from '../../shared/constants.ts';
import { listingPhotoUrl, type ListingKind, type ListingPhoto } from '../../shared/listing-photos.ts';
import type { PhotoSet } from './Photos.tsx';

/** Photo n of a listing at the slideshow widths, with its 200-wide thumbnail and its large size (SPEC §9). */
export function photoSet(kind: ListingKind, id: number, photo: ListingPhoto, alt: string): PhotoSet {
  return {
    ...imageSet(kind, id, photo, alt, SLIDE_WIDTHS)!,
    thumb: listingPhotoUrl(kind, id, photo, IMAGE_WIDTH.thumb),
    large: listingPhotoUrl(kind, id, photo, IMAGE_WIDTH.large),
  };
}
