import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/e2e.ts';
import { loadShipped } from '../helpers/config.ts';

const { content, routes } = loadShipped();
const browser = useBrowser();
let page: Page;
const expectedMissing = browser.state.expectedMissing;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

async function open(viewport = DESKTOP) {
  page = await browser.open({ viewport });
}

/** Client-side navigation keeps the window; a full page load loses this marker. */
const mark = () => page.evaluate(() => ((window as any).__sameDocument = true));
const sameDocument = () => page.evaluate(() => (window as any).__sameDocument === true);
const h1 = () => page.locator('h1').first().innerText();

describe('the site in a real browser', () => {
  it.each([
    ['nl', 'Uw woning in Brussel, in vertrouwde handen', 'Onze diensten'],
    ['fr', 'Votre bien à Bruxelles, entre de bonnes mains', 'Nos services'],
    ['en', 'Your Brussels home, in trusted hands', 'Our services'],
  ])("shows the %s home in that language's content", async (lang, title, menuItem) => {
    await open();
    const r = await page.goto(`/${lang}/`);
    expect(r!.status()).toBe(200);
    expect(await h1()).toBe(title);
    expect(await page.getAttribute('html', 'lang')).toBe(lang);
    await expect.poll(() => page.locator('.main-nav').getByRole('link', { name: menuItem }).isVisible()).toBe(true);
    // The home article block shows the four newest blog articles of that language.
    const newest = content.articles.filter((a) => a.category === 'blog').sort((a, b) => b.date!.localeCompare(a.date!))[0];
    expect(await page.locator('.news-card__title').first().innerText()).toBe(newest.title[lang]);
  });

  it('lands on the default language home from /', async () => {
    await open();
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/nl/');
  });

  it('keeps the page when switching language, for a page and for an article', async () => {
    await open();
    await page.goto('/nl/onze-diensten/');
    await mark();
    await page.locator('.site-header .lang-switch').getByRole('link', { name: 'Français' }).click();
    await page.waitForURL('**/fr/nos-services/');
    await expect.poll(() => h1()).toBe('Nos services');
    expect(await page.getAttribute('html', 'lang')).toBe('fr');
    expect(await page.title()).toBe('Nos services | Atrium Immo');
    expect(await sameDocument()).toBe(true);

    const article = content.articles.find((a) => a.id === 'buyer-registration-duties')!;
    await page.goto(routes.articlePath(article, 'fr')!);
    await page.locator('.site-header .lang-switch').getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`**${routes.articlePath(article, 'en')}`);
    await expect.poll(() => h1()).toBe(article.title.en);
    expect(await page.locator('link[rel=canonical]').getAttribute('href')).toBe(`https://www.atrium-immo.be${routes.articlePath(article, 'en')}`);
  });

  it('navigates the menu client-side and goes back with the browser', async () => {
    await open();
    await page.goto('/en/');
    await mark();
    await page.locator('.main-nav').getByRole('link', { name: 'Our team' }).click();
    await page.waitForURL('**/en/our-team/');
    await expect.poll(() => h1()).toBe('Our team');
    expect(await page.locator('.person-card').count()).toBeGreaterThanOrEqual(6);
    await page.locator('.person-card__name a').first().click();
    await page.waitForURL('**/en/our-team/*/');
    await expect.poll(() => page.locator('.person-card--large .person-card__role').count()).toBe(1);
    await page.goBack();
    await page.waitForURL('**/en/our-team/');
    await expect.poll(() => h1()).toBe('Our team');
    expect(await sameDocument()).toBe(true);
  });

  it('opens the mobile drawer and navigates from it', async () => {
    await open(PHONE);
    await page.goto('/nl/');
    expect(await page.locator('.main-nav').isVisible()).toBe(false);
    const button = page.getByRole('button', { name: 'Menu', exact: true });
    await button.click();
    const drawer = page.getByRole('dialog', { name: 'Menu', exact: true });
    await expect.poll(() => drawer.isVisible()).toBe(true);
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    await button.click();
    await drawer.getByRole('link', { name: 'Ons team' }).click();
    await page.waitForURL('**/nl/ons-team/');
    await expect.poll(() => h1()).toBe('Ons team');
    await expect.poll(() => drawer.isVisible()).toBe(false);
    // The sub-pages of Expertise are hidden, so they are not in the menu.
    await button.click();
    expect(await drawer.getByRole('link', { name: 'Online schatting' }).count()).toBe(0);
  });

  it('shows back-to-top after scrolling, fixes the header past 30px, and returns to the top', async () => {
    await open(PHONE);
    await page.goto('/fr/blog-immo/');
    // Hidden from assistive technology until it appears, so found by its class first.
    const back = page.locator('.back-to-top');
    expect(await back.getAttribute('aria-label')).toBe('Retour en haut');
    expect(await back.getAttribute('data-visible')).toBeNull();
    expect(await page.locator('.site-header').getAttribute('data-fixed')).toBeNull();
    await page.mouse.wheel(0, 1500);
    await expect.poll(() => back.getAttribute('data-visible')).toBe('true');
    expect(await page.locator('.site-header').getAttribute('data-fixed')).toBe('true');
    await back.click();
    await expect.poll(() => page.evaluate(() => window.scrollY), { timeout: 3000 }).toBe(0);
    await expect.poll(() => back.getAttribute('data-visible')).toBeNull();
  });

  it("loads the language's Intl data in a worker before hydrating, and the prices and counts stay as the server wrote them", async () => {
    await open(PHONE);
    const workers: string[] = [];
    page.on('worker', (w) => workers.push(w.url()));
    const html = await (await page.request.get('/fr/acheter/')).text();
    // The cards' prices and facts (counts in words: "2 chambres") as the server wrote them.
    const texts = (re: RegExp) => [...html.matchAll(re)].map((m) => m[1].replace(/<[^>]*>/g, '').replace(/&nbsp;/g, '\u00a0'));
    const prices = texts(/<p class="property-card__price">(.*?)<\/p>/g);
    const facts = texts(/<ul class="property-card__facts">(.*?)<\/ul>/g);
    expect(prices.length).toBeGreaterThan(0);
    expect(facts.join(' ')).toMatch(/\d chambres?/);
    await page.goto('/fr/acheter/');
    expect(workers.filter((u) => /\/assets\/intl-warm-[\w-]+\.js$/.test(u))).toHaveLength(1);
    // Hydrated (goto waits for it) with the same texts: a mismatch would be a console error, which fails the test too.
    expect(await page.locator('.property-card__price').allTextContents()).toEqual(prices);
    expect(await page.locator('.property-card__facts').allTextContents()).toEqual(facts);
  });

  it('asks for its scripts once the banner picture has come, so that they do not share a slow line with it', async () => {
    await open(PHONE);
    const order: string[] = [];
    // The banner takes a second to come (the loader waits for it 2.5 s at most).
    await page.route(/\/media\/banner\/brussels-rowhouses\.svg$/, async (route) => {
      const r = await route.fetch();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      order.push('banner');
      await route.fulfill({ response: r });
    });
    page.on('request', (r) => {
      if (/\/assets\/entry-client-[\w-]+\.js$/.test(r.url())) order.push('script');
    });
    await page.goto('/nl/');
    expect(order).toEqual(['banner', 'script']);
    expect(await h1()).toBe('Uw woning in Brussel, in vertrouwde handen');
  });

  it('draws the sections below the first screen of a property page when they come near, without moving what is shown', async () => {
    await open(PHONE);
    const detail = (await (await page.request.get('/api/properties?lang=nl&goal=sale&pageSize=1')).json()).items[0].path as string;
    await page.addInitScript(() => {
      (window as any).__shift = 0;
      new PerformanceObserver((l) => l.getEntries().forEach((e: any) => ((window as any).__shift += e.value))).observe({
        type: 'layout-shift',
        buffered: true,
      });
    });
    await page.goto(detail);
    // Drawn: on screen; not drawn: a section's content skipped by the browser until near (content-visibility: auto).
    const drawn = (selector: string) =>
      page
        .locator(selector)
        .first()
        .evaluate((el) => el.checkVisibility({ contentVisibilityAuto: true } as CheckVisibilityOptions));
    expect(await drawn('.gallery img')).toBe(true);
    expect(await drawn('.module--later > *')).toBe(false);
    expect(await drawn('.module--later:last-of-type > *')).toBe(false);
    // The visitor reads on to the end of the page: each part is drawn as it comes, and nothing on screen moved.
    for (let y = 0; y < 30_000; y += 700) await page.mouse.wheel(0, 700);
    await expect.poll(() => drawn('.module--later:last-of-type > *')).toBe(true);
    await page.locator('.module--later').first().scrollIntoViewIfNeeded();
    await expect.poll(() => drawn('.module--later > *')).toBe(true);
    expect(await page.evaluate(() => (window as any).__shift)).toBeLessThan(0.01);
  });

  it("hydrates a property page's first screen without waiting for the code of its request forms far below", async () => {
    await open(PHONE);
    const target = (await (await page.request.get('/api/properties?lang=fr&goal=sale&pageSize=1')).json()).items[0].path as string;
    // The forms' view code comes only when the test lets it.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/contact-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const loading = page.goto(target); // resolves once the whole page is hydrated
    loading.catch(() => undefined); // (awaited below; a failure before that fails the test there)
    // The photos answer (the slideshow wakes when the pointer comes to the photo; a pointer that came
    // before the page answered comes again) while the forms' code has not come; the forms are there as
    // the server wrote them.
    const awake = () => page.locator('.gallery__splide.is-initialized').count();
    await expect
      .poll(
        async () => {
          if (!(await awake())) {
            await page.mouse.move(0, 0);
            await page
              .locator('.gallery__still')
              .hover({ timeout: 5_000 })
              .catch(() => undefined);
          }
          return awake();
        },
        { timeout: 30_000 },
      )
      .toBe(1);
    const form = page.locator('form[data-form=contact-me]');
    expect(await form.getByLabel('Prénom *').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-hydrated'))).toBe(false);
    release();
    await loading;
    // The page's loader (its links are in the body; Vite's, for a view loaded later, in the head)
    // asked for the first screen's chunks, not for the forms': those came when the forms hydrated.
    const asked = await page.evaluate(() => [...document.body.querySelectorAll('link[rel=modulepreload]')].map((l) => l.getAttribute('href') ?? ''));
    expect(asked.filter((href) => /^\/assets\/property-detail-[\w-]+\.js$/.test(href))).toHaveLength(1);
    expect(asked.filter((href) => /\/assets\/(contact|RequestForm)-/.test(href))).toEqual([]);
    // Then the form answers too: the time slots show for a visitor who prefers a phone call.
    await form.getByLabel('téléphone', { exact: true }).check();
    await expect.poll(() => form.getByRole('group', { name: 'Quand pouvons-nous vous appeler ?' }).isVisible()).toBe(true);
  });

  it('shows the 404 page with status 404 and a way home', async () => {
    await open();
    // The page and, when the browser comes back to it, its data answer 404 on purpose.
    expectedMissing.add('/nl/deze-pagina-bestaat-niet/').add('/api/page');
    const r = await page.goto('/nl/deze-pagina-bestaat-niet/');
    expect(r!.status()).toBe(404);
    expect(await h1()).toBe('Oeps, deze pagina bestaat niet meer');
    await page.getByRole('searchbox').fill('huurwaarborg');
    await page.getByRole('button', { name: 'Zoeken' }).click();
    await page.waitForURL('**/nl/zoeken/?q=huurwaarborg');
    await expect.poll(() => page.locator('.site-search__results li').count()).toBeGreaterThan(0);
    await page.goBack();
    await page.getByRole('link', { name: 'Naar de startpagina', exact: true }).click();
    await page.waitForURL('**/nl/');
    await expect.poll(() => h1()).toBe('Uw woning in Brussel, in vertrouwde handen');
  });

  it('opens a blog article from the list, with its author and breadcrumb', async () => {
    await open(PHONE);
    await page.goto('/en/blog/');
    const first = page.locator('.news__column').first().locator('.news-card__title a').first();
    const title = await first.innerText();
    await first.click();
    await expect.poll(() => h1()).toBe(title);
    const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
    expect(await crumbs.getByRole('link', { name: 'Blog' }).getAttribute('href')).toBe('/en/blog/');
    expect(await page.locator('.article__meta').innerText()).toMatch(/^Published on \d{2}-\d{2}-\d{4} · by /);
    // [category]/[subcategory]/[article]: the column between the blog and the article, a page of its own.
    expect(new URL(page.url()).pathname).toMatch(/^\/en\/blog\/sellers\/[a-z0-9-]+\/$/);
    await crumbs.getByRole('link', { name: 'For sellers and landlords' }).click();
    await page.waitForURL('**/en/blog/sellers/');
    await expect.poll(() => h1()).toBe('For sellers and landlords');
    expect(await page.locator('.news-card__title a').count()).toBeGreaterThan(1);
  });
});
