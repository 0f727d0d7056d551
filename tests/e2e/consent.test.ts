import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/e2e.ts';

const browser = useBrowser();
const TRACKERS = /googletagmanager\.com|google-analytics\.com|googleadservices\.com|doubleclick\.net|connect\.facebook\.net/;
let page: Page;
let requested: string[];

/** A first-time visitor (no consent cookie); every tracker request is recorded and answered empty. */
async function firstVisit(path = '/nl/', clock = false) {
  page = await browser.open({ viewport: { width: 390, height: 844 } }, false);
  requested = [];
  await browser.state.context!.route(TRACKERS, (r) => {
    requested.push(r.request().url());
    return r.fulfill({ status: 200, contentType: 'application/javascript', body: '' });
  });
  if (clock) await page.clock.install();
  await page.goto(path);
}
const dialog = () => page.getByRole('dialog', { name: 'Wij respecteren uw privacy' });
const pageViews = () => page.evaluate(() => ((window as any).dataLayer as any[]).filter((e) => e && e.event === 'page_view').length);
const consentCookie = async () => (await browser.state.context!.cookies()).find((c) => c.name === 'vitrine_consent')?.value;
const settle = () => page.waitForTimeout(800);

describe('cookie consent', () => {
  it('loads no tag and sends no page_view before consent; Consent Mode starts denied with wait_for_update 500', async () => {
    await firstVisit();
    await expect.poll(() => dialog().isVisible()).toBe(true);
    await settle();
    expect(requested).toEqual([]);
    expect(await pageViews()).toBe(0);
    const defaults = await page.evaluate(() => Array.from((window as any).dataLayer[0]));
    expect(defaults[0]).toBe('consent');
    expect(defaults[1]).toBe('default');
    expect(defaults[2]).toMatchObject({
      analytics_storage: 'denied',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      wait_for_update: 500,
    });
  });

  it('after accept all: the configured tags load, the page_view is sent, and the choice survives a reload', async () => {
    await firstVisit();
    await dialog().getByRole('button', { name: 'Alles aanvaarden' }).click();
    await expect.poll(() => requested.some((u) => u.includes('gtag/js?id=G-ATRIUM0001'))).toBe(true);
    await expect.poll(() => requested.some((u) => u.includes('gtm.js?id=GTM-ATRIUM1'))).toBe(true);
    expect(requested.some((u) => u.includes('fbevents') || u.includes('AW-'))).toBe(false); // not configured
    expect(await pageViews()).toBe(1);
    const update = await page.evaluate(() =>
      ((window as any).dataLayer as any[]).map((e) => Array.from(e ?? [])).find((a) => a[0] === 'consent' && a[1] === 'update'),
    );
    expect(update![2]).toMatchObject({ analytics_storage: 'granted', ad_storage: 'granted' });
    expect(await consentCookie()).toMatch(/^v1\.\d{4}-\d{2}-\d{2}\.namsu$/);
    // A client-side navigation is a page view of its own.
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('dialog', { name: 'Menu', exact: true }).getByRole('link', { name: 'Ons team' }).click();
    await page.waitForURL('**/nl/ons-team/');
    await expect.poll(() => pageViews()).toBe(2);
    await page.reload();
    await settle();
    expect(await dialog().count()).toBe(0);
    expect(await pageViews()).toBe(1);
  });

  it('after decline: only strictly necessary, and no tag is ever requested', async () => {
    await firstVisit();
    await dialog().getByRole('button', { name: 'Alleen noodzakelijke' }).click();
    expect(await dialog().count()).toBe(0);
    await page.goto('/nl/onze-diensten/');
    await page.goto('/fr/');
    await settle();
    expect(requested).toEqual([]);
    expect(await pageViews()).toBe(0);
    expect(await consentCookie()).toMatch(/\.n$/);
  });

  it('a partial choice loads only that category: analytics without marketing', async () => {
    await firstVisit();
    await dialog().getByRole('button', { name: 'Instellingen kiezen' }).click();
    const necessary = dialog().getByRole('checkbox', { name: /Strikt noodzakelijk/ });
    expect(await necessary.isChecked()).toBe(true);
    expect(await necessary.isDisabled()).toBe(true);
    await dialog()
      .getByRole('checkbox', { name: /Analytisch/ })
      .check();
    await dialog().getByRole('button', { name: 'Keuze bewaren' }).click();
    await expect.poll(() => requested.some((u) => u.includes('G-ATRIUM0001'))).toBe(true);
    const update = await page.evaluate(() =>
      ((window as any).dataLayer as any[]).map((e) => Array.from(e ?? [])).find((a) => a[0] === 'consent' && a[1] === 'update'),
    );
    expect(update![2]).toMatchObject({ analytics_storage: 'granted', ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied' });
    expect(await consentCookie()).toMatch(/\.na$/);
  });

  it('?setcookies reopens the dialog with the stored choice cleared', async () => {
    await firstVisit();
    await dialog().getByRole('button', { name: 'Alleen noodzakelijke' }).click();
    await page.goto('/nl/contact/?setcookies');
    await expect.poll(() => dialog().isVisible()).toBe(true);
    expect(await consentCookie()).toBeUndefined();
    // Also on the cookie policy, which never shows the dialog by itself: its link asks again.
    await dialog().getByRole('button', { name: 'Alleen noodzakelijke' }).click();
    await page.goto('/nl/cookiebeleid/?setcookies');
    await expect.poll(() => dialog().isVisible()).toBe(true);
    expect(await consentCookie()).toBeUndefined();
  });

  it('works with the keyboard alone and keeps focus inside the dialog', async () => {
    await firstVisit();
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Alles aanvaarden');
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role=dialog]'))).toBe(true);
    }
    // To the settings, choose marketing only, save — keys only.
    while ((await page.evaluate(() => document.activeElement?.textContent)) !== 'Instellingen kiezen') await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    while (!(await page.evaluate(() => (document.activeElement as HTMLInputElement)?.name === 'marketing'))) await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    while ((await page.evaluate(() => document.activeElement?.textContent)) !== 'Keuze bewaren') await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Enter');
    expect(await consentCookie()).toMatch(/\.nm$/);
    await expect.poll(() => requested.some((u) => u.includes('gtm.js'))).toBe(true);
    expect(requested.some((u) => u.includes('gtag/js'))).toBe(false); // no analytics
  });

  it('Escape declines; pages flagged noCookiePopup never show the dialog', async () => {
    await firstVisit('/nl/cookiebeleid/');
    await settle();
    expect(await dialog().count()).toBe(0);
    expect(await page.locator('.cookie-list dt').count()).toBe(5);
    await page.goto('/nl/');
    await expect.poll(() => dialog().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    expect(await dialog().count()).toBe(0);
    expect(await consentCookie()).toMatch(/\.n$/);
  });
});

describe('the agency popup', () => {
  it('waits for the consent choice and its delay, closes, and stays closed for the visit', async () => {
    await firstVisit('/nl/', true);
    const popup = page.getByRole('dialog', { name: 'Gratis schatting van uw woning' });
    await page.clock.fastForward(10_000);
    expect(await popup.count()).toBe(0); // never together with the consent dialog
    await dialog().getByRole('button', { name: 'Alleen noodzakelijke' }).click();
    await page.clock.fastForward(3_000);
    expect(await popup.count()).toBe(0); // its delay is 6 s
    await page.clock.fastForward(4_000);
    await expect.poll(() => popup.isVisible()).toBe(true);
    expect(await page.locator('.popup').evaluate((el) => getComputedStyle(el).zIndex)).toBe('1300');
    await page.keyboard.press('Escape');
    expect(await popup.count()).toBe(0);
    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    await page.getByRole('dialog', { name: 'Menu', exact: true }).getByRole('link', { name: 'Immo-blog' }).click();
    await page.waitForURL('**/nl/immo-blog/');
    await page.clock.fastForward(10_000);
    expect(await popup.count()).toBe(0);
    await page.reload();
    await page.clock.fastForward(10_000);
    expect(await popup.count()).toBe(0);
  });

  it('closes on its overlay and by itself on a URL with modal-clicked', async () => {
    await firstVisit('/nl/', true);
    await dialog().getByRole('button', { name: 'Alleen noodzakelijke' }).click();
    await page.clock.fastForward(7_000);
    const popup = page.getByRole('dialog', { name: 'Gratis schatting van uw woning' });
    await expect.poll(() => popup.isVisible()).toBe(true);
    await page.mouse.click(5, 5); // the overlay
    expect(await popup.count()).toBe(0);
    await browser.state.context!.clearCookies();
    await page.evaluate(() => sessionStorage.clear());
    await page.goto('/nl/?modal-clicked');
    await dialog().getByRole('button', { name: 'Alleen noodzakelijke' }).click();
    await page.clock.fastForward(10_000);
    expect(await popup.count()).toBe(0);
  });
});
