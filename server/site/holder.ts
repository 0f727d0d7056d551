/**
 * The current site: one `Site` per content, listings and module registry (the content changes when
 * staff publish, the listings after an import, the registry on hot reload in development), and the
 * page cache that goes with it. Every part of the server that needs the site asks here.
 */
import type { Content } from '../../renderer/content.ts';
import type { ListingSource } from '../../renderer/listing-types.ts';
import type { ModuleRegistry, Testimonial } from '../../renderer/module-api.ts';
import { PageCache } from './page-cache.ts';
import { Site, type Logger } from './site.ts';

export interface SiteSources {
  /** The content visitors see (the files with what staff published laid over them). */
  content: () => Content;
  /** The live listings (a new store after an import). */
  listings: () => ListingSource;
  /** The module registry of the renderer in use (a new one on hot reload in development). */
  registry: () => Promise<ModuleRegistry>;
  /** The public origin (canonical URLs, sitemap, mails). */
  origin: string;
  log: Logger;
  /** Published testimonials, newest first. */
  testimonials: () => Promise<Testimonial[]>;
  /** Listing pictures known to be gone; `generation` grows when one is learned. */
  pictures: { isGone: (source: string) => boolean; readonly generation: number };
  /** Keep rendered pages in memory (off in development, where the renderer changes). */
  pageCache: boolean;
  /** Tells the other nodes of the store that their sites are out of date (after `invalidate`). */
  changed?: () => void;
}

/** The current site and its rendered pages (null: no page cache). */
export interface LiveSite {
  site: Site;
  pages: PageCache | null;
}

export class SiteHolder {
  private live: LiveSite | null = null;
  private pictureGeneration: number;

  constructor(private readonly sources: SiteSources) {
    this.pictureGeneration = sources.pictures.generation;
  }

  /** The site visitors see now. */
  async current(): Promise<Site> {
    return (await this.now()).site;
  }

  /**
   * The current site with its page cache: a new site (and an empty cache) when the content, the
   * listings or the registry changed or after `invalidate`; an empty cache when a picture turned
   * out to be gone (pages leave such pictures out).
   */
  async now(): Promise<LiveSite> {
    const registry = await this.sources.registry();
    const content = this.sources.content();
    const listings = this.sources.listings();
    const generation = this.sources.pictures.generation;
    let live = this.live;
    if (!live || live.site.registry !== registry || live.site.listings !== listings || live.site.content !== content) {
      live = { site: this.build(content, registry, listings), pages: this.sources.pageCache ? new PageCache() : null };
    } else if (live.pages && generation !== this.pictureGeneration) {
      live = { site: live.site, pages: new PageCache() };
    }
    this.pictureGeneration = generation;
    return (this.live = live);
  }

  /**
   * What visitors see changed in a way the content and listings do not show (a testimonial
   * published or withdrawn, a document published): the next request gets a new site and an empty
   * page cache; the other nodes are told unless the news came from them.
   */
  invalidate(tellOthers = true): void {
    this.live = null;
    if (tellOthers) this.sources.changed?.();
  }

  /** A site over other content or listings, not kept: the editor's preview of a draft, the alerts of a new import. */
  async over(parts: { content?: Content; listings?: ListingSource }): Promise<Site> {
    return this.build(parts.content ?? this.sources.content(), await this.sources.registry(), parts.listings ?? this.sources.listings());
  }

  private build(content: Content, registry: ModuleRegistry, listings: ListingSource): Site {
    const { origin, log, testimonials, pictures } = this.sources;
    return new Site({ content, registry, listings, origin, log, testimonials, pictureGone: pictures.isGone });
  }
}
