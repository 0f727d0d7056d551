/**
 * Photos made fit for the site: decoded by sharp within a pixel limit sized for real cameras (a
 * small file that unpacks into a huge image is refused from its header, before it is decoded),
 * turned upright by their EXIF orientation, scaled down to MEDIA_MAX_SIDE on their longest side,
 * and encoded again without any metadata (camera, GPS position, dates, comments).
 */
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { ImageKind } from './file-kind.ts';
import { KIND_WORDS } from './file-kind.ts';
import { mediaError } from './errors.ts';

/** Longest side kept (longer photos are scaled down). */
export const MEDIA_MAX_SIDE = 2560;
/**
 * Pixels sharp agrees to decode: a 50 MP phone photo (8160 × 6120) and a 102 MP medium-format
 * camera pass; a decompression bomb (a few KB declaring 20,000 × 20,000 pixels) does not.
 */
export const MEDIA_MAX_INPUT_PIXELS = 120_000_000;
const JPEG_QUALITY = 85;
const WEBP_QUALITY = 85;

export type StoredExt = 'jpg' | 'png' | 'webp';
export const EXT_MIME: Record<StoredExt, string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };

/** An image encoded at a width, as the library stores its originals and serves its widths. */
export function encode(img: Sharp, ext: StoredExt, progressive = true): Sharp {
  if (ext === 'jpg') return img.jpeg({ quality: JPEG_QUALITY, mozjpeg: true, progressive });
  if (ext === 'png') return img.png({ compressionLevel: 9, adaptiveFiltering: true });
  return img.webp({ quality: WEBP_QUALITY });
}

export interface Prepared {
  data: Buffer;
  width: number;
  height: number;
  ext: StoredExt;
}

const megapixels = (n: number) => Math.round(n / 100_000) / 10;

/**
 * The photo at `path` as the library keeps it. JPEG, PNG and WebP keep their format; AVIF, TIFF and
 * HEIC (where sharp decodes it) become JPEG, or PNG when they have transparency. Throws a media
 * refusal for a photo that is damaged, too large in pixels, or an HEIC sharp cannot decode here.
 */
export async function prepareImage(path: string, kind: ImageKind): Promise<Prepared> {
  let meta: Metadata;
  try {
    meta = await sharp(path, { limitInputPixels: false }).metadata();
  } catch {
    // An HEIC this server could not read anyway: what to do is the same.
    throw kind === 'heic' ? heicRefused() : damaged(kind);
  }
  const pixels = (meta.width ?? 0) * (meta.height ?? 0);
  if (pixels > MEDIA_MAX_INPUT_PIXELS) {
    throw mediaError(
      422,
      'tooManyPixels',
      `the image has ${megapixels(pixels)} megapixels (${meta.width} × ${meta.height}); at most ${MEDIA_MAX_INPUT_PIXELS / 1_000_000} are accepted. Lower the camera's resolution or make the image smaller, then upload it again.`,
      { megapixels: megapixels(pixels), maxMegapixels: MEDIA_MAX_INPUT_PIXELS / 1_000_000, width: meta.width, height: meta.height },
    );
  }
  const ext: StoredExt = kind === 'png' || kind === 'webp' ? (kind === 'png' ? 'png' : 'webp') : kind === 'jpeg' || !meta.hasAlpha ? 'jpg' : 'png';
  try {
    const img = sharp(path, { limitInputPixels: MEDIA_MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({ width: MEDIA_MAX_SIDE, height: MEDIA_MAX_SIDE, fit: 'inside', withoutEnlargement: true });
    const out = await encode(img, ext).toBuffer({ resolveWithObject: true });
    return { data: out.data, width: out.info.width, height: out.info.height, ext };
  } catch {
    if (kind === 'heic') throw heicRefused();
    throw damaged(kind);
  }
}

function damaged(kind: ImageKind) {
  return mediaError(
    422,
    'damaged',
    `the image cannot be read: it is damaged or incomplete (${kind.toUpperCase()}). Open it on your computer, save it again as JPEG and upload that.`,
    {
      format: kind,
    },
  );
}

/** HEIC photos are refused where sharp has no HEVC decoder (the prebuilt sharp has none). */
export function heicRefused() {
  return mediaError(
    415,
    'heic',
    `this is ${KIND_WORDS.heic}, which this server cannot read. On the iPhone choose Settings › Camera › Formats › “Most Compatible” (JPEG), or send the photo by e-mail or AirDrop to a computer, which turns it into JPEG, and upload that.`,
    { kind: 'heic' },
  );
}
