/**
 * What sharp makes of listing pictures: the kept original (checked, upright, at most
 * ORIGINAL_WIDTH wide, no metadata), each width the pages ask for, and the neutral placeholder
 * for photos that cannot be shown.
 */
import sharp from 'sharp';
import { PictureError } from './picture-fetch.ts';

/** Served pictures are at most this wide ("original"); the kept original is normalised to it. */
export const ORIGINAL_WIDTH = 1600;
/** The kept original is ours only: high quality, and plain libjpeg (mozjpeg would cost 5× the time for bytes nobody downloads). */
const MASTER_QUALITY = 90;
const JPEG_QUALITY = 78;
/** Raster formats a listing photo may come in (no SVG, no PDF). */
const PHOTO_FORMATS = new Set(['jpeg', 'png', 'webp', 'gif', 'avif', 'heif', 'tiff']);

/** The fetched bytes as the kept original: a photo (checked by decoding it), upright, at most ORIGINAL_WIDTH wide, no metadata. */
export async function normaliseOriginal(bytes: Buffer, maxPixels: number): Promise<Buffer> {
  try {
    const img = sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' });
    const meta = await img.metadata();
    if (!meta.format || !PHOTO_FORMATS.has(meta.format)) throw new PictureError('gone', `not a photo (${meta.format ?? 'unknown format'})`);
    return await img.rotate().resize({ width: ORIGINAL_WIDTH, withoutEnlargement: true }).jpeg({ quality: MASTER_QUALITY }).toBuffer();
  } catch (e) {
    if (e instanceof PictureError) throw e;
    throw new PictureError('gone', `not an image sharp can read (${(e as Error).message})`);
  }
}

/** A width the pages ask for, made from the kept original (a file path or its bytes). */
export function resizedJpeg(input: string | Buffer, width: number): Promise<Buffer> {
  return sharp(input)
    .resize({ width, withoutEnlargement: true })
    .jpeg({ quality: JPEG_QUALITY, progressive: width > 400, mozjpeg: true })
    .toBuffer();
}

/** A neutral picture (a light frame with a faint outline of a house) for photos that cannot be shown. */
const PLACEHOLDER_SVG = `<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="1067" viewBox="0 0 1600 1067"><rect width="1600" height="1067" fill="#ece6dc"/><g fill="none" stroke="#d5ccbe" stroke-width="18" stroke-linejoin="round" stroke-linecap="round"><path d="M640 560 L800 420 L960 560"/><path d="M670 535 V680 H930 V535"/><path d="M770 680 V600 H830 V680"/></g></svg>`;
const placeholders = new Map<number, Promise<Buffer>>();

/** The neutral placeholder at `width` (3:2), made once per width. */
export function placeholderImage(width: number): Promise<Buffer> {
  let p = placeholders.get(width);
  if (!p) {
    p = sharp(Buffer.from(PLACEHOLDER_SVG), { density: Math.max(1, (72 * width) / 1600) })
      .resize({ width, height: Math.round((width * 1067) / 1600), fit: 'cover' })
      .jpeg({ quality: 70 })
      .toBuffer();
    placeholders.set(width, p);
  }
  return p;
}
