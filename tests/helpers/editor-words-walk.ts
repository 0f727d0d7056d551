// No English left on a French or Dutch editor screen (issue 38, point 6). In real Chromium, staff
// log in with the editor in French and in Dutch, as an editor and as an admin, and open every screen
// the navigation reaches — pages, pages with every module open (their technical fields too, for
// admins), articles, an article, the home banner, each site setting, the dictionaries with a group
// open and a search, missing translations, media, leads, owners, listings. On each, every visible
// text and every aria-label, title, placeholder and alt is compared with the editor's English words
// (tests/helpers/editor-words.ts: the English catalogue, field and choice names, module types'
// hints, the schemas' titles and descriptions, a field's key as words): one that is not also a text
// of the screen's language fails the test, listed with its screen. Texts in another language on
// purpose (a dictionary's English reference, a page's English title) carry their `lang` and are
// not counted. A screen added to the editor goes in SCREENS below. The tests: tests/e2e/editor-words-{fr,nl}.test.ts.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from './e2e.ts';
import { useStaffAccounts, type Staff } from './editor-e2e.ts';
import { englishWords, type Target } from './editor-words.ts';
import { UI_LANG_KEY } from '../../editor/i18n/index.ts';

const ADMIN: Staff = { username: 'ines.words@atrium-immo.be', password: 'mots simples 2026', role: 'admin' };
const EDITOR: Staff = { username: 'jan.words@atrium-immo.be', password: 'eenvoudige woorden 2026', role: 'editor' };
/** Pages whose modules, opened together, show every module type the sample site places. */
const MODULE_PAGES = [1, 4, 6, 8, 11, 12, 16, 27, 28, 30, 31, 32, 34];

interface Screen {
  name: string;
  path: string;
  admin?: boolean;
  /** What makes the screen ready, and what to open on it before reading it. */
  ready?: (page: Page) => Promise<void>;
}

const settled = async (page: Page) => {
  await page.locator('#ed-main h1').first().waitFor();
  await expect.poll(() => page.locator('.ed-loading').count(), { timeout: 15_000 }).toBe(0);
};
/** Every module of the page open, and every "Advanced" part unfolded. */
const modulesOpen = async (page: Page) => {
  await settled(page);
  const closed = page.locator('.ed-module__buttons button[aria-expanded="false"]');
  await expect.poll(() => page.locator('.ed-module__row').count()).toBeGreaterThan(0);
  for (let n = await closed.count(); n > 0; n--) await closed.first().click();
  await expect.poll(() => page.locator('.ed-module__form form.ed-form').count()).toBe(await page.locator('.ed-module__row').count());
  await unfold(page);
};
const unfold = (page: Page) => page.locator('details').evaluateAll((ds) => ds.forEach((d) => ((d as HTMLDetailsElement).open = true)));
const formShown = async (page: Page) => {
  await settled(page);
  await page.locator('form.ed-form').first().waitFor();
  await unfold(page);
};

const SCREENS: Screen[] = [
  { name: 'Pages', path: '/admin/pages', ready: async (page) => (await settled(page), await page.locator('#ed-menu-heading').waitFor()) },
  ...MODULE_PAGES.map((id) => ({ name: `Page ${id} with its modules open`, path: `/admin/pages/${id}`, ready: modulesOpen })),
  {
    name: 'Articles (each category)',
    path: '/admin/articles',
    ready: async (page) => {
      await settled(page);
      await page.locator('table').first().waitFor();
    },
  },
  {
    name: 'An article',
    path: '/admin/articles',
    ready: async (page) => {
      await settled(page);
      await page.locator('table a').first().click();
      await formShown(page);
    },
  },
  { name: 'Home banner', path: '/admin/banner', ready: formShown },
  ...['site', 'languages', 'header', 'footer', 'banner', 'popup', 'cookieConsent', 'renovation', 'valuation'].map((doc) => ({
    name: `Site settings › ${doc}`,
    path: `/admin/settings/${doc}`,
    admin: true,
    ready: formShown,
  })),
  {
    name: 'Dictionaries (Dutch, search and plural)',
    path: '/admin/dictionaries/nl',
    ready: async (page) => {
      await settled(page);
      await page.locator('.ed-dict-group[data-group="search"] button').click();
      await page.locator('.ed-dict-plural').first().waitFor();
    },
  },
  {
    name: 'Dictionaries (French, found by a search)',
    path: '/admin/dictionaries/fr',
    ready: async (page) => {
      await settled(page);
      await page.locator('.ed-dicts__search input').fill('kopen');
      await page.locator('.ed-dict-entry').first().waitFor();
    },
  },
  { name: 'Missing translations', path: '/admin/missing', ready: settled },
  { name: 'Scheduled', path: '/admin/scheduled', ready: settled },
  { name: 'Trash', path: '/admin/trash', ready: settled },
  { name: 'Media', path: '/admin/media', ready: settled },
  { name: 'Leads', path: '/admin/leads', ready: settled },
  { name: 'Owners', path: '/admin/owners', admin: true, ready: settled },
  { name: 'Listings', path: '/admin/listings', admin: true, ready: settled },
  { name: 'Staff', path: '/admin/staff', admin: true, ready: settled },
  { name: 'Redirects', path: '/admin/redirects', ready: settled },
  {
    name: 'A page’s history and a version read-only',
    path: '/admin/pages/1',
    ready: async (page) => {
      await settled(page);
      await page.locator('.ed-docbar__actions button').first().click();
      await page.locator('.ed-history tr[data-n]').first().waitFor();
      await page.locator('.ed-history__actions button').first().click();
      await page.locator('.ed-compare tbody tr').first().waitFor();
    },
  },
  {
    name: 'Deleting a legal page (what it touches)',
    path: '/admin/pages/14',
    admin: true,
    ready: async (page) => {
      await settled(page);
      await page.locator('.ed-screen-head__links .ed-button--danger-text').click();
      await page.locator('.ed-delete').waitFor();
    },
  },
];

interface Seen {
  kind: string;
  text: string;
}

/** What a staff member reads and hears on the screen: visible texts, and the names and hints of its elements. */
function read(page: Page): Promise<Seen[]> {
  return page.evaluate(() => {
    const ui = document.documentElement.lang.slice(0, 2);
    const out: Array<{ kind: string; text: string }> = [];
    const norm = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();
    // Text in another language on purpose (content, a reference text) says so with `lang`.
    const foreign = (el: Element) => {
      const l = el.closest('[lang]')?.getAttribute('lang');
      return !!l && l.slice(0, 2) !== ui;
    };
    const shown = (el: Element) => {
      const target = el.closest('option') ? el.closest('select')! : el;
      return (target as HTMLElement).checkVisibility?.() ?? true;
    };
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const el = n.parentElement;
      const text = norm(n.nodeValue);
      if (!el || !text || el.closest('script, style, noscript, textarea') || foreign(el) || !shown(el)) continue;
      out.push({ kind: 'text', text });
    }
    for (const el of document.body.querySelectorAll('label, button, option, legend, summary, h1, h2, h3, th, a')) {
      const text = norm((el as HTMLElement).innerText);
      if (text && text.length < 200 && !foreign(el) && shown(el)) out.push({ kind: 'text', text });
    }
    for (const el of document.body.querySelectorAll('[aria-label], [title], [placeholder], img[alt]')) {
      if (foreign(el) || el.closest('[hidden]')) continue;
      for (const a of ['aria-label', 'title', 'placeholder', 'alt']) {
        const v = norm(el.getAttribute(a));
        if (v) out.push({ kind: a, text: v });
      }
    }
    out.push({ kind: 'document title', text: norm(document.title) });
    return out;
  });
}

async function login(page: Page, who: Staff) {
  await page.goto('/admin/');
  const form = page.locator('form.ed-login__card');
  await form.locator('input[type="email"]').fill(who.username);
  await form.locator('input[type="password"]').fill(who.password);
  await form.locator('button[type="submit"]').click();
  await page.locator('nav.ed-nav').waitFor();
}

/** Opens every screen the staff member reaches and lists the English texts left on them, by screen. */
async function englishLeft(browser: ReturnType<typeof useBrowser>, target: Target, who: Staff): Promise<string[]> {
  const words = englishWords(target);
  const page = await browser.open({ viewport: { width: 1440, height: 900 } });
  // Not logged in yet: the editor asks who is there first.
  browser.state.expectedMissing.add('/api/admin/me');
  await page.context().addInitScript(([key, lang]) => localStorage.setItem(key, lang), [UI_LANG_KEY, target] as const);
  await login(page, who);
  // The navigation itself: the links the staff member has.
  const reachable = await page.locator('nav.ed-nav a').evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  const left: string[] = [];
  const visited = new Set<string>();
  for (const screen of SCREENS) {
    if (screen.admin && who.role !== 'admin') continue;
    await page.goto(screen.path);
    await (screen.ready ?? settled)(page);
    visited.add(screen.path.split('/').slice(0, 3).join('/'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(target);
    const seen = new Set<string>();
    const texts = await read(page);
    // The screen was read: its heading is among what was read, and it is not a near-empty page.
    const heading = await page.locator('#ed-main h1').first().innerText();
    expect(
      texts.map((t) => t.text),
      screen.name,
    ).toContain(heading.replace(/\s+/g, ' ').trim());
    expect(texts.length, screen.name).toBeGreaterThan(20);
    for (const s of texts) {
      const english = words.english(s.text);
      const line = `${screen.name}: “${s.text}” (${s.kind}${english && english !== s.text ? `, the English text “${english}”` : ''})`;
      if (english && !seen.has(line)) {
        seen.add(line);
        left.push(line);
      }
    }
  }
  // Every screen of the navigation is in SCREENS: a new one must be added there.
  expect(
    reachable.filter((p) => !visited.has(p)),
    'screens in the navigation that this test does not open',
  ).toEqual([]);
  return left;
}

/**
 * The walk's tests for one language of the editor, as an editor and as an admin: a test file per
 * language (tests/e2e/editor-words-fr.test.ts, -nl), so that two workers walk them side by side.
 */
export function noEnglishOnScreens(target: 'fr' | 'nl') {
  const browser = useBrowser();
  useStaffAccounts([ADMIN, EDITOR]);
  describe(`no English on a ${target === 'fr' ? 'French' : 'Dutch'} editor screen`, () => {
    for (const who of [EDITOR, ADMIN])
      it(`in ${target === 'fr' ? 'French' : 'Dutch'}, as ${who.role === 'admin' ? 'an admin' : 'an editor'}`, { timeout: 300_000 }, async () => {
        const left = await englishLeft(browser, target, who);
        expect(left, `English texts left on ${target} screens (${who.role}):\n${left.join('\n')}\n`).toEqual([]);
      });
  });
}
