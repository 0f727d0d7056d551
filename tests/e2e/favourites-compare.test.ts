// Issue 39, point 3, as a visitor does it on a phone (375 px, French) and at a desk (1366 px,
// English): heart a property and find it on the favourites page, open the shared link in a fresh
// browser and see the same list, compare three properties, see the properties seen last on the
// home page, and be told when a favourite's price went down since it was saved.
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
    name: 'phone-fr',
    viewport: { width: 375, height: 800 },
    isMobile: true,
    hasTouch: true,
    home: '/fr/',
    list: '/fr/acheter/',
    favourites: '/fr/favoris/',
    compare: '/fr/comparer/',
    words: { compare: 'Comparer 3 biens', recent: 'Consultés récemment', keep: 'L’ajouter à mes favoris', drop: 'a baissé depuis que vous l’avez gardé' },
  },
  {
    name: 'desk-en',
    viewport: { width: 1366, height: 900 },
    home: '/en/',
    list: '/en/for-sale/',
    favourites: '/en/favourites/',
    compare: '/en/compare/',
    words: { compare: 'Compare 3 properties', recent: 'Recently viewed', keep: 'Add it to my favourites', drop: 'has dropped since you saved it' },
  },
];

const noSidewaysScroll = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(page.viewportSize()!.width);
const cardIds = (page: Page, scope: string) =>
  page.locator(`${scope} .property-card`).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-property-id'))));

describe.each(WALKS)('favourites, compare and recently viewed ($name)', (walk) => {
  const { home, list, favourites, compare, words } = walk;
  const options = { viewport: walk.viewport, isMobile: walk.isMobile, hasTouch: walk.hasTouch };

  it('hearts a property, finds it on the favourites page, and the shared link shows the same list in a fresh browser', async () => {
    const page = await browser.open(options);
    await page.goto(list);
    const card = page.locator('.card-grid .property-card').first();
    const id = Number(await card.getAttribute('data-property-id'));
    const heart = card.locator('.fav-button');
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('false');
    await heart.click();
    await expect.poll(() => heart.getAttribute('aria-pressed')).toBe('true');
    expect(await heart.getAttribute('aria-label')).toContain(await card.locator('.property-card__title').innerText());

    // The favourites page opens the device's list by its address.
    await page.goto(favourites);
    await page.waitForURL(`**${favourites}?ids=${id}`);
    await page.locator(`.favourites .property-card[data-property-id="${id}"]`).waitFor();
    await noSidewaysScroll(page);
    await page.screenshot({ path: join(shots, `favourites-${walk.name}.png`), fullPage: true });
    const shared = await page.locator('.favourites__share a').first().getAttribute('href');
    expect(shared).toBe(`${favourites}?ids=${id}`);

    // Someone else opens the link: the same list, and a button to keep it.
    const other = await browser.open(options);
    await other.goto(shared!);
    expect(await cardIds(other, '.favourites')).toEqual([id]);
    await other.getByRole('button', { name: words.keep }).click();
    await expect.poll(() => other.locator(`.property-card[data-property-id="${id}"] .fav-button`).getAttribute('aria-pressed')).toBe('true');
  });

  it('compares three properties from the list: the tray opens the table, one column each, within the screen', async () => {
    const page = await browser.open(options);
    await page.goto(list);
    const cards = page.locator('.card-grid .property-card');
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push(Number(await cards.nth(i).getAttribute('data-property-id')));
      await cards.nth(i).locator('.compare-button').click();
    }
    const tray = page.locator('.compare-tray a');
    await expect.poll(() => tray.innerText()).toBe(words.compare);
    await tray.click();
    await page.waitForURL(`**${compare}?ids=${ids.join(',')}`);
    const heads = page.locator('.compare__table thead th');
    await expect.poll(() => heads.count()).toBe(3);
    await noSidewaysScroll(page);
    await page.screenshot({ path: join(shots, `compare-${walk.name}.png`), fullPage: true });
    // A fourth is taken; a fifth is refused with a sentence.
    await page.goto(list);
    await cards.nth(3).locator('.compare-button').click();
    await cards.nth(4).locator('.compare-button').click();
    await expect.poll(() => cards.nth(4).locator('.compare-button + .device-note').innerText()).toMatch(/4/);
    expect(await cards.nth(4).locator('.compare-button').getAttribute('aria-pressed')).toBe('false');
  });

  it('shows the two properties seen last on the home page, newest first, and a favourite whose price went down', async () => {
    const page = await browser.open(options);
    await page.goto(list);
    const titles: string[] = [];
    for (const i of [0, 1]) {
      const link = page.locator('.card-grid .property-card__title a').nth(i);
      await page.goto((await link.getAttribute('href'))!);
      titles.unshift(await page.locator('h1').innerText());
      await page.locator('.detail-device .fav-button:not([disabled])').waitFor();
    }
    // The second property was saved when it cost more than it does now (as on an earlier visit).
    const id = Number(page.url().match(/\/(\d+)\/$/)![1]);
    await page.evaluate((id) => localStorage.setItem('vitrine.favourites', JSON.stringify([{ id, price: 99_000_000 }])), id);
    await page.goto(home);
    const strip = page.locator('.recent');
    await strip.waitFor();
    expect(await strip.getByRole('heading').innerText()).toBe(words.recent);
    expect(await strip.locator('.recent__item a').allInnerTexts()).toEqual(titles);
    await strip.scrollIntoViewIfNeeded();
    await noSidewaysScroll(page);
    await strip.screenshot({ path: join(shots, `recent-${walk.name}.png`) });

    await page.goto(favourites);
    await page.waitForURL(`**?ids=${id}`);
    await expect.poll(() => page.locator('.favourites__drops').innerText()).toContain(words.drop);
  });
});
