// Issue 39, point 3, the map search as a visitor does it on a phone (375 px, Dutch) and at a desk
// (1366 px, English): the list's map view shows clusters with their counts and price markers;
// zooming in (a cluster by keyboard, the zoom button) brings "Search this area"; pressing it puts the
// area in the URL and the list and its "Page X of Y [Z objects]" follow; a marker opens its card;
// the back button restores the list without the area, forward brings it again; the note's link
// removes the area in one click. Map tiles are not fetched here; the marks are drawn all the same.
import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/e2e.ts';
import { suiteDataDir } from '../helpers/suite-server.ts';

const browser = useBrowser();
const shots = join(suiteDataDir(), 'screenshots');
mkdirSync(shots, { recursive: true });

const WALKS = [
  {
    name: 'phone-nl',
    viewport: { width: 375, height: 800 },
    isMobile: true,
    hasTouch: true,
    list: '/nl/kopen/',
    words: {
      here: 'Zoek in deze zone',
      zoomIn: 'Inzoomen',
      note: 'Enkel panden in de zone gekozen op de kaart',
      remove: 'Zone wissen',
      paging: /^Pagina \d+ van \d+ \[(\d+) objecten?\]$/,
    },
  },
  {
    name: 'desk-en',
    viewport: { width: 1366, height: 900 },
    list: '/en/for-sale/',
    words: {
      here: 'Search this area',
      zoomIn: 'Zoom in',
      note: 'Only properties in the area chosen on the map',
      remove: 'Remove the area',
      paging: /^Page \d+ of \d+ \[(\d+) objects?\]$/,
    },
  },
];

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
const count = async (page: Page, paging: RegExp) => Number(paging.exec(await page.locator('.results-bar__title').innerText())![1]);
/** What the map shows: the clusters' counts and the single markers. */
const onMap = async (page: Page) =>
  (await page.locator('.map-cluster > [aria-hidden]').allInnerTexts()).reduce((n, c) => n + Number(c.replace(/\D/g, '')), 0) +
  (await page.locator('.map-price').count());

describe('map search', () => {
  it.each(WALKS)(
    '$name: pan and zoom, search this area, the list and the URL follow, back restores',
    async ({ name, viewport, isMobile, hasTouch, list, words }) => {
      const page = await browser.open({ viewport, isMobile, hasTouch });
      await page.goto(`${list}?view=map`);
      const all = await count(page, words.paging);
      await expect.poll(() => onMap(page), { timeout: 15_000 }).toBe(all);
      await noSidewaysScroll(page);
      await page.locator('.map-search').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(shots, `map-search-${name}-1-start.png`) });
      // No button before the visitor moves the map.
      expect(await page.getByRole('button', { name: words.here }).count()).toBe(0);

      // The biggest cluster, by keyboard: it zooms in on its properties.
      const counts = await page.locator('.map-cluster > [aria-hidden]').allInnerTexts();
      const biggest = counts.map((c) => Number(c.replace(/\D/g, ''))).reduce((best, n, i, xs) => (n > xs[best] ? i : best), 0);
      await page.locator('.map-cluster').nth(biggest).focus();
      await page.keyboard.press('Enter');
      const here = page.getByRole('button', { name: words.here });
      await here.waitFor();
      // The zoom button, once the cluster's zoom is over (the map asks for its marks at the end of each move).
      const settled = () => page.waitForFunction(() => !document.querySelector('.leaflet-zoom-anim'));
      await settled();
      await Promise.all([page.waitForResponse(/\/api\/map\?/), page.getByRole('button', { name: words.zoomIn, exact: true }).click()]);
      await settled();
      await expect.poll(() => onMap(page), { timeout: 10_000 }).toBeLessThan(all);
      await page.screenshot({ path: join(shots, `map-search-${name}-2-moved.png`) });

      // Search this area: the area goes into the URL, the list and its count follow what the map shows.
      const shown = Number(/\d[\d.]*/.exec(await page.locator('.map-search__status').innerText())![0].replace(/\./g, ''));
      await here.click();
      await page.waitForURL(/[?&]bbox=-?\d+(\.\d{1,4})?,-?\d+(\.\d{1,4})?,-?\d+(\.\d{1,4})?,-?\d+(\.\d{1,4})?&zoom=\d+/);
      await page.getByText(words.note).waitFor();
      const inArea = await count(page, words.paging);
      expect(inArea).toBeLessThan(all);
      expect(inArea).toBeGreaterThan(0);
      // The status counts a little beyond the view's edges: the area holds at most as many.
      expect(inArea).toBeLessThanOrEqual(shown);
      expect(await here.count()).toBe(0);
      const areaUrl = page.url();
      await noSidewaysScroll(page);
      await page.screenshot({ path: join(shots, `map-search-${name}-3-area.png`) });

      // The same link, server-rendered in a fresh request, lists the same count.
      const shared = await browser.state.context!.request.get(areaUrl);
      expect(await shared.text()).toContain(`[${inArea.toLocaleString('nl-BE')} `);

      // A marker opens its card (zoom in until single properties show).
      for (let i = 0; i < 6 && !(await page.locator('.map-price').count()); i++) {
        await page.locator('.map-cluster').first().focus();
        await page.keyboard.press('Enter');
        await page
          .waitForFunction(
            (n) => document.querySelectorAll('.map-cluster').length !== n || !!document.querySelector('.map-price'),
            await page.locator('.map-cluster').count(),
            { timeout: 5_000 },
          )
          .catch(() => undefined);
      }
      await page.locator('.map-price').first().focus();
      await page.keyboard.press('Enter');
      await page.locator('.leaflet-popup .property-card__title a').waitFor({ timeout: 10_000 });
      await page.screenshot({ path: join(shots, `map-search-${name}-4-card.png`) });

      // Back: the list without the area; forward: the area again.
      await page.goto(areaUrl); // a fresh history entry for the area, as a shared link opens
      await page.goBack();
      await page.waitForURL((u) => !u.search.includes('bbox'));
      await expect.poll(() => count(page, words.paging)).toBe(all);
      await expect.poll(() => page.getByText(words.note).count()).toBe(0);
      await page.goForward();
      await page.waitForURL(/bbox=/);
      await expect.poll(() => count(page, words.paging)).toBe(inArea);

      // One click removes the area.
      await page.getByRole('link', { name: words.remove }).click();
      await page.waitForURL((u) => !u.search.includes('bbox'));
      await expect.poll(() => count(page, words.paging)).toBe(all);
      expect(new URL(page.url()).searchParams.get('view')).toBe('map');
    },
  );

  it('works without JavaScript: an area link is the filtered list, and the note’s plain link removes it', async () => {
    await browser.open({ viewport: { width: 375, height: 800 } });
    const request = browser.state.context!.request;
    const words = WALKS[1].words;
    const html = await (await request.get('/en/for-sale/?bbox=50.82,4.33,50.88,4.42&zoom=13')).text();
    const line = (h: string) => Number(/\[(\d+) objects?\]/.exec(h)![1]);
    expect(html).toContain(words.note);
    const remove = /<a href="([^"]+)" class="map-area-note__remove"/.exec(html)![1];
    expect(remove).toBe('/en/for-sale/');
    expect(line(await (await request.get(remove)).text())).toBeGreaterThan(line(html));
  });
});
