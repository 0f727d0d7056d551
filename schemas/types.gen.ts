/* Generated from the JSON Schemas by `npm run gen:types`. Do not edit. */

export type ArticleList = Article[];
/**
 * A page of this site, by its id (the editor picks it by title).
 */
export type PageRef = number;
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
/**
 * A page of this site, by its id (the editor picks it by title).
 */
export type PageRef1 = number;
export type PageList = PageRecord[];
/**
 * The buying-cost calculator: a price, the region, sole own home and new build, and the registration duties or VAT, the notary's fee and costs, the mortgage deed's costs and the monthly payment. Its figures are the site setting 'Buying-cost calculator' (buying-costs.json).
 */
export type BuyingCostsModule = ModuleRecord & {
  view?: "buying-costs";
  /**
   * Ask for a loan and show the mortgage deed's costs and the monthly payment.
   */
  showMortgage?: boolean;
  /**
   * List the source and date of every figure under the result.
   */
  showSources?: boolean;
};
/**
 * A visitor form, by kind (contact, visit, valuation, offer…), with the fields staff chose: shown, required, order and conditions.
 */
export type ContactModule = ModuleRecord & {
  view?: "contact";
  /**
   * The kind of form: one of the kinds defined in shared/forms.ts (FORMS), which the module's registration lists here as its choices.
   */
  form: string;
  fields?: Fields;
};
/**
 * A field of the form's kind (the check names the kind's fields when it is not one).
 */
export type Field1 = string;
export type Shown = boolean;
export type Required = boolean;
/**
 * Each condition joins the ones above it with its 'and'/'or'. A condition looks at fields above this one; one that cannot be evaluated counts as not met.
 *
 * @maxItems 10
 */
export type ShownOnlyWhen =
  | []
  | [Condition]
  | [Condition, Condition]
  | [Condition, Condition, Condition]
  | [Condition, Condition, Condition, Condition]
  | [Condition, Condition, Condition, Condition, Condition]
  | [Condition, Condition, Condition, Condition, Condition, Condition]
  | [Condition, Condition, Condition, Condition, Condition, Condition, Condition]
  | [Condition, Condition, Condition, Condition, Condition, Condition, Condition, Condition]
  | [Condition, Condition, Condition, Condition, Condition, Condition, Condition, Condition, Condition]
  | [Condition, Condition, Condition, Condition, Condition, Condition, Condition, Condition, Condition, Condition];
/**
 * A field of the form's kind (the check names the kind's fields when it is not one).
 */
export type Field2 = string;
export type JoinedWith = "and" | "or";
export type Comparison = "equals" | "notEquals" | "in" | "empty" | "notEmpty" | "gt" | "gte" | "lt" | "lte";
/**
 * The value compared with: text, a number, or for 'in' a comma-separated list (1,3).
 */
export type Value = string;
/**
 * A field of the form's kind (the check names the kind's fields when it is not one).
 */
export type OrComparedWithTheField = string;
/**
 * A JSON Logic rule over the form's values, e.g. {"in": [{"var": "propertyType"}, ["1", "3"]]}. The field shows only when it holds as well.
 */
export type AdvancedConditionJSONLogic = string;
/**
 * Per field of the form's kind: shown or not, required or not, its order (the order of this list), and when it shows. Fields not listed keep what the kind says.
 *
 * @maxItems 60
 */
export type Fields = Field[];
/**
 * The cookie categories of the consent dialog, with a button that reopens it.
 */
export type CookieListModule = ModuleRecord & {
  view?: "cookie-list";
};
/**
 * The visitor's favourites, kept on their device without an account; the page's address (?ids=) is the list, to share.
 */
export type FavouritesModule = ModuleRecord & {
  view?: "favourites";
};
/**
 * Buy (count for sale), Rent (count for rent) and Estimate blocks, with counts per type summed for sale and rent.
 */
export type HomeBlocksModule = ModuleRecord & {
  view?: "home-blocks";
  estimatePageId?: PageRef2;
};
/**
 * A page of this site, by its id (the editor picks it by title).
 */
export type PageRef2 = number;
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
 * The online valuation in steps (address and postcode, type, surface, bedrooms, condition, EPC, outdoor space) and its indicative sale and rent range from the agency's own listings. How it estimates is the site setting 'Online valuation' (valuation.json).
 */
export type OnlineValuationModule = ModuleRecord & {
  view?: "online-valuation";
  /**
   * Offer the free in-depth valuation under the result: the valuation request form (contact-demand), prefilled, with the estimate attached.
   */
  requestForm?: boolean;
};
/**
 * The team grid: photo, name, role and contact (3 per row, at most 18).
 */
export type OnsTeamViewModule = ModuleRecord & {
  view?: "ons-team-view";
  showContact?: boolean;
};
/**
 * The owner portal on the login page: login, forgotten password, then the owner's properties with their visits, chart, communications, calendar visits and online media. Its data is fetched in the browser from /api/owner/ after login, so the page itself stays the same for everyone (cacheable).
 */
export type OwnerPortalModule = ModuleRecord & {
  view?: "owner-portal";
};
/**
 * One new-build project: photos, types, price list of its units, constructions, delivery, situation, map, residence website.
 */
export type ProjectDetailModule = ModuleRecord & {
  view?: "project-detail";
};
/**
 * New-build projects as cards.
 */
export type ProjectListModule = ModuleRecord & {
  view?: "project-list";
};
/**
 * Up to four properties side by side (?ids=): price, price per m², surfaces, rooms, energy, flood scores, costs. Printable; the address is the comparison, to share.
 */
export type PropertyCompareModule = ModuleRecord & {
  view?: "property-compare";
};
/**
 * One property: photos, price, facts, energy, planning, documents, map, share, print, similar properties and the agent.
 */
export type PropertyDetailModule = ModuleRecord & {
  view?: "property-detail";
  similarCount?: number;
};
/**
 * Property search with filters, sorting, paging and a map, or a short list of featured properties.
 */
export type PropertyListModule = ModuleRecord & {
  view?: "property-list";
  /**
   * Empty: the goal of the page (for sale / for rent).
   */
  goal?: "sale" | "rent";
  /**
   * Only the newest available properties, no filters (home page).
   */
  featured?: boolean;
  pageSize?: number;
  showFilters?: boolean;
  showMap?: boolean;
};
/**
 * The properties the visitor last looked at, kept on their device: a strip drawn in the browser only.
 */
export type RecentlyViewedModule = ModuleRecord & {
  view?: "recently-viewed";
};
/**
 * The renovation cost calculator: a home's postcode, kind, surface, year and EPC, the works ticked, and the cost range per work and in total, the expected label, the obligation's deadline and the regional grants. Its figures are the site setting 'Renovation calculator' (renovation.json).
 */
export type RenovationCalculatorModule = ModuleRecord & {
  view?: "renovation-calculator";
  /**
   * List the regional grants that may apply.
   */
  showGrants?: boolean;
  /**
   * List the source and date of every figure under the result.
   */
  showSources?: boolean;
  /**
   * Offer 'talk to us' with the result attached: a request about the property the calculator was opened from, else a contact request.
   */
  requestForm?: boolean;
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
 * Searches the site (?q=): properties by reference, street, municipality in any language and postcode; projects; pages and articles of the visitor's language.
 */
export type SiteSearchModule = ModuleRecord & {
  view?: "site-search";
};
/**
 * Testimonials visitors sent and staff published, newest first.
 */
export type TestimonialsModule = ModuleRecord & {
  view?: "testimonials";
  /**
   * How many testimonials are shown.
   */
  maxItems?: number;
  /**
   * list: every testimonial with its photo and date (the testimonials page); quotes: the newest as short quotes with a link to the page that lists them all (home).
   */
  variant?: "list" | "quotes";
};
/**
 * Rich text written on the page itself: headings, paragraphs, lists, links, quotes, tables and images from the media library.
 */
export type TextModule = ModuleRecord & {
  view?: "text";
  body: LocalizedHtml1;
};

/**
 * Every schema of the registry, by title.
 */
export interface VitrineSchemas {
  Article?: Article;
  ArticleList?: ArticleList;
  BannerConfig?: BannerConfig;
  BuyingCostsConfig?: BuyingCostsConfig;
  CityEntry?: CityEntry;
  CookieConsentConfig?: CookieConsentConfig;
  Dictionary?: Dictionary;
  FooterConfig?: FooterConfig;
  ContactAppointmentForm?: ContactAppointmentForm;
  ContactConstructionForm?: ContactConstructionForm;
  ContactDemandForm?: ContactDemandForm;
  ContactMeForm?: ContactMeForm;
  DemandRegisterForm?: DemandRegisterForm;
  DocumentRequestForm?: DocumentRequestForm;
  JobApplicationForm?: JobApplicationForm;
  PurchaseOfferForm?: PurchaseOfferForm;
  RentalApplicationForm?: RentalApplicationForm;
  SendToFriendForm?: SendToFriendForm;
  NewsletterForm?: NewsletterForm;
  SiteContactForm?: SiteContactForm;
  TestimonialForm?: TestimonialForm;
  HeaderConfig?: HeaderConfig;
  LanguageConfig?: LanguageConfig;
  PreloadedResponse?: PreloadedResponse;
  ModuleRecord?: ModuleRecord;
  PageRecord?: PageRecord;
  PageList?: PageList;
  PopupConfig?: PopupConfig;
  ProjectRecord?: ProjectRecord;
  PropertyTypeRecord?: PropertyTypeRecord;
  PropertyRecord?: PropertyRecord;
  RedirectsConfig?: RedirectsConfig;
  RenovationConfig?: RenovationConfig;
  SiteInfo?: SiteInfo;
  TreeListItem?: TreeListItem;
  ValuationConfig?: ValuationConfig;
  BuyingCostsModule?: BuyingCostsModule;
  ContactModule?: ContactModule;
  CookieListModule?: CookieListModule;
  FavouritesModule?: FavouritesModule;
  HomeBlocksModule?: HomeBlocksModule;
  ListViewModule?: ListViewModule;
  NewsViewModule?: NewsViewModule;
  OnlineValuationModule?: OnlineValuationModule;
  OnsTeamViewModule?: OnsTeamViewModule;
  OwnerPortalModule?: OwnerPortalModule;
  ProjectDetailModule?: ProjectDetailModule;
  ProjectListModule?: ProjectListModule;
  PropertyCompareModule?: PropertyCompareModule;
  PropertyDetailModule?: PropertyDetailModule;
  PropertyListModule?: PropertyListModule;
  RecentlyViewedModule?: RecentlyViewedModule;
  RenovationCalculatorModule?: RenovationCalculatorModule;
  SingleViewModule?: SingleViewModule;
  SiteSearchModule?: SiteSearchModule;
  TestimonialsModule?: TestimonialsModule;
  TextModule?: TextModule;
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
  body: LocalizedHtml;
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
 * Rich text (HTML) per language code, written in the editor's rich-text field; sanitised on save and again when the content is loaded.
 */
export interface LocalizedHtml {
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
/**
 * Data of the buying-cost calculator (module buying-costs): registration duties per Belgian region with the reduced rate for a sole own home and the Brussels allowance, VAT on new builds, the notaries' legal scales, the fixed costs of a sale deed and of a mortgage deed, and the defaults of the mortgage payment. Rates are percentages (12.5 = 12,5 %). Indicative figures; each carries its source and the date it applies from or was checked.
 */
export interface BuyingCostsConfig {
  note: LocalizedText1;
  regions: {
    flanders: RegionDuties;
    brussels: RegionDuties;
    wallonia: RegionDuties;
  };
  /**
   * VAT on the building of a new build (instead of registration duties, which then apply to the land only) and on the notary's fees and costs.
   */
  vat: {
    newBuild: number;
    fees: number;
    source: CostSource;
  };
  saleScale: FeeScale;
  /**
   * The other costs of a sale deed (the notary's various costs, fixed duties).
   *
   * @maxItems 30
   */
  saleCosts: FixedCost[];
  /**
   * The costs of a mortgage deed.
   */
  mortgage: {
    /**
     * Accessories registered with the loan (interest and costs), as a share of it: the duties and the fee are on the loan plus this.
     */
    accessories: number;
    /**
     * Registration duty on the registered amount.
     */
    registration: number;
    /**
     * Mortgage registration fee on the registered amount.
     */
    inscription: number;
    scale: FeeScale1;
    /**
     * @maxItems 30
     */
    costs: FixedCost[];
    source: CostSource;
  };
  /**
   * What the mortgage payment starts from when nothing is entered.
   */
  loan: {
    /**
     * The loan as a share of the price.
     */
    share: number;
    /**
     * Yearly interest rate, in %.
     */
    rate: number;
    years: number;
    source: CostSource;
  };
}
/**
 * Text per language code (nl, fr, en, de). An upper-case key (NL) is accepted on read.
 */
export interface LocalizedText1 {
  [k: string]: string;
}
export interface RegionDuties {
  /**
   * Registration duties on a sale, in %.
   */
  rate: number;
  /**
   * The reduced rate (and allowance) for a sole own home.
   */
  soleHome: {
    rate: number;
    /**
     * A first part of the price free of duties, for homes up to a price.
     */
    allowance?: {
      amount: number;
      /**
       * For a new build (on the land only); without it, the same amount.
       */
      newBuildAmount?: number;
      maxPrice: number;
    };
    condition: LocalizedText;
  };
  /**
   * Registration duty on a mortgage, in % (the mortgage's own setting when absent).
   */
  mortgageRate?: number;
  source: CostSource;
}
/**
 * Where a figure comes from and the date it applies from or was checked.
 */
export interface CostSource {
  name: string;
  url?: string;
  /**
   * YYYY-MM or YYYY-MM-DD
   */
  date: string;
  note?: LocalizedText2;
}
/**
 * Text per language code (nl, fr, en, de). An upper-case key (NL) is accepted on read.
 */
export interface LocalizedText2 {
  [k: string]: string;
}
/**
 * The notary's fee on a sale deed, on the price.
 */
export interface FeeScale {
  /**
   * @minItems 1
   * @maxItems 30
   */
  bands: [
    {
      from: number;
      rate: number;
    },
    ...{
      from: number;
      rate: number;
    }[]
  ];
  source: CostSource;
}
export interface FixedCost {
  key: string;
  name: LocalizedText;
  amount: number;
  /**
   * VAT on fees is added to it.
   */
  vat: boolean;
  source: CostSource;
}
/**
 * A sliding scale: each band's rate applies to the part of the amount from its 'from' to the next band's.
 */
export interface FeeScale1 {
  /**
   * @minItems 1
   * @maxItems 30
   */
  bands: [
    {
      from: number;
      rate: number;
    },
    ...{
      from: number;
      rate: number;
    }[]
  ];
  source: CostSource;
}
export interface CityEntry {
  Name: string;
  Zip: string;
  CountryID?: number;
  CountryName?: string;
  PropertyCount: number;
  language: "nl" | "fr" | "en" | "de";
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
   * Pages shown beside the copyright.
   */
  legalLinks?: PageRef[];
  copyright?: LocalizedText;
}
export interface FooterColumn {
  title?: PublicText;
  intro?: PublicText;
  text?: PublicHtml;
  images?: {
    public?: boolean;
    items: Media[];
  };
  /**
   * Pages listed as links.
   */
  links?: PageRef[];
  sm?: number;
  md?: number;
  lg?: number;
}
/**
 * HTML, sanitised before rendering.
 */
export interface PublicHtml {
  value: LocalizedHtml;
  public?: boolean;
}
/**
 * Booking of a free appointment slot with the agency (a visit when it is about a property).
 */
export interface ContactAppointmentForm {
  /**
   * Local start (Europe/Brussels) of a free slot, YYYY-MM-DDTHH:MM.
   */
  slot: string;
  title?: "mr" | "ms" | "miss";
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message?: string;
  propertyId?: number;
}
/**
 * An enquiry about a new-build project: the units of interest, budget, bedrooms, a message and the contact data (contact-construction).
 */
export interface ContactConstructionForm {
  /**
   * @maxItems 200
   */
  units?: string[];
  budget?: number;
  bedrooms?: number;
  title?: "mr" | "ms" | "miss";
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  message?: string;
  newsletter?: boolean;
  projectId: number;
}
/**
 * Free valuation (in-depth valuation) request.
 */
export interface ContactDemandForm {
  goal: "sell" | "rent-out" | "buy";
  propertyType: "1" | "2" | "3" | "4" | "5" | "6" | "7";
  bedrooms?: number;
  street: string;
  /**
   * The number, with a letter or box if any (12, 12A, 12 bus 3).
   */
  houseNumber: string;
  zip: string;
  city: string;
  title?: "mr" | "ms" | "miss";
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message?: string;
  newsletter?: boolean;
  /**
   * The online valuation this request comes from: its query string, read again on the server (issue 16).
   */
  valuation?: string;
}
/**
 * Contact me about a property: a visit or more information (contact-me).
 */
export interface ContactMeForm {
  request: "visit" | "info";
  title?: "mr" | "ms" | "miss";
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  timeSlots?: ("10:00-13:00" | "14:00-16:00" | "16:00-19:00")[];
  preference?: "phone" | "email";
  message?: string;
  newsletter?: boolean;
  propertyId: number;
  /**
   * The renovation calculator's result this request comes with: its query string, read again on the server (issue 16).
   */
  renovation?: string;
}
/**
 * Demand register (search alert): what the visitor looks for; new matching properties are mailed after each import.
 */
export interface DemandRegisterForm {
  goal: "sale" | "rent";
  /**
   * @minItems 1
   */
  types: ["1" | "2" | "3" | "4" | "5" | "6" | "7", ...("1" | "2" | "3" | "4" | "5" | "6" | "7")[]];
  /**
   * Regions searched in (SPEC §3 demand: region/zip/city; SPEC §9 regions by postcode).
   *
   * @maxItems 3
   */
  regions?:
    | []
    | ["brussels" | "flanders" | "wallonia"]
    | ["brussels" | "flanders" | "wallonia", "brussels" | "flanders" | "wallonia"]
    | [
        "brussels" | "flanders" | "wallonia",
        "brussels" | "flanders" | "wallonia",
        "brussels" | "flanders" | "wallonia"
      ];
  /**
   * @minItems 1
   * @maxItems 40
   */
  cities: [string, ...string[]];
  /**
   * Postcodes searched in, as the visitor types them: four digits each, separated by commas or spaces (1030, 1180).
   */
  zips?: string;
  minPrice?: number;
  maxPrice?: number;
  bedrooms?: number;
  maxBedrooms?: number;
  bathrooms?: number;
  garages?: number;
  parkings?: number;
  terrace?: boolean;
  garden?: boolean;
  title?: "mr" | "ms" | "miss";
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  newsletter?: boolean;
}
/**
 * Ask for the documents of a property by e-mail.
 */
export interface DocumentRequestForm {
  title?: "mr" | "ms" | "miss";
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  propertyId: number;
  newsletter?: boolean;
}
/**
 * A job application with a CV (PDF or DOCX, at most 5 MB).
 */
export interface JobApplicationForm {
  title?: "mr" | "ms" | "miss";
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  position?: string;
  message?: string;
  /**
   * The CV: PDF or DOCX, at most 5 MB, checked by content.
   */
  cv: {
    name: string;
    size: number;
    type: "pdf" | "docx";
  };
}
/**
 * A written purchase offer on a property for sale; 10% of the offered price is the advance at signing.
 */
export interface PurchaseOfferForm {
  offeredPrice: number;
  conditions?: string;
  title?: "mr" | "ms" | "miss";
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  propertyId: number;
}
/**
 * Application to rent a property, with the confirmations of SPEC §5 whose numbers come from the property.
 */
export interface RentalApplicationForm {
  monthlyIncome: number;
  persons: number;
  title?: "mr" | "ms" | "miss";
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message?: string;
  confirmIncome: true;
  confirmPersons: true;
  confirmDescription: true;
  confirmPayment: true;
  propertyId: number;
}
/**
 * Send a property to a friend.
 */
export interface SendToFriendForm {
  firstName: string;
  lastName: string;
  email: string;
  friendFirstName: string;
  friendLastName: string;
  receiverEmail: string;
  message?: string;
  /**
   * The characters of the captcha image, as typed.
   */
  captcha: string;
  propertyId: number;
  /**
   * The sealed answer the server gave with the image.
   */
  captchaToken: string;
}
/**
 * Newsletter sign-up.
 */
export interface NewsletterForm {
  firstName?: string;
  email: string;
  newsletter?: boolean;
}
/**
 * General contact form (site-contact).
 */
export interface SiteContactForm {
  title?: "mr" | "ms" | "miss";
  firstName: string;
  lastName: string;
  email: string;
  phone?: string;
  message: string;
  newsletter?: boolean;
  /**
   * The renovation calculator's result this request comes with: its query string, read again on the server (issue 16).
   */
  renovation?: string;
}
/**
 * A testimonial; published only after staff approval.
 */
export interface TestimonialForm {
  name: string;
  about?: string;
  url?: string;
  /**
   * A portrait or photo (JPEG, PNG or WebP, at most 5 MB).
   */
  image?: {
    name: string;
    size: number;
    type: "jpeg" | "png" | "webp";
  };
  comment: string;
  /**
   * The characters of the captcha image, as typed.
   */
  captcha: string;
  /**
   * The sealed answer the server gave with the image.
   */
  captchaToken: string;
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
    | "star"
    | "heart";
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
 * The CRM's preloaded response: one record per language. The file must be an object with a `properties` array; everything else is optional. Records are validated one by one on import (server/listings/feed.ts).
 */
export interface PreloadedResponse {
  /**
   * Records of property.json, each validated on its own: a bad record is reported and left out, never the whole file.
   */
  properties: unknown[];
  /**
   * Records of project.json, each validated on its own: a bad record is reported and left out, never the whole file.
   */
  projects?: unknown[];
  /**
   * Records of property-type.json, each validated on its own: a bad record is reported and left out, never the whole file.
   */
  webIDs?: unknown[];
  /**
   * Records of city.json, each validated on its own: a bad record is reported and left out, never the whole file.
   */
  citys?: unknown[];
  /**
   * Records of city.json, each validated on its own: a bad record is reported and left out, never the whole file.
   */
  citysSale?: unknown[];
  /**
   * Records of city.json, each validated on its own: a bad record is reported and left out, never the whole file.
   */
  citysRent?: unknown[];
  /**
   * Records of tree-item.json, each validated on its own: a bad record is reported and left out, never the whole file.
   */
  neighbourhoods?: unknown[];
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
/**
 * What a module shows: an article, or the articles of a category (the editor picks them by title).
 */
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
  localizedPath: LocalizedText3;
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
  /**
   * This page lists properties or projects; the paths below it are their detail pages.
   */
  listing?: {
    kind: "property" | "project";
    goal?: "sale" | "rent";
    detailPageId: PageRef1;
  };
}
/**
 * Text per language code (nl, fr, en, de). An upper-case key (NL) is accepted on read.
 */
export interface LocalizedText3 {
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
 * One new-build project in one language, read as leniently as a property (see property.json).
 */
export interface ProjectRecord {
  ID: number;
  Goal?: number;
  /**
   * Not in the spec's project record; empty when the CRM does not send it.
   */
  Name: string;
  PublicAddress?: boolean;
  Street?: string | null;
  HouseNumber?: string | null;
  BoxNr?: string | null;
  Zip?: string;
  City: string;
  CountryID?: number;
  CountryName?: string | null;
  Latitude?: number | null;
  Longitude?: number | null;
  /**
   * Type ids separated by ' ; '.
   */
  WebID?: string;
  /**
   * Type names with counts, e.g. Studio (1).
   */
  WebIDName?: string;
  SmallPicture?: string;
  Pictures?: PictureItem[];
  Description?: string | null;
  ProjectNumber?: string | null;
  PriceFrom?: number | null;
  PriceTo?: number | null;
  Status?: string | null;
  Delivery?: string | null;
  Constructions?: string | null;
  Situation?: string | null;
  Requirement?: string | null;
  ExternalUrl?: string | null;
  /**
   * Units of the project when the CRM sends them (the spec's project record has none).
   */
  Units: ProjectUnit[];
  CreateDate?: string;
  language: "nl" | "fr" | "en" | "de";
}
export interface PictureItem {
  Url: string;
  Width?: number;
  Height?: number;
  ID?: number | string;
  Name?: string;
}
export interface ProjectUnit {
  PropertyID: number;
  Name?: string;
  Price?: number | null;
  Status: "available" | "option" | "sold" | "rented";
  Floor?: number | null;
  Surface?: number | null;
  Bedrooms?: number | null;
  Bathrooms?: number | null;
  WebID?: number;
}
export interface PropertyTypeRecord {
  ID?: number;
  WebID: number;
  Name: string;
  ShowOrder: number;
  Sale: boolean;
  Rent: boolean;
  language: "nl" | "fr" | "en" | "de";
}
/**
 * One property in one language, as the site keeps it. The CRM's preloaded response is read leniently: flags as true/false, 0/1 or "0"/"1", numbers as numbers or numeric strings, "" and null for no value, missing fields, unknown fields kept (the `coerce` keyword, server/config/schemas.ts). Only ID, Goal and language are indispensable.
 */
export interface PropertyRecord {
  ID: number;
  /**
   * Main property type (1 house … 7 garage/parking).
   */
  WebID?: number;
  WebIDs?: string;
  /**
   * 0 = for sale, any other value = for rent (the CRM sends 0 and 1).
   */
  Goal: number;
  /**
   * false: the price is not published ("price on demand"). Missing: published.
   */
  PublishPrice?: boolean;
  Price: number | null;
  /**
   * 7 = 'starting from'.
   */
  PriceUnit?: number | null;
  PriceUnitText?: string | null;
  Marquee?: number | null;
  MarqueeName?: string | null;
  /**
   * Missing in the spec's summary record: a property without it is available.
   */
  Availability: "available" | "option" | "sold" | "soldOut" | "rented";
  /**
   * false: street and number are not shown. Missing: shown.
   */
  PublishAddress?: boolean;
  Street?: string | null;
  HouseNumber?: string | null;
  BoxNr?: string | null;
  /**
   * May be empty for foreign properties.
   */
  Zip?: string;
  City: string;
  CountryID?: number;
  CountryName?: string | null;
  Latitude?: number | null;
  Longitude?: number | null;
  EnergyPerformance?: number | null;
  EPCLabelText?: string | null;
  TypeDescription?: string | null;
  MainTypeName?: string | null;
  RecordFile?: string | null;
  Description?: string | null;
  SmallPictureItem?: PictureItem | null;
  XLargePictureItem?: {
    Url: string;
  } | null;
  Pictures?: PictureItem[];
  Documents?: PropertyDocument[];
  VirtualTour?: string | null;
  Video?: string | null;
  /**
   * Team member id of the agent in charge.
   */
  AgentID?: string | null;
  /**
   * Reference of the owner account (owner portal): an owner account with this ref sees the property.
   */
  OwnerRef?: string | null;
  ProjectID?: number | null;
  CreateDate?: string;
  ModifyDate?: string;
  Facades?: "open" | "half-open" | "closed" | null;
  language: "nl" | "fr" | "en" | "de";
  SurfaceTotal?: number | null;
  SurfaceGround?: number | null;
  SurfaceLiving?: number | null;
  SurfaceTerrace?: number | null;
  SurfaceGarden?: number | null;
  SurfaceOffice?: number | null;
  SurfaceStore?: number | null;
  SurfaceConstructed?: number | null;
  PlotWidth?: number | null;
  FrontWidth?: number | null;
  EPCTotal?: number | null;
  EnergyValue?: number | null;
  CO2Emission?: number | null;
  CadastralIncome?: number | null;
  GScore?: number | null;
  PScore?: number | null;
  ELevel?: number | null;
  ChargesOwner?: number | null;
  ChargesRenter?: number | null;
  NotaryFeeInclVAT?: number | null;
  NotaryFeeExclVAT?: number | null;
  VATValue?: number | null;
  ConstructionCost?: number | null;
  RealEstateTax?: number | null;
  TotalCost?: number | null;
  AgencyCost?: number | null;
  DepositAmount?: number | null;
  GaragePrice?: number | null;
  ViagerRent?: number | null;
  ViagerBouquet?: number | null;
  MonthlyRent?: number | null;
  NumberOfBedRooms?: number | null;
  NumberOfBathRooms?: number | null;
  NumberOfShowerRooms?: number | null;
  NumberOfToilets?: number | null;
  NumberOfGarages?: number | null;
  NumberOfParkings?: number | null;
  NumberOfExternalParkings?: number | null;
  NumberOfFloors?: number | null;
  ConstructionYear?: number | null;
  RenovationYear?: number | null;
  Floor?: number | null;
  ViagerAge?: number | null;
  HeatingTypeName?: string | null;
  HeatingName?: string | null;
  KitchenName?: string | null;
  WindowGlazing?: string | null;
  WindowFrame?: string | null;
  RoofMaterial?: string | null;
  RoofCondition?: string | null;
  FloorCovering?: string | null;
  ConditionName?: string | null;
  EPCEndDate?: string | null;
  AsbestosType?: string | null;
  AsbestosDate?: string | null;
  FloodZoneName?: string | null;
  RiparianZoneName?: string | null;
  FloodRiskAreaText?: string | null;
  TerraceOrientation?: string | null;
  GardenOrientation?: string | null;
  RearOrientation?: string | null;
  GroundCertificate?: string | null;
  GasCertificate?: string | null;
  ElectricityCertificate?: string | null;
  RegistrationType?: string | null;
  PlanningInformation?: string | null;
  AreaApplication?: string | null;
  FlemishPlanningCodes?: string | null;
  VATRegime?: string | null;
  Inventory?: string | null;
  AvailabilityText?: string | null;
  UniqueCode?: string | null;
  HasGas?: boolean | null;
  HasWater?: boolean | null;
  HasLift?: boolean | null;
  HasCellar?: boolean | null;
  HasGarden?: boolean | null;
  HasGarage?: boolean | null;
  HasParking?: boolean | null;
  HasTerrace?: boolean | null;
  HasAttic?: boolean | null;
  IsFurnished?: boolean | null;
  HasPermit?: boolean | null;
  HasAllotmentPermit?: boolean | null;
  HasSummons?: boolean | null;
  HasPreemptiveRights?: boolean | null;
  HasElectricityConnection?: boolean | null;
  HasDrainConnection?: boolean | null;
  HasJudicialDecision?: boolean | null;
  HasRegisteredRight?: boolean | null;
  IsFloodZone?: boolean | null;
  ExtraRoomsPossible?: boolean | null;
  PriceOnDemand?: boolean | null;
  IsViager?: boolean | null;
  /**
   * Where the property is published (portal websites) and, for the portals that provide them, its visits per day there.
   *
   * @maxItems 50
   */
  PortalStats?: PortalSource[];
}
export interface PropertyDocument {
  Name: string;
  Url: string;
  Size?: number;
  MimeType?: string;
}
export interface PortalSource {
  /**
   * Name of the portal website.
   */
  Source: string;
  /**
   * The property's page on that portal.
   */
  Url?: string;
  /**
   * @maxItems 3660
   */
  Visits?: {
    Date: string;
    Count: number;
  }[];
}
/**
 * Old public addresses that lead (301) to a page of the site: kept when a page is deleted or its address changes.
 */
export interface RedirectsConfig {
  /**
   * @maxItems 2000
   */
  redirects: Redirect[];
}
export interface Redirect {
  /**
   * The old public address, e.g. /fr/ancienne-page/.
   */
  from: string;
  /**
   * The page it leads to (in the old address's language).
   */
  pageId: number;
  /**
   * Addresses below the old one lead below the page too (its sub-pages, articles, properties).
   */
  keepRest?: boolean;
  at?: string;
  by?: string;
  reason?: "deleted" | "moved" | "manual";
}
/**
 * Data of the renovation cost calculator (module renovation-calculator): the works with their unit costs and energy effect, the renovation obligations and the regional grants. Indicative figures; each carries its source and the date it was checked.
 */
export interface RenovationConfig {
  note: LocalizedText4;
  /**
   * @minItems 1
   * @maxItems 30
   */
  works: [RenovationWork, ...RenovationWork[]];
  /**
   * Renovation obligations by region; where one applies, its target is the calculator's default target label.
   *
   * @maxItems 30
   */
  obligations: RenovationObligation[];
  /**
   * @maxItems 60
   */
  grants: RenovationGrant[];
}
/**
 * Text per language code (nl, fr, en, de). An upper-case key (NL) is accepted on read.
 */
export interface LocalizedText4 {
  [k: string]: string;
}
export interface RenovationWork {
  /**
   * Its name in the calculator's URL (works=roof).
   */
  key: string;
  /**
   * Works of one group are alternatives (one heating system).
   */
  group?: string;
  name: LocalizedText;
  unit: "m2" | "unit" | "kWp";
  /**
   * The quantity the calculator proposes: per m² of living surface (basis surface) or a fixed number, by kind of home.
   */
  quantity: {
    basis: "surface" | "fixed";
    perKind: PerHomeKind;
  };
  /**
   * Cost per unit in euro, VAT included, placed by a contractor.
   */
  unitCost: {
    low: number;
    high: number;
  };
  /**
   * Share of the energy value (kWh/m²·year) the work saves, 0.2 = 20%.
   */
  energyEffect: number;
  source: FigureSource;
}
export interface PerHomeKind {
  terraced: number;
  "semi-detached": number;
  detached: number;
  apartment: number;
}
/**
 * Where a figure comes from and when it was checked.
 */
export interface FigureSource {
  name: string;
  url?: string;
  /**
   * YYYY-MM or YYYY-MM-DD
   */
  date: string;
  note?: string;
}
export interface RenovationObligation {
  region: "flanders" | "brussels" | "wallonia";
  /**
   * Labels (at the deed) the obligation applies to.
   *
   * @minItems 1
   */
  labels: [
    "A++" | "A+" | "A" | "B" | "C" | "D" | "E" | "F" | "G",
    ...("A++" | "A+" | "A" | "B" | "C" | "D" | "E" | "F" | "G")[]
  ];
  target: "A++" | "A+" | "A" | "B" | "C" | "D" | "E" | "F" | "G";
  /**
   * Years after the deed to reach the target.
   */
  years: number;
  /**
   * Deeds signed from this date on.
   */
  boughtFrom: string;
  source: FigureSource;
}
export interface RenovationGrant {
  region: "flanders" | "brussels" | "wallonia";
  name: LocalizedText;
  condition: LocalizedText;
  url: string;
  /**
   * Keys of the works it is for; none: any work.
   */
  works?: string[];
  /**
   * Years since construction the home must have.
   */
  minHomeAge?: number;
  source: FigureSource;
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
      | "star"
      | "heart";
    url: string;
  }[];
  credits?: {
    design?: string;
    implementation?: string;
  };
  /**
   * Map tiles (Leaflet).
   */
  map?: {
    /**
     * Tile URL template with {z}/{x}/{y}.
     */
    tileUrl: string;
    attribution: string;
    maxZoom?: number;
  };
  /**
   * The agency's calendar for appointments visitors book themselves (one appointment per slot).
   */
  appointments?: {
    /**
     * IANA time zone of the times, e.g. Europe/Brussels.
     */
    timeZone: string;
    /**
     * How many days ahead can be booked.
     */
    daysAhead: number;
    /**
     * No booking closer than this to the start.
     */
    minNoticeHours: number;
    /**
     * ISO weekdays (1 Monday … 7 Sunday).
     *
     * @minItems 1
     */
    weekdays: [number, ...number[]];
    /**
     * Start times of the slots (HH:MM).
     *
     * @minItems 1
     */
    times: [string, ...string[]];
    /**
     * Length of one appointment.
     */
    minutes: number;
  };
  listings?: ListingSettings;
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
/**
 * The agency's listing data (CRM): how imports are checked and where pictures may come from.
 */
export interface ListingSettings {
  /**
   * An import that would take more than this share of the live properties off the site is refused (unless forced). 0.5 = 50 %.
   */
  maxRemovedShare?: number;
  /**
   * Hosts of the CRM's picture CDN the site may fetch listing pictures from: an exact host name (pictures.crm.example) or every host below a domain (*.crm.example). Pictures on other hosts are not shown.
   */
  pictureHosts?: string[];
  /**
   * Also fetch pictures from loopback, private and other non-public addresses (tests only; never on a live site).
   */
  allowPrivatePictureHosts?: boolean;
}
export interface TreeListItem {
  ID: number;
  ParentID?: number | null;
  Name: string;
  WebID?: number | null;
}
/**
 * How the online valuation (module online-valuation) estimates from the agency's own listings: comparables of the same type in the same municipality, widened to the region when there are too few; the median price per m² and its interquartile range, adjusted for the EPC label, condition and outdoor space by these factors. Indicative; each set of figures carries its source and date.
 */
export interface ValuationConfig {
  note: LocalizedText5;
  /**
   * No figure is given with fewer comparables than this.
   */
  minComparables: number;
  /**
   * The areas tried in order until there are enough comparables.
   *
   * @minItems 1
   */
  widening: ["municipality" | "region", ...("municipality" | "region")[]];
  /**
   * Property types a visitor can value (1 house, 2 studio, 3 apartment, 5 investment property).
   *
   * @minItems 1
   */
  types: [1 | 2 | 3 | 5, ...(1 | 2 | 3 | 5)[]];
  /**
   * Estimates given: sale price, monthly rent.
   *
   * @minItems 1
   */
  goals: ["sale" | "rent", ...("sale" | "rent")[]];
  rounding: {
    sale: number;
    rent: number;
  };
  /**
   * Listings whose price per m² falls outside these bounds are not used (a typo in the CRM).
   */
  pricePerM2: {
    sale: Bounds;
    rent: Bounds;
  };
  /**
   * Sold and rented listings count as comparables too.
   */
  includeUnavailable: boolean;
  factors: {
    epc: {
      "A++": number;
      "A+": number;
      A: number;
      B: number;
      C: number;
      D: number;
      E: number;
      F: number;
      G: number;
    };
    /**
     * Per condition: its factor and the names the CRM gives it (any language), to read the comparables' condition.
     */
    condition: {
      new: ValuationCondition;
      excellent: ValuationCondition;
      good: ValuationCondition;
      refresh: ValuationCondition;
      renovate: ValuationCondition;
    };
    outdoor: {
      none: number;
      terrace: number;
      garden: number;
    };
    source: FigureSource;
  };
  source: FigureSource;
}
/**
 * Text per language code (nl, fr, en, de). An upper-case key (NL) is accepted on read.
 */
export interface LocalizedText5 {
  [k: string]: string;
}
export interface Bounds {
  min: number;
  max: number;
}
export interface ValuationCondition {
  factor: number;
  /**
   * @maxItems 40
   */
  names: string[];
}
export interface Field {
  name: Field1;
  show?: Shown;
  required?: Required;
  conditions?: ShownOnlyWhen;
  advanced?: AdvancedConditionJSONLogic;
}
export interface Condition {
  field: Field2;
  logic?: JoinedWith;
  compare: Comparison;
  value?: Value;
  compareField?: OrComparedWithTheField;
}
/**
 * Rich text (HTML) per language code, written in the editor's rich-text field; sanitised on save and again when the content is loaded.
 */
export interface LocalizedHtml1 {
  [k: string]: string;
}
