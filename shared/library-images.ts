/**
 * Images of the media library inside rich text (articles, the Text module, footer texts): served
 * at the spec's responsive widths (SPEC §9: 400, 600, 1360, original) like listing photos, through
 * a `srcset` the sanitiser adds when the content is loaded. The `src` stays the original's address
 * (the stored HTML never changes by it; browsers pick from the srcset).
 */
import { IMAGE_WIDTH } from './constants.ts';

/** An image of the library, as the editor inserts it (no width asked). */
export const LIBRARY_IMAGE_SRC = /^\/media\/library\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(jpg|png|webp)$/;

/** The widths a text's image is offered at, besides its original. */
export const RICH_TEXT_IMAGE_WIDTHS = [IMAGE_WIDTH.small, IMAGE_WIDTH.medium, IMAGE_WIDTH.large] as const;

/**
 * How wide a text's image is drawn: the text's column (75ch: 620–770 px with the usual fonts) on a
 * wide screen, the screen less the page's margins (1rem each side) on a phone.
 */
export const RICH_TEXT_IMAGE_SIZES = '(min-width: 50rem) 47rem, calc(100vw - 2rem)';

/**
 * The srcset of a library image whose original is `width` pixels wide (unknown for images inserted
 * before the editor wrote their size: then the spec's widths alone). Undefined for any other image.
 */
export function libraryImageSrcset(src: string, width?: number): string | undefined {
  if (!LIBRARY_IMAGE_SRC.test(src)) return undefined;
  const known = width !== undefined && Number.isInteger(width) && width > 0;
  const sizes = RICH_TEXT_IMAGE_WIDTHS.filter((w) => !known || w < width!);
  return [...sizes.map((w) => `${src}?w=${w} ${w}w`), ...(known ? [`${src} ${width}w`] : [])].join(', ');
}
