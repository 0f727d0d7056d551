// Issue 39, point 2: the site search as a visitor uses it, on a laptop (1366 px) and a phone
// (375 px): the header's search button opens the form, a municipality lists what the agency has
// there (properties, projects, pages, each under its heading) without sideways scrolling, and a
// reference typed in the header opens the property's page. Without JavaScript too. Screenshots go
// to DATA_DIR/screenshots/.
import { describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/e2e.ts';
import { suiteDataDir } from '../helpers/suite-server.ts';

const browser = useBrowser();
const shots = join(suiteDataDir(), 'screenshots');
mkdirSync(shots, { recursive: true });

const SIZES = [
  { name: 'laptop', options: { viewport: { width: 1366, height: 900 } } },
  { name: 'phone', options: { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true } },
];

/** Opens the header's search and types `query` into it, then sends it with Enter. */
async function searchFromHeader(page: Page, label: string, query: string) {
  await page.locator('.header-search summary').click();
  const field = page.getByRole('searchbox', { name: label });
  await expect.poll(() => field.evaluate((el) => el === document.activeElement)).toBe(true);
  await field.fill(query);
  await field.press('Enter');
}

describe.each(SIZES)('the site search on a $name', ({ name, options }) => {
  it('lists a municipality’s properties, projects and pages under their headings, in French', async () => {
    const page = await browser.open(options);
    await page.goto('/fr/');
    await searchFromHeader(page, 'Rechercher sur le site', 'Schaarbeek');
    await page.waitForURL('**/fr/chercher/?q=Schaarbeek');
    const headings = page.locator('.site-search__group > h2');
    await expect
      .poll(() => headings.allTextContents())
      .toEqual([expect.stringMatching(/^\d+ biens$/), expect.stringMatching(/^\d+ projets? neufs?$/), expect.stringMatching(/^\d+ pages? (et|ou) articles?$/)]);
    const first = page.locator('.search-hit h3 a').first();
    expect(await first.getAttribute('href')).toMatch(/^\/fr\/(acheter|louer)\/schaerbeek\//);
    // The header's panel closed with the new page; nothing runs off the side.
    expect(await page.locator('.header-search').evaluate((d: HTMLDetailsElement) => d.open)).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options.viewport.width);
    await page.screenshot({ path: join(shots, `site-search-${name}.png`), fullPage: true });
    // A result opens its property.
    await first.click();
    await page.waitForURL(/\/fr\/(acheter|louer)\/schaerbeek\/.+\/\d+\/$/);
  });

  it('opens the property page of a reference typed in the header, dashes or not', async () => {
    const page = await browser.open(options);
    await page.goto('/nl/');
    await searchFromHeader(page, 'Zoeken op de site', 'at 2026 0132');
    await page.waitForURL(/^.*\/nl\/kopen\/schaarbeek\/[^/]+\/1132\/$/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Ruim appartement met 2 slaapkamers');
    await page.screenshot({ path: join(shots, `site-search-reference-${name}.png`) });
  });
});

describe('the site search without JavaScript', () => {
  it('opens the header form, sends it and shows the results page; a reference redirects', async () => {
    await browser.open({ viewport: { width: 375, height: 812 }, javaScriptEnabled: false });
    // A page of its own: the helper's goto waits for a hydration that never comes without JavaScript.
    const page = await browser.state.context!.newPage();
    await page.goto('/en/');
    await page.locator('.header-search summary').click();
    const field = page.getByRole('searchbox', { name: 'Search the site' });
    await field.fill('Colignon');
    await field.press('Enter');
    await page.waitForURL('**/en/search/?q=Colignon');
    await expect.poll(() => page.locator('.site-search__group > h2').allTextContents()).toEqual(['1 new-build project']);
    await page.getByRole('searchbox', { name: 'Search the site' }).last().fill('AT-2026-0132');
    await page.getByRole('searchbox', { name: 'Search the site' }).last().press('Enter');
    await page.waitForURL(/\/en\/for-sale\/schaerbeek\/.*1132\/$/);
  });
});
