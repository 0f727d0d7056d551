/**
 * Listing photos at the spec's responsive widths (SPEC §9: 100 placeholder, 200 gallery thumbnail,
 * 240 listing thumbnail, 400, 600, 1360, original). A photo stored under DATA_DIR/photos/{id}/{n}.jpg
 * is used when there is one; otherwise the photo is drawn from the listing's seed (the sample has no
 * camera). Each size is made once with sharp and kept on disk.
 */
import { createReadStream, existsSync } from 'node:fs';
import { mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import sharp, { type Sharp } from 'sharp';
import type Koa from 'koa';
import type { ListingSource } from '../renderer/listing-types.ts';
import { photoKinds, photoSvg } from './photo-scenes.ts';
import { IMAGE_WIDTH } from '../renderer/lib/constants.ts';

export const IMAGE_WIDTHS: readonly number[] = Object.values(IMAGE_WIDTH);
export const ORIGINAL_WIDTH = 1600;
const ORIGINAL_HEIGHT = 1067;
const MAX_PHOTOS = 40;
const JPEG_QUALITY = 78;

const PATH = /^\/media\/listings\/(project-)?(\d{1,9})\/(\d{1,2})\.jpg$/;

export function listingMedia(dataDir: string, listings: () => ListingSource): Koa.Middleware {
  const inFlight = new Map<string, Promise<string>>();

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
    await mkdir(dir, { recursive: true });
    const tmp = `${file}.${process.pid}.tmp`;
    await writeFile(tmp, out);
    await rename(tmp, file);
    return file;
  }

  return async (ctx, next) => {
    const m = PATH.exec(ctx.path);
    if (!m) return next();
    const project = !!m[1];
    const id = Number(m[2]);
    const n = Number(m[3]);
    const w = ctx.query.w;
    const width = w === undefined ? ORIGINAL_WIDTH : Number(w);
    if (Array.isArray(w) || (w !== undefined && !IMAGE_WIDTHS.includes(width))) {
      ctx.status = 400;
      ctx.body = { error: `w must be one of ${IMAGE_WIDTHS.join(', ')}`, field: 'w' };
      return;
    }
    const exists = project ? !!listings().project(id, 'en') : !!listings().property(id, 'en');
    if (!exists || n < 1 || n > MAX_PHOTOS) {
      ctx.status = 404;
      return;
    }
    const key = `${project}:${id}:${n}:${width}`;
    let job = inFlight.get(key);
    if (!job) {
      job = make(project, id, n, width).finally(() => inFlight.delete(key));
      inFlight.set(key, job);
    }
    const file = await job;
    ctx.type = 'image/jpeg';
    ctx.set('Cache-Control', 'public, max-age=2592000');
    ctx.body = createReadStream(file);
  };
}
