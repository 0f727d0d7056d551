// What the editor's browser stories share: the staff accounts of a story, what the store holds
// (DATA_DIR/revisions.json), the staff API as a script would use it, documents put back as shipped.
import { beforeAll, expect } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { watchConsole } from './browser.ts';
import type { useBrowser } from './e2e.ts';
import { StaffAccounts, addStaff } from '../../server/auth/staff-accounts.ts';
import { suiteDataDir, suiteUrl } from './suite-server.ts';

export interface Staff {
  username: string;
  password: string;
  role: 'admin' | 'editor';
}

export interface StoredRevision<D = any> {
  key: string;
  rev: number;
  at: string;
  by: string;
  summary: string;
  published: boolean;
  restoredFrom?: number;
  data: D;
}

/** What the store holds for one document, oldest first. */
export function storedRevisions<D = any>(key: string): StoredRevision<D>[] {
  const file = join(suiteDataDir(), 'revisions.json');
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as { revisions: StoredRevision<D>[] }).revisions.filter((r) => r.key === key);
}

/** Saving runs the server's checks of the whole site: on a busy 2-core machine that takes a moment. */
export const SLOW = { timeout: 20_000 };

/** The story's staff accounts in the server's data folder (they may be there from a retried attempt). */
export function useStaffAccounts(people: Staff[]) {
  beforeAll(async () => {
    const accounts = StaffAccounts.inDataDir(suiteDataDir());
    for (const who of people) if (!(await accounts.byUsername(who.username))) await addStaff(accounts, who);
  });
}

/** The staff API as a script would use it: logged in, with the anti-CSRF token. */
export async function staffApi(who: Staff) {
  const baseUrl = suiteUrl();
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ username: who.username, password: who.password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrf } = (await login.json()) as { csrf: string };
  return (method: string, path: string, body?: unknown) =>
    fetch(`${baseUrl}/api/admin${path}`, {
      method,
      headers: { cookie, origin: baseUrl, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/** A document back as shipped (revision 0, restored and published by `admin`), unless it is already. */
export async function restoreShipped(key: string, admin: Staff) {
  const newest = storedRevisions(key).at(-1);
  if (!newest || newest.restoredFrom === 0) return;
  const call = await staffApi(admin);
  const r = await call('POST', `/docs/${encodeURIComponent(key)}/restore`, { rev: 0, baseRev: newest.rev });
  expect(r.status).toBe(200);
}

/** A colleague in a browser of their own, its console watched like the first one's. */
export async function colleagueBrowser(
  browser: ReturnType<typeof useBrowser>,
  viewport: { width: number; height: number },
  expected4xx: string[],
): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.state.context!.browser()!.newContext({ viewport, baseURL: suiteUrl() });
  const page = await context.newPage();
  return { context, page, problems: watchConsole(page, new Set(expected4xx)) };
}

/** On a narrow screen the navigation and the person logged in are behind the "Menu" button: opens it (unless it is open). */
export async function openMenu(page: Page) {
  const button = page.locator('.ed-menu-button');
  if ((await button.isVisible()) && (await button.getAttribute('aria-expanded')) !== 'true') await button.click();
}
