/**
 * The media library: images staff upload in the editor (POST /api/admin/media), decoded and
 * encoded again by sharp, listed for the editor's image fields, and served under /media/library/
 * at the spec's responsive widths (each width made once and kept in the cache).
 */
import { randomUUID } from 'node:crypto';
import type Koa from 'koa';
import type Router from '@koa/router';
import sharp from 'sharp';
import { HttpError, readBody } from '../http/request.ts';
import type { AdminRoute } from '../auth/staff-routes.ts';
import type { BlobStore, MediaItem, MediaRepository } from '../storage/index.ts';
import { sniffFile, type FileType } from '../forms/uploads.ts';
import { IMAGE_WIDTHS, requestedWidth } from '../listings/photo-route.ts';
import { singleFlight } from '../common/jobs.ts';
import { bad } from '../editor-api/input.ts';

/** Largest image staff may upload to the media library. */
export const MEDIA_MAX_BYTES = 10 * 1024 * 1024;
/** The multipart body around it (boundaries, headers). */
const MEDIA_MAX_BODY_BYTES = MEDIA_MAX_BYTES + 64 * 1024;
/** Widest image kept (wider uploads are scaled down). */
export const MEDIA_MAX_WIDTH = 2560;
/** Pixels sharp agrees to decode (a small file can unpack into a huge image). */
export const MEDIA_MAX_INPUT_PIXELS = 50_000_000;
const MEDIA_JPEG_QUALITY = 85;
const MEDIA_WEBP_QUALITY = 85;
/** Library images never change under their generated name. */
const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export interface MediaDeps {
  media: MediaRepository;
  /** Originals (durable) under media-library/… */
  uploads: BlobStore;
  /** Widths made from them under media-library/… */
  cache: BlobStore;
}

// Media library

type ImageType = Extract<FileType, 'jpeg' | 'png' | 'webp'>;
const IMAGE_TYPES: readonly ImageType[] = ['jpeg', 'png', 'webp'];
const EXT: Record<ImageType, 'jpg' | 'png' | 'webp'> = { jpeg: 'jpg', png: 'png', webp: 'webp' };
const MIME: Record<'jpg' | 'png' | 'webp', string> = { jpg: 'image/jpeg', png: 'image/png', webp: 'image/webp' };
const LIBRARY_PATH = /^\/media\/library\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(jpg|png|webp)$/;

/** Originals are kept in the uploads under library/, widths made from them in the cache under media-library/. */
const originalKey = (file: string) => `library/${file}`;
const widthKey = (id: string, width: number, ext: string) => `media-library/${id}-${width}.${ext}`;

type MediaRecord = MediaItem & { type: ImageType };

const mediaItem = (r: MediaItem) => ({
  url: `/media/library/${r.file}`,
  name: r.name,
  width: r.width,
  height: r.height,
  bytes: r.bytes,
  uploadedAt: r.uploadedAt,
  by: r.by,
});

/** Decoded and encoded again: upright, no metadata, no trailing bytes, at most MEDIA_MAX_WIDTH wide. */
async function reencode(data: Buffer, type: ImageType): Promise<{ data: Buffer; width: number; height: number }> {
  let img = sharp(data, { limitInputPixels: MEDIA_MAX_INPUT_PIXELS }).rotate().resize({ width: MEDIA_MAX_WIDTH, withoutEnlargement: true });
  if (type === 'jpeg') img = img.jpeg({ quality: MEDIA_JPEG_QUALITY, mozjpeg: true, progressive: true });
  else if (type === 'png') img = img.png({ compressionLevel: 9, adaptiveFiltering: true });
  else img = img.webp({ quality: MEDIA_WEBP_QUALITY });
  const out = await img.toBuffer({ resolveWithObject: true });
  return { data: out.data, width: out.info.width, height: out.info.height };
}

/** The uploader's file name, made harmless (it is only ever shown). */
const cleanName = (name: string) => name.replace(/[\\/\0-\x1f<>]/g, '_').slice(-200) || 'image';

export function mediaRoutes(router: Router, deps: MediaDeps, route: AdminRoute): void {
  router.get(
    '/api/admin/media',
    route('editor', async (ctx) => {
      const items = [...(await deps.media.all())].reverse().map(mediaItem);
      // The limits too, so that the editor states them without a copy of the numbers.
      ctx.body = { items, limits: { maxBytes: MEDIA_MAX_BYTES, maxWidth: MEDIA_MAX_WIDTH, types: ['image/jpeg', 'image/png', 'image/webp'] } };
    }),
  );

  router.post(
    '/api/admin/media',
    route('editor', async (ctx, staff) => {
      const tooLarge = `file: the image is too large (at most ${MEDIA_MAX_BYTES / 1024 / 1024} MB).`;
      if (!ctx.is('multipart/form-data'))
        throw new HttpError(415, { error: 'file: send the image as multipart/form-data, in the field "file".', field: 'file' });
      let raw: Buffer;
      try {
        raw = await readBody(ctx, MEDIA_MAX_BODY_BYTES, tooLarge);
      } catch (e) {
        if (e instanceof HttpError) throw new HttpError(e.status, { ...e.body, field: 'file' });
        throw e;
      }
      let form: FormData;
      try {
        form = await new Response(new Uint8Array(raw), { headers: { 'content-type': ctx.get('content-type') } }).formData();
      } catch {
        throw new HttpError(400, { error: 'file: the multipart body cannot be read.', field: 'file' });
      }
      for (const key of form.keys()) if (key !== 'file') throw bad(key, 'is not a field of this request (expected file)');
      const files = form.getAll('file');
      if (files.length !== 1 || typeof files[0] === 'string') throw bad('file', files.length > 1 ? 'send one image at a time' : 'choose an image to upload');
      const file = files[0];
      if (file.size > MEDIA_MAX_BYTES) throw new HttpError(413, { error: tooLarge, field: 'file' });
      if (file.size === 0) throw bad('file', 'the file is empty', 422);
      const data = Buffer.from(await file.arrayBuffer());
      const type = sniffFile(data);
      if (!type || !(IMAGE_TYPES as readonly string[]).includes(type)) {
        throw new HttpError(415, {
          error: 'file: only JPEG, PNG and WebP images are accepted (this file is none of them, whatever its name says).',
          field: 'file',
        });
      }
      let image: Awaited<ReturnType<typeof reencode>>;
      try {
        image = await reencode(data, type as ImageType);
      } catch {
        throw bad('file', `the image cannot be read: it is damaged, or larger than ${MEDIA_MAX_INPUT_PIXELS / 1_000_000} megapixels`, 422);
      }
      const id = randomUUID();
      const record: MediaRecord = {
        id,
        file: `${id}.${EXT[type as ImageType]}`,
        name: cleanName(file.name),
        type: type as ImageType,
        width: image.width,
        height: image.height,
        bytes: image.data.length,
        uploadedAt: new Date().toISOString(),
        by: staff.username,
      };
      // The image is stored before the list names it.
      await deps.uploads.put(originalKey(record.file), image.data);
      try {
        await deps.media.add(record);
      } catch (e) {
        await deps.uploads.remove(originalKey(record.file)).catch(() => {});
        throw e;
      }
      ctx.status = 201;
      ctx.body = { item: mediaItem(record) };
    }),
  );
}

/**
 * GET /media/library/<id>.<jpg|png|webp>[?w=<one of IMAGE_WIDTHS>]: an image of the library, at
 * the asked width made once with sharp and kept in the cache. Anything else under /media/library/ is a 404.
 */
export function mediaLibrary(deps: Pick<MediaDeps, 'uploads' | 'cache'>): Koa.Middleware {
  const once = singleFlight<string>();

  async function resized(id: string, ext: 'jpg' | 'png' | 'webp', width: number): Promise<string> {
    const key = widthKey(id, width, ext);
    if (await deps.cache.has(key)) return key;
    const original = await deps.uploads.get(originalKey(`${id}.${ext}`));
    if (!original) throw new Error(`library image ${id}.${ext} is gone`);
    let img = sharp(original, { limitInputPixels: MEDIA_MAX_INPUT_PIXELS }).resize({ width, withoutEnlargement: true });
    if (ext === 'jpg') img = img.jpeg({ quality: MEDIA_JPEG_QUALITY, mozjpeg: true, progressive: width > IMAGE_WIDTHS[0] });
    else if (ext === 'png') img = img.png({ compressionLevel: 9, adaptiveFiltering: true });
    else img = img.webp({ quality: MEDIA_WEBP_QUALITY });
    await deps.cache.put(key, await img.toBuffer());
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
    const ext = m[2] as 'jpg' | 'png' | 'webp';
    const blob =
      width === undefined
        ? await deps.uploads.stream(originalKey(`${id}.${ext}`))
        : await deps.cache.stream(await once(`${id}:${width}`, () => resized(id, ext, width)));
    if (!blob) {
      ctx.status = 404;
      ctx.body = { error: 'Not found' };
      return;
    }
    ctx.type = MIME[ext];
    ctx.length = blob.size;
    ctx.set('Cache-Control', MEDIA_CACHE_CONTROL);
    ctx.body = blob.stream;
  };
}
