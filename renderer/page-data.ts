/** What the server sends for one page: embedded once in the HTML, or from GET /api/page. */
import type { ModuleRecord } from './content.ts';
import type { Lang } from '../shared/constants.ts';
import type { Dictionary } from '../shared/format.ts';
import type { Viager } from './ui.tsx';

export interface HeadData {
  title: string;
  description: string;
  canonical: string;
  robots: string;
  alternates: Array<{ hreflang: string; href: string }>;
  og: { type: string; title: string; description: string; image: string; url: string; locale: string; siteName: string };
  twitter: { card: string; title: string; description: string; image: string; site?: string };
  jsonLd: string[];
}

export interface ImageView {
  url: string;
  alt: string;
}

export interface BannerView {
  type: 'image' | 'gallery' | 'video' | 'color';
  images: ImageView[];
  video?: { url: string; type?: string; poster?: string; mobileUrl?: string; mobilePoster?: string };
  color?: string;
  transparent?: boolean;
  title?: string;
  description?: string;
  /** Properties slideshow: what each image is, in the order of `images`. */
  slides?: Array<{
    title: string;
    path: string;
    price: number | null;
    goal: 'sale' | 'rent';
    priceFrom: boolean;
    viager: Viager | null;
  }>;
}

export interface MenuItem {
  id: number | string;
  label: string;
  path: string;
  external: boolean;
  children: MenuItem[];
}

export interface LinkView {
  label: string;
  href: string;
  external: boolean;
  icon?: string;
  color?: string;
}

export interface FooterColumnView {
  title?: string;
  intro?: string;
  html?: string;
  images: ImageView[];
  links: LinkView[];
  sm: number;
  md: number;
  lg: number;
}

export interface ShellData {
  lang: Lang;
  languages: Array<{ code: Lang; label: string }>;
  homePath: string;
  searchPath?: string;
  /** The pages of the visitor's favourites and of the comparison (issue 39), when the site has them. */
  favouritesPath?: string;
  comparePath?: string;
  site: {
    name: string;
    logoUrl: string;
    phone: string;
    email: string;
    addressLines: string[];
    ipiNumber?: string;
    companyNumber?: string;
    social: Array<{ icon: string; url: string }>;
    credits: { design?: string; implementation?: string };
    map: { tileUrl: string; attribution: string; maxZoom: number };
  };
  header: {
    shrinkLogoOnScroll: boolean;
    fixedOnScroll: boolean;
    transparentOnTop: boolean;
    topBar: { left: LinkView[]; right: LinkView[] } | null;
  };
  menu: MenuItem[];
  footer: { columns: FooterColumnView[]; legal: LinkView[]; copyright: string };
  /**
   * The dictionary of the language (English filling the gaps). Not embedded in the page: the
   * browser loads it from `messagesUrl` (cached for good, asked for with the script once the page is painted) before hydrating.
   */
  messages: Dictionary;
  /** `/i18n/{lang}.{content version}.json`: the dictionary as a file of its own. */
  messagesUrl: string;
  assetsVersion: string;
  /** Site-info ids of the tags that load after consent (only configured ones). */
  tracking: { analyticsId?: string; adsId?: string; tagManagerId?: string; pixelId?: string };
  consent: { version: number; title: string; description: string; categories: Array<{ key: string; title: string; description: string }>; policyPath?: string };
  popup: {
    delay: number;
    title: string;
    description: string;
    image?: string;
    link?: { href: string; label: string };
    formAction?: string;
    /** The pages of this language that hold the form's action (server/site/popup-rule.ts): the popup stays closed there. */
    closedOn?: string[];
  } | null;
}

export interface ModuleData {
  record: ModuleRecord;
  data: unknown;
  /** The server could not render it: the browser leaves it out too (only its id, type and place are sent). */
  failed?: true;
}

export interface PageData {
  path: string;
  search: string;
  lang: Lang;
  status: 200 | 400 | 404;
  kind: 'page' | 'article' | 'notFound';
  alternates: Partial<Record<Lang, string>>;
  head: HeadData;
  page: {
    id: number | null;
    type: string;
    title: string;
    showTitle: boolean;
    showBreadCrumb: boolean;
    showFixedMenu: boolean;
    noCookiePopup: boolean;
    css?: string;
  };
  banner: BannerView | null;
  breadcrumbs: Array<{ name: string; path?: string }>;
  modules: ModuleData[];
  contentVersion: string;
  /** On 404 pages: which message (notFound, property.notFound, project.notFound). */
  notFoundKey?: string;
  /** On the 404 page of a page not written in this language: the languages it exists in, each with its address (issue 38). */
  elsewhere?: Array<{ lang: Lang; name: string; path: string }>;
}

export interface InitialData {
  shell: ShellData;
  page: PageData;
}

/** Serialises data for an inline <script>: no `</script>`, no HTML comment openers, no line separators. */
export function safeJson(value: unknown): string {
  return JSON.stringify(value).replace(UNSAFE_IN_SCRIPT, (c) => SAFE[c]);
}
const UNSAFE_IN_SCRIPT = /[<>&\u2028\u2029]/g;
const SAFE: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/**
 * Id of the page data's element: a JSON data block (`<script type="application/json">`), which the
 * browser never runs, so the policy needs no hash of it (the server hashed 28 KB per uncached
 * page) and the browser reads it with JSON.parse, faster than running it as a script.
 */
export const INITIAL_DATA_ID = 'vitrine-data';
