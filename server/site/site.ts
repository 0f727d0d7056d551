/**
 * One content version, ready to serve: the route table, the shell of each language, and the
 * builder of a page's data (route → modules loaded → head, breadcrumbs, banner).
 */
import type { Article, Content, ModuleRecord, PageRecord } from '../../renderer/content.ts';
import type { LoadContext, ModuleRegistry, Testimonial } from '../../renderer/module-api.ts';
import { safeJson, type BannerView, type HeadData, type InitialData, type LinkView, type MenuItem, type ModuleData, type PageData, type ShellData } from '../../renderer/page-data.ts';
import { IMAGE_WIDTH, LOCALES, type Lang } from '../../shared/constants.ts';
import { localize, localizeStrict } from '../../shared/localize.ts';
import { RouteTable } from '../../shared/routes.ts';
import { joinPath } from '../../shared/path.ts';
import { makeIntl } from '../../shared/format.ts';
import { cleanDescription } from '../../shared/listing-text.ts';
import type { Media, PublicText } from '../../schemas/types.gen.ts';
import type { ListingSource, ProjectRecord, PropertyRecord } from '../../renderer/listing-types.ts';
import { slugify } from '../../shared/path.ts';
import { goalOf } from '../listings/store.ts';
import { listingJsonLd } from './listing-seo.ts';
import { toPropertyCard, type PropertyCardData } from '../../modules/lib/property-card.ts';
import { listingPhotos, listingPhotoUrl, type ListingKind } from '../../shared/listing-photos.ts';

export type PageResult = { redirect: string; status: 301 | 302 } | { status: 200 | 400 | 404; initial: InitialData };

export interface Logger {
  warn: (msg: string) => void;
  error: (msg: string, e?: unknown) => void;
}

/** Synthetic id of the module that shows the article of an article path. */
const ARTICLE_MODULE_ID = 1_000_000;
/** How many properties a properties-slideshow banner shows. */
const BANNER_SLIDES = 6;

export class Site {
  readonly routes: RouteTable;
  private readonly shells = new Map<Lang, ShellData>();
  private readonly intls = new Map<Lang, ReturnType<typeof makeIntl>>();
  private readonly warned = new Set<string>();

  constructor(
    readonly content: Content,
    readonly registry: ModuleRegistry,
    private readonly origin: string,
    private readonly log: Logger,
    readonly listings: ListingSource,
    private readonly published: { testimonials?: () => Testimonial[]; pictureGone?: (source: string) => boolean } = {},
  ) {
    this.routes = new RouteTable(content);
    for (const lang of this.routes.enabled) this.shells.set(lang, this.buildShell(lang));
  }

  /** Public path of a project in a language, or undefined when no page lists projects. */
  projectPath(p: ProjectRecord, lang: Lang): string | undefined {
    const list = this.routes.listingPage('project');
    return list ? this.routes.listingPath(list, lang, { id: p.ID, city: p.City, slug: p.Name }) : undefined;
  }

  /** Public path of a property: below its project when it is a unit of one, else below for sale / for rent. */
  propertyPath(p: PropertyRecord, lang: Lang): string | undefined {
    const project = p.ProjectID ? this.listings.project(p.ProjectID, lang) : undefined;
    const projectPath = project && this.projectPath(project, lang);
    if (projectPath) return joinPath(projectPath, slugify(p.TypeDescription ?? '') || 'unit', p.ID);
    const list = this.routes.listingPage('property', goalOf(p));
    return list ? this.routes.listingPath(list, lang, { id: p.ID, city: p.City, slug: p.TypeDescription ?? undefined }) : undefined;
  }

  private listingPaths(lang: Lang): LoadContext['listingPaths'] {
    return {
      property: (id, l = lang) => {
        const p = this.listings.property(id, l);
        return p && this.propertyPath(p, l);
      },
      project: (id, l = lang) => {
        const p = this.listings.project(id, l);
        return p && this.projectPath(p, l);
      },
    };
  }

  shell(lang: Lang): ShellData {
    return this.shells.get(lang) ?? this.shells.get(this.routes.defaultLang)!;
  }

  private linkHref(link: string, lang: Lang): string {
    const m = /^page:(\d+)$/.exec(link);
    return m ? this.routes.pathOf(Number(m[1]), lang) : link;
  }

  private image(m: Media | undefined, lang: Lang) {
    return m ? { url: m.url, alt: localize(m.alt, lang) } : undefined;
  }

  private text(t: PublicText | undefined, lang: Lang): string | undefined {
    return t && t.public !== false ? localizeStrict(t.value, lang) : undefined;
  }

  private menuItem(p: PageRecord, lang: Lang, children: PageRecord[]): MenuItem {
    const external = !!(p.redirect && p.redirectUrl);
    // A section page with a sub-menu lists its articles (the services) under it.
    const articles =
      p.type === 'article' && p.category && p.isHaveSubMenu
        ? this.content.articles.filter((a) => a.category === p.category && a.status === 'Published')
        : [];
    return {
      id: p.id,
      label: localize(p.title, lang),
      path: external ? p.redirectUrl! : this.routes.pagePath(p, lang),
      external,
      children: [
        ...children.map((c) => this.menuItem(c, lang, [])),
        ...articles.map((a) => ({ id: a.id, label: localize(a.title, lang), path: this.routes.articlePath(a, lang)!, external: false, children: [] })),
        ...(p.subMenu ?? []).map((s, i) => {
          const href = this.linkHref(s.link, lang);
          return { id: `${p.id}-${i}`, label: localize(s.label, lang), path: href, external: /^https?:/.test(href), children: [] };
        }),
      ],
    };
  }

  private buildShell(lang: Lang): ShellData {
    const { content, routes } = this;
    const inMenu = (p: PageRecord) => p.status === 'Published' && p.showInMenu !== false && p.type !== 'feedback';
    const sorted = [...content.pages].sort((a, b) => a.sort - b.sort || a.id - b.id);
    const menu = sorted
      .filter((p) => p.parentId === null && inMenu(p))
      .map((p) => this.menuItem(p, lang, p.isHaveSubMenu === false ? [] : sorted.filter((c) => c.parentId === p.id && inMenu(c))));
    const link = (l: { label: Record<string, string>; link: string; icon?: string; color?: string }): LinkView => {
      const href = this.linkHref(l.link, lang);
      return { label: localize(l.label, lang), href, external: /^https?:/.test(href), icon: l.icon, color: l.color };
    };
    const pageLink = (id: number): LinkView => ({ label: localize(routes.page(id)?.title, lang), href: routes.pathOf(id, lang), external: false });
    const tb = content.header.topBar;
    const messages = { ...(content.dictionaries.en ?? {}), ...(content.dictionaries[lang] ?? {}) };
    const intl = makeIntl(lang, messages);
    const site = content.site;
    const searchPage = content.pages.find((p) => p.status === 'Published' && p.modules?.some((m) => m.view === 'site-search'));
    const year = new Date().getUTCFullYear();
    return {
      lang,
      languages: routes.enabled.map((code) => ({ code, label: messages[`lang.${code}`] ?? code })),
      homePath: joinPath(lang),
      searchPath: searchPage ? routes.pagePath(searchPage, lang) : undefined,
      site: {
        name: site.name,
        logoUrl: site.logo?.url ?? '/media/logo.svg',
        phone: site.phone,
        email: site.email,
        addressLines: [site.address.street, `${site.address.zip} ${localize(site.address.city, lang)}`],
        ipiNumber: site.ipiNumber,
        companyNumber: site.companyNumber,
        social: site.social ?? [],
        credits: site.credits ?? {},
        map: {
          tileUrl: site.map?.tileUrl ?? 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
          attribution: site.map?.attribution ?? '&copy; OpenStreetMap',
          maxZoom: site.map?.maxZoom ?? 19,
        },
      },
      header: {
        shrinkLogoOnScroll: content.header.shrinkLogoOnScroll !== false,
        fixedOnScroll: content.header.fixedOnScroll !== false,
        transparentOnTop: content.header.transparentOnTop === true,
        topBar: tb.show
          ? {
              left: (tb.left ?? []).filter((l) => l.status === 'Published').map(link),
              right: (tb.right ?? []).filter((l) => l.status === 'Published').map(link),
            }
          : null,
      },
      menu,
      footer: {
        columns: content.footer.columns.map((c) => ({
          title: this.text(c.title, lang),
          intro: this.text(c.intro, lang),
          html: this.text(c.text, lang),
          images: c.images && c.images.public !== false ? c.images.items.map((m) => this.image(m, lang)!) : [],
          links: (c.links ?? []).map(pageLink),
          sm: c.sm ?? 12,
          md: c.md ?? 6,
          lg: c.lg ?? 3,
        })),
        legal: (content.footer.legalLinks ?? []).map(pageLink),
        copyright: localize(content.footer.copyright, lang) || (intl.formatMessage({ id: 'footer.copyright' }, { year, name: site.name }) as string),
      },
      messages,
      assetsVersion: content.version,
      tracking: Object.fromEntries((['analyticsId', 'adsId', 'tagManagerId', 'pixelId'] as const).filter((k) => site[k]).map((k) => [k, site[k]])),
      consent: {
        version: content.cookieConsent.version,
        title: localize(content.cookieConsent.title, lang),
        description: localize(content.cookieConsent.description, lang),
        categories: content.cookieConsent.categories.map((c) => ({ key: c.key, title: localize(c.title, lang), description: localize(c.description, lang) })),
        policyPath: (() => {
          const policy = content.pages.find((p) => p.path === '/cookie-policy/');
          return policy ? routes.pagePath(policy, lang) : undefined;
        })(),
      },
      popup:
        content.popup.isPublished === 'yes'
          ? {
              delay: content.popup.delay ?? 0,
              title: localize(content.popup.title, lang),
              description: localize(content.popup.description, lang),
              image: content.popup.media?.url,
              link: content.popup.link ? { href: this.linkHref(content.popup.link, lang), label: localize(content.popup.linkLabel, lang) || localize(content.popup.title, lang) } : undefined,
              formAction: content.popup.formAction,
            }
          : null,
    };
  }

  /** The newest available properties with a photo, as banner slides. */
  private propertySlides(lang: Lang, title?: string, description?: string): BannerView | null {
    const cards = this.listings.featured(lang, undefined, BANNER_SLIDES).map((id) => this.propertyCard(id, lang)).filter((c): c is PropertyCardData => !!c && !!c.image);
    if (!cards.length) return null;
    return {
      type: 'gallery',
      title,
      description,
      images: cards.map((c) => ({ url: this.listingPhotoUrl('property', this.listings.property(c.id, lang)!, IMAGE_WIDTH.large)!, alt: c.title })),
      slides: cards.map((c) => ({ title: c.title, path: c.path, price: c.price, goal: c.goal, priceFrom: c.priceFrom })),
    };
  }

  private banner(page: PageRecord, lang: Lang): BannerView | null {
    if (!page.showPageBanner) return null;
    const site = this.content.banner;
    if (page.bannerType === 'properties' || ((!page.bannerType || page.bannerType === 'site') && site.type === 'properties')) {
      return this.propertySlides(lang, this.text(page.bannerTitle, lang) ?? this.text(site.title, lang), this.text(page.bannerDescription, lang) ?? this.text(site.description, lang));
    }
    const fromSite = !page.bannerType || page.bannerType === 'site';
    const type = fromSite ? site.type : page.bannerType;
    const title = this.text(page.bannerTitle, lang) ?? (fromSite ? this.text(site.title, lang) : undefined);
    const description = this.text(page.bannerDescription, lang) ?? (fromSite ? this.text(site.description, lang) : undefined);
    const base = { title, description, transparent: page.bannerTransparent };
    const img = (m: Media | undefined) => this.image(m, lang);
    switch (type) {
      case 'image': {
        const image = img(fromSite ? site.image : page.bannerImage);
        return image ? { ...base, type, images: [image] } : null;
      }
      case 'gallery': {
        const images = (fromSite ? site.gallery?.images ?? [] : page.bannerImages ?? []).map((m) => img(m)!);
        return images.length ? { ...base, type, images } : null;
      }
      case 'video': {
        const video = fromSite
          ? site.video
          : page.bannerVideo
            ? { url: page.bannerVideo, poster: page.bannerVideoPoster, mobileUrl: page.bannerVideoMobile, mobilePoster: page.bannerVideoMobilePoster }
            : undefined;
        return video ? { ...base, type, images: [], video } : null;
      }
      case 'color':
        return { ...base, type, images: [], color: fromSite ? site.color : page.bannerColor };
      default:
        return null;
    }
  }

  private absolute(url: string | undefined): string {
    if (!url) return '';
    return /^https?:/.test(url) ? url : `${this.origin}${url}`;
  }

  private ancestors(page: PageRecord): PageRecord[] {
    const chain: PageRecord[] = [];
    for (let p = page.parentId ? this.routes.page(page.parentId) : undefined; p && chain.length < 10; p = p.parentId ? this.routes.page(p.parentId) : undefined) chain.unshift(p);
    return chain;
  }

  private async loadModules(records: ModuleRecord[], ctx: LoadContext): Promise<ModuleData[]> {
    const out: ModuleData[] = [];
    for (const record of records) {
      const def = this.registry.get(record.view);
      if (!def) {
        const key = `${ctx.page.id}:${record.id}`;
        if (!this.warned.has(key)) {
          this.warned.add(key);
          this.log.warn(`page ${ctx.page.id} module ${record.id}: view not found ("${record.view}"); skipped`);
        }
        continue;
      }
      try {
        out.push({ record, data: def.load ? await def.load(record, ctx) : null });
      } catch (e) {
        // One failing module never takes the page down: it is logged and left out.
        this.log.error(`page ${ctx.page.id} module ${record.id} (${record.view}) failed to load`, e);
      }
    }
    return out;
  }

  /** Data of the page at `url` (path and query), or where it redirects. */
  async page(url: string): Promise<PageResult> {
    const u = new URL(url, 'http://x');
    const resolution = this.routes.resolve(u.pathname);
    if (resolution.kind === 'redirect') return { redirect: resolution.location + (resolution.status === 301 ? u.search : ''), status: resolution.status };
    if (resolution.kind === 'legacyListing') {
      const lang = this.routes.defaultLang;
      const record = resolution.listing === 'property' ? this.listings.property(resolution.id, lang) : this.listings.project(resolution.id, lang);
      const path = record && (resolution.listing === 'property' ? this.propertyPath(record as PropertyRecord, lang) : this.projectPath(record as ProjectRecord, lang));
      if (path) return { redirect: path + u.search, status: 301 };
      return this.notFound(u, lang, resolution.listing === 'property' ? 'property.notFound' : 'project.notFound');
    }
    const lang = resolution.lang;
    const shell = this.shell(lang);
    const t = (id: string) => shell.messages[id] ?? id;
    const site = this.content.site;
    const home = this.content.pages.find((p) => p.path === '/');
    const homeCrumb = { name: home ? localize(home.breadcrumbName ?? home.title, lang) : t('nav.home'), path: joinPath(lang) };

    if (resolution.kind === 'notFound') return this.notFound(u, lang, 'notFound');

    const { article } = resolution;
    let page = resolution.page;
    let path = article ? this.routes.articlePath(article, lang)! : this.routes.pagePath(page, lang);
    const params: LoadContext['params'] = {};
    let listing: { property?: PropertyRecord; project?: ProjectRecord; listPage: PageRecord } | undefined;
    if (resolution.listing) {
      // A property or project path: the record must exist, and the path must be its canonical one.
      const { kind, segments, listPage } = resolution.listing;
      const unit = kind === 'project' && segments.length >= 4;
      const id = Number(segments[segments.length - 1]);
      if (kind === 'property' || unit) {
        const property = this.listings.property(id, lang);
        if (!property) return this.notFound(u, lang, 'property.notFound');
        const canonical = this.propertyPath(property, lang)!;
        if (canonical !== u.pathname) return { redirect: canonical + u.search, status: 301 };
        const detailPage = unit ? this.routes.listingPage('property', goalOf(property)) : listPage;
        page = this.routes.page(detailPage?.listing?.detailPageId ?? -1) ?? page;
        params.propertyId = id;
        listing = { property, listPage: unit ? listPage : detailPage ?? listPage };
        if (unit && property.ProjectID) listing.project = this.listings.project(property.ProjectID, lang);
      } else {
        const project = this.listings.project(id, lang);
        if (!project) return this.notFound(u, lang, 'project.notFound');
        const canonical = this.projectPath(project, lang)!;
        if (canonical !== u.pathname) return { redirect: canonical + u.search, status: 301 };
        params.projectId = id;
        listing = { project, listPage };
      }
      path = u.pathname;
    }
    let status: 200 | 400 = 200;
    const ctx: LoadContext = {
      setStatus: (s) => (status = s),
      lang, content: this.content, routes: this.routes, page, article, query: u.searchParams,
      listings: this.listings, params, listingPaths: this.listingPaths(lang), propertyTitle: (p) => this.propertyTitle(p, lang),
      testimonials: () => this.published.testimonials?.() ?? [],
      pictureGone: this.pictureGone,
    };
    const records: ModuleRecord[] = article
      ? [{ id: ARTICLE_MODULE_ID, view: 'single-view', version: 1, status: 'Published', span: 12 } as ModuleRecord]
      : [...(page.modules ?? [])].filter((m) => m.status === 'Published').sort((a, b) => (a.sort ?? 0) - (b.sort ?? 0));
    const modules = await this.loadModules(records, ctx);

    const crumbs: PageData['breadcrumbs'] = page.path === '/' ? [homeCrumb] : [homeCrumb, ...this.ancestors(page).filter((p) => p.path !== '/').map((p) => ({ name: localize(p.breadcrumbName ?? p.title, lang), path: this.routes.pagePath(p, lang) }))];
    if (listing) {
      crumbs.splice(1, crumbs.length, { name: localize(listing.listPage.breadcrumbName ?? listing.listPage.title, lang), path: this.routes.pagePath(listing.listPage, lang) });
      if (listing.project && listing.property) crumbs.push({ name: listing.project.Name, path: this.projectPath(listing.project, lang) });
      crumbs.push({ name: listing.property ? this.propertyTitle(listing.property, lang) : listing.project!.Name, path });
    } else if (page.path !== '/') crumbs.push({ name: localize(page.breadcrumbName ?? page.title, lang), path: this.routes.pagePath(page, lang) });
    if (article) crumbs.push({ name: localize(article.title, lang), path });

    const meta = article || listing ? undefined : localizeStrict(page.metadata, lang);
    const listingTitle = listing && (listing.property ? this.propertyTitle(listing.property, lang) : listing.project!.Name);
    const pageTitle = listingTitle ?? (article ? localize(article.title, lang) : meta?.pageTitle || localize(page.title, lang));
    const docTitle = meta?.metadataTitle || (page.path === '/' ? `${site.name} – ${pageTitle}` : `${pageTitle} | ${site.name}`);
    const listingDescription = listing && cleanDescription((listing.property ?? listing.project)!.Description ?? '', 160);
    const description = listingDescription || (article ? localize(article.summary, lang) : meta?.metadataDescription || localize(page.description, lang)) || localize(home?.description, lang);
    const noindex = (page.status === 'Hidden' && !listing) || page.type === 'feedback' || page.isActiveSEO === false || u.search !== '';
    const listingImage = listing && (listing.property ? this.listingPhotoUrl('property', listing.property, IMAGE_WIDTH.large) : this.listingPhotoUrl('project', listing.project!, IMAGE_WIDTH.large));
    const image = listingImage ?? article?.image?.url ?? meta?.ogImage ?? page.image?.url ?? site.defaultImage?.url;
    const jsonLd = [
      safeJson({
        '@context': 'https://schema.org',
        '@type': 'BreadcrumbList',
        itemListElement: crumbs.map((c, i) => ({ '@type': 'ListItem', position: i + 1, name: c.name, item: this.absolute(c.path ?? path) })),
      }),
    ];
    if (page.path === '/') jsonLd.push(safeJson(this.agencyJsonLd(lang)));
    if (article && article.category === 'blog') {
      const author = this.content.articles.find((a) => a.id === article.author);
      jsonLd.push(
        safeJson({
          '@context': 'https://schema.org',
          '@type': 'BlogPosting',
          headline: pageTitle,
          datePublished: article.date,
          inLanguage: LOCALES[lang],
          image: this.absolute(article.image?.url),
          author: author?.person ? { '@type': 'Person', name: author.person.name } : undefined,
          publisher: { '@type': 'Organization', name: site.name },
          mainEntityOfPage: this.absolute(path),
        }),
      );
    }
    if (meta?.schemaData) jsonLd.push(safeJson(JSON.parse(meta.schemaData)));
    if (listing?.property) jsonLd.push(safeJson(listingJsonLd(listing.property, this.absolute(path), this.absolute(listingImage), lang)));

    const data: PageData = {
      path,
      search: u.search.replace(/^\?/, ''),
      lang,
      status: 200,
      kind: article ? 'article' : 'page',
      alternates: listing ? this.listingAlternates(listing) : this.routes.alternates(page, article),
      head: this.head({
        lang,
        title: docTitle,
        description,
        path,
        robots: `${noindex ? 'noindex' : 'index'}, ${page.noReferrerNoFollow ? 'nofollow' : 'follow'}`,
        alternates: listing ? this.listingAlternates(listing) : this.routes.alternates(page, article),
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
      banner: article || listing ? null : this.banner(page, lang),
      breadcrumbs: crumbs,
      modules,
      contentVersion: this.content.version,
    };
    data.status = status;
    return { status, initial: { shell, page: data } };
  }

  /** A dictionary text in `lang` with ICU values. */
  message(lang: Lang, key: string, values?: Record<string, string | number>): string {
    let intl = this.intls.get(lang);
    if (!intl) this.intls.set(lang, (intl = makeIntl(lang, this.shell(lang).messages)));
    return key in this.shell(lang).messages ? (intl.formatMessage({ id: key }, values) as string) : key;
  }

  absoluteUrl(path: string): string {
    return this.absolute(path);
  }

  /** The thank-you page of a form kind (/nl/bedankt/{kind}/), else the general one. */
  thankYouPath(kind: string, lang: Lang): string {
    const page = this.content.pages.find((p) => p.type === 'feedback' && p.name === `thank-you-${kind}`) ?? this.content.pages.find((p) => p.type === 'feedback');
    return page ? this.routes.pagePath(page, lang) : joinPath(lang);
  }

  /** A result card of property `id` in `lang` (search API, lists, map). */
  propertyCard(id: number, lang: Lang): PropertyCardData | undefined {
    const p = this.listings.property(id, lang);
    const path = p && this.propertyPath(p, lang);
    return p && path ? toPropertyCard(p, path, this.propertyTitle(p, lang), this.pictureGone) : undefined;
  }

  /** Whether a listing picture is known to be gone (pages leave it out). */
  readonly pictureGone = (source: string): boolean => this.published.pictureGone?.(source) ?? false;

  /** The site URL of a listing's first photo that is not gone, at `width`; undefined when it has none. */
  listingPhotoUrl(kind: ListingKind, record: PropertyRecord | ProjectRecord, width?: number): string | undefined {
    const first = listingPhotos(kind, record, this.pictureGone)[0];
    return first && listingPhotoUrl(kind, record.ID, first, width);
  }

  /** Headline of a property: its own, else "{type} in {city}" in that language. */
  propertyTitle(p: PropertyRecord, lang: Lang): string {
    if (p.TypeDescription) return p.TypeDescription;
    const shell = this.shell(lang);
    const type = shell.messages[`type.${p.WebID}`] ?? p.MainTypeName ?? '';
    return this.message(lang, 'property.titleFallback', { type, city: p.City }) || `${type} ${p.City}`;
  }

  private listingAlternates(listing: { property?: PropertyRecord; project?: ProjectRecord }): Partial<Record<Lang, string>> {
    const out: Partial<Record<Lang, string>> = {};
    for (const l of this.routes.enabled) {
      const path = listing.property
        ? (() => {
            const p = this.listings.property(listing.property!.ID, l);
            return p && this.propertyPath(p, l);
          })()
        : (() => {
            const p = this.listings.project(listing.project!.ID, l);
            return p && this.projectPath(p, l);
          })();
      if (path) out[l] = path;
    }
    return out;
  }

  /** The 404 page in `lang`, with the title and text of `key` (notFound, property.notFound…). */
  private notFound(u: URL, lang: Lang, key: string): PageResult {
    const shell = this.shell(lang);
    const t = (id: string) => shell.messages[id] ?? id;
    const site = this.content.site;
    const home = this.content.pages.find((p) => p.path === '/');
    const homeCrumb = { name: home ? localize(home.breadcrumbName ?? home.title, lang) : t('nav.home'), path: joinPath(lang) };
    const title = t(`${key}.title`);
    const page: PageData = {
      path: u.pathname,
      search: u.search.replace(/^\?/, ''),
      lang,
      status: 404,
      kind: 'notFound',
      alternates: Object.fromEntries(this.routes.enabled.map((l) => [l, joinPath(l)])),
      head: this.head({ lang, title: `${title} | ${site.name}`, description: t(`${key}.text`), path: u.pathname, robots: 'noindex, follow', alternates: {}, type: 'website' }),
      page: { id: null, type: 'page', title, showTitle: true, showBreadCrumb: false, showFixedMenu: false, noCookiePopup: false },
      banner: null,
      breadcrumbs: [homeCrumb, { name: title }],
      modules: [],
      contentVersion: this.content.version,
      notFoundKey: key,
    };
    return { status: 404, initial: { shell, page } };
  }

  private agencyJsonLd(lang: Lang) {
    const s = this.content.site;
    return {
      '@context': 'https://schema.org',
      '@type': 'RealEstateAgent',
      name: s.name,
      legalName: s.legalName,
      url: `${this.origin}${joinPath(lang)}`,
      logo: this.absolute(s.logo?.url ?? '/media/logo.svg'),
      email: s.email,
      telephone: s.phone,
      address: {
        '@type': 'PostalAddress',
        streetAddress: s.address.street,
        postalCode: s.address.zip,
        addressLocality: localize(s.address.city, lang),
        addressCountry: 'BE',
      },
      sameAs: (s.social ?? []).map((x) => x.url),
    };
  }

  private head(o: {
    lang: Lang; title: string; description: string; path: string; robots: string; type: string;
    alternates: Partial<Record<Lang, string>>; image?: string; ogTitle?: string; ogDescription?: string;
    twitterTitle?: string; twitterDescription?: string; twitterImage?: string; jsonLd?: string[];
  }): HeadData {
    const alternates = Object.entries(o.alternates).map(([l, p]) => ({ hreflang: l, href: this.absolute(p) }));
    if (alternates.length) alternates.push({ hreflang: 'x-default', href: this.absolute(o.alternates[this.routes.defaultLang] ?? joinPath(this.routes.defaultLang)) });
    const image = this.absolute(o.image);
    return {
      title: o.title,
      description: o.description,
      canonical: this.absolute(o.path),
      robots: o.robots,
      alternates,
      og: { type: o.type, title: o.ogTitle || o.title, description: o.ogDescription || o.description, image, url: this.absolute(o.path), locale: LOCALES[o.lang].replace('-', '_'), siteName: this.content.site.name },
      twitter: { card: 'summary_large_image', title: o.twitterTitle || o.ogTitle || o.title, description: o.twitterDescription || o.description, image: this.absolute(o.twitterImage) || image, site: this.content.site.twitterSite },
      jsonLd: o.jsonLd ?? [],
    };
  }

  /** sitemap.xml: every published page and article in every language, with its alternates. */
  sitemap(): string {
    const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    const rows: string[] = [];
    for (const e of this.routes.entries()) {
      const p = e.page;
      if (p.status !== 'Published' || p.type === 'feedback' || p.redirect || p.isActiveSEO === false || this.routes.templates.has(p.id)) continue;
      const alts = this.routes.alternates(p, e.article);
      const lastmod = (e.article?.date ?? p.modifyDate ?? '').slice(0, 10);
      rows.push(
        `<url><loc>${esc(this.absolute(e.path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${Object.entries(alts)
          .map(([l, href]) => `<xhtml:link rel="alternate" hreflang="${l}" href="${esc(this.absolute(href))}"/>`)
          .join('')}</url>`,
      );
    }
    // Every property and project, in every language, with its alternates.
    const listings: Array<{ property?: PropertyRecord; project?: ProjectRecord }> = [
      ...this.listings.propertyIds().map((id) => ({ property: this.listings.property(id, this.routes.defaultLang) })),
      ...this.listings.projectIds().map((id) => ({ project: this.listings.project(id, this.routes.defaultLang) })),
    ];
    for (const l of listings) {
      const alts = this.listingAlternates(l);
      const lastmod = (l.property?.ModifyDate ?? l.property?.CreateDate ?? l.project?.CreateDate ?? '').slice(0, 10);
      const links = Object.entries(alts).map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${esc(this.absolute(href))}"/>`).join('');
      for (const href of Object.values(alts)) rows.push(`<url><loc>${esc(this.absolute(href))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${links}</url>`);
    }
    return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${rows.join('\n')}\n</urlset>\n`;
  }
}

export type { Article };
