/**
 * Listing pictures: the CRM's picture CDN seen through the site. The original of a picture is
 * fetched once (see picture-fetch.ts for what may be fetched), checked and normalised with sharp,
 * and kept in the cache under the SHA-256 of its full URL (a new version query is a new file); each width
 * the pages ask for is made once from it. What cannot be had is remembered for a while, so a CDN
 * that is down is not asked again on every request, and pictures known to be gone are left out of
 * the pages. After a new listing set goes live, its pictures are fetched in the background.
 *
 * Pictures a photo source handles (the sample's drawn photos) are never fetched: the source draws
 * them at the asked width, ahead like the fetched ones when `drawAhead` is set (production), else
 * on request. Which widths are made ahead: picture-plan.ts.
 */
import { createHash } from 'node:crypto';
import { LANGUAGES } from '../../shared/constants.ts';
import { listingPhotos, photoVersion, type ListingKind, type ListingPhoto } from '../../shared/listing-photos.ts';
import type { ListingSource, PropertyRecord } from '../../renderer/listing-types.ts';
import type { SiteInfo } from '../../schemas/types.gen.ts';
import { fetchPicture, PictureError, refusalOf, type PictureFailure } from './picture-fetch.ts';
import { normaliseOriginal, resizedJpeg } from './picture-images.ts';
import { limiter, singleFlight } from '../common/jobs.ts';
import { planPictures } from './picture-plan.ts';
import type { BlobStore } from '../storage/index.ts';

/** A source of pictures that are drawn, not fetched (the sample's photos; injected at start). */
export interface PhotoSource {
  /** Whether this source makes the picture at `url` (then it is never fetched). */
  handles(url: string): boolean;
  /** The picture at `url` as a JPEG `width` pixels wide (drawn at that width, not resized). */
  draw(url: string, width: number, listing: { kind: ListingKind; webId?: number }): Promise<Buffer>;
}

export interface PictureLimits {
  /** One picture, redirects included, must arrive within this time. */
  timeoutMs: number;
  /** Largest picture accepted (bytes), enforced while it arrives. */
  maxBytes: number;
  /** Largest picture accepted (pixels), so that a small file cannot unpack into a huge image. */
  maxPixels: number;
  maxRedirects: number;
  /** A CDN that did not answer (time-out, network, 5xx) is asked again for that picture after this long. */
  retryMs: number;
  /** A picture that is gone (404, 410, not an image, too large, refused address) is asked again after this long. */
  goneMs: number;
  /** Background fetch after an import: pictures fetched at once… */
  fetches: number;
  /** …and resizes at once (the server has 2 cores; visitors' requests do not wait for this queue). */
  resizes: number;
}

export const DEFAULT_PICTURE_LIMITS: PictureLimits = {
  timeoutMs: 15_000,
  maxBytes: 20 * 1024 * 1024,
  maxPixels: 50_000_000,
  maxRedirects: 3,
  retryMs: 60_000,
  goneMs: 6 * 60 * 60_000,
  fetches: 4,
  resizes: 1,
};

const FOLDER = 'listing-pictures'; // the cache's folder of listing pictures
/** Cached pictures that no listing uses any more are removed after this long. */
const UNUSED_KEEP_MS = 14 * 24 * 60 * 60_000;
/** A failing host is reported in the log at most this often. */
const WARN_EVERY_MS = 10 * 60_000;

type Config = NonNullable<SiteInfo['listings']>;
type Result = { file: string } | { failure: PictureFailure; reason: string };
export interface PrefetchReport {
  pictures: number;
  fetched: number;
  /** Drawn pictures that had a width to draw. */
  drawn: number;
  /** Pictures that had every width already. */
  cached: number;
  gone: number;
  refused: number;
  unavailable: number;
  cancelled: boolean;
}

const keyOf = (source: string) => createHash('sha256').update(source).digest('hex');

export class ListingPictures {
  /** Grows when a picture is learned to be gone: rendered pages that showed it are out of date. */
  generation = 0;
  private readonly limits: PictureLimits;
  private readonly failures = new Map<string, { failure: PictureFailure; reason: string; until: number }>();
  private readonly once = singleFlight<string>();
  private readonly warned = new Map<string, number>();
  private refusals = new Map<string, string | null>();
  private refusalsFor: Config | undefined | null = null;
  private run = 0;
  private stopped = false;
  /** The last background run (after the start or the last import). */
  private last: Promise<PrefetchReport> | undefined;

  constructor(
    private readonly o: {
      /** Where the originals and widths are kept (DATA_DIR/cache/listing-pictures in the embedded store). */
      cache: BlobStore;
      /** site.json → listings, read each time (staff may change it). */
      config: () => Config | undefined;
      source?: PhotoSource;
      /** Draw the photo source's pictures ahead too (off in tests: the whole sample is about a minute of CPU). */
      drawAhead?: boolean;
      limits?: Partial<PictureLimits>;
      log?: (message: string) => void;
      /** What a background run did (one line when it ends); problems go to `log`. */
      info?: (message: string) => void;
      /** Resolves at a quiet moment between visitors' requests (server/http/foreground.ts): the background fetch waits for it. */
      quiet?: () => Promise<void>;
    },
  ) {
    this.limits = { ...DEFAULT_PICTURE_LIMITS, ...o.limits };
  }

  /** Whether the photo source draws this picture. */
  drawn(source: string): boolean {
    return !!this.o.source?.handles(source);
  }

  /** Why this picture may not be fetched (scheme, host not allowed, non-public address), or null. */
  refusal(source: string): string | null {
    const config = this.o.config();
    if (config !== this.refusalsFor) {
      this.refusals = new Map();
      this.refusalsFor = config;
    }
    let r = this.refusals.get(source);
    if (r === undefined) {
      r = refusalOf(source, config?.pictureHosts ?? [], config?.allowPrivatePictureHosts === true);
      this.refusals.set(source, r);
    }
    return r;
  }

  /** Whether a picture is known to be gone (or may not be fetched): pages leave it out. */
  readonly isGone = (source: string): boolean => {
    if (this.drawn(source)) return false;
    if (this.refusal(source)) return true;
    const f = this.failures.get(source);
    return !!f && f.failure !== 'unavailable' && f.until > Date.now();
  };

  /** Photo n of a listing as the route sees it: the record (any language) whose photo n has version `v`, else the first with a photo n. */
  resolve(
    listings: ListingSource,
    kind: ListingKind,
    id: number,
    n: number,
    v: string | undefined,
  ): { photo: ListingPhoto; webId?: number; current: boolean } | undefined {
    let fallback: { photo: ListingPhoto; webId?: number; current: boolean } | undefined;
    const seen = new Set<unknown>();
    for (const lang of LANGUAGES) {
      const rec = kind === 'property' ? listings.property(id, lang) : listings.project(id, lang);
      if (!rec) return undefined;
      if (seen.has(rec)) continue;
      seen.add(rec);
      const photo = listingPhotos(kind, rec).find((p) => p.n === n);
      if (!photo) continue;
      const webId = kind === 'property' ? (rec as PropertyRecord).WebID : undefined;
      if (v !== undefined && photoVersion(photo.source) === v) return { photo, webId, current: true };
      fallback ??= { photo, webId, current: false };
    }
    return fallback;
  }

  private fileOf(source: string, width?: number): string {
    return `${FOLDER}/${width === undefined ? `${keyOf(source)}.jpg` : `${keyOf(source)}-${width}.jpg`}`;
  }

  /** The picture at `width` as a file on disk, or why there is none (then the route shows a placeholder). */
  async image(source: string, width: number, listing: { kind: ListingKind; webId?: number }): Promise<Result> {
    const file = this.fileOf(source, width);
    if (this.drawn(source)) return (await this.drawnFile(source, width, listing), { file });
    const refusal = this.refusal(source);
    if (refusal) {
      this.warn(source, `listing picture ${source} is not fetched: ${refusal}`);
      return { failure: 'refused', reason: refusal };
    }
    if (await this.has(file)) return { file };
    const master = await this.master(source);
    if ('failure' in master) return master;
    await this.derivative(master.file, file, width);
    return { file };
  }

  /** The kept original: fetched, checked and normalised once (one fetch per URL at a time). */
  private async master(source: string, cpu?: <T>(job: () => Promise<T>) => Promise<T>): Promise<Result & { fetched?: boolean }> {
    const file = this.fileOf(source);
    if (await this.has(file)) return { file };
    const known = this.failures.get(source);
    if (known && known.until > Date.now()) return known;
    const config = this.o.config();
    try {
      await this.once(file, async () => {
        if (await this.has(file)) return file;
        const bytes = await fetchPicture(source, {
          hosts: config?.pictureHosts ?? [],
          allowPrivate: config?.allowPrivatePictureHosts === true,
          timeoutMs: this.limits.timeoutMs,
          maxBytes: this.limits.maxBytes,
          maxRedirects: this.limits.maxRedirects,
        });
        const normalise = () => normaliseOriginal(bytes, this.limits.maxPixels);
        await this.o.cache.put(file, cpu ? await cpu(normalise) : await normalise());
        return file;
      });
      this.failures.delete(source);
      return { file, fetched: true };
    } catch (e) {
      const err = e instanceof PictureError ? e : new PictureError('unavailable', (e as Error).message);
      this.remember(source, err);
      return { failure: err.failure, reason: err.message };
    }
  }

  /** A drawn picture at `width`, drawn once. */
  private async drawnFile(source: string, width: number, listing: { kind: ListingKind; webId?: number }, cpu?: <T>(job: () => Promise<T>) => Promise<T>) {
    const file = this.fileOf(source, width);
    if (await this.has(file)) return;
    await this.once(file, async () => {
      if (await this.has(file)) return file;
      const draw = () => this.o.source!.draw(source, width, listing);
      await this.o.cache.put(file, cpu ? await cpu(draw) : await draw());
      return file;
    });
  }

  private async derivative(master: string, file: string, width: number, cpu?: <T>(job: () => Promise<T>) => Promise<T>): Promise<void> {
    if (await this.has(file)) return;
    await this.once(file, async () => {
      if (await this.has(file)) return file;
      const input = this.o.cache.localPath?.(master) ?? (await this.o.cache.get(master));
      if (!input) throw new PictureError('unavailable', 'the kept original is gone from the cache');
      const make = () => resizedJpeg(input, width);
      await this.o.cache.put(file, cpu ? await cpu(make) : await make());
      return file;
    });
  }

  private remember(source: string, err: PictureError): void {
    const wasGone = this.isGone(source);
    const until = Date.now() + (err.failure === 'unavailable' ? this.limits.retryMs : this.limits.goneMs);
    this.failures.set(source, { failure: err.failure, reason: err.message, until });
    if (err.failure !== 'unavailable' && !wasGone) this.generation++;
    this.warn(
      source,
      `listing picture ${source}: ${err.message}${err.failure === 'unavailable' ? ` (asked again after ${Math.round(this.limits.retryMs / 1000)} s)` : ''}`,
    );
  }

  /** One log line per host and kind of trouble every WARN_EVERY_MS. */
  private warn(source: string, message: string): void {
    if (!this.o.log) return;
    let host = source;
    try {
      host = new URL(source).host;
    } catch {
      /* relative or broken: the whole value */
    }
    const key = `${host} ${message.replace(source, '').slice(0, 40)}`;
    const now = Date.now();
    if ((this.warned.get(key) ?? 0) > now) return;
    this.warned.set(key, now + WARN_EVERY_MS);
    this.o.log(message);
  }

  /**
   * Fetches the pictures of a listing set that is now live, in the background: every original that
   * is not on disk, and the widths a page's first view asks for (picture-plan.ts), so that no
   * visitor waits for those; drawn pictures are drawn at those widths when `drawAhead` is set. A
   * newer call stops an older one.
   */
  prefetch(listings: ListingSource): Promise<PrefetchReport> {
    // Called without waiting (`void`): it never rejects, a problem is logged.
    this.last = this.prefetchNow(listings).catch((e) => {
      this.o.log?.(`listing pictures: the background fetch stopped: ${(e as Error).message}`);
      return { pictures: 0, fetched: 0, drawn: 0, cached: 0, gone: 0, refused: 0, unavailable: 0, cancelled: true };
    });
    return this.last;
  }

  /** The last background run's report, once it ended (a run stopped by a newer one reports `cancelled`). */
  made(): Promise<PrefetchReport | undefined> {
    return this.last ?? Promise.resolve(undefined);
  }

  private async prefetchNow(listings: ListingSource): Promise<PrefetchReport> {
    const run = ++this.run;
    const now = Date.now();
    for (const [source, f] of this.failures) if (f.until <= now) this.failures.delete(source);
    const report: PrefetchReport = { pictures: 0, fetched: 0, cached: 0, drawn: 0, gone: 0, refused: 0, unavailable: 0, cancelled: false };
    const live = () => run === this.run && !this.stopped;
    const plan = await planPictures(listings, {
      drawn: (source) => this.drawn(source),
      drawAhead: this.o.drawAhead === true,
      refusal: (source) => this.refusal(source),
      pause: async () => (await this.pause(), live()),
    });
    if (!plan) return { ...report, cancelled: true };
    report.pictures = plan.wanted.size + plan.refused.size;
    report.refused = plan.refused.size;
    if (plan.refused.size && this.o.log)
      this.o.log(`${report.refused} listing pictures are not shown: ${[...plan.reasons].slice(0, 3).join('; ')}${plan.reasons.size > 3 ? '; …' : ''}`);

    const queue = [...plan.wanted];
    const cpu = limiter(this.limits.resizes);
    let next = 0;
    const worker = async () => {
      while (next < queue.length && live()) {
        const i = next++;
        await this.pause();
        const [source, { widths, listing, drawn }] = queue[i];
        const missing = (await Promise.all([...widths].map(async (w) => ((await this.has(this.fileOf(source, w))) ? undefined : w)))).filter(
          (w): w is number => w !== undefined,
        );
        if (drawn) {
          for (const w of missing)
            if (live())
              await this.drawnFile(source, w, listing, cpu).catch((e) => this.o.log?.(`listing picture ${source} at ${w} px: ${(e as Error).message}`));
          report[missing.length ? 'drawn' : 'cached']++;
          continue;
        }
        const master = await this.master(source, cpu);
        if ('failure' in master) {
          report[master.failure]++;
          continue;
        }
        report[master.fetched ? 'fetched' : 'cached']++;
        for (const w of missing) {
          if (!live()) break;
          try {
            await this.derivative(master.file, this.fileOf(source, w), w, cpu);
          } catch (e) {
            this.o.log?.(`listing picture ${source} at ${w} px: ${(e as Error).message}`);
          }
        }
      }
    };
    await Promise.all(Array.from({ length: this.limits.fetches }, worker));
    report.cancelled = !live();
    if (!report.cancelled) {
      await this.prune(plan.used).catch((e) => this.o.log?.(`listing pictures: cleaning the cache failed: ${(e as Error).message}`));
      const r = report;
      if (this.o.info && r.pictures)
        this.o.info(
          `listing pictures: ${r.pictures} in the listings, ${r.fetched} fetched${r.drawn ? `, ${r.drawn} drawn` : ''}, ${r.cached} already here${r.unavailable ? `, ${r.unavailable} unavailable now` : ''}${r.gone ? `, ${r.gone} gone` : ''}${r.refused ? `, ${r.refused} refused` : ''}`,
        );
    }
    return report;
  }

  /** A step of the background fetch waits for a quiet moment (without a foreground to ask: for the next turn of the loop). */
  private pause(): Promise<void> {
    return this.o.quiet ? this.o.quiet() : new Promise((r) => setImmediate(r));
  }

  /** Removes cached pictures no listing uses any more and nobody made for a while. */
  private async prune(used: Set<string>): Promise<void> {
    const keep = new Set([...used].map(keyOf));
    const old = Date.now() - UNUSED_KEEP_MS;
    for (const blob of await this.o.cache.list(FOLDER)) {
      const name = blob.key.slice(FOLDER.length + 1);
      if (keep.has(name.slice(0, 64)) || !/^[0-9a-f]{64}(-\d+)?\.jpg$/.test(name)) continue;
      if (blob.modified < old) await this.o.cache.remove(blob.key).catch(() => {});
    }
  }

  /** Whether the cache has a picture (widths are made once). */
  private has(key: string): Promise<boolean> {
    return this.o.cache.has(key);
  }

  /** A picture of the cache, to send. */
  stream(key: string) {
    return this.o.cache.stream(key);
  }

  /** Stops background work (server closing). */
  stop(): void {
    this.stopped = true;
  }
}
