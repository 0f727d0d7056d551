/**
 * Browser side of consent: the cookie, Consent Mode updates, and the tags of the site-info ids,
 * injected only after the matching consent and only for configured ids.
 */
import { allowedTags, consentTypes, CONSENT_COOKIE, CONSENT_MAX_AGE_DAYS, parseConsent, serializeConsent, type Choices, type ConsentState } from './consent.ts';

export interface TrackingIds {
  analyticsId?: string;
  adsId?: string;
  tagManagerId?: string;
  pixelId?: string;
}

type Gtag = (...args: unknown[]) => void;
interface TagWindow {
  dataLayer: unknown[];
  gtag?: Gtag;
  fbq?: ((...args: unknown[]) => void) & { queue?: unknown[]; loaded?: boolean; version?: string; callMethod?: (...a: unknown[]) => void; push?: unknown };
  _fbq?: unknown;
}
const w = () => window as unknown as Window & TagWindow;

/** The inline script that runs before any tag: data layer, gtag stub and denied defaults. */
export function consentBootstrap(defaults: object): string {
  return `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag('consent','default',${JSON.stringify(defaults)});`;
}

export function readConsent(version: number): ConsentState | null {
  const m = document.cookie.split('; ').find((c) => c.startsWith(`${CONSENT_COOKIE}=`));
  return parseConsent(m ? decodeURIComponent(m.slice(CONSENT_COOKIE.length + 1)) : null, version);
}

export function writeConsent(state: ConsentState): void {
  const secure = location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${encodeURIComponent(serializeConsent(state))}; Max-Age=${CONSENT_MAX_AGE_DAYS * 86400}; Path=/; SameSite=Lax${secure}`;
}

export function clearConsent(): void {
  document.cookie = `${CONSENT_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax`;
}

const loaded = new Set<string>();
function loadScript(src: string): void {
  if (loaded.has(src)) return;
  loaded.add(src);
  const s = document.createElement('script');
  s.async = true;
  s.src = src;
  document.head.appendChild(s);
}

let granted: Choices | null = null;

/** Tells Consent Mode the choice and loads the tags it allows (once each). */
export function applyConsent(choices: Choices, ids: TrackingIds): void {
  const win = w();
  win.dataLayer = win.dataLayer || [];
  const gtag: Gtag = win.gtag ?? ((...args) => win.dataLayer.push(args));
  gtag('consent', 'update', consentTypes(choices));
  granted = choices;
  const tags = allowedTags(choices, ids);
  const gtagId = tags.analytics ?? tags.ads;
  if (gtagId) {
    loadScript(`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(gtagId)}`);
    gtag('js', new Date());
    if (tags.analytics) gtag('config', tags.analytics, { send_page_view: false });
    if (tags.ads) gtag('config', tags.ads);
  }
  if (tags.tagManager && !loaded.has('gtm')) {
    loaded.add('gtm');
    win.dataLayer.push({ 'gtm.start': Date.now(), event: 'gtm.js' });
    loadScript(`https://www.googletagmanager.com/gtm.js?id=${encodeURIComponent(tags.tagManager)}`);
  }
  if (tags.pixel && !win.fbq) {
    const fbq = ((...args: unknown[]) => (fbq.callMethod ? fbq.callMethod(...args) : fbq.queue!.push(args))) as NonNullable<TagWindow['fbq']>;
    fbq.queue = [];
    fbq.loaded = true;
    fbq.version = '2.0';
    win.fbq = fbq;
    win._fbq = fbq;
    fbq('init', tags.pixel);
    loadScript('https://connect.facebook.net/en_US/fbevents.js');
  }
}

/** A page view, sent only with analytics consent (GA4 event and data-layer event for the container). */
export function trackPageView(page: { path: string; title: string; lang: string }): void {
  if (!granted?.analytics) return;
  const win = w();
  const data = { page_location: location.href, page_path: page.path, page_title: page.title, language: page.lang };
  win.dataLayer.push({ event: 'page_view', ...data });
  win.gtag?.('event', 'page_view', data);
  if (granted.marketing) win.fbq?.('track', 'PageView');
}

/** A data-layer event (e.g. formulier_ingevuld after a form is sent), only after consent. */
export function pushEvent(event: string, data: Record<string, unknown> = {}): void {
  if (!granted?.analytics && !granted?.marketing) return;
  w().dataLayer.push({ event, ...data });
}
