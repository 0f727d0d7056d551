// The editor as Sophie (admin) and Tom (editor) use it, mostly in French: editor-staff.test.ts and
// editor-staff-pages.test.ts.
import type { Page } from 'playwright-core';
import type { useBrowser } from './e2e.ts';
import { restoreShipped, staffApi, storedRevisions, type Staff } from './editor-e2e.ts';

export const SOPHIE: Staff = { username: 'sophie.lambert@atrium-immo.be', password: 'le blog du jeudi 2026', role: 'admin' };
export const TOM: Staff = { username: 'tom.janssens@atrium-immo.be', password: 'de kantoorhond 2026', role: 'editor' };

export const revisions = (key: string) => storedRevisions(key);
export const latest = (key: string) => revisions(key).at(-1);

/** Answers the tests provoke on purpose (not logged in, a new article, a refused draft preview, a conflict, an expired session). */
export const EXPECTED_4XX = [
  '/api/admin/me',
  '/api/admin/preview',
  '/api/admin/docs/page%3A8',
  '/api/admin/docs/page%3A15',
  '/api/admin/docs/article%3Auw-woning-klaarmaken-voor-een-bezoek',
  '/api/admin/pages',
  '/api/admin/registry',
  '/api/admin/articles',
  // Issue 38: what the editor sends by itself while a document is open, when the session has ended.
  '/api/admin/presence/page%3A15',
  '/api/admin/autosave/page%3A15',
  '/api/admin/presence/page%3A8',
  '/api/admin/autosave/page%3A8',
];

/** The staff API, each answer read as JSON. */
export async function api(who: Staff) {
  const call = await staffApi(who);
  return async (method: string, path: string, body?: unknown) => {
    const r = await call(method, path, body);
    return { status: r.status, json: (await r.json()) as any };
  };
}
/** A document back as shipped (revision 0, published). */
export const asShipped = (key: string) => restoreShipped(key, SOPHIE);

/** Logs in from the login screen, choosing the editor's language there first. */
export async function logIn(page: Page, who: Staff, language = 'Français') {
  await page.goto('/admin/');
  const form = page.locator('form.ed-login__card');
  await form.locator('select').selectOption({ label: language });
  const labels =
    language === 'Français'
      ? ['E-mail', 'Mot de passe', 'Se connecter']
      : language === 'Nederlands'
        ? ['E-mail', 'Wachtwoord', 'Aanmelden']
        : ['E-mail', 'Password', 'Log in'];
  await form.getByLabel(labels[0]).fill(who.username);
  await form.getByLabel(labels[1]).fill(who.password);
  await form.getByRole('button', { name: labels[2] }).click();
  await page.locator('.ed-header').waitFor();
}
/** A fresh browser context and page, the answers the stories provoke expected. */
export async function open(browser: ReturnType<typeof useBrowser>, viewport = { width: 1440, height: 1000 }) {
  const page = await browser.open({ viewport });
  for (const p of EXPECTED_4XX) browser.state.expectedMissing.add(p);
  return page;
}
export const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Éditeur' }).getByRole('link', { name, exact: true });
export const status = (page: Page) => page.locator('.ed-docbar__status');
