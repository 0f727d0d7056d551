// The policy of a public page names its own inline scripts only (issue 40, point 7). The audit found
// it allowed every inline script of the rendered page by hash, so an injection bug that put a
// script into a page's content would have had that script allowed too. Here a script is injected
// into a rendered page's content, the policy is made for that document by the server's own code,
// and Chromium loads the two: the injected script is blocked, the page's own scripts run and it
// hydrates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchChromium } from '../helpers/browser.ts';
import { loadShipped } from '../helpers/config.ts';
import { renderPage } from '../../server/site/render.ts';
import { pagePolicy } from '../../server/site/serve.ts';
import { HYDRATED_ATTRIBUTE } from '../../renderer/App.tsx';
import { OWN_INLINE_SCRIPTS } from '../../renderer/inline-scripts.ts';
import type { InitialData } from '../../renderer/page-data.ts';
import { suiteUrl } from '../helpers/suite-server.ts';

const base = suiteUrl();
const { content } = loadShipped();
let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(() => browser?.close());

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script((?:\s[^>]*)?)>([^]*?)<\/script>/g)].filter((m) => !/\ssrc=|type="application\/(ld\+)?json"/.test(m[1])).map((m) => m[2]);

describe("a page's Content-Security-Policy and its inline scripts", () => {
  it("holds only the renderer's own fixed scripts, and the same policy whether rendered or from the page cache", async () => {
    const detail = (await (await fetch(`${base}/api/properties?lang=fr`)).json()).items[0].path as string;
    const answers = [await fetch(`${base}${detail}?csp=1`), await fetch(`${base}${detail}?csp=1`)];
    const policies = answers.map((r) => r.headers.get('content-security-policy'));
    expect(policies[1]).toBe(policies[0]);
    const html = await answers[1].text();
    // The built site: consent defaults, the Intl worker's start and the loader, each a fixed text.
    expect(inlineScripts(html).sort()).toEqual([...OWN_INLINE_SCRIPTS].sort());
  });

  it("blocks a script injected into a rendered page's content; the page's own scripts still run", async () => {
    const detail = (await (await fetch(`${base}/api/properties?lang=nl`)).json()).items[0].path as string;
    const html = await (await fetch(`${base}${detail}`)).text();
    const at = html.indexOf('</h1>') + '</h1>'.length;
    expect(at).toBeGreaterThan(5);
    const injected = `${html.slice(0, at)}<script>window.__injected = 1; document.title = 'pwned'</script>${html.slice(at)}`;
    const body = injected.lastIndexOf('</body>');
    // The policy the server gives this document, made by its own code from the document's parts.
    const rendered = renderPage(
      () => ({ prefix: [injected.slice(0, body)], end: injected.slice(body) }),
      {} as InitialData,
      { js: '', css: [], preload: [] },
      {
        gzip: false,
      },
    );
    const policy = pagePolicy(rendered, content.site, {});
    expect(policy).not.toContain("'unsafe-inline' 'sha");
    expect(/script-src [^;]*'unsafe-inline'/.test(policy)).toBe(false);

    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    try {
      await context.addInitScript(() => {
        (window as unknown as { __violations: string[] }).__violations = [];
        document.addEventListener('securitypolicyviolation', (e) =>
          (window as unknown as { __violations: string[] }).__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
        );
      });
      const page = await context.newPage();
      await page.route(`${base}${detail}`, (route) =>
        route.fulfill({ status: 200, headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': policy }, body: injected }),
      );
      await page.goto(`${base}${detail}`);
      // The page's own loader ran (it asked for the browser's part) and the page hydrated.
      await page.waitForFunction((attribute) => document.documentElement.hasAttribute(attribute), HYDRATED_ATTRIBUTE, { timeout: 60_000 });
      const seen = await page.evaluate(() => ({
        injected: (window as unknown as { __injected?: number }).__injected,
        title: document.title,
        consent: Array.isArray((window as unknown as { dataLayer?: unknown[] }).dataLayer),
        violations: (window as unknown as { __violations: string[] }).__violations,
      }));
      expect(seen.injected).toBeUndefined();
      expect(seen.title).not.toBe('pwned');
      expect(seen.consent).toBe(true);
      expect(seen.violations).toEqual(['script-src-elem inline']);
    } finally {
      await context.close();
    }
  });
});
