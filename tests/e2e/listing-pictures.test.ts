// A visitor's view of CRM photos in real Chromium, against the built site with its own listings on a
// loopback picture CDN: photos show (and swipe) when the CDN is up; with the CDN down the page shows
// neutral placeholders, never a broken image or a console error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, watchConsole } from '../helpers/browser.ts';
import { root, siteConfigDir, tempDir } from '../helpers/config.ts';
import { startPictureServer, type PictureServer } from '../helpers/picture-server.ts';
import { cdnListings, importCdnListings, COLOUR } from '../helpers/cdn-listings.ts';
import { CONSENT_COOKIE } from '../../renderer/consent/consent.ts';

const TILE = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==', 'base64');
/** The placeholder's background (server/listings/picture-images.ts). */
const PLACEHOLDER = 'ece6dc';

let browser: Browser;
let pics: PictureServer;
const servers: Server[] = [];

/** The built site (as `npm start` runs it) with the CDN listings, in a data folder of its own. */
async function builtSite(): Promise<string> {
  const { start } = await import(join(root, 'dist/server/main.js'));
  const { samplePhotoSource } = await import(join(root, 'dist/server/sample.js'));
  const dataDir = tempDir('e2e-cdn-');
  await importCdnListings(dataDir, cdnListings(pics.url));
  // The whole site-config, media included (logo, favicon), with the picture CDN allowed.
  const configDir = tempDir('e2e-cdn-config-');
  cpSync(siteConfigDir, configDir, { recursive: true });
  const site = JSON.parse(readFileSync(join(configDir, 'site.json'), 'utf8'));
  writeFileSync(join(configDir, 'site.json'), JSON.stringify({ ...site, listings: { pictureHosts: ['127.0.0.1'], allowPrivatePictureHosts: true } }));
  const server: Server = await start({
    root,
    port: 0,
    host: '127.0.0.1',
    dataDir,
    configDir,
    quiet: true,
    smtpUrl: '',
    photoSource: samplePhotoSource,
    pictureLimits: { timeoutMs: 10_000 },
  });
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function open(base: string): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width: 1366, height: 900 }, baseURL: base });
  await context.addCookies([{ name: CONSENT_COOKIE, value: 'v1.2026-11-21.n', url: base }]);
  await context.route(/tile\.openstreetmap\.org/, (r) => r.fulfill({ status: 200, contentType: 'image/png', body: TILE }));
  const page = await context.newPage();
  return { page, problems: watchConsole(page) };
}

/** Whether every image in `selector` has loaded (no broken image). */
const allLoaded = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((imgs: HTMLImageElement[]) => imgs.length > 0 && imgs.every((i) => i.complete && i.naturalWidth > 0));

/** The colour at the middle of an image as the browser decoded it, as rrggbb. */
const colourOf = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((img: HTMLImageElement) => {
      const c = document.createElement('canvas');
      c.width = img.naturalWidth;
      c.height = img.naturalHeight;
      const g = c.getContext('2d')!;
      g.drawImage(img, 0, 0);
      const [r, gr, b] = g.getImageData(c.width / 2, c.height / 2, 1, 1).data;
      return [r, gr, b].map((x) => x.toString(16).padStart(2, '0')).join('');
    });
const near = (a: string, b: string) => [0, 2, 4].every((i) => Math.abs(parseInt(a.slice(i, i + 2), 16) - parseInt(b.slice(i, i + 2), 16)) <= 10);

/** With SCREENSHOT_DIR set, a picture of what the visitor sees around `selector`. */
async function shot(page: Page, name: string, selector: string) {
  if (!process.env.SCREENSHOT_DIR) return;
  await page
    .locator(selector)
    .first()
    .evaluate((e) => e.scrollIntoView({ block: 'start' }));
  await page.waitForTimeout(300);
  await page.screenshot({ path: join(process.env.SCREENSHOT_DIR, `${name}.png`) });
}

beforeAll(async () => {
  browser = await launchChromium();
  pics = await startPictureServer(Object.values(COLOUR));
});
afterAll(async () => {
  await browser?.close();
  for (const s of servers) await new Promise((r) => s.close(r));
  await pics?.close();
});

describe('CRM photos in the browser', () => {
  it('shows the CDN photos on the list and the detail page, and swipes through them', async () => {
    const base = await builtSite();
    const { page, problems } = await open(base);
    await page.goto('/en/for-sale/');
    const card = '.property-card[data-property-id="2001"] .property-card__media img';
    await expect.poll(() => allLoaded(page, card), { timeout: 15_000 }).toBe(true);
    expect(near(await colourOf(page, card), COLOUR.house1)).toBe(true);
    await shot(page, 'cdn-list', '.card-grid');
    await page.locator('.property-card[data-property-id="2001"] .property-card__title a').click();
    await page.waitForURL(/\/en\/for-sale\/uccle\/villa-with-garden\/2001\/$/);
    // The slideshow wakes up when the pointer comes to the photo (from wherever the click left it).
    await page.mouse.move(0, 0);
    await page.locator('.gallery__still').hover();
    await expect.poll(() => page.locator('.gallery__splide.is-initialized').count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => allLoaded(page, '.gallery__thumbs img'), { timeout: 15_000 }).toBe(true);
    const slide = '.gallery__splide .splide__slide.is-active img';
    await expect.poll(() => allLoaded(page, slide), { timeout: 15_000 }).toBe(true);
    expect(near(await colourOf(page, slide), COLOUR.house1)).toBe(true);
    await page.locator('.splide__arrow--next').click();
    await expect.poll(() => page.locator('.gallery__count').innerText()).toBe('Photo 2 of 3');
    await expect.poll(() => allLoaded(page, slide), { timeout: 15_000 }).toBe(true);
    expect(near(await colourOf(page, slide), COLOUR.house2)).toBe(true);
    await shot(page, 'cdn-detail', 'h1');
    // No CDN address ever reached the browser.
    expect(await page.content()).not.toContain(`:${pics.port}/`);
    // All of a property's pictures gone from the CDN: once the site knows, the page says so.
    await expect.poll(async () => (await page.goto('/en/for-sale/x/x/2004/'), page.locator('.gallery--empty').isVisible()), { timeout: 15_000 }).toBe(true);
    expect(await page.locator('.gallery--empty').innerText()).toBe('No photo was found');
    await shot(page, 'cdn-gone-detail', 'h1');
    await page.goto('/en/for-sale/');
    expect(await page.locator('.property-card[data-property-id="2004"] .property-card__nophoto').innerText()).toBe('No photo was found');
    await shot(page, 'cdn-gone-list', '.card-grid');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('shows neutral placeholders, never a broken image, while the CDN is down', async () => {
    await pics.off();
    try {
      const base = await builtSite();
      const { page, problems } = await open(base);
      await page.goto('/en/for-sale/');
      const card = '.property-card[data-property-id="2001"] .property-card__media img';
      await expect.poll(() => allLoaded(page, card), { timeout: 15_000 }).toBe(true);
      expect(near(await colourOf(page, card), PLACEHOLDER)).toBe(true);
      await shot(page, 'cdn-off-list', '.card-grid');
      await page.goto('/en/for-sale/x/x/2001/');
      await expect.poll(() => allLoaded(page, '.gallery__thumbs img'), { timeout: 15_000 }).toBe(true);
      expect(await page.locator('.gallery__thumbs img').count()).toBe(3);
      const slide = '.gallery__still';
      await expect.poll(() => allLoaded(page, slide), { timeout: 15_000 }).toBe(true);
      expect(near(await colourOf(page, slide), PLACEHOLDER)).toBe(true);
      await shot(page, 'cdn-off-detail', 'h1');
      expect(problems).toEqual([]);
      await page.context().close();
    } finally {
      await pics.on();
    }
  });
});
