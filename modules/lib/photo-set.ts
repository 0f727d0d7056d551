import { imageSet } from './property-card.ts';
import { IMAGE_WIDTH, SLIDE_WIDTHS } from '../../renderer/lib/constants.ts';
import type { PhotoSet } from './Photos.tsx';

/** One listing photo at the slideshow widths, with its 200-wide thumbnail (SPEC §9). */
export function photoSet(url: string, alt: string): PhotoSet {
  return { ...imageSet(url, alt, SLIDE_WIDTHS)!, thumb: `${url}?w=${IMAGE_WIDTH.thumb}`, large: `${url}?w=${IMAGE_WIDTH.large}` };
}
