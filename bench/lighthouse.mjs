// Lighthouse (mobile) on the home page of the built server, as a first-time visitor (the consent
// dialog shows): the four category scores, the LCP element, and what the consent dialog adds to CLS.
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { benchServer } from './server.mjs';

export async function benchLighthouse({ root, path = '/nl/' }) {
  const srv = await benchServer({ root, pageCache: true });
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
  try {
    const result = await lighthouse(`${srv.url}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
    });
    const lhr = result.lhr;
    const lcpItems = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
    const lcpNode = lcpItems.flatMap((i) => i.items ?? [i]).find((i) => i.node)?.node;
    const shifts = lhr.audits['layout-shifts']?.details?.items ?? [];
    const consentShift = shifts
      .filter((s) => /consent/.test(s.node?.selector ?? '') || /consent/.test(s.node?.snippet ?? ''))
      .reduce((a, s) => a + (s.score ?? 0), 0);
    return {
      scores: Object.fromEntries(Object.entries(lhr.categories).map(([k, c]) => [k, Math.round((c.score ?? 0) * 100)])),
      lcpMs: lhr.audits['largest-contentful-paint']?.numericValue,
      cls: lhr.audits['cumulative-layout-shift']?.numericValue,
      lcpElement: lcpNode ? `${lcpNode.selector ?? ''} ${lcpNode.snippet ?? ''}`.trim() : 'unknown',
      consentIsLcp: /consent/.test(`${lcpNode?.selector ?? ''} ${lcpNode?.snippet ?? ''}`),
      consentShift,
      failing: Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode === 'binary')
        .map((a) => a.id),
    };
  } finally {
    await chrome.kill();
    srv.close();
  }
}
