import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/e2e.ts';

const browser = useBrowser();
let page: Page;

async function open() {
  page = await browser.open({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
}
const context = () => browser.state.context!;

describe('a visitor looking for an apartment on a phone', () => {
  it.each([
    [
      'fr',
      '/fr/acheter/',
      'Appartement',
      'Schaerbeek',
      'Prix maximum (€)',
      'Chambres',
      'Rechercher',
      'Trier par',
      'Prix croissant',
      /^Page 1 sur (\d+) \[(\d+) objets\]$/,
      'Carte',
      'Performance énergétique (PEB)',
    ],
    [
      'nl',
      '/nl/kopen/',
      'Appartement',
      'Schaarbeek',
      'Maximumprijs (€)',
      'Slaapkamers',
      'Zoeken',
      'Sorteren op',
      'Prijs (laag naar hoog)',
      /^Pagina 1 van (\d+) \[(\d+) objecten\]$/,
      'Kaart',
      'Energieprestatie (EPB)',
    ],
  ])(
    'in %s: filters, sorts, pages, switches to the map and opens a property',
    async (lang, listPath, typeLabel, city, maxPrice, bedrooms, searchLabel, sortLabel, priceAsc, paging, mapLabel, epcTitle) => {
      await open();
      await page.goto(listPath);
      const filters = page.locator('form.filters');
      expect(await filters.isVisible()).toBe(false); // folded away on a phone
      await page.locator('.filters-toggle-label').click();
      await filters.getByLabel(typeLabel, { exact: true }).check();
      await filters.locator('summary').click();
      await filters.getByLabel(new RegExp(`^${city}`)).check();
      await filters.getByLabel(maxPrice).fill('400000');
      await filters.getByLabel(bedrooms).selectOption('2');
      await filters.getByRole('button', { name: searchLabel }).click();
      await page.waitForURL(/type=3/);
      const url = new URL(page.url());
      expect(url.searchParams.get('city')).toBe('1030');
      expect(url.searchParams.get('maxPrice')).toBe('400000');
      await page.getByLabel(sortLabel).selectOption({ label: priceAsc });
      await page.waitForURL(/sort=price-asc/);
      // The address changes at once, the results when the server has answered (slow on a busy machine):
      // wait until the cards on the page are those of the search, sorted.
      // (What the page shows is in the result, so that a failure says what was seen last.)
      const shown = async () => {
        const places = await page.locator('.property-card__type').allInnerTexts();
        const asked = (await page.locator('.property-card__price').allInnerTexts()).map((p) => Number(p.replace(/[^\d]/g, '')));
        const ok = places.length > 0 && places.every((t) => t.includes(city)) && asked.every((a, i) => a <= 400000 && (i === 0 || asked[i - 1] <= a));
        return { ok, url: page.url(), cards: places.map((t, i) => `${t} ${asked[i]}`) };
      };
      // The whole of what was seen in the failure's text (a matcher on an object leaves the cards out); 30 s: three
      // test files share the 2 cores, and a list's first filtered render waits its turn.
      await expect
        .poll(
          async () => {
            const s = await shown();
            return s.ok ? 'the search’s cards, sorted' : JSON.stringify(s);
          },
          { timeout: 30_000 },
        )
        .toBe('the search’s cards, sorted');
      const title = page.locator('.results-bar__title');
      await expect.poll(() => title.innerText()).toMatch(paging);
      const total = Number(paging.exec(await title.innerText())![2]);
      expect(total).toBeGreaterThan(0);
      const amounts = (await page.locator('.property-card__price').allInnerTexts()).map((p) => Number(p.replace(/[^\d]/g, '')));
      expect(amounts).toEqual([...amounts].sort((a, b) => a - b));
      expect(amounts.every((a) => a <= 400000)).toBe(true);

      // The shared URL renders the same search on the server.
      const shared = await context().request.get(page.url());
      expect(await shared.text()).toContain((await title.innerText()).replace(/\[/, '['));

      // Map view: every result with a position on the map, as a price marker or counted in a cluster.
      await page.getByRole('link', { name: mapLabel, exact: true }).click();
      await page.waitForURL(/view=map/);
      const onMap = async () =>
        (await page.locator('.map-cluster > [aria-hidden]').allInnerTexts()).reduce((n, c) => n + Number(c.replace(/\D/g, '')), 0) +
        (await page.locator('.map-price').count());
      await expect.poll(onMap, { timeout: 10_000 }).toBe(total);
      await page.goBack();
      await page.waitForURL((u) => !u.search.includes('view=map'));

      // Open the first property with an energy label, swipe through its photos, read its EPC.
      await page.locator('.property-card:has(.property-card__epc img) .property-card__title a').first().click();
      await page.waitForURL(new RegExp(`${listPath}[a-z0-9-]+/[a-z0-9-]+/\\d+/$`));
      // A finger on the photo wakes the slideshow up.
      await page.locator('.gallery__still').tap();
      await expect.poll(() => page.locator('.gallery__splide.is-initialized').count(), { timeout: 10_000 }).toBe(1);
      const counter = page.locator('.gallery__count');
      const before = await counter.innerText();
      await page.locator('.splide__arrow--next').click();
      await expect.poll(() => counter.innerText()).not.toBe(before);
      const epc = page.locator('section.epc');
      expect(await epc.getByRole('heading').innerText()).toBe(epcTitle);
      const epcImg = epc.locator('img');
      expect(await epcImg.getAttribute('src')).toMatch(/^\/images\/epc\/brussels\/[a-z_]+\.png$/);
      await expect.poll(() => epcImg.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);
      expect(await page.locator('.similar .property-card').count()).toBeGreaterThan(0);
      expect(await page.locator('.map--detail').count()).toBe(0); // Leaflet waits until the map comes near
      await page.locator('section.location').scrollIntoViewIfNeeded();
      await expect.poll(() => page.locator('.map--detail').count(), { timeout: 10_000 }).toBe(1);
    },
  );
});

describe('a property page', () => {
  it('offers its documents, sharing links and a print layout', async () => {
    await open();
    const r = await context().request.get('/api/properties?lang=en&goal=sale&pageSize=100');
    const items = (await r.json()).items as Array<{ path: string; id: number }>;
    let found = false;
    for (const item of items.slice(0, 40)) {
      await page.goto(item.path);
      if ((await page.locator('.documents a[download]').count()) > 0) {
        found = true;
        break;
      }
    }
    expect(found).toBe(true);
    const doc = page.locator('.documents a[download]').first();
    const res = await context().request.get((await doc.getAttribute('href'))!);
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toContain('application/pdf');
    expect((await res.body()).subarray(0, 5).toString()).toBe('%PDF-');
    const share = page.locator('.share');
    expect(await share.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toMatch(/^https:\/\/wa\.me\/\?text=/);
    expect(await share.getByRole('link', { name: 'By e-mail' }).getAttribute('href')).toMatch(/^mailto:\?subject=/);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.site-footer').isVisible()).toBe(false);
    expect(await page.locator('section.epc').isVisible()).toBe(true);
    expect(await page.locator('.gallery__main').isVisible()).toBe(true);
  });
});
