/** What search engines read: a page's head (canonical, alternates, Open Graph, JSON-LD) and the sitemap. */
import type { HeadData } from '../../renderer/page-data.ts';
import { LOCALES, type Lang } from '../../shared/constants.ts';
import { localize } from '../../shared/localize.ts';
import { joinPath } from '../../shared/path.ts';
import type { ProjectRecord, PropertyRecord } from '../../renderer/listing-types.ts';
import type { Site } from './site.ts';

/** What the head and the sitemap need of the site. */
export type SeoSite = Pick<Site, 'content' | 'routes' | 'listings' | 'absoluteUrl' | 'propertyPath' | 'projectPath'>;

/** The agency as schema.org data (the home page). */
export function agencyJsonLd(site: SeoSite, lang: Lang) {
  const s = site.content.site;
  return {
    '@context': 'https://schema.org',
    '@type': 'RealEstateAgent',
    name: s.name,
    legalName: s.legalName,
    url: site.absoluteUrl(joinPath(lang)),
    logo: site.absoluteUrl(s.logo?.url ?? '/media/logo.svg'),
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

/** The head of a page: title, description, canonical, alternates, Open Graph, Twitter, JSON-LD. */
export function headData(
  site: SeoSite,
  o: {
    lang: Lang;
    title: string;
    description: string;
    path: string;
    robots: string;
    type: string;
    alternates: Partial<Record<Lang, string>>;
    image?: string;
    ogTitle?: string;
    ogDescription?: string;
    twitterTitle?: string;
    twitterDescription?: string;
    twitterImage?: string;
    jsonLd?: string[];
  },
): HeadData {
  const alternates = Object.entries(o.alternates).map(([l, p]) => ({ hreflang: l, href: site.absoluteUrl(p) }));
  if (alternates.length)
    alternates.push({ hreflang: 'x-default', href: site.absoluteUrl(o.alternates[site.routes.defaultLang] ?? joinPath(site.routes.defaultLang)) });
  const image = site.absoluteUrl(o.image);
  return {
    title: o.title,
    description: o.description,
    canonical: site.absoluteUrl(o.path),
    robots: o.robots,
    alternates,
    og: {
      type: o.type,
      title: o.ogTitle || o.title,
      description: o.ogDescription || o.description,
      image,
      url: site.absoluteUrl(o.path),
      locale: LOCALES[o.lang].replace('-', '_'),
      siteName: site.content.site.name,
    },
    twitter: {
      card: 'summary_large_image',
      title: o.twitterTitle || o.ogTitle || o.title,
      description: o.twitterDescription || o.description,
      image: site.absoluteUrl(o.twitterImage) || image,
      site: site.content.site.twitterSite,
    },
    jsonLd: o.jsonLd ?? [],
  };
}

/** sitemap.xml: every published page and article in every language, with its alternates. */
export function sitemap(site: SeoSite): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  const rows: string[] = [];
  for (const e of site.routes.entries()) {
    const p = e.page;
    if (p.status !== 'Published' || p.type === 'feedback' || p.redirect || p.isActiveSEO === false || site.routes.templates.has(p.id)) continue;
    const alts = site.routes.alternates(p, e.article, e.subcategory);
    const lastmod = (e.article?.date ?? p.modifyDate ?? '').slice(0, 10);
    rows.push(
      `<url><loc>${esc(site.absoluteUrl(e.path))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${Object.entries(alts)
        .map(([l, href]) => `<xhtml:link rel="alternate" hreflang="${l}" href="${esc(site.absoluteUrl(href))}"/>`)
        .join('')}</url>`,
    );
  }
  // Every property and project, in every language, with its alternates.
  const listings: Array<{ property?: PropertyRecord; project?: ProjectRecord }> = [
    ...site.listings.propertyIds().map((id) => ({ property: site.listings.property(id, site.routes.defaultLang) })),
    ...site.listings.projectIds().map((id) => ({ project: site.listings.project(id, site.routes.defaultLang) })),
  ];
  for (const l of listings) {
    const alts = listingAlternates(site, l);
    const lastmod = (l.property?.ModifyDate ?? l.property?.CreateDate ?? l.project?.CreateDate ?? '').slice(0, 10);
    const links = Object.entries(alts)
      .map(([lang, href]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${esc(site.absoluteUrl(href))}"/>`)
      .join('');
    for (const href of Object.values(alts))
      rows.push(`<url><loc>${esc(site.absoluteUrl(href))}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}${links}</url>`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${rows.join('\n')}\n</urlset>\n`;
}

/** A listing's path in every language that shows it. */
export function listingAlternates(site: SeoSite, listing: { property?: PropertyRecord; project?: ProjectRecord }): Partial<Record<Lang, string>> {
  const out: Partial<Record<Lang, string>> = {};
  for (const l of site.routes.enabled) {
    const path = listing.property
      ? (() => {
          const p = site.listings.property(listing.property!.ID, l);
          return p && site.propertyPath(p, l);
        })()
      : (() => {
          const p = site.listings.project(listing.project!.ID, l);
          return p && site.projectPath(p, l);
        })();
    if (path) out[l] = path;
  }
  return out;
}
