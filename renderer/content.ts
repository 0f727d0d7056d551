import type {
  Article,
  BannerConfig,
  CookieConsentConfig,
  FooterConfig,
  HeaderConfig,
  LanguageConfig,
  ModuleRecord,
  PageRecord,
  PopupConfig,
  SiteInfo,
  RenovationConfig,
  ValuationConfig,
  BuyingCostsConfig,
  RedirectsConfig,
} from '../schemas/types.gen.ts';
import type { Lang } from '../shared/constants.ts';
import type { Dictionary } from '../shared/format.ts';

export type { Article, ModuleRecord, PageRecord };

/** The whole validated site configuration and content, as the server holds it. */
export interface Content {
  languages: LanguageConfig;
  site: SiteInfo;
  header: HeaderConfig;
  footer: FooterConfig;
  banner: BannerConfig;
  popup: PopupConfig;
  cookieConsent: CookieConsentConfig;
  pages: PageRecord[];
  /** The renovation calculator's works, costs, obligations and grants (renovation.json). */
  renovation: RenovationConfig;
  /** How the online valuation estimates (valuation.json). */
  valuation: ValuationConfig;
  /** The buying-cost calculator's duties, scales and costs (buying-costs.json). */
  buyingCosts: BuyingCostsConfig;
  /** Old addresses that lead to a page (redirects.json). */
  redirects: RedirectsConfig;
  articles: Article[];
  dictionaries: Partial<Record<Lang, Dictionary>>;
  /** Hash of the content: a page's HTML depends only on path, query and this. */
  version: string;
}
