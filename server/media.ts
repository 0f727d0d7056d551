/**
 * Listing photos at the spec's responsive widths (SPEC §9: 100 placeholder, 200 gallery thumbnail,
 * 240 listing thumbnail, 400, 600, 1360, original). A photo stored under DATA_DIR/photos/{id}/{n}.jpg
 * is used when there is one; otherwise the photo is drawn from the listing's seed (the sample has no
 * camera). Each size is made once with sharp and kept on disk.
 */
import { createReadStream, existsSync } from 'node:fs';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type Koa from 'koa';
import type { ListingSource } from '../renderer/listing-types.ts';
import { photoKinds, photoSvg } from './photo-scenes.ts';
import { IMAGE_WIDTH } from '../renderer/lib/constants.ts';
import { writeFileAtomically } from './storage.ts';

export const IMAGE_WIDTHS: readonly number[] = Object.values(IMAGE_WIDTH);
export const ORIGINAL_WIDTH = 1600;
const ORIGINAL_HEIGHT = 1067;
const MAX_PHOTOS = 40;
const JPEG_QUALITY = 78;

const PATH = /^\/media\/listings\/(project-)?(\d{1,9})\/(\d{1,2})\.jpg$/;

/**
 * The `w` of an image URL: undefined when absent (the original), else one of IMAGE_WIDTHS; any
 * other value is answered 400 naming the field, and null comes back (the answer is set).
 */
export function requestedWidth(ctx: Koa.Context): number | undefined | null {
  const w = ctx.query.w;
  if (w === undefined) return undefined;
  const width = Number(w);
  if (!Array.isArray(w) && IMAGE_WIDTHS.includes(width)) return width;
  ctx.status = 400;
  ctx.body = { error: `w must be one of ${IMAGE_WIDTHS.join(', ')}`, field: 'w' };
  return null;
}

/** One job per key at a time: requests that ask for the same image while it is being made share that work. */
export function singleFlight<T>(): (key: string, make: () => Promise<T>) => Promise<T> {
  const inFlight = new Map<string, Promise<T>>();
  return (key, make) => {
    let job = inFlight.get(key);
    if (!job) {
      job = make().finally(() => inFlight.delete(key));
      inFlight.set(key, job);
    }
    return job;
  };
}

export function listingMedia(dataDir: string, listings: () => ListingSource): Koa.Middleware {
  const once = singleFlight<string>();

  async function make(project: boolean, id: number, n: number, width: number): Promise<string> {
    const dir = join(dataDir, 'cache', 'images', `${project ? 'project-' : ''}${id}`);
    const file = join(dir, `${n}-${width}.jpg`);
    if (existsSync(file)) return file;
    const uploaded = join(dataDir, 'photos', `${project ? 'project-' : ''}${id}`, `${n}.jpg`);
    let image: Sharp;
    if (existsSync(uploaded)) image = sharp(uploaded).rotate();
    else {
      const webId = project ? 3 : listings().property(id, 'en')?.WebID ?? 1;
      const kinds = photoKinds(project ? 1 : webId, Math.max(n, 1));
      const kind = project && n === 1 ? 'facade' : kinds[n - 1] ?? kinds[0];
      // Drawn straight at the asked width: much cheaper than drawing the original and resizing.
      image = sharp(Buffer.from(photoSvg(id * 100 + n, kind)), { density: (72 * width) / ORIGINAL_WIDTH });
    }
    const out = await image.resize({ width, height: Math.round((width * ORIGINAL_HEIGHT) / ORIGINAL_WIDTH), fit: 'cover' }).jpeg({ quality: JPEG_QUALITY, progressive: width > 400, mozjpeg: true }).toBuffer();
    await writeFileAtomically(file, out);
    return file;
  }

  return async (ctx, next) => {
    const m = PATH.exec(ctx.path);
    if (!m) return next();
    const project = !!m[1];
    const id = Number(m[2]);
    const n = Number(m[3]);
    const asked = requestedWidth(ctx);
    if (asked === null) return;
    const width = asked ?? ORIGINAL_WIDTH;
    const exists = project ? !!listings().project(id, 'en') : !!listings().property(id, 'en');
    if (!exists || n < 1 || n > MAX_PHOTOS) {
      ctx.status = 404;
      return;
    }
    const file = await once(`${project}:${id}:${n}:${width}`, () => make(project, id, n, width));
    ctx.type = 'image/jpeg';
    ctx.set('Cache-Control', 'public, max-age=2592000');
    ctx.body = createReadStream(file);
  };
}
