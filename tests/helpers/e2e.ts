import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { launchChromium, watchConsole } from './browser.ts';
import { CONSENT_COOKIE } from '../../renderer/consent/consent.ts';
import { POPUP_CLOSED_KEY } from '../../renderer/chrome/Popup.tsx';
import { HYDRATED_ATTRIBUTE } from '../../renderer/App.tsx';
import { INITIAL_DATA_ID } from '../../renderer/page-data.ts';
import { suiteUrl } from './suite-server.ts';

// A blank PNG for map tiles: the tests never leave this machine.
const TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAQAAAAEAAQMAAABmvDolAAAAA1BMVEXp3McVF6NWAAAAH0lEQVRo3u3BAQ0AAADCoPdPbQ43oAAAAAAAAAAAvg0hAAABmmDh1QAAAABJRU5ErkJggg==',
  'base64',
);

/**
 * One Chromium for a test file, a fresh context per test, and after each test the check that the
 * console stayed clean (no errors, no hydration warnings, no Content-Security-Policy violation)
 * but for 404s the test expects.
 */
export function useBrowser() {
  let browser: Browser;
  const s = {
    context: undefined as BrowserContext | undefined,
    page: undefined as unknown as Page,
    problems: [] as string[],
    expectedMissing: new Set<string>(),
  };
  beforeAll(async () => {
    browser = await launchChromium();
  });
  afterAll(() => browser?.close());
  afterEach(async () => {
    expect(s.problems).toEqual([]);
    await s.context?.close();
  });
  return {
    state: s,
    /**
     * A fresh context; unless `consent` is false the visitor has already declined the optional
     * cookies and has closed the agency popup (it opens 6 s into a visit), so that neither covers
     * what a test looks at on a slow machine.
     */
    async open(options: BrowserContextOptions = {}, consent = true): Promise<Page> {
      const baseURL = options.baseURL ?? suiteUrl(); // a test's own server, or the suite's
      s.context = await browser.newContext({ viewport: { width: 1366, height: 900 }, ...options, baseURL });
      if (consent) {
        await s.context.addCookies([{ name: CONSENT_COOKIE, value: 'v1.2026-11-21.n', url: baseURL }]);
        await s.context.addInitScript((key) => sessionStorage.setItem(key, '1'), POPUP_CLOSED_KEY);
      }
      await s.context.route(/tile\.openstreetmap\.org/, (r) => r.fulfill({ status: 200, contentType: 'image/png', body: TILE }));
      // Whatever the Content-Security-Policy blocks (in any frame) is a console error, so every test fails on it.
      await s.context.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) =>
          console.error(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile || e.documentURI}:${e.lineNumber})`),
        );
      });
      s.page = await s.context.newPage();
      // A site page is used once it is hydrated (its buttons do nothing before): goto waits for it.
      const goto = s.page.goto.bind(s.page);
      s.page.goto = async (url, options) => {
        const response = await goto(url, options);
        await s.page.waitForFunction(
          ({ attribute, dataId }) => {
            const data = document.getElementById(dataId);
            if (!data) return true; // not a site page (the editor, a file)
            try {
              if (!JSON.parse(data.textContent ?? '').assets.js) return true; // a preview: never hydrated
            } catch {
              return true;
            }
            return document.documentElement.hasAttribute(attribute);
          },
          { attribute: HYDRATED_ATTRIBUTE, dataId: INITIAL_DATA_ID },
          { timeout: 60_000 },
        );
        return response;
      };
      s.expectedMissing.clear();
      s.problems = watchConsole(s.page, s.expectedMissing);
      return s.page;
    },
  };
}
