import { memo, useCallback, useEffect, useRef, useState, type MouseEvent } from 'react';
import { Router, useLocation, useSearch } from 'wouter';
import { I18nProvider, useI18n } from './i18n.tsx';
import { ShellContext } from './ui.tsx';
import type { InitialData, PageData, ShellData } from './page-data.ts';
import { pageViews, type ViewSource } from './module-api.ts';
import { startSettingsListeners } from './store.ts';
import { Header, TopBar } from './chrome/Header.tsx';
import { Breadcrumbs } from './chrome/Breadcrumbs.tsx';
import { Banner } from './chrome/Banner.tsx';
import { Footer } from './chrome/Footer.tsx';
import { BackToTop } from './chrome/BackToTop.tsx';
import { ModuleHost } from './chrome/ModuleHost.tsx';
import { NotFound } from './chrome/NotFound.tsx';
import { ConsentDialog } from './chrome/ConsentDialog.tsx';
import { Popup } from './chrome/Popup.tsx';
import { settings } from './store.ts';
import { CONSENT_SCRIPT, INTL_WARM_SCRIPT } from './inline-scripts.ts';
import { LOCALES, MODAL_Z_INDEX } from '../shared/constants.ts';
import { applyConsent, clearConsent, readConsent, trackPageView } from './consent/tags.ts';
import { useSettings } from './store.ts';
import { releaseHydration, rootHydrated } from './hydration.tsx';

export interface Assets {
  css: string[];
  /**
   * The site's stylesheet itself, written into the head instead of linked (production): the first
   * paint waits for no request beside the document. Never part of the page data: the browser
   * reads it back from the document (`SITE_STYLES_ID`) before hydrating.
   */
  styles?: string;
  js: string;
  preload: string[];
  /**
   * Production, server only: each module view's chunk files (beyond the entry's) and their
   * stylesheets' texts. A page's own styles are added to `styles` when it is rendered; its loader names the chunks.
   */
  modules?: Record<string, { preload: string[]; css: string[]; styles: string[] }>;
  /**
   * The page's module stylesheets (URLs), already written into the head: the document links them
   * again disabled, which the browser does not fetch, so that loading a view (Vite's preload looks
   * for a stylesheet link of the same address) does not fetch and wait for them again.
   */
  pageCss?: string[];
  /** Production: the worker script that loads the browser's Intl data off the main thread (renderer/intl-warm.ts). */
  intlWarm?: string;
  /** Development only: Vite's client and the React refresh preamble. */
  devScripts?: string[];
  devInline?: string[];
}

/** Set on <html> once the page is hydrated. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/** The id of the head's `<style>` that holds the site's stylesheet. */
export const SITE_STYLES_ID = 'site-styles';

export interface RootProps {
  initial: InitialData;
  assets: Assets;
  registry: ViewSource;
}

/** The whole document: <html> with its <head> and <body>, rendered on the server and hydrated. */
export function Root(props: RootProps) {
  return (
    <Router ssrPath={props.initial.page.path} ssrSearch={props.initial.page.search}>
      <Site {...props} />
    </Router>
  );
}

/** Paths the client router leaves to the browser (files, API, admin). */
const NOT_CLIENT_ROUTED = /^\/(api|admin|media|assets|images)\/|\.[a-z0-9]+$/i;

function Site({ initial, assets, registry }: RootProps) {
  const [shell, setShell] = useState<ShellData>(initial.shell);
  const [page, setPage] = useState<PageData>(initial.page);
  const [loading, setLoading] = useState(false);
  const shells = useRef(new Map([[initial.shell.lang, initial.shell]]));
  const [location, navigate] = useLocation();
  const search = useSearch();

  useEffect(() => startSettingsListeners(), []);
  // The document is marked (HYDRATED_ATTRIBUTE) once the page answers to the visitor, its chrome
  // and its modules (renderer/hydration.tsx): a signal for styles and for the end-to-end tests,
  // which otherwise race the hydration on a slow machine.
  useEffect(() => rootHydrated(), []);

  // Client-side navigation: ask the server for the new page's data, then render it.
  useEffect(() => {
    if (location === page.path && search === page.search) return;
    const target = location + (search ? `?${search}` : '');
    const controller = new AbortController();
    setLoading(true);
    const have = [...shells.current.keys()].join(',');
    fetch(`/api/page?path=${encodeURIComponent(target)}&shells=${have}`, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then((r) => r.json())
      .then(async (d: { redirect?: string; page?: PageData; shell?: ShellData }) => {
        if (d.redirect) {
          if (/^https?:/.test(d.redirect)) window.location.assign(d.redirect);
          else navigate(d.redirect, { replace: true });
          return;
        }
        if (!d.page) throw new Error('no page');
        // The new page's module views, before it is shown (the browser loads them per page), and
        // the modules of this page still held hydrate first, so that React can update them.
        await Promise.all([registry.load?.(pageViews(d.page.modules)), releaseHydration()]);
        if (controller.signal.aborted) return;
        if (d.shell) shells.current.set(d.shell.lang, d.shell);
        setShell(shells.current.get(d.page.lang) ?? shell);
        setPage(d.page);
        setLoading(false);
        window.scrollTo(0, 0);
        document.getElementById('main')?.focus({ preventScroll: true });
      })
      .catch((e: unknown) => {
        // Never a dead end: when the data cannot be fetched, let the browser load the page itself.
        if ((e as Error)?.name !== 'AbortError') window.location.assign(target);
      });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fetches once per address; the page and shell it sets are read, not followed
  }, [location, search]);

  // Links inside content HTML (articles, footer) navigate client-side too.
  const onClick = useCallback(
    (e: MouseEvent<HTMLDivElement>) => {
      if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
      const a = (e.target as HTMLElement).closest('a');
      const href = a?.getAttribute('href');
      if (!a || !href || !href.startsWith('/') || href.startsWith('//') || a.target || a.hasAttribute('download')) return;
      if (NOT_CLIENT_ROUTED.test(href.split(/[?#]/)[0])) return;
      e.preventDefault();
      navigate(href);
    },
    [navigate],
  );

  const head = page.head;
  return (
    <html lang={page.lang} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{head.title}</title>
        <meta name="description" content={head.description} />
        <meta name="robots" content={head.robots} />
        <link rel="canonical" href={head.canonical} />
        {head.alternates.map((a) => (
          <link key={a.hreflang} rel="alternate" hrefLang={a.hreflang} href={a.href} />
        ))}
        <meta property="og:type" content={head.og.type} />
        <meta property="og:title" content={head.og.title} />
        <meta property="og:description" content={head.og.description} />
        <meta property="og:image" content={head.og.image} />
        <meta property="og:url" content={head.og.url} />
        <meta property="og:locale" content={head.og.locale} />
        <meta property="og:site_name" content={head.og.siteName} />
        <meta name="twitter:card" content={head.twitter.card} />
        <meta name="twitter:title" content={head.twitter.title} />
        <meta name="twitter:description" content={head.twitter.description} />
        <meta name="twitter:image" content={head.twitter.image} />
        {head.twitter.site && <meta name="twitter:site" content={head.twitter.site} />}
        <meta name="theme-color" content="#1f2a44" />
        {/* Consent Mode defaults, before any tag can exist: denied, waiting 500 ms for the choice. */}
        <script dangerouslySetInnerHTML={{ __html: CONSENT_SCRIPT }} />
        {/* The page's Intl data, loaded by a worker while the page is parsed and painted (renderer/intl-warm.ts); not for a page that stays still (a preview). */}
        {/* The worker's address and the document's first language on the element; the script is one fixed text (renderer/inline-scripts.ts). */}
        {assets.js && assets.intlWarm && (
          <script data-src={assets.intlWarm} data-locale={LOCALES[initial.shell.lang]} dangerouslySetInnerHTML={{ __html: INTL_WARM_SCRIPT }} />
        )}
        <style dangerouslySetInnerHTML={{ __html: `:root{--modal-z:${MODAL_Z_INDEX}}` }} />
        <link rel="icon" href="/media/favicon.svg" type="image/svg+xml" />
        {assets.styles ? (
          <style id={SITE_STYLES_ID} dangerouslySetInnerHTML={{ __html: assets.styles }} />
        ) : (
          assets.css.map((href) => <link key={href} rel="stylesheet" href={href} />)
        )}
        {assets.devInline?.map((code, i) => (
          <script key={i} type="module" dangerouslySetInnerHTML={{ __html: code }} />
        ))}
        {assets.devScripts?.map((src) => (
          <script key={src} type="module" src={src} />
        ))}
        {head.jsonLd.map((json, i) => (
          <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
        ))}
        {page.page.css && <style dangerouslySetInnerHTML={{ __html: page.page.css }} />}
      </head>
      <body>
        <ShellContext.Provider value={shell}>
          <I18nProvider lang={shell.lang} messages={shell.messages}>
            <Body page={page} loading={loading} registry={registry} onClick={onClick} />
          </I18nProvider>
          <Consent shell={shell} page={page} search={search} />
        </ShellContext.Provider>
      </body>
    </html>
  );
}

/**
 * Consent and page views: reads the stored choice once in the browser (?setcookies clears it and
 * asks again; preview paths treat consent as given, no dialog, no tags), applies it, counts pages.
 * A component of its own: the choice arrives through the settings store right after hydration, and
 * only this re-renders for it (in the page's root it re-rendered the whole page, synchronously).
 */
function Consent({ shell, page, search }: { shell: ShellData; page: PageData; search: string }) {
  const consent = useSettings((s) => s.consent);
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const preview = params.has('preview') || window.location.pathname.startsWith('/admin/');
    if (params.has('setcookies')) clearConsent();
    const stored = params.has('setcookies') ? null : readConsent(shell.consent.version);
    // Each in a task of its own: what follows the store renders again synchronously (the store's
    // updates are not transitions), and in the hydration's effects that made one long task. First
    // the choice (tags, page view, the popup's wait), then the dialog, which is a render and a
    // layout of its own. ?setcookies asks again even on a page without the dialog (the effect
    // below, for later navigations, finds the choice not read yet here).
    const ask = !preview && (params.has('setcookies') || (!stored && !page.page.noCookiePopup));
    let opening: ReturnType<typeof setTimeout> | undefined;
    const reading = setTimeout(() => {
      settings.setState({ consent: stored });
      if (ask) opening = setTimeout(() => settings.setState({ consentOpen: true }));
    });
    return () => {
      clearTimeout(reading);
      clearTimeout(opening);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reads the stored consent once, when the page starts
  }, []);
  useEffect(() => {
    if (!consent) return;
    applyConsent(consent.choices, shell.tracking);
    trackPageView({ path: page.path, title: page.head.title, lang: page.lang });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs when consent is given or changed; later pages are counted below
  }, [consent]);
  // Every later page (client-side navigation) is a page view too, with consent.
  const firstView = useRef(true);
  useEffect(() => {
    if (firstView.current) {
      firstView.current = false;
      return;
    }
    trackPageView({ path: page.path, title: page.head.title, lang: page.lang });
  }, [page]);
  // ?setcookies on a later navigation (the footer link) reopens the dialog too.
  useEffect(() => {
    if (new URLSearchParams(search).has('setcookies') && settings.getState().consent !== undefined) {
      clearConsent();
      settings.setState({ consent: null, consentOpen: true });
    }
  }, [search]);
  return null;
}

const Body = memo(function Body({
  page,
  loading,
  registry,
  onClick,
}: {
  page: PageData;
  loading: boolean;
  registry: ViewSource;
  onClick: (e: MouseEvent<HTMLDivElement>) => void;
}) {
  const { t } = useI18n();
  const isHome = page.page.type === 'page' && page.breadcrumbs.length <= 1 && page.kind === 'page';
  return (
    // One delegated listener for the links' clicks (client navigation): the links themselves take the keys.
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-static-element-interactions -- delegated link clicks, see above
    <div className="app" onClick={onClick} aria-busy={loading || undefined} data-page-kind={page.kind}>
      <a className="skip-link" href="#main" id="skip-link">
        {t('nav.skipToContent')}
      </a>
      <TopBar />
      <Header page={page} />
      <main id="main" tabIndex={-1}>
        {page.banner && <Banner banner={page.banner} isHome={isHome} />}
        {page.page.showBreadCrumb && <Breadcrumbs items={page.breadcrumbs} />}
        {page.page.showTitle && (
          <div className="container page-title">
            <h1>{page.page.title}</h1>
          </div>
        )}
        {page.kind === 'notFound' ? (
          <NotFound messageKey={page.notFoundKey} elsewhere={page.elsewhere} />
        ) : (
          <ModuleHost modules={page.modules} registry={registry} />
        )}
      </main>
      <Footer />
      <BackToTop />
      <ConsentDialog />
      <Popup />
      <div className="progress" data-active={loading || undefined} aria-hidden="true" />
    </div>
  );
});
