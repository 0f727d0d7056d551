// The editor in English, as Claire (admin) and Marc (editor) use it: editor.test.ts and
// editor-settings.test.ts.
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import { restoreShipped, storedRevisions, type Staff } from './editor-e2e.ts';

/** Where staff open the editor. */
export const ENTRY = '/admin/';

export const CLAIRE: Staff = { username: 'claire.dubois@atrium-immo.be', password: 'les services 2026', role: 'admin' };
export const MARC: Staff = { username: 'marc.peeters@atrium-immo.be', password: 'de diensten 2026', role: 'editor' };

/** What a page's stored revisions hold that the stories read. */
type PageData = {
  modules?: Array<{ id: number; view: string; sort?: number; title?: Record<string, string>; span?: number }>;
  title?: Record<string, string>;
} | null;
export const revisions = (key: string) => storedRevisions<PageData>(key);
export const latest = (key: string) => revisions(key).at(-1);

/** A document back as shipped (revision 0, published), unless it is already. */
export const asShipped = (key: string) => restoreShipped(key, CLAIRE);

/** Paths whose 4xx the editor provokes on purpose (not logged in yet, a wrong password, a conflict). */
export const EXPECTED_4XX = ['/api/admin/me', '/api/admin/login', '/api/admin/docs/page%3A4', '/api/admin/docs/page%3A5', '/api/admin/preview'];

export async function openEditor(page: Page, who: Staff, opts: { wrongPasswordFirst?: boolean } = {}) {
  await page.goto(ENTRY);
  const form = page.locator('form.ed-login__card');
  if (opts.wrongPasswordFirst) {
    await form.getByLabel('E-mail').fill(who.username);
    await form.getByLabel('Password').fill('not my password');
    await form.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => form.getByRole('alert').innerText()).toBe('The username or password are not correct.');
  }
  await form.getByLabel('E-mail').fill(who.username);
  await form.getByLabel('Password').fill(who.password);
  await form.getByRole('button', { name: 'Log in' }).click();
  await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
}

/** A link of the editor's navigation. */
export const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Editor' }).getByRole('link', { name, exact: true });
