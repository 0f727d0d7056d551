/** The shell of a language: what every page shares (header, menu, footer, texts, consent, popup). */
import type { Content, PageRecord } from '../../renderer/content.ts';
import type { LinkView, MenuItem, ShellData } from '../../renderer/page-data.ts';
import type { Lang } from '../../shared/constants.ts';
import { localize, localizeStrict } from '../../shared/localize.ts';
import type { RouteTable } from '../../shared/routes.ts';
import { joinPath } from '../../shared/path.ts';
import { translate } from '../../shared/format.ts';
import { messagesPath } from './dictionary.ts';
import { popupClosedOn } from './popup-rule.ts';
import type { Media, PublicText } from '../../schemas/types.gen.ts';

/** A configured link (`page:{id}` or a URL) as a path or URL in `lang`; undefined for a page not written in `lang` (issue 38). */
export function linkHref(routes: RouteTable, link: string, lang: Lang): string | undefined {
  const m = /^page:(\d+)$/.exec(link);
  if (!m) return link;
  const page = routes.page(Number(m[1]));
  return page && !routes.available(page, lang) ? undefined : routes.pathOf(Number(m[1]), lang);
}

/** A configured image with its alt text in `lang`. */
export function mediaView(m: Media | undefined, lang: Lang) {
  return m ? { url: m.url, alt: localize(m.alt, lang) } : undefined;
}

/** A text the staff can hide (`public: false`), in `lang`. */
export function publicText(t: PublicText | undefined, lang: Lang): string | undefined {
  return t && t.public !== false ? localizeStrict(t.value, lang) : undefined;
}

function menuItem(content: Content, routes: RouteTable, p: PageRecord, lang: Lang, children: PageRecord[]): MenuItem {
  const external = !!(p.redirect && p.redirectUrl);
  // A section page with a sub-menu lists its articles (the services) under it.
  const articles =
    p.type === 'article' && p.category && p.isHaveSubMenu
      ? content.articles.filter((a) => a.category === p.category && a.status === 'Published' && routes.articleAvailable(a, lang))
      : [];
  return {
    id: p.id,
    label: localize(p.title, lang),
    path: external ? p.redirectUrl! : routes.pagePath(p, lang),
    external,
    children: [
      ...children.map((c) => menuItem(content, routes, c, lang, [])),
      ...articles.map((a) => ({ id: a.id, label: localize(a.title, lang), path: routes.articlePath(a, lang)!, external: false, children: [] })),
      ...(p.subMenu ?? []).flatMap((s, i) => {
        const href = linkHref(routes, s.link, lang);
        return href === undefined ? [] : [{ id: `${p.id}-${i}`, label: localize(s.label, lang), path: href, external: /^https?:/.test(href), children: [] }];
      }),
    ],
  };
}

/** What every page of `lang` shares: languages, header, menu, footer, texts, consent, popup. */
export function buildShell(content: Content, routes: RouteTable, lang: Lang): ShellData {
  const inMenu = (p: PageRecord) => p.status === 'Published' && p.showInMenu !== false && p.type !== 'feedback' && routes.available(p, lang);
  const sorted = [...content.pages].sort((a, b) => a.sort - b.sort || a.id - b.id);
  const menu = sorted
    .filter((p) => p.parentId === null && inMenu(p))
    .map((p) => menuItem(content, routes, p, lang, p.isHaveSubMenu === false ? [] : sorted.filter((c) => c.parentId === p.id && inMenu(c))));
  const link = (l: { label: Record<string, string>; link: string; icon?: string; color?: string }): LinkView[] => {
    const href = linkHref(routes, l.link, lang);
    return href === undefined ? [] : [{ label: localize(l.label, lang), href, external: /^https?:/.test(href), icon: l.icon, color: l.color }];
  };
  // A page not written in this language is left out of the footer (issue 38).
  const pageLink = (id: number): LinkView[] => {
    const page = routes.page(id);
    return page && !routes.available(page, lang) ? [] : [{ label: localize(page?.title, lang), href: routes.pathOf(id, lang), external: false }];
  };
  const tb = content.header.topBar;
  const messages = { ...(content.dictionaries.en ?? {}), ...(content.dictionaries[lang] ?? {}) };
  // The translator every page of this language then uses (made once per dictionary object).
  const { t } = translate(lang, messages);
  const site = content.site;
  const pageWith = (view: string) =>
    content.pages.find((p) => p.status === 'Published' && routes.available(p, lang) && p.modules?.some((m) => m.view === view));
  const searchPage = pageWith('site-search');
  const [favouritesPage, comparePage] = [pageWith('favourites'), pageWith('property-compare')];
  const year = new Date().getUTCFullYear();
  return {
    lang,
    languages: routes.enabled.map((code) => ({ code, label: messages[`lang.${code}`] ?? code })),
    homePath: joinPath(lang),
    searchPath: searchPage ? routes.pagePath(searchPage, lang) : undefined,
    favouritesPath: favouritesPage ? routes.pagePath(favouritesPage, lang) : undefined,
    comparePath: comparePage ? routes.pagePath(comparePage, lang) : undefined,
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
            left: (tb.left ?? []).filter((l) => l.status === 'Published').flatMap(link),
            right: (tb.right ?? []).filter((l) => l.status === 'Published').flatMap(link),
          }
        : null,
    },
    menu,
    footer: {
      columns: content.footer.columns.map((c) => ({
        title: publicText(c.title, lang),
        intro: publicText(c.intro, lang),
        html: publicText(c.text, lang),
        images: c.images && c.images.public !== false ? c.images.items.map((m) => mediaView(m, lang)!) : [],
        links: (c.links ?? []).flatMap(pageLink),
        sm: c.sm ?? 12,
        md: c.md ?? 6,
        lg: c.lg ?? 3,
      })),
      legal: (content.footer.legalLinks ?? []).flatMap(pageLink),
      copyright: localize(content.footer.copyright, lang) || t('footer.copyright', { year, name: site.name }),
    },
    messages,
    messagesUrl: messagesPath(lang, content.version),
    assetsVersion: content.version,
    tracking: Object.fromEntries((['analyticsId', 'adsId', 'tagManagerId', 'pixelId'] as const).filter((k) => site[k]).map((k) => [k, site[k]])),
    consent: {
      version: content.cookieConsent.version,
      title: localize(content.cookieConsent.title, lang),
      description: localize(content.cookieConsent.description, lang),
      categories: content.cookieConsent.categories.map((c) => ({ key: c.key, title: localize(c.title, lang), description: localize(c.description, lang) })),
      policyPath: (() => {
        const policy = content.pages.find((p) => p.path === '/cookie-policy/');
        return policy ? routes.pagePath(policy, routes.available(policy, lang) ? lang : routes.defaultLang) : undefined;
      })(),
    },
    popup:
      content.popup.isPublished === 'yes'
        ? {
            delay: content.popup.delay ?? 0,
            title: localize(content.popup.title, lang),
            description: localize(content.popup.description, lang),
            image: content.popup.media?.url,
            link: (() => {
              const href = content.popup.link ? linkHref(routes, content.popup.link, lang) : undefined;
              return href ? { href, label: localize(content.popup.linkLabel, lang) || localize(content.popup.title, lang) } : undefined;
            })(),
            formAction: content.popup.formAction,
            closedOn: popupClosedOn(content, routes, lang, content.popup.formAction),
          }
        : null,
  };
}
