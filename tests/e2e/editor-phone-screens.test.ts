// Every screen of the editor fits a phone (issue 38, point 10): in real Chromium at 390 × 844 with
// touch, an editor (in French) and an admin (in Dutch) open each screen their Menu offers, and the
// screens below them staff use on a phone — a page with its modules open, an article,
// a request, a document's history, the comparison of two versions, the redirects, each site setting.
// No screen is wider than the phone; a failure names the screen and the element that reaches
// furthest right (tests/helpers/phone.ts). A screen added to the navigation is visited by itself.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/e2e.ts';
import { restoreShipped, staffApi, useStaffAccounts, type Staff } from '../helpers/editor-e2e.ts';
import { EXPECTED_4XX, logIn } from '../helpers/editor-story-fr.ts';
import { PHONE, measure } from '../helpers/phone.ts';

const browser = useBrowser();
const EDITOR: Staff = { username: 'nina.screens@atrium-immo.be', password: 'tout tient dans la main 2026', role: 'editor' };
const ADMIN: Staff = { username: 'pieter.screens@atrium-immo.be', password: 'alles past in de hand 2026', role: 'admin' };
useStaffAccounts([EDITOR, ADMIN]);
/** A page whose history gets a second version (a draft) for the comparison; put back as shipped after. */
const COMPARED = 34;
afterAll(() => restoreShipped(`page:${COMPARED}`, ADMIN));

const words = {
  fr: { language: 'Français', nav: 'Éditeur', edit: 'Modifier', history: 'Historique', compare: 'Comparer les deux versions cochées' },
  nl: { language: 'Nederlands', nav: 'Editor', edit: 'Bewerken', history: 'Geschiedenis', compare: 'De twee aangevinkte versies vergelijken' },
};

/** The screen has drawn what it loads. */
async function settled(page: Page) {
  await page.locator('#ed-main h1').first().waitFor();
  await expect.poll(() => page.locator('.ed-loading').count(), { timeout: 15_000 }).toBe(0);
}

interface Below {
  name: string;
  path: string;
  admin?: boolean;
  open: (page: Page, w: (typeof words)['fr']) => Promise<void>;
}

/** Screens reached from a screen of the navigation. */
const BELOW: Below[] = [
  {
    name: 'A page with every module open',
    path: '/admin/pages/1',
    open: async (page, w) => {
      const closed = page.locator('.ed-module__buttons').getByRole('button', { name: w.edit, exact: true });
      await closed.first().waitFor();
      for (let n = await closed.count(); n > 0; n--) await closed.first().click();
      await expect.poll(() => page.locator('.ed-module__form form.ed-form').count()).toBe(await page.locator('.ed-module__row').count());
      await page.locator('details').evaluateAll((ds) => ds.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    },
  },
  {
    name: 'An article',
    path: '/admin/articles',
    open: async (page) => {
      await page.locator('.ed-articles__list a.ed-tree__link').first().click();
      await page.locator('form.ed-form').first().waitFor();
    },
  },
  {
    name: 'A request',
    path: '/admin/leads',
    open: async (page) => {
      const open = page.locator('.ed-inbox__open').first();
      if (!(await open.count())) return; // no request yet on this server: the list is the screen
      await open.click();
      await page.locator('.ed-inbox__detail h2').waitFor();
    },
  },
  {
    name: 'The history of a page, two versions compared',
    path: `/admin/pages/${COMPARED}`,
    open: async (page, w) => {
      await page.getByRole('button', { name: w.history, exact: true }).click();
      const picks = page.locator('.ed-history input[type=checkbox]');
      await picks.nth(1).waitFor();
      await picks.nth(0).check();
      await picks.nth(1).check();
      await page.getByRole('button', { name: w.compare }).click();
      await page.locator('.ed-compare').waitFor();
    },
  },
  { name: 'Redirects', path: '/admin/redirects', open: async () => {} },
  ...['site', 'languages', 'header', 'footer', 'banner', 'popup', 'cookieConsent', 'renovation', 'valuation'].map((doc) => ({
    name: `Site settings › ${doc}`,
    path: `/admin/settings/${doc}`,
    admin: true,
    open: async (page: Page) => void (await page.locator('form.ed-form').first().waitFor()),
  })),
];

async function tooWide(ui: 'fr' | 'nl', who: Staff): Promise<string[]> {
  const w = words[ui];
  const page = await browser.open(PHONE);
  for (const p of EXPECTED_4XX) browser.state.expectedMissing.add(p);
  await logIn(page, who, w.language);
  const wide: string[] = [];
  const check = async (screen: string) => {
    const m = await measure(page);
    if (m.scrollWidth > m.clientWidth) wide.push(`${screen}: ${m.scrollWidth} px wide, ${m.widest} reaches ${m.right} px`);
  };
  // Every screen of the navigation (the links its Menu offers this person).
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  const links = await page
    .getByRole('navigation', { name: w.nav })
    .getByRole('link')
    .evaluateAll((as) => as.map((a) => ({ text: (a as HTMLElement).innerText, path: new URL((a as HTMLAnchorElement).href).pathname })));
  expect(links.length).toBeGreaterThanOrEqual(who.role === 'admin' ? 13 : 9);
  await check('The open menu');
  for (const link of links) {
    await page.goto(link.path);
    await settled(page);
    await check(link.text);
  }
  for (const screen of BELOW) {
    if (screen.admin && who.role !== 'admin') continue;
    await page.goto(screen.path);
    await settled(page);
    await screen.open(page, w);
    await check(screen.name);
  }
  return wide;
}

describe('every editor screen on a phone', () => {
  it('fits 390 px for an editor, in French', { timeout: 240_000 }, async () => {
    // Two versions of a page compared: the story makes the second one (a draft, never published).
    const call = await staffApi(ADMIN);
    const doc = (await (await call('GET', `/docs/page%3A${COMPARED}`)).json()) as { rev: number; n?: number; data: { title: Record<string, string> } };
    if (!doc.n) {
      const data = { ...doc.data, title: { ...doc.data.title, fr: `${doc.data.title.fr} (brouillon)` } };
      expect((await call('PUT', `/docs/page%3A${COMPARED}`, { data, baseRev: doc.rev, publish: false })).status).toBe(200);
    }
    const wide = await tooWide('fr', EDITOR);
    expect(wide, `screens wider than the phone:\n${wide.join('\n')}\n`).toEqual([]);
  });
  it('fits 390 px for an admin, in Dutch', { timeout: 240_000 }, async () => {
    const wide = await tooWide('nl', ADMIN);
    expect(wide, `screens wider than the phone:\n${wide.join('\n')}\n`).toEqual([]);
  });
});
