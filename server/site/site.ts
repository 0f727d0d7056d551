/**
 * One content version, ready to serve: the route table, the shell of each language, and the
 * builder of a page's data (route → modules loaded → head, breadcrumbs, banner).
 */
import type { Article, Content, ModuleRecord, PageRecord } from '../../renderer/content.ts';
import { NOTHING_TO_SHOW, type LoadContext, type ModuleRegistry, type SiteServices, type Testimonial } from '../../renderer/module-api.ts';
import { safeJson, type InitialData, type ModuleData, type PageData, type ShellData } from '../../renderer/page-data.ts';
import { IMAGE_WIDTH, LOCALES, NATIVE_LANGUAGE_NAMES, type Lang } from '../../shared/constants.ts';
import { localize, localizeStrict } from '../../shared/localize.ts';
import { RouteTable } from '../../shared/routes.ts';
import { joinPath, slugify } from '../../shared/path.ts';
import { translate } from '../../shared/format.ts';
import { cleanDescription } from '../../shared/listing-text.ts';
import type { ListingSource, ProjectRecord, PropertyRecord } from '../../renderer/listing-types.ts';
import { goalOf } from '../../shared/goal.ts';
import { listingJsonLd } from './listing-seo.ts';
import { buildShell } from './shell.ts';
import { pageBanner } from './banner.ts';
import { resolveRoute, type PageRoute } from './resolve.ts';
import { agencyJsonLd, headData, listingAlternates } from './seo.ts';
import { toPropertyCard, type PropertyCardData } from '../../modules/lib/property-card.ts';
import { firstListingPhoto, listingPhotoUrl, type ListingKind } from '../../shared/listing-photos.ts';
import { reportModuleFailure } from './module-failures.ts';
import { lines } from '../log/logger.ts';

export type PageResult = { redirect: string; status: 301 | 302 } | { status: 200 | 400 | 404; initial: InitialData };

/** What a Site is made of (built by the site holder, server/site/holder.ts). */
export interface SiteParts {
  content: Content;
  registry: ModuleRegistry;
  listings: ListingSource;
  /** The public origin (canonical URLs, sitemap, mails). */
  origin: string;
  log: Logger;
  /** Published testimonials, newest first (the `testimonials` module). */
  testimonials?: () => Promise<Testimonial[]>;
  /** Whether a listing picture is known to be gone (pages leave it out). */
  pictureGone?: (source: string) => boolean;
}

export interface Logger {
  warn: (msg: string) => void;
  error: (msg: string, e?: unknown) => void;
}

/** Warnings and errors through the process's log (server/log/logger.ts), with the request's id while one is answered; errors with their stack (never shown to a visitor). */
export const consoleLogger: Logger = lines();

/** Synthetic id of the module that shows the article of an article path. */
const ARTICLE_MODULE_ID = 1_000_000;
/** Most property paths and titles a site keeps worked out (about 30 MB at most). */
const MEMO_MAX = 200_000;

export class Site {
  readonly routes: RouteTable;
  private readonly shells = new Map<Lang, ShellData>();
  private readonly warned = new Set<string>();

  readonly content: Content;
  readonly registry: ModuleRegistry;
  readonly listings: ListingSource;
  /** What module loaders get from the site (one object for every request of this content version). */
  readonly services: SiteServices;
  private readonly origin: string;
  private readonly log: Logger;

  constructor(private readonly parts: SiteParts) {
    this.content = parts.content;
    this.registry = parts.registry;
    this.listings = parts.listings;
    this.origin = parts.origin;
    this.log = parts.log;
    this.routes = new RouteTable(this.content);
    for (const lang of this.routes.enabled) this.shells.set(lang, buildShell(this.content, this.routes, lang));
    this.services = {
      content: this.content,
      routes: this.routes,
      listings: this.listings,
      listingPath: (kind, id, lang) => {
        if (kind === 'project') {
          const p = this.listings.project(id, lang);
          return p && this.projectPath(p, lang);
        }
        const p = this.listings.property(id, lang);
        return p && this.propertyPath(p, lang);
      },
      propertyTitle: (p, lang) => this.propertyTitle(p, lang),
      pictureGone: this.pictureGone,
      testimonials: async () => (await this.parts.testimonials?.()) ?? [],
    };
  }

  /** Public path of a project in a language, or undefined when no page lists projects. */
  projectPath(p: ProjectRecord, lang: Lang): string | undefined {
    const list = this.routes.listingPage('project');
    return list ? this.routes.listingPath(list, lang, { id: p.ID, city: p.City, slug: p.Name }) : undefined;
  }

  /**
   * Paths and titles of properties already worked out: they depend only on this site's content and
   * listings, and a list page asks for two dozen of them per render (slugs, ICU titles).
   * Bounded: emptied when it holds `MEMO_MAX` (100,000 listings in three languages would not all fit).
   */
  private readonly memo = new Map<string, string | undefined>();
  private remember(key: string, make: () => string | undefined): string | undefined {
    if (this.memo.has(key)) return this.memo.get(key);
    const value = make();
    if (this.memo.size >= MEMO_MAX) this.memo.clear();
    this.memo.set(key, value);
    return value;
  }

  /** Public path of a property: below its project when it is a unit of one, else below for sale / for rent. */
  propertyPath(p: PropertyRecord, lang: Lang): string | undefined {
    return this.remember(`path ${lang} ${p.ID}`, () => this.workOutPropertyPath(p, lang));
  }

  private workOutPropertyPath(p: PropertyRecord, lang: Lang): string | undefined {
    const project = p.ProjectID ? this.listings.project(p.ProjectID, lang) : undefined;
    const projectPath = project && this.projectPath(project, lang);
    if (projectPath) return joinPath(projectPath, slugify(p.TypeDescription ?? '') || 'unit', p.ID);
    const list = this.routes.listingPage('property', goalOf(p));
    return list ? this.routes.listingPath(list, lang, { id: p.ID, city: p.City, slug: p.TypeDescription ?? undefined }) : undefined;
  }

  shell(lang: Lang): ShellData {
    return this.shells.get(lang) ?? this.shells.get(this.routes.defaultLang)!;
  }

  /** The first breadcrumb: the home page's name in `lang`. */
  private homeCrumb(lang: Lang) {
    const home = this.content.pages.find((p) => p.path === '/');
    return { name: home ? localize(home.breadcrumbName ?? home.title, lang) : this.message(lang, 'nav.home'), path: joinPath(lang) };
  }

  private ancestors(page: PageRecord): PageRecord[] {
    const chain: PageRecord[] = [];
    for (let p = page.parentId ? this.routes.page(page.parentId) : undefined; p && chain.length < 10; p = p.parentId ? this.routes.page(p.parentId) : undefined)
      chain.unshift(p);
    return chain;
  }

  /** The data of each module, loaded concurrently, in the page's order. */
  private async loadModules(records: ModuleRecord[], ctx: LoadContext, path: string): Promise<ModuleData[]> {
    const loaded = await Promise.all(
      records.map(async (record): Promise<ModuleData | undefined> => {
        if (!this.registry.get(record.view)) {
          const key = `${ctx.page.id}:${record.id}`;
          if (!this.warned.has(key)) {
            this.warned.add(key);
            this.log.warn(`page ${ctx.page.id} module ${record.id}: view not found ("${record.view}"); skipped`);
          }
          return undefined;
        }
        const loader = this.registry.loader(record.view);
        try {
          const data = loader ? await loader.load(record, ctx) : null;
          // Nothing to show on this page: the module is left out, title and all.
          return data === NOTHING_TO_SHOW ? undefined : { record, data };
        } catch (e) {
          // One failing module never takes the page down: it is left out, counted and logged once.
          reportModuleFailure(this.log, { kind: 'load', page: ctx.page.id, path, module: record.id, view: record.view, error: e });
          return undefined;
        }
      }),
    );
    return loaded.filter((m): m is ModuleData => m !== undefined);
  }

  /** Where `url` (path and query) leads: a redirect, the 404 page, or a page and what its modules need. */
  resolve(url: string): PageRoute {
    return resolveRoute(this, url);
  }

  /** Data of the page a route (or a URL, resolved here) leads to, or where it redirects. */
  async page(target: string | PageRoute): Promise<PageResult> {
    const route = typeof target === 'string' ? this.resolve(target) : target;
    if (route.kind === 'redirect') return { redirect: route.location, status: route.status };
    if (route.kind === 'notFound') return this.notFound(route.url, route.lang, route.key, route.elsewhere);
    const { url: u, lang, page, article, path, params, listing } = route;
    const shell = this.shell(lang);
    const site = this.content.site;
    const home = this.content.pages.find((p) => p.path === '/');
    const homeCrumb = this.homeCrumb(lang);

    let status: 200 | 400 = 200;
    let redirect: string | undefined;
    const ctx: LoadContext = {
      lang,
      page,
      article,
      query: u.searchParams,
      params,
      setStatus: (s) => (status = s),
      redirect: (to) => (redirect = to),
      services: this.services,
    };
    const records: ModuleRecord[] = article
      ? [{ id: ARTICLE_MODULE_ID, view: 'single-view', version: 1, status: 'Published', span: 12 } as ModuleRecord]
      : [...(page.modules ?? [])].filter((m) => m.status === 'Published').sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
    const modules = await this.loadModules(records, ctx, path);
    if (redirect?.startsWith('/') && !redirect.startsWith('//')) return { redirect, status: 302 };

    const crumbs: PageData['breadcrumbs'] =
      page.path === '/'
        ? [homeCrumb]
        : [
            homeCrumb,
            ...this.ancestors(page)
              .filter((p) => p.path !== '/')
              .map((p) => ({ name: localize(p.breadcrumbName ?? p.title, lang), path: this.routes.pagePath(p, lang) })),
          ];
    if (listing) {
      crumbs.splice(1, crumbs.length, {
        name: localize(listing.listPage.breadcrumbName ?? listing.listPage.title, lang),
        path: this.routes.pagePath(listing.listPage, lang),
      });
      if (listing.project && listing.property) crumbs.push({ name: listing.project.Name, path: this.projectPath(listing.project, lang) });
      crumbs.push({ name: listing.property ? this.propertyTitle(listing.property, lang) : listing.project!.Name, path });
    } else if (page.path !== '/') crumbs.push({ name: localize(page.breadcrumbName ?? page.title, lang), path: this.routes.pagePath(page, lang) });
    // [category]/[subcategory]/[article]: the subcategory between the category and the article.
    const subcategory = params.subcategory ?? (article && this.routes.subcategoryOf(article));
    const subcategoryName = subcategory && this.message(lang, `blog.column.${subcategory}`);
    if (subcategory) crumbs.push({ name: subcategoryName!, path: this.routes.subcategoryPath(page, subcategory, lang) });
    if (article) crumbs.push({ name: localize(article.title, lang), path });

    const meta = article || listing || params.subcategory ? undefined : localizeStrict(page.metadata, lang);
    const listingTitle = listing && (listing.property ? this.propertyTitle(listing.property, lang) : listing.project!.Name);
    const pageTitle =
      listingTitle ?? (article ? localize(article.title, lang) : params.subcategory ? subcategoryName! : meta?.pageTitle || localize(page.title, lang));
    const docTitle = meta?.metadataTitle || (page.path === '/' ? `${site.name} – ${pageTitle}` : `${pageTitle} | ${site.name}`);
    const listingDescription = listing && cleanDescription((listing.property ?? listing.project)!.Description ?? '', 160);
    const description =
      listingDescription ||
      (article ? localize(article.summary, lang) : meta?.metadataDescription || localize(page.description, lang)) ||
      localize(home?.description, lang);
    const noindex = (page.status === 'Hidden' && !listing) || page.type === 'feedback' || page.isActiveSEO === false || u.search !== '';
    const listingImage =
      listing &&
      (listing.property
        ? this.listingPhotoUrl('property', listing.property, IMAGE_WIDTH.large)
        : this.listingPhotoUrl('project', listing.project!, IMAGE_WIDTH.large));
    const image = listingImage ?? article?.image?.url ?? meta?.ogImage ?? page.image?.url ?? site.defaultImage?.url;
    const jsonLd = [
      safeJson({
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: this.absoluteUrl(c.path ?? path) })),
      }),
    ];
    if (page.path === '/') jsonLd.push(safeJson(agencyJsonLd(this, lang)));
    if (article && article.category === 'blog') {
      const author = this.content.articles.find((a) => a.id === article.author);
      jsonLd.push(
        safeJson({
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: pageTitle,
          datePublished: article.date,
          inLanguage: LOCALES[lang],
          image: this.absoluteUrl(article.image?.url),
          author: author?.person ? { '@type': 'Person', name: author.person.name } : undefined,
          publisher: { '@type': 'Organization', name: site.name },
          mainEntityOfPage: this.absoluteUrl(path),
        }),
      );
    }
    if (meta?.schemaData) jsonLd.push(safeJson(JSON.parse(meta.schemaData)));
    if (listing?.property) jsonLd.push(safeJson(listingJsonLd(listing.property, this.absoluteUrl(path), this.absoluteUrl(listingImage), lang)));

    const data: PageData = {
      path,
      search: u.search.replace(/^\?/, ''),
      lang,
      status: 200,
      kind: article ? 'article' : 'page',
      alternates: listing ? listingAlternates(this, listing) : this.routes.switchPaths(page, article, params.subcategory),
      head: headData(this, {
        lang,
        title: docTitle,
        description,
        path,
        robots: `${noindex ? 'noindex' : 'index'}, ${page.noReferrerNoFollow ? 'nofollow' : 'follow'}`,
        alternates: listing ? listingAlternates(this, listing) : this.routes.alternates(page, article, params.subcategory),
        type: article ? 'article' : 'website',
        image,
        ogTitle: meta?.ogTitle,
        ogDescription: meta?.ogDescription,
        twitterTitle: meta?.twitterTitle,
        twitterDescription: meta?.twitterDescription,
        twitterImage: meta?.twitterImage,
        jsonLd,
      }),
      page: {
        id: page.id,
        type: page.type,
        title: pageTitle,
        showTitle: !article && !listing && page.path !== '/',
        showBreadCrumb: page.showBreadCrumb !== false && page.path !== '/',
        showFixedMenu: page.showFixedMenu === true,
        noCookiePopup: page.noCookiePopup === true,
        css: page.css,
      },
      banner: article || listing ? null : pageBanner(this, page, lang),
      breadcrumbs: crumbs,
      modules,
      contentVersion: this.content.version,
    };
    data.status = status;
    return { status, initial: { shell, page: data } };
  }

  /** A dictionary text in `lang` with ICU values. */
  message(lang: Lang, key: string, values?: Record<string, string | number>): string {
    return translate(lang, this.shell(lang).messages).t(key, values);
  }

  /** An absolute URL on the site's public origin (URLs stay as they are; nothing: ''). */
  absoluteUrl(url: string | undefined): string {
    if (!url) return '';
    return /^https?:/.test(url) ? url : `${this.origin}${url}`;
  }

  /** The thank-you page of a form kind (/nl/bedankt/{kind}/), else the general one. */
  thankYouPath(kind: string, lang: Lang): string {
    const page =
      this.content.pages.find((p) => p.type === 'feedback' && p.name === `thank-you-${kind}`) ?? this.content.pages.find((p) => p.type === 'feedback');
    return page ? this.routes.pagePath(page, lang) : joinPath(lang);
  }

  /** A result card of property `id` in `lang` (search API, lists, map). */
  propertyCard(id: number, lang: Lang): PropertyCardData | undefined {
    const p = this.listings.property(id, lang);
    const path = p && this.propertyPath(p, lang);
    return p && path ? toPropertyCard(p, path, this.propertyTitle(p, lang), this.pictureGone, this.listings.priceDrop(id)) : undefined;
  }

  /** Whether a listing picture is known to be gone (pages leave it out). */
  readonly pictureGone = (source: string): boolean => this.parts.pictureGone?.(source) ?? false;

  /** The site URL of a listing's first photo that is not gone, at `width`; undefined when it has none. */
  listingPhotoUrl(kind: ListingKind, record: PropertyRecord | ProjectRecord, width?: number): string | undefined {
    const first = firstListingPhoto(kind, record, this.pictureGone);
    return first && listingPhotoUrl(kind, record.ID, first, width);
  }

  /** Headline of a property: its own, else "{type} in {city}" in that language. */
  propertyTitle(p: PropertyRecord, lang: Lang): string {
    if (p.TypeDescription) return p.TypeDescription;
    return this.remember(`title ${lang} ${p.ID}`, () => this.fallbackTitle(p, lang))!;
  }

  private fallbackTitle(p: PropertyRecord, lang: Lang): string {
    const shell = this.shell(lang);
    const type = shell.messages[`type.${p.WebID}`] ?? p.MainTypeName ?? '';
    return this.message(lang, 'property.titleFallback', { type, city: p.City }) || `${type} ${p.City}`;
  }

  /** The 404 page in `lang`, with the title and text of `key` (notFound, property.notFound…). */
  private notFound(u: URL, lang: Lang, key: string, elsewhere?: Partial<Record<Lang, string>>): PageResult {
    const shell = this.shell(lang);
    const t = (id: string) => shell.messages[id] ?? id;
    const site = this.content.site;
    const homeCrumb = this.homeCrumb(lang);
    const title = t(`${key}.title`);
    const page: PageData = {
      path: u.pathname,
      search: u.search.replace(/^\?/, ''),
      lang,
      status: 404,
      kind: 'notFound',
      alternates: { ...Object.fromEntries(this.routes.enabled.map((l) => [l, joinPath(l)])), ...elsewhere },
      head: headData(this, {
        lang,
        title: `${title} | ${site.name}`,
        description: t(`${key}.text`),
        path: u.pathname,
        robots: 'noindex, follow',
        alternates: {},
        type: 'website',
      }),
      page: { id: null, type: 'page', title, showTitle: true, showBreadCrumb: false, showFixedMenu: false, noCookiePopup: false },
      banner: null,
      breadcrumbs: [homeCrumb, { name: title }],
      modules: [],
      contentVersion: this.content.version,
      notFoundKey: key,
      ...(elsewhere
        ? { elsewhere: (Object.entries(elsewhere) as Array<[Lang, string]>).map(([l, path]) => ({ lang: l, name: NATIVE_LANGUAGE_NAMES[l], path })) }
        : {}),
    };
    return { status: 404, initial: { shell, page } };
  }
}

export type { Article };
