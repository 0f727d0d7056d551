// What a visitor reads (issue 39), on a phone (375 px) and a desktop (1366 px): the home's count
// and type links agree with the list they open; the energy figures of a property carry their own
// unit and the Belgian format; a project without a municipality has a sensible address; the
// owner's 30-day chart fills its box, also after the window changes size.
import { describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/e2e.ts';
import { OwnerAccounts, addOwner } from '../../server/auth/owner-accounts.ts';
import { suiteDataDir } from '../helpers/suite-server.ts';

const browser = useBrowser();
const dataDir = suiteDataDir();
const SIZES = [
  { name: 'phone', viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1366, height: 900 } },
] as const;
/** An address of its own per attempt: a retried test never meets the account its first try made. */
const unique = (address: string) => address.replace('@', `+${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@`);
const noSidewaysScroll = (page: import('playwright-core').Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe('counts a visitor can trust', () => {
  for (const size of SIZES)
    it(`the home's count and a type link agree with the list they open (${size.name})`, async () => {
      const page = await browser.open({ viewport: size.viewport, ...('isMobile' in size ? { isMobile: true, hasTouch: true } : {}) });
      await page.goto('/en/');
      const buy = page.locator('.home-block--buy');
      const forSale = Number(/(\d+) propert/.exec(await buy.locator('p').first().innerText())![1]);
      expect(forSale).toBeGreaterThan(10);
      expect(await noSidewaysScroll(page)).toBe(true);
      const link = buy.getByRole('link', { name: /^Apartments/ });
      const apartments = Number(await link.locator('.count').innerText());
      await link.click();
      await page.waitForURL(/\/en\/for-sale\/\?type=3$/);
      await expect.poll(() => page.locator('.results-bar__title').innerText()).toMatch(new RegExp(`\\[${apartments} objects?\\]$`));
      await page.goto('/en/for-sale/');
      expect(await page.locator('.results-bar__title').innerText()).toMatch(new RegExp(`\\[${forSale} objects\\]$`));
      expect(await noSidewaysScroll(page)).toBe(true);
    });

  for (const size of SIZES)
    it(`a property's energy figures read with their unit, in Dutch (${size.name})`, async () => {
      const page = await browser.open({ viewport: size.viewport });
      await page.goto('/property/1132/');
      const energy = page.locator('.facts').filter({ has: page.getByRole('heading', { name: 'Energie' }) });
      expect(await energy.locator('div', { hasText: 'Totaal primair energieverbruik' }).locator('dd').innerText()).toBe('20.445 kWh/jaar');
      expect(
        await energy
          .locator('div', { hasText: /^Primair energieverbruik/ })
          .locator('dd')
          .innerText(),
      ).toBe('235 kWh/m²/jaar');
      expect(await page.locator('.epc').innerText()).toContain('Primair energieverbruik: 235 kWh/m²/jaar');
      expect(await noSidewaysScroll(page)).toBe(true);
    });
});

describe('projects a visitor can read', () => {
  it('a project without a municipality opens at a sensible address, with its number, on a phone', async () => {
    const page = await browser.open({ viewport: { width: 375, height: 800 }, isMobile: true, hasTouch: true });
    await page.goto('/en/projects/');
    await page.getByRole('link', { name: 'New project – coming soon' }).click();
    await page.waitForURL(/\/en\/projects\/new-project-coming-soon\/9\/$/);
    expect(await page.locator('.project-detail').innerText()).toContain('Project number PR-2025-009');
    expect(await page.getByRole('columnheader', { name: 'Bathrooms' }).count()).toBe(1);
  });
});

describe('the owner’s chart', () => {
  it('fills its box on a phone and on a desktop, and after the window changes size', async () => {
    const USER = unique('owner.chart@example.be');
    await addOwner(OwnerAccounts.inDataDir(dataDir), { username: USER, password: 'chart password 1', lang: 'en', ref: 'owner-010' });
    // As a first visit: the cookie banner and the agency's popup come up while the owner looks.
    const page = await browser.open({ viewport: { width: 375, height: 800 } }, false);
    await page.goto('/en/login/');
    const form = page.locator('form[data-form=owner-login]');
    await form.getByLabel(/e-?mail/i).fill(USER);
    await form.getByLabel(/password/i).fill('chart password 1');
    await form.getByRole('button', { name: /log in/i }).click();
    await page.getByText('Spacious 2-bedroom apartment').first().click();
    const svg = page.locator('.portal-chart svg[aria-label]');
    await expect.poll(() => svg.locator('path').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    /** The drawing's width (axes, grid and lines) against its box's: all of it but the margins. */
    const fill = () =>
      page.evaluate(() => {
        const box = document.querySelector('.portal-chart__plot')!.getBoundingClientRect().width;
        const drawn = document.querySelector<SVGGraphicsElement>('.portal-chart svg[aria-label] > g')!.getBBox().width;
        return drawn / box;
      });
    await expect.poll(fill).toBeGreaterThan(0.85);
    await page.setViewportSize({ width: 1366, height: 900 });
    // Scrolled down to the chart, a full-page capture (the window as tall as the page for a moment)
    // left visx's own measure at a quarter of the box.
    await page.locator('.portal-chart').scrollIntoViewIfNeeded();
    await page.mouse.wheel(0, 400);
    await page.screenshot({ fullPage: true });
    expect(await fill(), 'after a full-page capture').toBeGreaterThan(0.85);
    for (const width of [1366, 900, 375, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await expect.poll(fill).toBeGreaterThan(0.85);
      // A full-page capture resizes the window for a moment: the chart is drawn at its box's width in it too.
      await page.screenshot({ fullPage: true });
      expect(await fill(), `${width} px`).toBeGreaterThan(0.85);
    }
  });
});
