/**
 * The sample's photo source: the sample listings have no camera, so their pictures are drawn
 * (photo-scenes.ts) instead of fetched. The server gets this source injected at start (scripts/start.mjs,
 * tests, benchmarks) and never imports sample/ itself.
 *
 * It handles the sample's picture URLs: CDN-style ones on the reserved host
 * (https://pictures.vitrine-sample.invalid/1001/3.jpg?v=1731000000, …/project-2/1.jpg) and the older
 * site-relative form (/media/listings/1001/3.jpg, /media/listings/project-2/1.jpg).
 */
import sharp from 'sharp';
import { photoKinds, photoSvg } from './photo-scenes.ts';

/** The sample's picture CDN: a reserved name (.invalid) that no network resolves. */
export const SAMPLE_PICTURE_HOST = 'pictures.vitrine-sample.invalid';

const W = 1600;
const H = 1067;
const JPEG_QUALITY = 78;
const PROGRESSIVE_FROM = 400;

function pathOf(url: string): string | null {
  if (url.startsWith('/media/listings/')) return url.split(/[?#]/)[0];
  try {
    const u = new URL(url);
    return u.hostname === SAMPLE_PICTURE_HOST && (u.protocol === 'https:' || u.protocol === 'http:') ? u.pathname : null;
  } catch {
    return null;
  }
}

function hashOf(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 16777619);
  return (h >>> 0) % 1_000_000;
}

export const samplePhotoSource = {
  handles(url: string): boolean {
    return pathOf(url) !== null;
  },

  /** The photo drawn straight at `width` (3:2): much cheaper than drawing the original and resizing. */
  async draw(url: string, width: number, listing: { kind: 'property' | 'project'; webId?: number }): Promise<Buffer> {
    const m = /(project-)?(\d{1,9})\/(\d{1,3})\.jpg$/.exec(pathOf(url) ?? '');
    const id = m ? Number(m[2]) : hashOf(url);
    const n = m ? Math.max(1, Number(m[3])) : 1;
    const project = listing.kind === 'project' || !!m?.[1];
    const kinds = photoKinds(project ? 1 : (listing.webId ?? 1), n);
    const kind = project && n === 1 ? 'facade' : (kinds[n - 1] ?? kinds[0]);
    return sharp(Buffer.from(photoSvg(id * 100 + n, kind)), { density: (72 * width) / W })
      .resize({ width, height: Math.round((width * H) / W), fit: 'cover' })
      .jpeg({ quality: JPEG_QUALITY, progressive: width > PROGRESSIVE_FROM, mozjpeg: true })
      .toBuffer();
  },
};
