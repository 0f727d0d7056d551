// Issue 39, the last flaws as a visitor sees them: home shows the agency's published testimonials
// as quotes with a link to the testimonials page, which shows the same ones (1366 px and 375 px);
// on a phone (375 px) the top bar keeps the favourites link within reach, in nl, fr and en,
// without sideways scrolling. Screenshots go to DATA_DIR/screenshots/.
import { describe, expect, it } from 'vitest';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/e2e.ts';
import { expectFits } from '../helpers/phone.ts';
import { root } from '../helpers/config.ts';
import { suiteDataDir } from '../helpers/suite-server.ts';

const browser = useBrowser();
const shots = join(suiteDataDir(), 'screenshots');
mkdirSync(shots, { recursive: true });
const samples = JSON.parse(readFileSync(join(root, 'site-config/testimonials/sample.json'), 'utf8')) as Array<{ name: string; comment: string }>;
const PHONE = { viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true };

const names = (page: Page, scope: string) => page.locator(`${scope} figcaption strong`).allTextContents();

describe('testimonials on home', () => {
  it.each([
    ['desk', { viewport: { width: 1366, height: 900 } }],
    ['phone', PHONE],
  ])('on a %s: the newest as quotes on home, the same on the testimonials page the link opens', async (name, options) => {
    const page = await browser.open(options);
    // The server is shared by every e2e file, and another walk may publish a testimonial of its
    // own: the testimonials page (newest first) is what home must agree with; the samples a fresh
    // store gets are among them.
    await page.goto('/en/testimonials/');
    await page.locator('.testimonials').waitFor();
    const all = await names(page, '.testimonials');
    for (const s of samples) expect(all).toContain(s.name);
    const firstQuote = await page.locator('.testimonials blockquote').first().textContent();
    await page.goto('/en/');
    const quotes = page.locator('.testimonial-quotes');
    await quotes.scrollIntoViewIfNeeded();
    expect(await page.locator('h2', { hasText: 'What our clients say' }).isVisible()).toBe(true);
    const onHome = await names(page, '.testimonial-quotes');
    expect(onHome).toEqual(all.slice(0, 4));
    expect((await quotes.locator('blockquote').first().textContent())?.replace(/[“”]/g, '').trim()).toBe(firstQuote?.replace(/[“”]/g, '').trim());
    await quotes.screenshot({ path: join(shots, `home-testimonials-${name}.png`) });
    if (name === 'phone') await expectFits(page, 'home');
    await quotes.getByRole('link', { name: 'All testimonials' }).click();
    await page.waitForURL('**/en/testimonials/');
    await page.locator('.testimonials').waitFor();
    expect((await names(page, '.testimonials')).slice(0, onHome.length)).toEqual(onHome);
  });
});

describe('the top bar on a phone', () => {
  it.each([
    ['nl', '/nl/', 'Favorieten', '/nl/favorieten/'],
    ['fr', '/fr/', 'Favoris', '/fr/favoris/'],
    ['en', '/en/', 'Favourites', '/en/favourites/'],
  ])('in %s: the favourites link is there, on the screen, and opens the favourites page', async (lang, home, label, path) => {
    const page = await browser.open(PHONE);
    await page.goto(home);
    const bar = page.locator('.top-bar');
    const link = bar.getByRole('link', { name: label, exact: true });
    expect(await link.isVisible()).toBe(true);
    const box = (await link.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(375);
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(32);
    // Every other link of the bar is on the screen too.
    for (const other of await bar.getByRole('link').all()) {
      expect(await other.isVisible(), await other.innerText()).toBe(true);
      const b = (await other.boundingBox())!;
      expect(b.x + b.width, (await other.getAttribute('href')) ?? '').toBeLessThanOrEqual(375);
    }
    await expectFits(page, `home ${lang}`);
    await bar.screenshot({ path: join(shots, `top-bar-phone-${lang}.png`) });
    await link.click();
    await page.waitForURL(`**${path}`);
  });
});
