// Site settings, dictionaries and missing translations in the editor, in real Chromium (in
// English): site settings are an admin's, a setting and a dictionary are saved as drafts, and a
// missing text leads to its input.
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/e2e.ts';
import { SLOW, useStaffAccounts } from '../helpers/editor-e2e.ts';
import { CLAIRE, EXPECTED_4XX, MARC, asShipped, latest, nav, openEditor } from '../helpers/editor-story-en.ts';

const browser = useBrowser();
useStaffAccounts([CLAIRE, MARC]);

afterAll(async () => {
  // Drafts never reach visitors; the shipped versions keep the store tidy for whoever looks next.
  await asShipped('popup');
  await asShipped('dictionary:fr');
  await asShipped('page:13');
});

describe('settings, dictionaries and missing translations', () => {
  it('keeps site settings to admins, saves a setting and a dictionary as drafts, and leads from a missing text to its input', async () => {
    await asShipped('popup');
    await asShipped('dictionary:fr');
    await asShipped('page:13');
    // An editor: no site settings, no owners.
    const page = await browser.open();
    for (const p of EXPECTED_4XX) browser.state.expectedMissing.add(p);
    await openEditor(page, MARC);
    const links = await page.getByRole('navigation', { name: 'Editor' }).getByRole('link').allInnerTexts();
    expect(links).toEqual(['Pages', 'Articles', 'Home banner', 'Dictionaries', 'Missing translations', 'Scheduled', 'Media', 'Trash', 'Redirects', 'Leads']);
    // In groups, each a list named by what it holds: no "Site" group without its admin-only entries.
    const groups = page.getByRole('navigation', { name: 'Editor' }).getByRole('list');
    expect(await groups.evaluateAll((ls) => ls.map((l) => document.getElementById(l.getAttribute('aria-labelledby')!)?.textContent))).toEqual([
      'Content',
      'Agency',
    ]);
    expect(await page.getByRole('navigation', { name: 'Editor' }).getByRole('list', { name: 'Agency' }).getByRole('link').allInnerTexts()).toEqual(['Leads']);
    await page.goto('/admin/settings/popup');
    await expect
      .poll(() =>
        page
          .getByRole('alert')
          .innerText()
          .catch(() => ''),
      )
      .toBe('Only administrators can change the site settings.');
    expect(await page.locator('form.ed-form').count()).toBe(0);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.locator('form.ed-login__card').waitFor();

    // An admin: the popup's form, from its schema, saved as a draft (the live popup stays as it is).
    await page.locator('form.ed-login__card').getByLabel('E-mail').fill(CLAIRE.username);
    await page.locator('form.ed-login__card').getByLabel('Password').fill(CLAIRE.password);
    await page.locator('form.ed-login__card').getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Site settings', level: 1 }).waitFor();
    expect(await page.getByRole('navigation', { name: 'Editor' }).getByRole('link').allInnerTexts()).toEqual([
      'Pages',
      'Articles',
      'Home banner',
      'Dictionaries',
      'Missing translations',
      'Scheduled',
      'Media',
      'Trash',
      'Redirects',
      'Leads',
      'Owners',
      'Listings',
      'Site settings',
      'Staff',
    ]);
    expect(await page.getByRole('navigation', { name: 'Editor' }).getByRole('list', { name: 'Site' }).getByRole('link').allInnerTexts()).toEqual([
      'Site settings',
      'Staff',
    ]);
    await nav(page, 'Site settings').click();
    await page.getByRole('navigation', { name: 'Settings documents' }).getByRole('link', { name: 'Popup' }).click();
    const title = page.getByLabel('Title (fr)', { exact: true });
    await expect.poll(() => title.inputValue().catch(() => '')).toBe('Estimation gratuite de votre bien');
    await title.fill('Estimation gratuite et sans engagement');
    await expect.poll(() => page.frameLocator('iframe.ed-preview__frame').locator('body').count(), { timeout: 15_000 }).toBe(1);
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect.poll(() => page.locator('.ed-docbar__status').innerText(), SLOW).toMatch(/^Saved as a draft/);
    const popup = latest('popup')! as unknown as { by: string; published: boolean; data: { title: Record<string, string> } };
    expect([popup.by, popup.published, popup.data.title.fr]).toEqual([CLAIRE.username, false, 'Estimation gratuite et sans engagement']);
    expect(await page.getByRole('button', { name: 'Publish' }).count()).toBe(1);

    // The French dictionary: texts grouped by where they show, each named by its words in the editor's language (the key small, for admins).
    await nav(page, 'Dictionaries').click();
    await page.getByRole('navigation', { name: 'Languages' }).getByRole('link', { name: 'French', exact: true }).click();
    await page.getByRole('button', { name: /^Header, menu and banner/ }).click();
    const row = page.locator('.ed-dict-entry[data-key="nav.menu"]');
    expect(await row.locator('.ed-dict-entry__label').innerText()).toBe('Menu');
    expect(await row.locator('.ed-dict-entry__key').innerText()).toBe('nav.menu');
    const menu = page.getByLabel('Menu (French)', { exact: true });
    await expect.poll(() => menu.inputValue().catch(() => '')).toBe('Menu');
    expect(await row.getAttribute('class')).toBe('ed-dict-entry');
    // An emptied text is highlighted and found by "only missing".
    await menu.fill('');
    expect(await row.getAttribute('class')).toBe('ed-dict-entry is-missing');
    await page.getByLabel(/Only missing/).check();
    expect(await page.locator('.ed-dict-entry').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.key))).toEqual(['nav.menu']);
    // French is in use: an empty text would be published empty, so it is marked at its field; a draft keeps it (issue 38, point 2).
    expect(await row.locator('.ed-field-errors').innerText()).toBe('is required in French');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect.poll(() => page.locator('.ed-docbar__status').innerText(), SLOW).toMatch(/^Saved as a draft/);
    expect((latest('dictionary:fr')!.data as unknown as Record<string, string>)['nav.menu']).toBe('');
    await menu.fill('Menu du site');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect.poll(() => page.locator('.ed-docbar__status').innerText(), SLOW).toMatch(/^Saved as a draft/);
    expect((latest('dictionary:fr')!.data as unknown as Record<string, string>)['nav.menu']).toBe('Menu du site');

    // An optional text left empty in Dutch: Missing translations lists it under Dutch, by page and field; its link opens the page at that input.
    await nav(page, 'Pages').click();
    await page.getByRole('link', { name: 'Free valuation', exact: true }).click();
    const description = page.locator('.ed-settings').getByLabel('Description (nl)', { exact: true });
    await description.fill('');
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect.poll(() => page.locator('.ed-docbar__status').innerText(), SLOW).toMatch(/^Saved as a draft/);
    await nav(page, 'Missing translations').click();
    const nl = page.locator('section[data-lang="nl"]');
    await nl.getByRole('link', { name: 'Page “Free valuation” — Description (nl)' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/admin/pages/13');
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe('edp_description_nl');
  });
});
