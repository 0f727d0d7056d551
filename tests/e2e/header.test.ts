// Issue 14, point 8: the header holds any menu. With 6 to 14 top-level items the logo keeps its
// size at 390, 768, 1024, 1440 and 1920 px; the menu is one bar where it fits and the drawer where
// it does not, never a bar running into the logo or the language switch. Screenshots of the
// header with 14 items at the five widths go to DATA_DIR/screenshots/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/e2e.ts';
import { StaffAccounts, addStaff } from '../../server/auth/staff-accounts.ts';
import { suiteDataDir, suiteUrl } from '../helpers/suite-server.ts';

const browser = useBrowser();
const baseUrl = suiteUrl();
const dataDir = suiteDataDir();
const WIDTHS = [390, 768, 1024, 1440, 1920];
const shots = join(dataDir, 'screenshots');
const ADMIN = { username: `header.admin.${process.pid}@atrium-immo.be`, password: 'the header has room 2026', role: 'admin' as const };

type Call = (method: string, path: string, body?: unknown) => Promise<{ status: number; json: any }>;
let call: Call;
/** Pages this test added (deleted afterwards) and shipped pages it hid from the menu (restored). */
const added: number[] = [];
const hidden: number[] = [];

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  const accounts = StaffAccounts.inDataDir(dataDir);
  if (!(await accounts.byUsername(ADMIN.username))) await addStaff(accounts, ADMIN);
  const login = await fetch(`${baseUrl}/api/admin/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify(ADMIN),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrf } = (await login.json()) as { csrf: string };
  call = async (method, path, body) => {
    const r = await fetch(`${baseUrl}/api/admin${path}`, {
      method,
      headers: { cookie, origin: baseUrl, 'x-csrf-token': csrf, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: r.status, json: await r.json() };
  };
});

afterAll(async () => {
  for (const id of added) {
    const doc = await call('GET', `/docs/page:${id}`);
    if (doc.status === 200) await call('DELETE', `/docs/page:${id}`, { baseRev: doc.json.rev });
  }
  for (const id of hidden) {
    const doc = await call('GET', `/docs/page:${id}`);
    await call('POST', `/docs/page:${id}/restore`, { rev: 0, baseRev: doc.json.rev });
  }
});

/** Top-level pages of the menu, as the public site lists them. */
async function menuCount(page: Page, lang: string): Promise<number> {
  await page.goto(`/${lang}/`);
  return page.locator('.main-nav__list > li').count();
}

/** Adds published top-level pages (long French and Dutch names, as agencies write them) until the menu has `n` items. */
async function menuOf(n: number, page: Page) {
  let count = await menuCount(page, 'fr');
  const names = [
    { nl: 'Vastgoedbeheer', fr: 'Gestion immobilière', en: 'Property management' },
    { nl: 'Investeerders', fr: 'Investisseurs', en: 'Investors' },
    { nl: 'Handelspanden', fr: 'Biens commerciaux', en: 'Commercial' },
    { nl: 'Vacatures', fr: 'Offres d’emploi', en: 'Vacancies' },
    { nl: 'Verzekeringen', fr: 'Assurances habitation', en: 'Insurance' },
    { nl: 'Syndicus', fr: 'Syndic de copropriété', en: 'Building manager' },
  ];
  while (count < n) {
    const reg = await call('GET', '/registry');
    const id = reg.json.maxPageId + 1;
    const title = names[added.length % names.length];
    const slug = (s: string) =>
      s
        .toLowerCase()
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^a-z0-9]+/g, '-')
        .replace(/^-|-$/g, '');
    const data = {
      id,
      parentId: null,
      name: `extra-${id}`,
      path: `/extra-${id}/`,
      localizedPath: Object.fromEntries(Object.entries(title).map(([l, t]) => [l, `${slug(t)}-${id}`])),
      status: 'Published',
      type: 'page',
      sort: 100 + id,
      title,
      modules: [],
    };
    const r = await call('PUT', `/docs/page:${id}`, { data, baseRev: 0 });
    expect(r.status, JSON.stringify(r.json)).toBe(200);
    added.push(id);
    count++;
  }
  while (count > n) {
    const pages = (await call('GET', '/pages')).json.pages as Array<{
      id: number;
      parentId: number | null;
      status: string;
      showInMenu?: boolean;
      path: string;
    }>;
    const victim = pages.find(
      (p) => p.parentId === null && p.status === 'Published' && p.showInMenu !== false && p.path !== '/' && !hidden.includes(p.id) && !added.includes(p.id),
    )!;
    const doc = await call('GET', `/docs/page:${victim.id}`);
    expect((await call('PUT', `/docs/page:${victim.id}`, { data: { ...doc.json.data, showInMenu: false }, baseRev: doc.json.rev })).status).toBe(200);
    hidden.push(victim.id);
    count--;
  }
  expect(await menuCount(page, 'fr')).toBe(n);
}

interface HeaderBoxes {
  logo: { width: number; height: number; natural: number };
  bar: boolean;
  button: boolean;
  items: Array<{ left: number; right: number; top: number; bottom: number }>;
  lang: { left: number; right: number } | null;
  header: { left: number; right: number; top: number; bottom: number };
  scrollWidth: number;
}

function measure(page: Page): Promise<HeaderBoxes> {
  return page.evaluate(() => {
    const box = (el: Element) => el.getBoundingClientRect();
    const img = document.querySelector<HTMLImageElement>('.site-header__logo img')!;
    const visible = (sel: string) => {
      const el = document.querySelector(sel);
      return !!el && getComputedStyle(el).display !== 'none' && box(el).width > 0;
    };
    const lang = document.querySelector('.site-header .lang-switch');
    return {
      logo: { width: box(img).width, height: box(img).height, natural: (img.naturalWidth / img.naturalHeight) * box(img).height },
      bar: visible('.site-header .main-nav'),
      button: visible('.site-header .menu-button'),
      items: [...document.querySelectorAll('.main-nav__list > li')].map((li) => {
        const b = box(li);
        return { left: b.left, right: b.right, top: b.top, bottom: b.bottom };
      }),
      lang: lang && getComputedStyle(lang).display !== 'none' ? { left: box(lang).left, right: box(lang).right } : null,
      header: (({ left, right, top, bottom }) => ({ left, right, top, bottom }))(box(document.querySelector('.site-header')!)),
      scrollWidth: document.documentElement.scrollWidth,
    };
  });
}

describe('the header with 6 to 14 menu items', () => {
  it.each([6, 10, 14])('keeps the logo at its size with %i items at 390, 768, 1024, 1440 and 1920 px, the menu on one bar or in the drawer', async (n) => {
    const page = await browser.open();
    await menuOf(n, page);
    let logoWidth: number | undefined;
    // French and Dutch have the longest names; English with the full menu only.
    for (const lang of n === 14 ? ['fr', 'nl', 'en'] : ['fr', 'nl']) {
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(`/${lang}/`, { waitUntil: 'networkidle' });
        await page.locator('.site-header__logo img').evaluate((img: HTMLImageElement) => img.decode());
        // Measured once the page is hydrated and the browser has checked the bar.
        await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
        const m = await measure(page);
        const at = `${n} items, ${lang}, ${width}px`;
        // The logo: its full width at its height, the same at every width and with any menu.
        expect(Math.abs(m.logo.width - m.logo.natural), at).toBeLessThan(1);
        expect(m.logo.height, at).toBe(44);
        logoWidth ??= m.logo.width;
        expect(Math.abs(m.logo.width - logoWidth), at).toBeLessThan(1);
        // Either the bar, all of it on one line between the logo and the language switch, or the drawer button.
        expect(m.bar !== m.button, at).toBe(true);
        if (m.bar) {
          const logoRight = (await page.locator('.site-header__logo').boundingBox())!.x + m.logo.width;
          expect(new Set(m.items.map((i) => Math.round(i.top))).size, at).toBe(1);
          expect(m.items[0].left, at).toBeGreaterThanOrEqual(logoRight);
          expect(m.items.at(-1)!.right, at).toBeLessThanOrEqual(m.lang ? m.lang.left : m.header.right);
          for (const i of m.items) expect(i.bottom, at).toBeLessThanOrEqual(m.header.bottom);
        }
        expect(m.scrollWidth, at).toBeLessThanOrEqual(width);
        if (n === 14 && lang === 'fr') await page.screenshot({ path: join(shots, `header-14-${width}.png`), clip: { x: 0, y: 0, width, height: 140 } });
      }
    }
    // Wide screens have the bar while it fits.
    if (n <= 10) {
      await page.setViewportSize({ width: 1920, height: 900 });
      await page.goto('/fr/', { waitUntil: 'networkidle' });
      expect((await measure(page)).bar).toBe(true);
    }
    // The drawer holds every item.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/fr/');
    await page.locator('.menu-button').click();
    await expect.poll(() => page.locator('#drawer .drawer__list > li').count()).toBe(n);
  });
});
