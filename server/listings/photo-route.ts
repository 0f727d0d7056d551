/**
 * Listing photos at the spec's responsive widths (SPEC §9: 100 placeholder, 200 gallery thumbnail,
 * 240 listing thumbnail, 400, 600, 1360, original): GET /media/listings/{id}/{n}.jpg?v=…&w=… (and
 * /media/listings/project-{id}/…) serves photo n of the live listing record, whatever the CRM gave
 * for it (a CDN URL, fetched and cached by listing-pictures.ts, or a drawn sample photo). When the
 * picture cannot be had the answer is a neutral placeholder image, never a broken image or a 5xx.
 */
import type Koa from 'koa';
import type { ListingSource } from '../../renderer/listing-types.ts';
import { IMAGE_WIDTH } from '../../shared/constants.ts';
import { LISTING_PHOTO_PATH, type ListingKind } from '../../shared/listing-photos.ts';
import type { ListingPictures } from './pictures.ts';
import { ORIGINAL_WIDTH, placeholderImage } from './picture-images.ts';

export const IMAGE_WIDTHS: readonly number[] = Object.values(IMAGE_WIDTH);

/** A photo whose URL carries its current version is the same picture for as long as that URL is used. */
const PHOTO_CACHE_CONTROL = 'public, max-age=2592000';
/** An old version, or no version: the photo at that number may change. */
const STALE_CACHE_CONTROL = 'public, max-age=300';
/** A placeholder stands in for a moment only: the picture may come back (the CDN was down). */
const PLACEHOLDER_CACHE_CONTROL = 'public, max-age=60';

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

async function placeholder(ctx: Koa.Context, width: number, status: 200 | 404, reason: string): Promise<void> {
  ctx.status = status;
  ctx.type = 'image/jpeg';
  ctx.set('Cache-Control', PLACEHOLDER_CACHE_CONTROL);
  ctx.set('X-Placeholder', reason);
  ctx.body = await placeholderImage(width);
}

export function listingMedia(pictures: ListingPictures, listings: () => ListingSource, log?: (m: string, e?: unknown) => void): Koa.Middleware {
  return async (ctx, next) => {
    const m = LISTING_PHOTO_PATH.exec(ctx.path);
    if (!m) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }
    const asked = requestedWidth(ctx);
    if (asked === null) return;
    const width = asked ?? ORIGINAL_WIDTH;
    const kind: ListingKind = m[1] ? 'project' : 'property';
    const v = typeof ctx.query.v === 'string' ? ctx.query.v : undefined;
    const found = pictures.resolve(listings(), kind, Number(m[2]), Number(m[3]), v);
    // No such listing or photo (an old page, a typed URL): 404, with a picture all the same.
    if (!found) return placeholder(ctx, width, 404, 'not-found');
    let result;
    try {
      result = await pictures.image(found.photo.source, width, { kind, webId: found.webId });
    } catch (e) {
      log?.(`listing picture ${found.photo.source} at ${width} px`, e);
      result = { failure: 'unavailable' as const };
    }
    const blob = 'failure' in result ? undefined : await pictures.stream(result.file);
    if (!blob) return placeholder(ctx, width, 200, 'failure' in result ? result.failure : 'unavailable');
    ctx.type = 'image/jpeg';
    ctx.length = blob.size;
    ctx.set('Cache-Control', found.current ? PHOTO_CACHE_CONTROL : STALE_CACHE_CONTROL);
    ctx.body = blob.stream;
  };
}
