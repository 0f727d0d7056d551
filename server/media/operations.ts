/**
 * The media library's operations, each one function with its checks, called by the thin routes of
 * library.ts: upload (streamed to a scratch file, checked by content, one resize at a time), list
 * (with where each image is used), rename and alt texts, delete to the trash (refused while used),
 * restore, and the purge of what has been in the trash longer than MEDIA_TRASH_DAYS.
 */
import { randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';
import type { BlobStore, MediaItem, MediaRepository, ScratchFiles } from '../storage/index.ts';
import { IMAGE_WIDTHS } from '../listings/photo-route.ts';
import { Places, limiter } from '../common/jobs.ts';
import { mediaError } from './errors.ts';
import { fileKind, isImageKind, KIND_WORDS, type ImageKind } from './file-kind.ts';
import { prepareImage, MEDIA_MAX_SIDE, type StoredExt } from './images.ts';
import { boundaryOf, receiveFile } from './multipart.ts';
import { placesInWords } from './usage.ts';
import type { MediaView, TrashView, UsePlace } from '../../shared/media-library.ts';
import { checkedChange, type MediaChange } from './input.ts';

/** Largest file staff may upload (a phone's or a camera's photo). */
export const MEDIA_MAX_BYTES = 50 * 1024 * 1024;
/** Uploads under way at once (being received, waiting for their turn, being resized); past it a 503. */
export const MEDIA_UPLOADS_AT_ONCE = 4;
/** Resizes at once: photos are decoded one at a time. */
const MEDIA_RESIZES_AT_ONCE = 1;
/** What a refused (busy) upload is told to wait, in seconds. */
export const MEDIA_RETRY_AFTER_S = 15;
/** Images the library holds, the trash included. */
export const MEDIA_MAX_ITEMS = 5000;
/** Days an item stays in the trash before it is gone for good. */
export const MEDIA_TRASH_DAYS = 30;
const DAY_MS = 24 * 3600_000;
/** How often the trash is emptied of what is past its days. */
const PURGE_EVERY_MS = 3600_000;

/** Originals are kept in the uploads under library/ (library-trash/ while in the trash), widths in the cache under media-library/. */
export const originalKey = (file: string) => `library/${file}`;
export const trashKey = (file: string) => `library-trash/${file}`;
export const widthKey = (id: string, width: number, ext: string) => `media-library/${id}-${width}.${ext}`;

export interface MediaLibraryDeps {
  media: MediaRepository;
  uploads: BlobStore;
  cache: BlobStore;
  scratch: ScratchFiles;
  /** Where the library's images are used now (library id → places). */
  usage: () => Map<string, UsePlace[]>;
  /** The clock (tests move it). */
  now?: () => number;
  maxItems?: number;
}

export const mediaUrl = (item: MediaItem) => `/media/library/${item.file}`;

/** The uploader's file name, made harmless (it is only ever shown). */
const cleanName = (name: string) => name.replace(/[\\/\0-\x1f\x7f<>]/g, '_').slice(-200) || 'image';

export class MediaLibrary {
  private readonly places = new Places(MEDIA_UPLOADS_AT_ONCE);
  private readonly resizing = limiter(MEDIA_RESIZES_AT_ONCE);
  private readonly now: () => number;
  private timer: NodeJS.Timeout | undefined;

  constructor(private readonly deps: MediaLibraryDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Empties the trash of what is past its days, now and every hour. */
  start(log?: (m: string) => void): void {
    const run = () => void this.purge().catch((e) => log?.(`emptying the media trash: ${(e as Error).message}`));
    run();
    this.timer = setInterval(run, PURGE_EVERY_MS);
    this.timer.unref();
  }
  stop(): void {
    clearInterval(this.timer);
  }

  private view(item: MediaItem, usage: Map<string, UsePlace[]>): MediaView {
    return {
      id: item.id,
      url: mediaUrl(item),
      name: item.name,
      alt: Object.fromEntries(Object.entries(item.alt ?? {}).filter(([, v]) => typeof v === 'string' && v)) as Record<string, string>,
      width: item.width,
      height: item.height,
      bytes: item.bytes,
      uploadedAt: item.uploadedAt,
      by: item.by,
      usedIn: usage.get(item.id) ?? [],
    };
  }

  private trashView(item: MediaItem): TrashView {
    const deletedAt = item.deletedAt ?? new Date(this.now()).toISOString();
    return {
      id: item.id,
      url: mediaUrl(item),
      name: item.name,
      width: item.width,
      height: item.height,
      deletedAt,
      deletedBy: item.deletedBy ?? '',
      purgeAt: new Date(Date.parse(deletedAt) + MEDIA_TRASH_DAYS * DAY_MS).toISOString(),
    };
  }

  /** The library (not the trash), newest first, each item with where it is used. */
  async list(): Promise<MediaView[]> {
    const usage = this.deps.usage();
    return (await this.deps.media.all())
      .filter((m) => !m.deletedAt)
      .reverse()
      .map((m) => this.view(m, usage));
  }

  private async live(id: string): Promise<MediaItem> {
    const item = await this.deps.media.get(id);
    if (!item) throw mediaError(404, 'notFound', 'there is no such image in the library (it may have been deleted for good).', {}, 'id');
    if (item.deletedAt) throw mediaError(409, 'inTrash', 'this image is in the trash: restore it first.', {}, 'id');
    return item;
  }

  /**
   * Receives one image (multipart/form-data, field "file") and keeps it. Refused with a sentence:
   * too many at once (503), the library full, too large, not an image (saying what it is), an
   * iPhone HEIC this server cannot read, damaged, or too many pixels.
   */
  async upload(body: Readable, contentType: string, by: string): Promise<MediaView> {
    if (!this.places.enter()) {
      throw mediaError(503, 'busy', `other photos are being prepared right now: try again in ${MEDIA_RETRY_AFTER_S} seconds.`, {
        retryAfter: MEDIA_RETRY_AFTER_S,
      });
    }
    let received: Awaited<ReturnType<typeof receiveFile>> | undefined;
    try {
      const boundary = boundaryOf(contentType);
      if (!boundary) throw mediaError(415, 'notMultipart', 'send the image as multipart/form-data, in the field "file".');
      const max = this.deps.maxItems ?? MEDIA_MAX_ITEMS;
      if ((await this.deps.media.all()).length >= max)
        throw mediaError(409, 'full', `the library holds ${max} images, its most: delete images nobody uses first.`, { max });
      received = await receiveFile(body, boundary, this.deps.scratch, MEDIA_MAX_BYTES);
      if (received.size === 0) throw mediaError(422, 'empty', 'the file is empty.');
      const kind = fileKind(received.head, received.name);
      if (!isImageKind(kind)) {
        throw mediaError(
          415,
          'notImage',
          `this file is ${KIND_WORDS[kind]}, not a photo. The library takes photos and images: JPEG, PNG or WebP (as phones and cameras make them).`,
          { kind },
        );
      }
      const path = received.file.path;
      const image = await this.resizing(() => prepareImage(path, kind as ImageKind));
      return await this.keep(image, received.name, kind as ImageKind, by);
    } finally {
      await received?.file.remove();
      this.places.leave();
    }
  }

  private async keep(image: { data: Buffer; width: number; height: number; ext: StoredExt }, name: string, kind: ImageKind, by: string): Promise<MediaView> {
    const id = randomUUID();
    const record: MediaItem = {
      id,
      file: `${id}.${image.ext}`,
      name: cleanName(name),
      type: image.ext === 'jpg' ? 'jpeg' : image.ext,
      width: image.width,
      height: image.height,
      bytes: image.data.length,
      uploadedAt: new Date(this.now()).toISOString(),
      by,
      ...(kind !== image.ext && !(kind === 'jpeg' && image.ext === 'jpg') ? { from: kind } : {}),
    };
    // The image is stored before the list names it.
    await this.deps.uploads.put(originalKey(record.file), image.data);
    try {
      await this.deps.media.add(record);
    } catch (e) {
      await this.deps.uploads.remove(originalKey(record.file)).catch(() => {});
      throw e;
    }
    return this.view(record, new Map());
  }

  /** A new name and/or alt texts (an empty text removes that language's). */
  async change(id: string, body: Record<string, unknown>): Promise<MediaView> {
    const change: MediaChange = checkedChange(body);
    const item = await this.live(id);
    const patch: Partial<MediaItem> = {};
    if (change.name !== undefined) patch.name = change.name;
    if (change.alt) {
      const alt = { ...(item.alt ?? {}) };
      for (const [lang, text] of Object.entries(change.alt)) {
        if (text) alt[lang] = text;
        else delete alt[lang];
      }
      patch.alt = alt;
    }
    const next = await this.deps.media.update(id, patch);
    if (!next) throw mediaError(404, 'notFound', 'there is no such image in the library (it may have been deleted for good).', {}, 'id');
    return this.view(next, this.deps.usage());
  }

  /** Into the trash: refused while a page, article or setting uses the image (409 listing where). */
  async trash(id: string, by: string): Promise<TrashView> {
    const item = await this.live(id);
    const places = this.deps.usage().get(id) ?? [];
    if (places.length) {
      throw mediaError(409, 'inUse', `this image is used in ${placesInWords(places)}: take it out there first, then delete it.`, { usedIn: places }, 'id');
    }
    const data = await this.deps.uploads.get(originalKey(item.file));
    if (data) await this.deps.uploads.put(trashKey(item.file), data);
    const trashed = await this.deps.media.update(id, { deletedAt: new Date(this.now()).toISOString(), deletedBy: by });
    await this.deps.uploads.remove(originalKey(item.file));
    return this.trashView(trashed ?? item);
  }

  /** Back from the trash, as it was: the same address, name and alt texts. */
  async restore(id: string): Promise<MediaView> {
    const item = await this.deps.media.get(id);
    if (!item?.deletedAt) throw mediaError(404, 'notInTrash', 'this image is not in the trash (it was restored already, or is gone for good).', {}, 'id');
    const data = await this.deps.uploads.get(trashKey(item.file));
    if (data) await this.deps.uploads.put(originalKey(item.file), data);
    else if (!(await this.deps.uploads.has(originalKey(item.file))))
      throw mediaError(404, 'notInTrash', 'this image is not in the trash (it was restored already, or is gone for good).', {}, 'id');
    const back = await this.deps.media.update(id, { deletedAt: undefined, deletedBy: undefined });
    await this.deps.uploads.remove(trashKey(item.file));
    return this.view(back ?? item, this.deps.usage());
  }

  /** The image of an item in the trash, for staff to see what they restore. */
  async trashedImage(id: string) {
    const item = await this.deps.media.get(id);
    const blob = item?.deletedAt ? await this.deps.uploads.stream(trashKey(item.file)) : undefined;
    if (!item || !blob) throw mediaError(404, 'notInTrash', 'this image is not in the trash (it was restored already, or is gone for good).', {}, 'id');
    return { ...blob, ext: item.file.split('.').pop() as StoredExt };
  }

  /** What is in the trash, newest first (past its days it is purged first). */
  async trashed(): Promise<TrashView[]> {
    await this.purge();
    return (await this.deps.media.all())
      .filter((m) => m.deletedAt)
      .map((m) => this.trashView(m))
      .sort((a, b) => b.deletedAt.localeCompare(a.deletedAt));
  }

  /** Removes for good what has been in the trash MEDIA_TRASH_DAYS: its blobs, its widths, then its record. */
  async purge(): Promise<number> {
    const cut = this.now() - MEDIA_TRASH_DAYS * DAY_MS;
    let n = 0;
    for (const item of await this.deps.media.all()) {
      if (!item.deletedAt || Date.parse(item.deletedAt) > cut) continue;
      const ext = item.file.split('.').pop()!;
      await this.deps.uploads.remove(trashKey(item.file));
      await this.deps.uploads.remove(originalKey(item.file));
      for (const w of IMAGE_WIDTHS) await this.deps.cache.remove(widthKey(item.id, w, ext));
      if (await this.deps.media.remove(item.id)) n++;
    }
    return n;
  }

  /** What the editor states of the limits. */
  limits() {
    return {
      maxBytes: MEDIA_MAX_BYTES,
      maxSide: MEDIA_MAX_SIDE,
      // Kept for older editors: the longest side is the limit.
      maxWidth: MEDIA_MAX_SIDE,
      trashDays: MEDIA_TRASH_DAYS,
      types: ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/tiff'],
    };
  }
}
