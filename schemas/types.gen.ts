/* Generated from the JSON Schemas by `npm run gen:types`. Do not edit. */

export type ArticleList = Article[];
/**
 * A link: a site path (/nl/contact/), a page reference (page:12), an external URL, tel: or mailto:.
 */
export type Link = string;
/**
 * The site's languages: which are in use and which one is the default.
 *
 * @minItems 1
 */
export type LanguageConfig = [Language, ...Language[]];
export type PageList = PageRecord[];
/**
 * A category's articles as a list (services: 1 per row, at most 40).
 */
export type ListViewModule = ModuleRecord & {
  view?: "list-view";
  showImage?: boolean;
  /**
   * config keeps the order of the article file.
   */
  order?: "date" | "title" | "config";
};
/**
 * Blog cards, newest first, optionally in seller and buyer columns.
 */
export type NewsViewModule = ModuleRecord & {
  view?: "news-view";
  /**
   * One column per blog column; empty for one list of the newest articles.
   */
  columns?: ("seller" | "buyer")[];
  showSummary?: boolean;
  /**
   * Show a link to the blog page.
   */
  moreLink?: boolean;
};
/**
 * The team grid: photo, name, role and contact (3 per row, at most 18).
 */
export type OnsTeamViewModule = ModuleRecord & {
  view?: "ons-team-view";
  showContact?: boolean;
};
/**
 * One article: the one named in relations, or on an article page the article of the path.
 */
export type SingleViewModule = ModuleRecord & {
  view?: "single-view";
  /**
   * Show the article's title as a heading.
   */
  showArticleTitle?: boolean;
  showImage?: boolean;
  showDate?: boolean;
};
/**
 * Searches the site's pages and articles in the visitor's language (?q=).
 */
export type SiteSearchModule = ModuleRecord & {
  view?: "site-search";
};

/**
 * Every schema of the registry, by title.
 */
export interface VitrineSchemas {
  Article?: Article;
  ArticleList?: ArticleList;
  BannerConfig?: BannerConfig;
  CookieConsentConfig?: CookieConsentConfig;
  Dictionary?: Dictionary;
  FooterConfig?: FooterConfig;
  HeaderConfig?: HeaderConfig;
  LanguageConfig?: LanguageConfig;
  ModuleRecord?: ModuleRecord;
  PageRecord?: PageRecord;
  PageList?: PageList;
  PopupConfig?: PopupConfig;
  SiteInfo?: SiteInfo;
  ListViewModule?: ListViewModule;
  NewsViewModule?: NewsViewModule;
  OnsTeamViewModule?: OnsTeamViewModule;
  SingleViewModule?: SingleViewModule;
  SiteSearchModule?: SiteSearchModule;
}
/**
 * A blog, service, team or general article.
 */
export interface Article {
  id: string;
  category: "blog" | "services" | "team" | "general";
  column?: "seller" | "buyer";
  date?: string;
  status: "Published" | "Hidden";
  title: LocalizedText;
  slug?: LocalizedText;
  summary?: LocalizedText;
  body: LocalizedText;
  image?: Media;
  author?: string;
  icon?: string;
  person?: Person;
}
/**
 * Text per language code (nl, fr, en, de). An upper-case key (NL) is accepted on read.
 */
export interface LocalizedText {
  [k: string]: string;
}
/**
 * A stored media file (image or document).
 */
export interface Media {
  id?: string | number;
  filename?: string;
  originalname?: string;
  url: string;
  mimetype?: string;
  destination?: string;
  createDate?: string;
  alt?: LocalizedText;
}
export interface Person {
  name: string;
  role: LocalizedText;
  email?: string;
  phone?: string;
  languages?: ("nl" | "fr" | "en" | "de")[];
}
export interface BannerConfig {
  type: "image" | "gallery" | "video" | "color" | "properties" | "none";
  image?: Media;
  gallery?: {
    /**
     * @minItems 1
     */
    images: [Media, ...Media[]];
  };
  video?: {
    url: string;
    type?: string;
    poster?: string;
    mobileUrl?: string;
    mobilePoster?: string;
  };
  color?: string;
  title?: PublicText;
  description?: PublicText;
}
/**
 * A localized text shown only when public is true.
 */
export interface PublicText {
  value: LocalizedText;
  public?: boolean;
}
export interface CookieConsentConfig {
  /**
   * Raise to ask every visitor again.
   */
  version: number;
  title: LocalizedText;
  description: LocalizedText;
  /**
   * @minItems 5
   * @maxItems 5
   */
  categories: [CookieCategory, CookieCategory, CookieCategory, CookieCategory, CookieCategory];
}
export interface CookieCategory {
  key: "necessary" | "analytics" | "marketing" | "social" | "unclassified";
  title: LocalizedText;
  description: LocalizedText;
}
/**
 * UI texts of one language: key to ICU message.
 */
export interface Dictionary {
  [k: string]: string;
}
export interface FooterConfig {
  columns: FooterColumn[];
  /**
   * Page ids shown beside the copyright.
   */
  legalLinks?: number[];
  copyright?: LocalizedText;
}
export interface FooterColumn {
  title?: PublicText;
  intro?: PublicText;
  text?: PublicText1;
  images?: {
    public?: boolean;
    items: Media[];
  };
  /**
   * Page ids listed as links.
   */
  links?: number[];
  sm?: number;
  md?: number;
  lg?: number;
}
/**
 * A localized text shown only when public is true.
 */
export interface PublicText1 {
  value: LocalizedText;
  public?: boolean;
}
/**
 * Header, logo behaviour and the optional top bar.
 */
export interface HeaderConfig {
  shrinkLogoOnScroll?: boolean;
  /**
   * Header switches from absolute to fixed past the scroll offset.
   */
  fixedOnScroll?: boolean;
  transparentOnTop?: boolean;
  topBar: {
    show: boolean;
    left?: TopBarLink[];
    right?: TopBarLink[];
  };
}
export interface TopBarLink {
  status: "Published" | "Hidden";
  label: LocalizedText;
  link: Link;
  icon?:
    | "phone"
    | "mail"
    | "pin"
    | "clock"
    | "user"
    | "facebook"
    | "instagram"
    | "linkedin"
    | "youtube"
    | "search"
    | "home"
    | "key"
    | "euro"
    | "star";
  color?: string;
}
export interface Language {
  code: "nl" | "fr" | "en" | "de";
  /**
   * Enabled on the public site.
   */
  use: boolean;
  default?: boolean;
  /**
   * Name of the language in itself (Nederlands).
   */
  label?: string;
}
/**
 * One module placed on a page. Each view adds its own params in modules/<view>/schema.json.
 */
export interface ModuleRecord {
  id: number;
  /**
   * Registered view key (single-view, list-view, news-view, ons-team-view, …).
   */
  view: string;
  /**
   * Version of the view's params this record was written with.
   */
  version?: number;
  title?: LocalizedText;
  titleSize?: "h1" | "h2" | "h3" | "h4" | "h5" | "h6";
  description?: LocalizedText;
  description2?: LocalizedText;
  position?: "contentRow" | "fullWidth";
  span?: number;
  col?: {
    sm?: number;
    md?: number;
    lg?: number;
  };
  sort?: number;
  class?: string;
  backgroundType?: "image" | "color" | "gallery" | "none";
  image?: Media;
  images?: Media[];
  colorBackground?: string;
  relations?: ModuleRelation[];
  status: "Published" | "Hidden";
  numberItemOfRow?: number;
  maxItems?: number;
  isHasSubcategories?: boolean;
}
export interface ModuleRelation {
  type: "article" | "property-list" | "contact" | "category";
  id: string | number;
}
/**
 * A menu/page record: one page of the site with its ordered modules.
 */
export interface PageRecord {
  id: number;
  parentId: number | null;
  /**
   * Internal name.
   */
  name: string;
  /**
   * Original (internal) path, e.g. /for-sale/.
   */
  path: string;
  localizedPath: LocalizedText1;
  status: "Published" | "Hidden";
  type: "page" | "article" | "feedback" | "login";
  /**
   * For type article: whose articles live below this page.
   */
  category?: "blog" | "services" | "team";
  createDate?: string;
  modifyDate?: string;
  sort: number;
  showInMenu?: boolean;
  title: LocalizedText;
  description?: LocalizedText;
  breadcrumbName?: LocalizedText;
  content?: {
    [k: string]: {
      html: string;
      public: boolean;
    };
  };
  metadata?: {
    [k: string]: PageMetadata;
  };
  isActiveSEO?: boolean;
  image?: Media;
  logo?: Media;
  modules?: ModuleRecord[];
  isHaveSubMenu?: boolean;
  /**
   * Extra menu links under this item, besides its child pages.
   */
  subMenu?: {
    label: LocalizedText;
    link: Link;
  }[];
  showFixedMenu?: boolean;
  noReferrerNoFollow?: boolean;
  noCookiePopup?: boolean;
  css?: string;
  redirect?: boolean;
  redirectUrl?: string;
  showBreadCrumb?: boolean;
  showPageBanner?: boolean;
  bannerTitle?: PublicText;
  bannerDescription?: PublicText;
  bannerType?: "image" | "gallery" | "video" | "color" | "properties" | "none" | "site";
  bannerImage?: Media;
  bannerImages?: Media[];
  bannerVideo?: string;
  bannerVideoPoster?: string;
  bannerVideoMobile?: string;
  bannerVideoMobilePoster?: string;
  bannerColor?: string;
  bannerTransparent?: boolean;
}
/**
 * Text per language code (nl, fr, en, de). An upper-case key (NL) is accepted on read.
 */
export interface LocalizedText1 {
  [k: string]: string;
}
export interface PageMetadata {
  pageTitle?: string;
  metadataTitle?: string;
  metadataDescription?: string;
  ogTitle?: string;
  ogDescription?: string;
  ogImage?: string;
  twitterTitle?: string;
  twitterDescription?: string;
  twitterImage?: string;
  /**
   * JSON-LD, must parse as JSON.
   */
  schemaData?: string;
}
export interface PopupConfig {
  isPublished: "yes" | "no";
  /**
   * Seconds before it shows; immediately when absent.
   */
  delay?: number;
  link?: Link;
  linkLabel?: LocalizedText;
  title?: LocalizedText;
  description?: LocalizedText;
  media?: Media;
  /**
   * Closes automatically when the URL contains this.
   */
  formAction?: string;
}
/**
 * The agency's identity and tracking ids.
 */
export interface SiteInfo {
  name: string;
  legalName?: string;
  /**
   * Public origin, no trailing slash.
   */
  url: string;
  email: string;
  phone: string;
  address: {
    street: string;
    zip: string;
    city: LocalizedText;
    country?: LocalizedText;
  };
  companyNumber?: string;
  /**
   * BIV/IPI registration of the certified agent.
   */
  ipiNumber?: string;
  logo?: Media;
  favicon?: Media;
  defaultImage?: Media1;
  analyticsId?: string;
  adsId?: string;
  tagManagerId?: string;
  pixelId?: string;
  twitterSite?: string;
  social?: {
    icon:
      | "phone"
      | "mail"
      | "pin"
      | "clock"
      | "user"
      | "facebook"
      | "instagram"
      | "linkedin"
      | "youtube"
      | "search"
      | "home"
      | "key"
      | "euro"
      | "star";
    url: string;
  }[];
  credits?: {
    design?: string;
    implementation?: string;
  };
}
/**
 * A stored media file (image or document).
 */
export interface Media1 {
  id?: string | number;
  filename?: string;
  originalname?: string;
  url: string;
  mimetype?: string;
  destination?: string;
  createDate?: string;
  alt?: LocalizedText;
}
