/**
 * The media library over HTTP: the editor's routes (each reads its input, calls one operation of
 * operations.ts, answers) and the public route that serves the images under /media/library/ at
 * the spec's responsive widths (each width made once and kept in the cache). An image in the trash
 * is not served.
 */
import type Koa from 'koa';
import type Router from '@koa/router';
import sharp from 'sharp';
import { HttpError, readJson } from '../http/request.ts';
import type { AdminRoute } from '../auth/staff-routes.ts';
import type { BlobStore } from '../storage/index.ts';
import { IMAGE_WIDTHS, requestedWidth } from '../listings/photo-route.ts';
import { singleFlight } from '../common/jobs.ts';
import { UUID } from '../editor-api/input.ts';
import { mediaError } from './errors.ts';
import { EXT_MIME, MEDIA_MAX_INPUT_PIXELS, encode, type StoredExt } from './images.ts';
import { MEDIA_MAX_BYTES, MediaLibrary, originalKey, widthKey } from './operations.ts';
import type { Store } from '../storage/index.ts';
import type { ContentStore } from '../content/content-store.ts';
import { contentVersions, usageIndex } from './usage.ts';
import { lines } from '../log/logger.ts';

export { MEDIA_MAX_BYTES };
export { MEDIA_MAX_SIDE, MEDIA_MAX_INPUT_PIXELS } from './images.ts';

/** Library images never change under their generated name. */
const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';
const LIBRARY_PATH = /^\/media\/library\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|webp)$/;

/** The library of a store, its images' uses found in `content`, its trash emptied every hour from now on. */
export function openMediaLibrary(data: Store, content: ContentStore, opts: { now?: () => number; maxItems?: number } = {}): MediaLibrary {
  const library = new MediaLibrary({
    media: data.media,
    uploads: data.uploads,
    cache: data.cache,
    scratch: data.scratch,
    usage: () => usageIndex(contentVersions(content)),
    now: opts.now,
    maxItems: opts.maxItems,
  });
  library.start((m) => lines().error(m));
  return library;
}

const idOf = (ctx: Koa.Context): string => {
  const id = String(ctx.params.id ?? '');
  if (!UUID.test(id)) throw mediaError(404, 'notFound', 'there is no such image in the library (it may have been deleted for good).', {}, 'id');
  return id;
};

export function mediaRoutes(router: Router, library: MediaLibrary, route: AdminRoute): void {
  router.get(
    '/api/admin/media',
    route('editor', async (ctx) => {
      // The limits too, so that the editor states them without a copy of the numbers.
      ctx.body = { items: await library.list(), limits: library.limits() };
    }),
  );

  router.post(
    '/api/admin/media',
    route('editor', async (ctx, staff) => {
      const declared = Number(ctx.get('content-length') || 0);
      if (declared > MEDIA_MAX_BYTES + 64 * 1024) {
        throw mediaError(413, 'tooLarge', `the file is too large (at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB).`, { maxMB: MEDIA_MAX_BYTES / 1024 / 1024 });
      }
      try {
        const item = await library.upload(ctx.req, ctx.get('content-type'), staff.username);
        ctx.status = 201;
        ctx.body = { item };
      } catch (e) {
        if (e instanceof HttpError && e.body.code === 'media.busy') ctx.set('Retry-After', String((e.body.params as { retryAfter: number }).retryAfter));
        // The browser went away mid-upload: nothing was kept, nobody is there to answer.
        if (!(e instanceof HttpError) && (ctx.req.destroyed || (e as NodeJS.ErrnoException).code === 'ECONNRESET'))
          throw mediaError(400, 'unreadable', 'the upload was interrupted.');
        throw e;
      }
    }),
  );

  router.patch(
    '/api/admin/media/:id',
    route('editor', async (ctx) => {
      const id = idOf(ctx);
      ctx.body = { item: await library.change(id, await readJson(ctx)) };
    }),
  );

  router.delete(
    '/api/admin/media/:id',
    route('editor', async (ctx, staff) => {
      ctx.body = { item: await library.trash(idOf(ctx), staff.username) };
    }),
  );

  router.get(
    '/api/admin/media/trash',
    route('editor', async (ctx) => {
      ctx.body = { items: await library.trashed() };
    }),
  );

  router.get(
    '/api/admin/media/trash/:id/image',
    route('editor', async (ctx) => {
      const blob = await library.trashedImage(idOf(ctx));
      ctx.type = EXT_MIME[blob.ext];
      ctx.length = blob.size;
      ctx.body = blob.stream;
    }),
  );

  router.post(
    '/api/admin/media/:id/restore',
    route('editor', async (ctx) => {
      ctx.body = { item: await library.restore(idOf(ctx)) };
    }),
  );
}

/**
 * GET /media/library/<id>.<jpg|png|webp>[?w=<one of IMAGE_WIDTHS>]: an image of the library, at
 * the asked width made once with sharp and kept in the cache. Anything else under /media/library/,
 * and an image in the trash, is a 404.
 */
export function mediaLibrary(deps: { uploads: BlobStore; cache: BlobStore }): Koa.Middleware {
  const once = singleFlight<string>();

  async function resized(id: string, ext: StoredExt, width: number): Promise<string> {
    const key = widthKey(id, width, ext);
    if (await deps.cache.has(key)) return key;
    const original = await deps.uploads.get(originalKey(`${id}.${ext}`));
    if (!original) throw new Error(`library image ${id}.${ext} is gone`);
    const img = sharp(original, { limitInputPixels: MEDIA_MAX_INPUT_PIXELS }).resize({ width, withoutEnlargement: true });
    await deps.cache.put(key, await encode(img, ext, width > IMAGE_WIDTHS[0]).toBuffer());
    return key;
  }

  return async (ctx, next) => {
    if (!ctx.path.startsWith('/media/library/')) return next();
    if (ctx.method !== 'GET' && ctx.method !== 'HEAD') {
      ctx.status = 405;
      ctx.set('Allow', 'GET, HEAD');
      return;
    }
    const m = LIBRARY_PATH.exec(ctx.path);
    if (!m || !(await deps.uploads.has(originalKey(`${m[1]}.${m[2]}`)))) {
      ctx.status = 404;
      ctx.body = { error: 'Not found' };
      return;
    }
    const width = requestedWidth(ctx);
    if (width === null) return;
    const id = m[1];
    const ext = m[2] as StoredExt;
    const blob =
      width === undefined
        ? await deps.uploads.stream(originalKey(`${id}.${ext}`))
        : await deps.cache.stream(await once(`${id}:${width}`, () => resized(id, ext, width)));
    if (!blob) {
      ctx.status = 404;
      ctx.body = { error: 'Not found' };
      return;
    }
    ctx.type = EXT_MIME[ext];
    ctx.length = blob.size;
    ctx.set('Cache-Control', MEDIA_CACHE_CONTROL);
    ctx.body = blob.stream;
  };
}
