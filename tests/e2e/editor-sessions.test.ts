// Issue 38, points 2 and 5, as staff live them in real Chromium: a session that ends while someone
// types asks for the password over the work and carries on (French); another person logging in
// there gets the editor for themselves and never the draft of the one before (Dutch); drafts are
// autosaved to the server and offered on another computer (Dutch); who else has the page open is
// shown by name (French, on a phone 390 px wide).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/e2e.ts';
import { SLOW, colleagueBrowser, restoreShipped, storedRevisions, type Staff } from '../helpers/editor-e2e.ts';
import { EXPECTED_4XX, SOPHIE, logIn, status } from '../helpers/editor-story-fr.ts';
import { StaffAccounts, addStaff } from '../../server/auth/staff-accounts.ts';
import { suiteDataDir, suiteUrl } from '../helpers/suite-server.ts';

const browser = useBrowser();
// Unique per attempt: a retried test starts with accounts that have no autosave and no session.
const run = `${process.pid}-${Date.now().toString(36)}`;
const person = (name: string, role: Staff['role'] = 'editor'): Staff & { name: string } => ({
  username: `${name.split(' ')[0].toLowerCase()}.${run}@atrium-immo.be`,
  password: `${name} wachtwoord 2026`,
  role,
  name,
});
const CLAIRE = person('Claire Dubois');
const ANNA = person('Anna Peeters');
const BART = person('Bart Claes');
const LUC = person('Luc Martin');
const MARIE = person('Marie Lejeune');
const ADMIN = { ...SOPHIE, name: '' };

// A wrong password in the question after the session ended is a 401 too.
const EXPECTED = [
  ...EXPECTED_4XX,
  '/api/admin/login',
  '/api/admin/docs/page%3A14',
  '/api/admin/presence/page%3A14',
  '/api/admin/autosave/page%3A14',
  '/api/admin/logout',
];

beforeAll(async () => {
  const accounts = StaffAccounts.inDataDir(suiteDataDir());
  for (const who of [CLAIRE, ANNA, BART, LUC, MARIE, ADMIN])
    if (!(await accounts.byUsername(who.username))) await addStaff(accounts, { ...who, name: who.name || undefined });
});
afterAll(async () => {
  await restoreShipped('page:14', SOPHIE);
});

const open = async (viewport = { width: 1440, height: 1000 }) => {
  const page = await browser.open({ viewport });
  for (const p of EXPECTED) browser.state.expectedMissing.add(p);
  return page;
};
const colleague = (viewport = { width: 1440, height: 1000 }) => colleagueBrowser(browser, viewport, EXPECTED);
const title = (page: Page, lang: string) => page.locator('.ed-settings').getByLabel(`Titre (${lang})`, { exact: true });
const titleNl = (page: Page) => page.locator('.ed-settings').getByLabel('Titel (nl)', { exact: true });

/** Ends the page's session on the server, as logging out in another window does. */
async function endSession(page: Page) {
  const base = suiteUrl();
  const me = await page.request.get(`${base}/api/admin/me`);
  const { csrf } = (await me.json()) as { csrf: string };
  const out = await page.request.post(`${base}/api/admin/logout`, { headers: { 'x-csrf-token': csrf, origin: base }, data: {} });
  expect(out.status()).toBe(200);
  expect((await page.request.get(`${base}/api/admin/me`)).status()).toBe(401);
}

describe('a session that ends while someone works', () => {
  it('asks for the password over the form, keeps what was typed, and saves it once logged in again', async () => {
    const page = await open();
    await logIn(page, CLAIRE);
    await page.goto('/admin/pages/14');
    await page.getByRole('heading', { name: 'Modules' }).waitFor();
    const typed = `Déclaration de confidentialité (${run}-${Date.now()})`;
    await title(page, 'fr').fill(typed);
    await endSession(page);

    // Save: the question comes over the form, in French; the form is still there behind it.
    const save = page.getByRole('button', { name: 'Enregistrer', exact: true });
    await save.click();
    const dialog = page.getByRole('dialog', { name: 'Votre session a pris fin' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Reconnectez-vous pour continuer — rien de ce que vous avez tapé n’est perdu.');
    expect(await dialog.getByLabel('E-mail').inputValue()).toBe(CLAIRE.username);
    // Not now: the screen stays as it was, and says the page was not saved.
    await dialog.getByRole('button', { name: 'Pas maintenant' }).click();
    await expect.poll(() => status(page).innerText(), SLOW).toBe('Non enregistré : Vous êtes déconnecté : reconnectez-vous pour continuer.');
    expect(await title(page, 'fr').inputValue()).toBe(typed);
    expect(page.url()).toMatch(/\/admin\/pages\/14$/);

    // Save again: asked again; a wrong password is said, the right one carries on with the save.
    await save.click();
    await dialog.waitFor();
    await dialog.getByLabel('Mot de passe').fill('pas le bon mot de passe');
    await dialog.getByRole('button', { name: 'Me reconnecter et continuer' }).click();
    await dialog.getByText('L’adresse e-mail ou le mot de passe est incorrect.').waitFor();
    // Where the page was scrolled stays where it is.
    await page.evaluate(() => window.scrollTo(0, 250));
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled).toBeGreaterThan(0);
    await dialog.getByLabel('Mot de passe').fill(CLAIRE.password);
    await dialog.getByRole('button', { name: 'Me reconnecter et continuer' }).click();
    await expect.poll(() => status(page).innerText(), SLOW).toMatch(/^Enregistré et publié/);
    expect(await dialog.count()).toBe(0);
    expect(storedRevisions('page:14').at(-1)).toMatchObject({ by: CLAIRE.username, data: { title: { fr: typed } } });
    expect(await title(page, 'fr').inputValue()).toBe(typed);
    expect(await page.evaluate(() => window.scrollY)).toBe(scrolled);
  });

  it('reloads the editor for another person logging in there, and keeps the draft for its owner', async () => {
    const page = await open();
    await logIn(page, ANNA, 'Nederlands');
    await page.goto('/admin/pages/14');
    await page.getByRole('heading', { name: 'Modules' }).waitFor();
    const stored = await titleNl(page).inputValue();
    const typed = `Annas ontwerp (${run}-${Date.now()})`;
    await titleNl(page).fill(typed);
    await endSession(page);
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Uw sessie is afgelopen' });
    await dialog.waitFor();
    // Bart logs in there: told what happens, then the editor opens again for him, without Anna's draft.
    await dialog.getByLabel('E-mail').fill(BART.username);
    await dialog.getByText('Een andere persoon').waitFor();
    await dialog.getByLabel('Wachtwoord').fill(BART.password);
    await dialog.getByRole('button', { name: 'Aanmelden en verdergaan' }).click();
    await page.locator('.ed-user__name', { hasText: BART.name }).waitFor();
    await page.getByRole('heading', { name: 'Modules' }).waitFor();
    expect(await titleNl(page).inputValue()).toBe(stored);
    expect(await page.locator('.ed-offer').count()).toBe(0);
    expect(storedRevisions('page:14').some((r) => JSON.stringify(r.data).includes(typed))).toBe(false);

    // Anna back in this browser: her draft is offered to her.
    await page.getByRole('button', { name: 'Afmelden' }).click();
    await logIn(page, ANNA, 'Nederlands');
    await page.goto('/admin/pages/14');
    await page.locator('.ed-offer').getByRole('button', { name: 'Mijn wijzigingen terugzetten' }).click();
    expect(await titleNl(page).inputValue()).toBe(typed);
  });
});

describe('drafts autosaved to the server and who else has the page open', () => {
  it('offers the autosaved draft on another computer, and restores it', async () => {
    const page = await open();
    await logIn(page, LUC, 'Nederlands');
    await page.goto('/admin/pages/14');
    await page.getByRole('heading', { name: 'Modules' }).waitFor();
    const typed = `Privacyverklaring in opbouw (${run}-${Date.now()})`;
    await titleNl(page).fill(typed);
    // Kept on the server a few seconds later (the status says so).
    await page.locator('.ed-presence__own', { hasText: /^Wijzigingen automatisch bewaard om \d\d:\d\d, nog niet opgeslagen\.$/ }).waitFor(SLOW);

    // Another computer: another browser profile (nothing in its storage), the same person.
    const other = await colleague();
    await logIn(other.page, LUC, 'Nederlands');
    await other.page.goto('/admin/pages/14');
    const offer = other.page.locator('.ed-offer');
    await offer.waitFor();
    expect(await offer.innerText()).toMatch(/^Niet-opgeslagen wijzigingen van .*, automatisch bewaard \(op deze of een andere computer\)\./);
    // This window shows that the same person has it open elsewhere too.
    await other.page.locator('.ed-presence__person', { hasText: /^U hebt het ook open in een ander venster sinds \d\d:\d\d\.$/ }).waitFor();
    await offer.getByRole('button', { name: 'Mijn wijzigingen terugzetten' }).click();
    expect(await titleNl(other.page).inputValue()).toBe(typed);
    expect(other.problems).toEqual([]);
    await other.context.close();
  });

  it('shows a colleague on a phone who is editing the page since when, by name', async () => {
    const page = await open();
    await logIn(page, MARIE, 'Nederlands');
    await page.goto('/admin/pages/14');
    await page.getByRole('heading', { name: 'Modules' }).waitFor();
    await titleNl(page).fill(`Marie typt (${run}-${Date.now()})`);
    await page.locator('.ed-presence__own', { hasText: 'automatisch bewaard' }).waitFor(SLOW);

    const phone = await colleague({ width: 390, height: 844 });
    await logIn(phone.page, CLAIRE);
    await phone.page.goto('/admin/pages/14');
    const note = phone.page.locator('.ed-presence__person', { hasText: 'Marie Lejeune' });
    await note.waitFor();
    expect(await note.innerText()).toMatch(
      /^Marie Lejeune modifie depuis \d\d:\d\d et a des modifications non enregistrées \(gardées automatiquement à \d\d:\d\d\)\.$/,
    );
    // On the phone the note wraps within the screen's width.
    const box = await note.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await note.evaluate((e) => e.scrollWidth <= e.clientWidth)).toBe(true);
    // Marie leaves the page: Claire's next word with the server shows her as having left her changes.
    await page.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name: 'Pagina’s', exact: true }).click();
    await page.getByRole('dialog', { name: 'Weggaan zonder op te slaan?' }).getByRole('button', { name: 'Weggaan' }).click();
    await page.waitForURL('**/admin/pages');
    await phone.page.reload();
    await phone.page.locator('.ed-presence__person', { hasText: /^Marie Lejeune a laissé des modifications non enregistrées/ }).waitFor();
    expect(phone.problems).toEqual([]);
    await phone.context.close();
  });
});
