/**
 * Where a URL leads on a site: a redirect (a moved or legacy path, a listing under a path that is
 * not its canonical one), the 404 page (with the text to show), or a page with its listing.
 */
import type { Article, PageRecord } from '../../renderer/content.ts';
import type { LoadContext } from '../../renderer/module-api.ts';
import type { ProjectRecord, PropertyRecord } from '../../renderer/listing-types.ts';
import type { Lang } from '../../shared/constants.ts';
import { goalOf } from '../../shared/goal.ts';
import type { Site } from './site.ts';

/**
 * Where a URL leads, worked out once per request (server/site/request.ts puts it on `ctx.state`):
 * a redirect, the 404 page (with the text of `key`), or a page with what its modules need.
 */
export type PageRoute =
  | { kind: 'redirect'; location: string; status: 301 | 302 }
  | { kind: 'notFound'; url: URL; lang: Lang; key: string; elsewhere?: Partial<Record<Lang, string>> }
  | {
      kind: 'page';
      url: URL;
      lang: Lang;
      page: PageRecord;
      article?: Article;
      /** The canonical path (a listing's own path, a page's or article's path in `lang`). */
      path: string;
      /** A property or project detail path: its id (the record exists and the path is its canonical one). */
      params: LoadContext['params'];
      listing?: { property?: PropertyRecord; project?: ProjectRecord; listPage: PageRecord };
    };

/** Where `url` (path and query) leads: a redirect, the 404 page, or a page and what its modules need. */
export function resolveRoute(site: Site, url: string): PageRoute {
  const u = new URL(url, 'http://x');
  const resolution = site.routes.resolve(u.pathname);
  if (resolution.kind === 'redirect')
    return { kind: 'redirect', location: resolution.location + (resolution.status === 301 ? u.search : ''), status: resolution.status };
  if (resolution.kind === 'legacyListing') {
    const lang = site.routes.defaultLang;
    const record = resolution.listing === 'property' ? site.listings.property(resolution.id, lang) : site.listings.project(resolution.id, lang);
    const path =
      record && (resolution.listing === 'property' ? site.propertyPath(record as PropertyRecord, lang) : site.projectPath(record as ProjectRecord, lang));
    if (path) return { kind: 'redirect', location: path + u.search, status: 301 };
    return { kind: 'notFound', url: u, lang, key: resolution.listing === 'property' ? 'property.notFound' : 'project.notFound' };
  }
  const lang = resolution.lang;
  if (resolution.kind === 'notFound')
    return resolution.elsewhere && Object.keys(resolution.elsewhere).length
      ? { kind: 'notFound', url: u, lang, key: 'notFound.elsewhere', elsewhere: resolution.elsewhere }
      : { kind: 'notFound', url: u, lang, key: 'notFound' };

  const { article } = resolution;
  let page = resolution.page;
  const { subcategory } = resolution;
  let path = article
    ? site.routes.articlePath(article, lang)!
    : subcategory
      ? site.routes.subcategoryPath(page, subcategory, lang)
      : site.routes.pagePath(page, lang);
  const params: LoadContext['params'] = subcategory ? { subcategory } : {};
  let listing: { property?: PropertyRecord; project?: ProjectRecord; listPage: PageRecord } | undefined;
  if (resolution.listing) {
    // A property or project path: the record must exist, and the path must be its canonical one.
    const { kind, segments, listPage } = resolution.listing;
    const unit = kind === 'project' && segments.length >= 4;
    const id = Number(segments[segments.length - 1]);
    if (kind === 'property' || unit) {
      const property = site.listings.property(id, lang);
      if (!property) return { kind: 'notFound', url: u, lang, key: 'property.notFound' };
      const canonical = site.propertyPath(property, lang)!;
      if (canonical !== u.pathname) return { kind: 'redirect', location: canonical + u.search, status: 301 };
      const detailPage = unit ? site.routes.listingPage('property', goalOf(property)) : listPage;
      page = site.routes.page(detailPage?.listing?.detailPageId ?? -1) ?? page;
      params.propertyId = id;
      listing = { property, listPage: unit ? listPage : (detailPage ?? listPage) };
      if (unit && property.ProjectID) listing.project = site.listings.project(property.ProjectID, lang);
    } else {
      const project = site.listings.project(id, lang);
      if (!project) return { kind: 'notFound', url: u, lang, key: 'project.notFound' };
      const canonical = site.projectPath(project, lang)!;
      if (canonical !== u.pathname) return { kind: 'redirect', location: canonical + u.search, status: 301 };
      params.projectId = id;
      listing = { project, listPage };
    }
    path = u.pathname;
  }
  return { kind: 'page', url: u, lang, page, article, path, params, listing };
}
