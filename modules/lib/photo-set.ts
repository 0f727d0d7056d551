import { imageSet } from './property-card.ts';
import type { PhotoSet } from './Photos.tsx';

/** One listing photo at the slideshow widths, with its 200-wide thumbnail (SPEC §9). */
export function photoSet(url: string, alt: string): PhotoSet {
  return { ...imageSet(url, alt, [400, 600, 1360])!, thumb: `${url}?w=200`, large: `${url}?w=1360` };
}
