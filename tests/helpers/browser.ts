import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium, headless, with nothing reaching out to the network. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-dev-shm-usage',
    ],
  });
}

/**
 * Collects console errors and warnings and uncaught page errors (hydration mismatches land here).
 * `expectedMissing` lists paths a test itself expects to answer 4xx (the 404 page's own document, a
 * form the server refuses).
 */
export function watchConsole(page: Page, expectedMissing: Set<string> = new Set()): string[] {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() !== 'error' && m.type() !== 'warning') return;
    if (/Failed to load resource.*status of 4\d\d/.test(m.text()) && expectedMissing.has(new URL(m.location().url).pathname)) return;
    problems.push(`${m.type()}: ${m.text()} (${m.location().url || page.url()})`);
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message} (${page.url()})`));
  return problems;
}
