/** Every number the spec gives for layout and behaviour, named once (SPEC §4, §9). */

/** Languages the product knows; which are enabled comes from config. */
export const LANGUAGES = ['nl', 'fr', 'en', 'de'] as const;
export type Lang = (typeof LANGUAGES)[number];
/** Content written for no other language falls back along this chain (de → en). */
/** Each language's name in itself (where a visitor picks a language they read). */
export const NATIVE_LANGUAGE_NAMES: Record<Lang, string> = { nl: 'Nederlands', fr: 'Français', en: 'English', de: 'Deutsch' };

export const CONTENT_FALLBACK: Record<Lang, Lang[]> = { nl: ['nl', 'en'], fr: ['fr', 'en'], en: ['en'], de: ['de', 'en'] };
/** BCP 47 locale used for formatting in each language. */
export const LOCALES: Record<Lang, string> = { nl: 'nl-BE', fr: 'fr-BE', en: 'en-BE', de: 'de-BE' };

/** Scroll offset (px) after which the header shrinks / becomes fixed. */
export const HEADER_SCROLL_OFFSET = 30;
/** Scroll offset (px) from which the back-to-top button appears. */
export const BACK_TO_TOP_OFFSET = 10;
/** Debounce (ms) of the back-to-top visibility. */
export const BACK_TO_TOP_DEBOUNCE_MS = 100;
/** Duration (ms) of the smooth scroll back to the top. */
export const SCROLL_TO_TOP_MS = 500;

/** Device classes by viewport width: mobile < 767, tablet 767–1279, desktop ≥ 1280. */
export const BREAKPOINT_TABLET = 767;
export const BREAKPOINT_DESKTOP = 1280;

/**
 * The header's menu bar (issue 14): it shows from the first of these viewport widths at which every
 * top-level item fits beside the logo, the search button and the language switch (else the menu is in the drawer at
 * every width), so that the logo keeps its size. The server chooses from an estimate of each
 * item's width (characters of its label at the bar's font); the browser corrects by measuring.
 */
export const MENU_BAR_WIDTHS = [1280, 1366, 1440, 1680, 1920] as const;
export const MENU_BAR_ESTIMATE = {
  /** Average advance of a character of the bar's font (0.95rem, weight 600), rounded up. */
  charPx: 9.6,
  /** An item's padding and the gap to the next one. */
  itemPx: 22,
  /** The icon of an item that opens another site. */
  externalPx: 19,
  /** The logo at its bar height (44 px) and the gaps around the menu. */
  logoPx: 176,
  gapsPx: 32,
  /** One language of the switch. */
  languagePx: 38,
  /** The header's search button and its gap (issue 39). */
  searchPx: 60,
  /** The header's side padding at desktop widths (both sides). */
  paddingPx: 48,
} as const;

/** The page grid. */
export const GRID_COLUMNS = 12;

/** Modal overlay stacking level (popup, drawer, dialogs). */
export const MODAL_Z_INDEX = 1300;

/** Owner portal (SPEC §1, §9): the chart covers the last 30 days; history lists are paged. */
export const OWNER_CHART_DAYS = 30;
export const OWNER_HISTORY_PAGE_SIZE = 10;
/** The site's own page views appear under this source name, next to the portal websites' figures. */
export const OWNER_SITE_SOURCE = 'site';
/** Days, weeks and months of the owner counters are those of the agency (Brussels). */
export const AGENCY_TIME_ZONE = 'Europe/Brussels';
/** Password hashing: scrypt with the OWASP parameters (N=2^17, r=8, p=1), 64-byte key, 16-byte salt. */
export const SCRYPT_PARAMS = { N: 2 ** 17, r: 8, p: 1, keyLength: 64, saltLength: 16 } as const;
/** scrypt needs 128·N·r bytes; Node's default ceiling (32 MiB) is below that for N=2^17. */
export const SCRYPT_MAXMEM = 256 * 1024 * 1024;
/** Shortest new password an owner may choose. */
export const OWNER_PASSWORD_MIN_LENGTH = 10;
/** Owner sessions: ended after 30 minutes without a request, and 8 hours after the login whatever happens. */
export const OWNER_SESSION_IDLE_MS = 30 * 60_000;
export const OWNER_SESSION_ABSOLUTE_MS = 8 * 60 * 60_000;
/** Logins (server/auth/login-throttle.ts), all counted within LOGIN_FAILURE_WINDOW_MS: failures of one account from one address before each try waits. */
export const LOGIN_FREE_FAILURES = 3;
/** The wait doubles from 1 s with each failure past the free ones, up to this. */
export const LOGIN_DELAY_MAX_S = 60;
/** Failures of one account from one address after which a captcha is asked as well. */
export const LOGIN_CAPTCHA_AFTER = 5;
/** Failures of one account from all addresses after which every address is asked a captcha (more than one address could fail alone). */
export const LOGIN_ACCOUNT_CAPTCHA_AFTER = 30;
/** Failures of one address on all accounts after which it is refused (429) until the window has passed. */
export const LOGIN_MAX_FAILURES_PER_IP = 20;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;
/** Password checks (staff and owners alike) running at once, and waiting; past that a login is answered 503 at once. */
export const PASSWORD_CHECKS_CONCURRENT = 1;
export const PASSWORD_CHECKS_QUEUED = 4;
/** Seconds a login answered "busy" is asked to wait. */
export const PASSWORD_BUSY_RETRY_S = 5;
/** Password reset: the link's token (random bytes, stored as its SHA-256) and how long it works. */
export const RESET_TOKEN_BYTES = 32;
export const RESET_TOKEN_TTL_MS = 60 * 60_000;
/** At most this many reset mails per address within the login failure window. */
export const RESET_MAX_REQUESTS = 3;
/** Property view counts are kept in memory and written to the stats collection this often. */
export const VIEW_STATS_FLUSH_MS = 10_000;

/** Module limits per context (numberItemOfRow, maxItems). */
export const MODULE_LIMITS = {
  home: { numberItemOfRow: 4, maxItems: 4 },
  team: { numberItemOfRow: 3, maxItems: 18 },
  services: { numberItemOfRow: 1, maxItems: 40 },
  blog: { numberItemOfRow: 1, maxItems: 40 },
} as const;

/** Description cleanup: default length, and the share of it after which we cut at the last space. */
export const DESCRIPTION_LIMIT = 250;
export const DESCRIPTION_CUT_AT_SPACE_RATIO = 0.8;

/** Site search: shortest query and most results shown. */
export const SEARCH_MIN_QUERY = 2;
export const SEARCH_MAX_RESULTS = 30;
/** Site search (issue 39): characters of a query kept, words of it used, property and project cards shown per group. */
export const SEARCH_MAX_QUERY = 200;
export const SEARCH_MAX_WORDS = 8;
export const SEARCH_MAX_PROPERTIES = 12;
export const SEARCH_MAX_PROJECTS = 12;

/** Responsive image widths (SPEC §9): placeholder, gallery thumbnail, listing thumbnail, 400, 600, 1360; and 900, ours (below). */
export const IMAGE_WIDTH = { placeholder: 100, thumb: 200, card: 240, small: 400, medium: 600, phone: 900, large: 1360 } as const;
/** Widths offered in a srcset: result cards, and slides (photos, banner). */
export const CARD_WIDTHS = [IMAGE_WIDTH.card, IMAGE_WIDTH.small, IMAGE_WIDTH.medium];
// 900: a full-width photo on a phone (about 412 CSS px at a device pixel ratio near 2) needs no 1360.
export const SLIDE_WIDTHS = [IMAGE_WIDTH.small, IMAGE_WIDTH.medium, IMAGE_WIDTH.phone, IMAGE_WIDTH.large];

/** Contact time slots a visitor can choose (SPEC §9). */
export const CONTACT_TIME_SLOTS = ['10:00-13:00', '14:00-16:00', '16:00-19:00'] as const;
/** A form sent sooner than this after it was shown is taken for a robot (measured by the server's fill-time token). */
export const FORM_MIN_FILL_MS = 2500;
/** How long a form's fill-time token stays good (a page left open over a day is asked to send again). */
export const FORM_TOKEN_MAX_AGE_MS = 24 * 60 * 60_000;
/** The name of a form's fill-time token field. */
export const FORM_TOKEN_FIELD = 'formToken';
/** Largest form body accepted (bytes). */
export const FORM_MAX_BODY_BYTES = 64 * 1024;

/** Advance paid at the signing of a purchase, as a share of the price (SPEC §9: 10%). */
export const PURCHASE_ADVANCE_RATE = 0.1;

/** Rental application (SPEC §5): the income asked is this many times the monthly rent… */
export const RENT_INCOME_MULTIPLE = 3;
/** …and the household at most this many persons per bedroom (at least one bedroom counted). */
export const PERSONS_PER_BEDROOM = 2;
/** Uploads (CV, testimonial photo): largest file, and largest multipart body around it. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_MAX_BODY_BYTES = UPLOAD_MAX_BYTES + 256 * 1024;
/** Captcha: characters shown, and how long an image stays valid. */
export const CAPTCHA_LENGTH = 5;
export const CAPTCHA_TTL_MS = 20 * 60_000;
/** Captcha images drawn per visitor address and window (issue 40: 168 were drawn in 10 s): then 429. */
export const CAPTCHA_IMAGE_RATE = { max: 30, windowMs: 10 * 60_000 };
/** Answered captcha images remembered at once (each until it expires): past it, an answer is refused. */
export const SPENT_CAPTCHAS_MAX = 100_000;
/** Content-Security-Policy reports: largest body, and how many per address and window are logged. */
export const CSP_REPORT_MAX_BYTES = 16 * 1024;
export const CSP_REPORT_RATE = { max: 30, windowMs: 60_000 };
/** Form posts accepted per visitor address in a window; more get 429. */
export const FORM_RATE_LIMIT = { max: 20, windowMs: 10 * 60_000 };

// Staff accounts in the editor (issue 38, point 7)
/** A set-password link (an invitation, a new password): works once, for 72 hours; its token is 32 random bytes kept as SHA-256. */
export const STAFF_LINK_TTL_MS = 72 * 60 * 60_000;
export const STAFF_LINK_TOKEN_BYTES = 32;
/** Links of before kept per account (so that an old link can say it was used or replaced). */
export const STAFF_PAST_LINKS = 5;
/** Wrong tokens accepted per client address within the login failure window; past that, 429. */
export const STAFF_LINK_MAX_GUESSES = 10;
/** Longest staff name, and longest password (a longer one is refused, not cut). */
export const STAFF_NAME_MAX_LENGTH = 100;
export const STAFF_PASSWORD_MAX_LENGTH = 200;
/** Names of staff are read again at most this often by the server's display-name helper. */
export const STAFF_NAMES_CACHE_MS = 30_000;
/** The audit log keeps the newest 2,000 entries (older ones are dropped as new ones come); the Staff screen shows the newest 50. */
export const AUDIT_MAX_ENTRIES = 2_000;
export const AUDIT_SHOWN = 50;
