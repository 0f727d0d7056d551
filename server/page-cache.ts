/**
 * Rendered pages by URL, for one content version: a page's HTML depends only on its path, query
 * and the content, so a repeat visit costs a lookup instead of a render. Least recently used
 * pages leave first once the cache holds `maxBytes`. Only paths without a query are kept, so that
 * query strings (search terms) cannot fill it.
 */
export interface CachedPage {
  status: number;
  lang: string;
  html: Buffer;
}

export class PageCache {
  private readonly pages = new Map<string, CachedPage>();
  private bytes = 0;

  constructor(private readonly maxBytes = 32 * 1024 * 1024) {}

  get(url: string): CachedPage | undefined {
    const page = this.pages.get(url);
    if (page) {
      this.pages.delete(url);
      this.pages.set(url, page);
    }
    return page;
  }

  set(url: string, page: CachedPage): void {
    if (page.html.length > this.maxBytes / 8) return;
    const old = this.pages.get(url);
    if (old) this.bytes -= old.html.length;
    this.pages.delete(url);
    this.pages.set(url, page);
    this.bytes += page.html.length;
    for (const [key, p] of this.pages) {
      if (this.bytes <= this.maxBytes) break;
      this.pages.delete(key);
      this.bytes -= p.html.length;
    }
  }

  get size(): number {
    return this.pages.size;
  }
}
