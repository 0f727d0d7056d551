import type { Article, Content, PageRecord } from '../renderer/content.ts';
import type { Redirect } from '../schemas/types.gen.ts';
import { LANGUAGES, type Lang } from './constants.ts';
import { localize } from './localize.ts';
import { joinPath, slugify, splitPath } from './path.ts';
import { articleWrittenIn, pageWrittenIn } from './availability.ts';

export interface ListingMatch {
  kind: 'property' | 'project';
  /** The page that lists them (for sale, for rent, projects). */
  listPage: PageRecord;
  /** The path segments below the list page: municipality, slug…, id. */
  segments: string[];
}

export type Resolution =
  | { kind: 'redirect'; status: 301 | 302; location: string }
  | { kind: 'page'; status: 200; lang: Lang; page: PageRecord; article?: Article; listing?: ListingMatch; subcategory?: string }
  | { kind: 'legacyListing'; status: 301; listing: 'property' | 'project'; id: number }
  | {
      kind: 'notFound';
      status: 404;
      lang: Lang;
      /** The address of a page (or article) not written in this language: where it exists instead. */
      elsewhere?: Partial<Record<Lang, string>>;
    };

/** What a listing path is made of (a property or project record in one language). */
export interface ListingPathParts {
  id: number;
  city: string;
  slug?: string;
}

export function isLang(s: string | undefined): s is Lang {
  return !!s && (LANGUAGES as readonly string[]).includes(s);
}

/**
 * The route table of the site, built once per content version from the page records and articles.
 * One resolver serves the server (SSR, /api/page, sitemap) and every link the renderer prints.
 */
export class RouteTable {
  readonly enabled: Lang[];
  readonly defaultLang: Lang;
  private readonly pagesById = new Map<number, PageRecord>();
  private readonly byPath = new Map<string, { page: PageRecord; lang: Lang; article?: Article; subcategory?: string }>();
  /** Article paths of before their category had subcategories: moved (301) to the three-level path. */
  private readonly moved = new Map<string, string>();
  /** Categories whose page shows subcategories (a module of it has `isHasSubcategories`): their articles have three-level paths. */
  private readonly subcategorized = new Set<string>();
  private readonly dictionaries: Content['dictionaries'];
  private readonly byInternalPath = new Map<string, PageRecord>();
  private readonly pageOfCategory = new Map<string, PageRecord>();
  private readonly pathCache = new Map<string, string>();
  private readonly listingPages: PageRecord[] = [];
  /** Ids of the detail template pages. */
  readonly templates: Set<number>;
  /** The addresses a page or article would have in a language it is not written in. */
  private readonly elsewhere = new Map<string, { page: PageRecord; article?: Article }>();
  private readonly redirects = new Map<string, Redirect>();
  private readonly availability = new Map<string, boolean>();

  constructor(content: Pick<Content, 'languages' | 'pages' | 'articles'> & Partial<Pick<Content, 'dictionaries' | 'redirects'>>) {
    this.dictionaries = content.dictionaries ?? {};
    this.enabled = content.languages.filter((l) => l.use).map((l) => l.code as Lang);
    this.defaultLang = (content.languages.find((l) => l.use && l.default)?.code ?? this.enabled[0] ?? 'nl') as Lang;
    for (const p of content.pages) {
      this.pagesById.set(p.id, p);
      this.byInternalPath.set(p.path, p);
      if (p.type === 'article' && p.category && !this.pageOfCategory.has(p.category)) {
        this.pageOfCategory.set(p.category, p);
        if ((p.modules ?? []).some((m) => m.isHasSubcategories === true)) this.subcategorized.add(p.category);
      }
      if (p.listing) this.listingPages.push(p);
    }
    // Detail pages (one property, one project) are templates: reachable only below their list page.
    const templates = new Set(this.listingPages.map((p) => p.listing!.detailPageId));
    this.templates = templates;
    for (const r of (content as Partial<Pick<Content, 'redirects'>>).redirects?.redirects ?? []) this.redirects.set(r.from, r);
    for (const lang of this.enabled) {
      for (const p of content.pages) {
        if (templates.has(p.id)) continue;
        // A page not written in a language (issue 38) has no address there: its would-be address says where it is.
        if (this.available(p, lang)) this.byPath.set(this.pagePath(p, lang), { page: p, lang });
        else this.elsewhere.set(this.pagePath(p, lang), { page: p });
      }
      for (const a of content.articles) {
        const page = this.pageOfCategory.get(a.category);
        if (!page || a.status !== 'Published') continue;
        const path = this.articlePath(a, lang)!;
        if (!this.available(page, lang) || !articleWrittenIn(a, lang)) {
          this.elsewhere.set(path, { page, article: a });
          continue;
        }
        this.byPath.set(path, { page, lang, article: a });
        const sub = this.subcategoryOf(a);
        if (sub) {
          // [category]/[subcategory]/ lists the subcategory; [category]/[article]/ of before still leads to the article.
          this.byPath.set(this.subcategoryPath(page, sub, lang), { page, lang, subcategory: sub });
          this.moved.set(joinPath(this.pagePath(page, lang), this.articleSlug(a, lang)), path);
        }
      }
    }
  }

  page(id: number): PageRecord | undefined {
    return this.pagesById.get(id);
  }

  /** Whether a page is shown in `lang`: written in it (its own title and address), and so is every page above it. */
  available(page: PageRecord, lang: Lang): boolean {
    const key = `${page.id}:${lang}`;
    let ok = this.availability.get(key);
    if (ok === undefined) {
      this.availability.set(key, false); // a cycle of parents is not available
      const parent = page.parentId !== null ? this.pagesById.get(page.parentId) : undefined;
      ok = pageWrittenIn(page, lang) && (page.parentId === null || (!!parent && this.available(parent, lang)));
      this.availability.set(key, ok);
    }
    return ok;
  }

  /** Whether an article is shown in `lang`: written in it, below a page shown in it. */
  articleAvailable(article: Article, lang: Lang): boolean {
    const page = this.pageOfCategory.get(article.category);
    return !!page && this.available(page, lang) && articleWrittenIn(article, lang);
  }

  /** The languages a page (or an article) is shown in, each with its address there. */
  languagesOf(page: PageRecord, article?: Article, subcategory?: string): Partial<Record<Lang, string>> {
    return this.alternates(page, article, subcategory);
  }

  /** The page that lists the articles of a category (blog, services, team). */
  categoryPage(category: string): PageRecord | undefined {
    return this.pageOfCategory.get(category);
  }

  /** Public path of a page in a language: /{lang}/{parent segments}/{segment}/. */
  pagePath(page: PageRecord, lang: Lang): string {
    const key = `${page.id}:${lang}`;
    let path = this.pathCache.get(key);
    if (path === undefined) {
      const segments: string[] = [];
      const seen = new Set<number>();
      for (let p: PageRecord | undefined = page; p && !seen.has(p.id); p = p.parentId ? this.pagesById.get(p.parentId) : undefined) {
        seen.add(p.id);
        // Not written in this language: the default language's segment (the would-be address).
        segments.unshift(String(p.localizedPath?.[lang] ?? '').trim() || localize(p.localizedPath, lang) || localize(p.localizedPath, this.defaultLang));
      }
      path = joinPath(lang, ...segments);
      this.pathCache.set(key, path);
    }
    return path;
  }

  /** Public path of a page by id, or the language home when it does not exist. */
  pathOf(pageId: number, lang: Lang): string {
    const p = this.pagesById.get(pageId);
    return p ? this.pagePath(p, lang) : joinPath(lang);
  }

  articleSlug(article: Article, lang: Lang): string {
    return slugify(localize(article.slug, lang) || localize(article.title, lang) || article.id);
  }

  /**
   * Public path of an article below its category page ([category]/[article]), or, where the category
   * page shows subcategories, below its subcategory ([category]/[subcategory]/[article]); undefined
   * when no page lists that category.
   */
  articlePath(article: Article, lang: Lang): string | undefined {
    let paths = this.articlePaths.get(article);
    if (!paths) this.articlePaths.set(article, (paths = {}));
    if (!(lang in paths)) paths[lang] = this.workOutArticlePath(article, lang);
    return paths[lang];
  }

  /** Article paths already worked out (slugs): a home page's news cards asked for them on every render. */
  private readonly articlePaths = new WeakMap<Article, Partial<Record<Lang, string | undefined>>>();

  private workOutArticlePath(article: Article, lang: Lang): string | undefined {
    const page = this.pageOfCategory.get(article.category);
    if (!page) return undefined;
    const sub = this.subcategoryOf(article);
    return sub
      ? joinPath(this.subcategoryPath(page, sub, lang), this.articleSlug(article, lang))
      : joinPath(this.pagePath(page, lang), this.articleSlug(article, lang));
  }

  /** The subcategory an article is filed under (its column), where its category page shows subcategories. */
  subcategoryOf(article: { category: string; column?: string | null }): string | undefined {
    return this.subcategorized.has(article.category) ? (article.column ?? undefined) : undefined;
  }

  /** [category]/[subcategory]/: the segment is the dictionary's `path.subcategory.{key}` in that language (else the key). */
  subcategoryPath(categoryPage: PageRecord, subcategory: string, lang: Lang): string {
    const name = this.dictionaries[lang]?.[`path.subcategory.${subcategory}`];
    return joinPath(this.pagePath(categoryPage, lang), slugify(name || subcategory) || subcategory);
  }

  /** The page listing properties of a goal (for sale / for rent), or projects. */
  listingPage(kind: 'property' | 'project', goal?: 'sale' | 'rent'): PageRecord | undefined {
    return this.listingPages.find((p) => p.listing!.kind === kind && (kind === 'project' || p.listing!.goal === goal));
  }

  /** {list page}/{municipality}/{slug}/{id}/ — the slug is left out when there is none. */
  listingPath(listPage: PageRecord, lang: Lang, parts: ListingPathParts): string {
    // A listing without a municipality (a project still to be placed, some foreign ones) goes
    // without that segment: /en/projects/new-project-coming-soon/9/ (the 'be' of before read as a place).
    const place = slugify(parts.city);
    const name = parts.slug ? slugify(parts.slug) : '';
    return joinPath(this.pagePath(listPage, lang), place || (name ? '' : 'be'), name, parts.id);
  }

  /** Language of a path from its first segment when enabled, else the default. */
  languageOf(pathname: string): Lang {
    const first = pathname.split('/').filter(Boolean)[0];
    return isLang(first) && this.enabled.includes(first) ? first : this.defaultLang;
  }

  resolve(pathname: string): Resolution {
    const segments = splitPath(pathname);
    const lang = this.languageOf(pathname);
    if (!segments) return { kind: 'notFound', status: 404, lang };
    if (segments.length === 0) return { kind: 'redirect', status: 302, location: joinPath(this.defaultLang) };
    const canonical = joinPath(...segments.map((s) => s.toLowerCase()));
    const hit = this.byPath.get(canonical);
    if (hit) {
      if (canonical !== pathname) return { kind: 'redirect', status: 301, location: canonical };
      if (hit.page.redirect && hit.page.redirectUrl && !hit.article && !hit.subcategory) {
        return { kind: 'redirect', status: 302, location: hit.page.redirectUrl };
      }
      return { kind: 'page', status: 200, lang: hit.lang, page: hit.page, article: hit.article, subcategory: hit.subcategory };
    }
    const moved = this.moved.get(canonical);
    if (moved) return { kind: 'redirect', status: 301, location: moved };
    // Detail paths below a listing page: /{lang}/{kopen}/{municipality}/{slug}/{id}/.
    for (const listPage of this.listingPages) {
      if (!this.available(listPage, lang)) continue;
      const base = this.pagePath(listPage, lang);
      if (!canonical.startsWith(base) || canonical === base) continue;
      const rest = canonical.slice(base.length).split('/').filter(Boolean);
      const detail = this.pagesById.get(listPage.listing!.detailPageId);
      if (!detail || rest.length < 2 || !/^\d{1,9}$/.test(rest[rest.length - 1])) continue;
      if (canonical !== pathname) return { kind: 'redirect', status: 301, location: canonical };
      return { kind: 'page', status: 200, lang, page: detail, listing: { kind: listPage.listing!.kind, listPage, segments: rest } };
    }
    // The spec's original (internal) paths, e.g. /for-sale/ → /nl/kopen/ in the default language,
    // and /property/{id}/ → that property's page.
    const elsewhere = this.elsewhere.get(canonical);
    if (elsewhere) return { kind: 'notFound', status: 404, lang, elsewhere: this.alternates(elsewhere.page, elsewhere.article) };
    const redirect = this.redirectOf(canonical, lang);
    if (redirect) return { kind: 'redirect', status: 301, location: redirect };
    const legacy = /^\/(property|project)\/(\d{1,9})\/$/.exec(canonical);
    if (legacy) return { kind: 'legacyListing', status: 301, listing: legacy[1] as 'property' | 'project', id: Number(legacy[2]) };
    const internal = this.byInternalPath.get(canonical);
    if (internal && internal.path !== '/') return { kind: 'redirect', status: 301, location: this.pagePath(internal, this.defaultLang) };
    return { kind: 'notFound', status: 404, lang };
  }

  /** The same page (or article) in every enabled language it is written in. */
  alternates(page: PageRecord, article?: Article, subcategory?: string): Partial<Record<Lang, string>> {
    const out: Partial<Record<Lang, string>> = {};
    for (const lang of this.enabled) {
      if (article ? !this.articleAvailable(article, lang) : !this.available(page, lang)) continue;
      out[lang] = article ? this.articlePath(article, lang) : subcategory ? this.subcategoryPath(page, subcategory, lang) : this.pagePath(page, lang);
    }
    return out;
  }

  /** Where the language switcher leads: the page in each language, its would-be address where it is not written (the 404 page says where it is). */
  switchPaths(page: PageRecord, article?: Article, subcategory?: string): Partial<Record<Lang, string>> {
    const out: Partial<Record<Lang, string>> = {};
    for (const lang of this.enabled)
      out[lang] = article ? this.articlePath(article, lang) : subcategory ? this.subcategoryPath(page, subcategory, lang) : this.pagePath(page, lang);
    return out;
  }

  /**
   * Where an old address leads (redirects.json): the page in the address's language (else in the
   * default one); with `keepRest`, an address below the old one leads below the page. A rule whose
   * page now sits below its old address would lead on and on: it is left out.
   */
  private redirectOf(canonical: string, lang: Lang): string | undefined {
    if (!this.redirects.size) return undefined;
    const segments = canonical.split('/').filter(Boolean);
    for (let n = segments.length; n >= 1; n--) {
      const from = joinPath(...segments.slice(0, n));
      const rule = this.redirects.get(from);
      if (!rule || (n < segments.length && !rule.keepRest)) continue;
      const target = this.pagesById.get(rule.pageId);
      if (!target || this.templates.has(target.id)) return undefined;
      const base = this.available(target, lang) ? this.pagePath(target, lang) : this.pagePath(target, this.defaultLang);
      if (rule.keepRest && base.startsWith(from)) return undefined;
      return n < segments.length ? joinPath(base, ...segments.slice(n)) : base;
    }
    return undefined;
  }

  /** Every public path with its page (and article or subcategory), for the sitemap and tests. */
  entries(): Array<{ path: string; lang: Lang; page: PageRecord; article?: Article; subcategory?: string }> {
    return [...this.byPath.entries()].map(([path, v]) => ({ path, ...v }));
  }
}
