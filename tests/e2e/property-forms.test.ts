// The property page as a visitor sees it by the property's goal and state (issue 39): the forms and
// their headings on a phone and on a desktop, the printed sheet, and the valuation popup's rule.
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/e2e.ts';
import { sampleListings, importListingsData } from '../helpers/listings.ts';
import { startBuiltServer } from '../helpers/built-server.ts';
import { seedFormKey } from '../helpers/fill-token.ts';
import { tempDir } from '../helpers/config.ts';
import { CONSENT_COOKIE } from '../../renderer/consent/consent.ts';
import { LONG_ID, sampleWithLongProperty } from '../helpers/long-listing.ts';
import { suiteUrl } from '../helpers/suite-server.ts';

const browser = useBrowser();
type P = { ID: number; language: string; Goal: number; Availability: string };
const sample = (await sampleListings()) as unknown as { properties: P[] };
const find = (goal: number, availability: string) => sample.properties.find((p) => p.language === 'nl' && p.Goal === goal && p.Availability === availability)!;

const phone = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true };
const desktop = { viewport: { width: 1366, height: 900 } };

/** Opens the property's page in `lang` (its Dutch page names the others as alternates). */
async function openProperty(page: Page, id: number, lang: string) {
  await page.goto(`/property/${id}/`);
  if (lang !== 'nl') await page.goto(new URL((await page.locator(`link[rel=alternate][hreflang=${lang}]`).getAttribute('href'))!).pathname);
}

/** The contact modules drawn: each one's heading and the form under it. */
const contactModules = (page: Page) =>
  page
    .locator('section.module--contact')
    .evaluateAll((sections) =>
      sections.map((s) => ({ title: s.querySelector('.module__title')?.textContent ?? '', form: s.querySelector('form')?.getAttribute('data-form') ?? null })),
    );

const cases = [
  {
    state: 'for sale',
    property: find(0, 'available'),
    lang: 'en',
    forms: ['contact-me', 'document-request', 'send-to-friend', 'purchase-offer', 'contact-appointment'],
    absent: ['Apply to rent'],
  },
  {
    state: 'to let',
    property: find(1, 'available'),
    lang: 'fr',
    forms: ['contact-me', 'document-request', 'send-to-friend', 'contact-appointment', 'rental-application'],
    absent: ['Faire une offre'],
  },
  {
    state: 'sold',
    property: find(0, 'sold'),
    lang: 'nl',
    forms: ['contact-me', 'send-to-friend'],
    absent: ['Een bod uitbrengen', 'Plan zelf een bezoek', 'Kandidaat-huurder worden'],
  },
  {
    state: 'let',
    property: find(1, 'rented'),
    lang: 'en',
    forms: ['contact-me', 'send-to-friend'],
    absent: ['Make an offer', 'Book a viewing yourself', 'Apply to rent'],
  },
];

describe('the forms of a property page by goal and state', () => {
  for (const c of cases) {
    for (const [size, options] of [
      ['375 px', phone],
      ['1366 px', desktop],
    ] as const) {
      it(`a property ${c.state} (${c.lang}, ${size}) shows ${c.forms.length} forms, each under its heading, and no empty heading`, async () => {
        const page = await browser.open(options);
        await openProperty(page, c.property.ID, c.lang);
        const modules = await contactModules(page);
        expect(modules.map((m) => m.form)).toEqual(c.forms);
        for (const m of modules) expect(m.title.length, m.form!).toBeGreaterThan(0);
        const headings = await page.locator('main h2').allInnerTexts();
        for (const title of c.absent) expect(headings).not.toContain(title);
        if (c.state === 'sold' || c.state === 'let') {
          expect(await page.locator('.notice--gone').innerText()).toMatch(c.state === 'sold' ? /Pand verkocht/ : /has been rented/);
          expect(await page.locator('.similar .property-card').count()).toBeGreaterThan(0);
          // The general contact starts on "more information", not on a visit.
          expect(await page.locator('form[data-form=contact-me] input[name=request][value=info]').isChecked()).toBe(true);
        }
        // A visible form for each kind, and nothing wider than the screen.
        for (const kind of c.forms) expect(await page.locator(`form[data-form=${kind}]`).isVisible(), kind).toBe(true);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options.viewport.width);
      });
    }
  }
});

/** The pages of a PDF Chromium wrote (each page object once). */
const pdfPages = (pdf: Buffer) => (pdf.toString('latin1').match(/\/Type\s*\/Page(?!s)/g) ?? []).length;

describe('the printed property sheet', () => {
  it('prints a property with 30 photos and a long description in at most 3 A4 pages: photos, facts, energy, address, agency; no forms, no share links', async () => {
    // A server of its own with the long property imported as a CRM would send it.
    const dataDir = tempDir('print-');
    seedFormKey(dataDir);
    const imported = await importListingsData(sampleWithLongProperty(), dataDir);
    expect(imported.result).toBe('accepted');
    const server = await startBuiltServer({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:9' });
    onTestFinished(() => server.stop());
    const page = await browser.open({ ...desktop, baseURL: server.url });
    await openProperty(page, LONG_ID, 'fr');
    await page.emulateMedia({ media: 'print' });
    const shown = async (selector: string) => page.locator(selector).first().isVisible();
    expect(await shown('.property-detail h1')).toBe(true);
    expect(await shown('.gallery__still')).toBe(true);
    expect(await page.locator('.gallery__thumbs img').evaluateAll((imgs) => imgs.filter((i) => i.getBoundingClientRect().height > 0).length)).toBe(4);
    for (const part of ['.key-facts', '.facts dl', '.epc', '.property-detail__address', '.agent-card']) expect(await shown(part), part).toBe(true);
    expect(await page.locator('form').evaluateAll((forms) => forms.filter((f) => f.getBoundingClientRect().height > 0).length)).toBe(0);
    for (const part of ['.share', '.similar', '.site-header', '.site-footer', '.breadcrumbs']) expect(await shown(part), part).toBe(false);
    const pdf = await page.pdf({ format: 'A4' });
    expect(pdfPages(pdf)).toBeGreaterThan(1);
    expect(pdfPages(pdf)).toBeLessThanOrEqual(3);
    // A sold one on a phone, printed: still within 3 pages.
    const phonePage = await browser.open({ ...phone, baseURL: server.url });
    await openProperty(phonePage, find(0, 'sold').ID, 'nl');
    expect(pdfPages(await phonePage.pdf({ format: 'A4' }))).toBeLessThanOrEqual(3);
  });
});

describe('the valuation popup (SPEC §4)', () => {
  /** A visitor who has chosen their cookies but never closed the popup, with a clock the test moves on. */
  async function visit(path: string) {
    const page = await browser.open(desktop, false);
    await page.context().addCookies([{ name: CONSENT_COOKIE, value: 'v1.2026-11-21.n', url: suiteUrl() }]);
    await page.clock.install();
    await page.goto(path);
    await page.clock.fastForward(10_000); // past the popup's delay (6 s)
    return page;
  }
  it('opens on the home page after its delay', async () => {
    const page = await visit('/fr/');
    await expect.poll(() => page.locator('.popup [role=dialog]').isVisible()).toBe(true);
  });
  for (const path of ['/nl/gratis-schatting/', '/fr/estimation-gratuite/', '/en/free-valuation/', '/fr/merci/contact-demand/']) {
    it(`stays closed on ${path}, which holds the form's action`, async () => {
      const page = await visit(path);
      // The timer has run: a popup would be in the page now.
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await page.locator('.popup').count()).toBe(0);
    });
  }
});
