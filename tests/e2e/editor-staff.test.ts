// Issue 14 as agency staff live it, in real Chromium with the editor in French (and Dutch and
// English): write a blog article with the rich-text editor and read it on the public site in three
// languages; put a Text module on a new page and move the page in the menu by dragging and by
// keyboard; two colleagues save different modules of one page and both edits land, the same field
// comes back once as a choice between both values; nothing typed is lost by leaving a screen, a
// browser crash or an expired session; a broken placeholder is refused at its field; an editor
// changes the home banner.
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { BrowserContext, Page } from 'playwright-core';
import { useBrowser } from '../helpers/e2e.ts';
import { watchConsole } from '../helpers/browser.ts';
import { StaffAccounts, addStaff } from '../../server/auth/staff-accounts.ts';

const browser = useBrowser();
const dataDir = inject('dataDir');
const baseUrl = inject('baseUrl');

const SOPHIE = { username: 'sophie.lambert@atrium-immo.be', password: 'le blog du jeudi 2026', role: 'admin' as const };
const TOM = { username: 'tom.janssens@atrium-immo.be', password: 'de kantoorhond 2026', role: 'editor' as const };
type Who = typeof SOPHIE | typeof TOM;

interface Stored {
  key: string;
  rev: number;
  by: string;
  published: boolean;
  summary: string;
  data: any;
}
function revisions(key: string): Stored[] {
  const file = join(dataDir, 'revisions.json');
  if (!existsSync(file)) return [];
  return (JSON.parse(readFileSync(file, 'utf8')) as { revisions: Stored[] }).revisions.filter((r) => r.key === key);
}
const latest = (key: string) => revisions(key).at(-1);

/** Answers the tests provoke on purpose (not logged in, a new article, a refused draft preview, a conflict, an expired session). */
const EXPECTED_4XX = ['/api/admin/me', '/api/admin/preview', '/api/admin/docs/page%3A8', '/api/admin/docs/page%3A15', '/api/admin/docs/article%3Auw-woning-klaarmaken-voor-een-bezoek', '/api/admin/pages', '/api/admin/registry', '/api/admin/articles'];

async function api(who: Who) {
  const login = await fetch(`${baseUrl}/api/admin/login`, { method: 'POST', headers: { 'content-type': 'application/json', origin: baseUrl }, body: JSON.stringify({ username: who.username, password: who.password }) });
  const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { csrf } = (await login.json()) as { csrf: string };
  return async (method: string, path: string, body?: unknown) => {
    const r = await fetch(`${baseUrl}/api/admin${path}`, { method, headers: { cookie, origin: baseUrl, 'x-csrf-token': csrf, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: r.status, json: (await r.json()) as any };
  };
}
/** A document back as shipped (revision 0, published). */
async function asShipped(key: string) {
  const newest = latest(key);
  if (!newest || (newest.summary === 'restored the version from the files' && newest.published)) return;
  const call = await api(SOPHIE);
  expect((await call('POST', `/docs/${encodeURIComponent(key)}/restore`, { rev: 0, baseRev: newest.rev })).status).toBe(200);
}

beforeAll(async () => {
  const accounts = StaffAccounts.inDataDir(dataDir);
  for (const who of [SOPHIE, TOM]) if (!(await accounts.byUsername(who.username))) await addStaff(accounts, who);
});
/** The article the story writes goes again: the other browser tests read the shipped blog. */
async function withoutNewArticle() {
  const newest = latest('article:uw-woning-klaarmaken-voor-een-bezoek');
  if (!newest || newest.data === null) return;
  const call = await api(SOPHIE);
  expect((await call('DELETE', '/docs/article:uw-woning-klaarmaken-voor-een-bezoek', { baseRev: newest.rev })).status).toBe(200);
}
afterAll(async () => {
  for (const key of ['page:8', 'page:15', 'banner', 'dictionary:fr']) await asShipped(key);
  await withoutNewArticle();
});

/** Logs in from the login screen, choosing the editor's language there first. */
async function logIn(page: Page, who: Who, language = 'Français') {
  await page.goto('/admin/');
  const form = page.locator('form.ed-login__card');
  await form.locator('select').selectOption({ label: language });
  const labels = language === 'Français' ? ['E-mail', 'Mot de passe', 'Se connecter'] : language === 'Nederlands' ? ['E-mail', 'Wachtwoord', 'Aanmelden'] : ['E-mail', 'Password', 'Log in'];
  await form.getByLabel(labels[0]).fill(who.username);
  await form.getByLabel(labels[1]).fill(who.password);
  await form.getByRole('button', { name: labels[2] }).click();
  await page.locator('.ed-header').waitFor();
}
const open = async (viewport = { width: 1440, height: 1000 }) => {
  const page = await browser.open({ viewport });
  for (const p of EXPECTED_4XX) browser.state.expectedMissing.add(p);
  return page;
};
/** A colleague in a browser of their own, its console watched like the first one's. */
async function colleague(): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.state.context!.browser()!.newContext({ viewport: { width: 1440, height: 1000 }, baseURL: baseUrl });
  const page = await context.newPage();
  return { context, page, problems: watchConsole(page, new Set(EXPECTED_4XX)) };
}
const nav = (page: Page, name: string) => page.getByRole('navigation', { name: 'Éditeur' }).getByRole('link', { name, exact: true });
const status = (page: Page) => page.locator('.ed-docbar__status');
/** Saving runs the server's checks of the whole site: on a busy 2-core machine that takes a moment. */
const SLOW = { timeout: 20_000 };

describe('writing content', () => {
  it('writes a new blog article with a heading, a list, a link and an image in the rich-text editor, publishes it, and visitors read it in French, Dutch and English', async () => {
    await withoutNewArticle(); // a retried attempt writes it anew
    const page = await open();
    await logIn(page, SOPHIE);
    await nav(page, 'Articles').click();
    await page.getByRole('button', { name: 'Nouvel article' }).click();
    const dialog = page.getByRole('dialog', { name: 'Nouvel article' });
    await dialog.getByLabel('Titre (NL)').fill('Uw woning klaarmaken voor een bezoek');
    await dialog.getByRole('button', { name: 'Écrire l’article' }).click();
    await page.waitForURL(/\/admin\/articles\/uw-woning-klaarmaken-voor-een-bezoek$/);
    // Nothing stored yet: no history, and the save bar says the article is new until the first change.
    expect(await page.getByRole('button', { name: 'Historique' }).isDisabled()).toBe(true);
    await page.getByLabel('Titre (fr)', { exact: true }).fill('Préparer votre bien pour une visite');
    await page.getByLabel('Titre (en)', { exact: true }).fill('Getting your home ready for a viewing');
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#7a9cc6' } }).jpeg().toBuffer();
    const texts = {
      fr: { heading: 'D’abord ranger', items: ['La lumière', 'Les odeurs'], page: 'Nos services', href: '/fr/nos-services/', alt: 'Un séjour lumineux' },
      nl: { heading: 'Eerst opruimen', items: ['Het licht', 'De geuren'], page: 'Onze diensten', href: '/nl/onze-diensten/', alt: 'Een lichte woonkamer' },
      en: { heading: 'Tidy up first', items: ['Light', 'Smells'], page: 'Our services', href: '/en/our-services/', alt: 'A bright living room' },
    };
    let uploaded = false;
    for (const [lang, t] of Object.entries(texts)) {
      await page.getByRole('tab', { name: lang.toUpperCase() }).click();
      const box = page.getByRole('textbox', { name: `Texte (${lang})` });
      await box.click();
      const tools = page.getByRole('toolbar', { name: `Mise en forme de Texte (${lang})` });
      await tools.getByLabel('Style de paragraphe').selectOption({ label: 'Titre' });
      await page.keyboard.type(t.heading);
      await page.keyboard.press('Enter');
      await tools.getByRole('button', { name: 'Liste à puces' }).click();
      await page.keyboard.type(t.items[0]);
      await page.keyboard.press('Enter');
      await page.keyboard.type(t.items[1]);
      await page.keyboard.press('Enter');
      await page.keyboard.press('Enter');
      await page.keyboard.type('→ ');
      await tools.getByRole('button', { name: 'Lien' }).click();
      const link = page.getByRole('dialog', { name: 'Lien' });
      await link.getByLabel('Page', { exact: true }).selectOption({ label: t.page });
      await link.getByRole('button', { name: 'Appliquer' }).click();
      await page.keyboard.press('End');
      await page.keyboard.press('Enter');
      await tools.getByRole('button', { name: 'Image' }).click();
      const library = page.getByRole('dialog', { name: 'Médiathèque' });
      if (!uploaded) {
        await library.locator('input[type=file]').setInputFiles({ name: 'sejour.jpg', mimeType: 'image/jpeg', buffer: photo });
        uploaded = true;
      } else {
        await library.locator('.ed-media-grid__item').first().click();
      }
      const alt = page.getByRole('dialog', { name: 'Image' });
      await alt.getByLabel('Ce que montre l’image (pour les lecteurs d’écran)').fill(t.alt);
      await alt.getByRole('button', { name: 'Insérer' }).click();
      await expect.poll(() => box.locator('img').count()).toBe(1);
    }
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect.poll(() => status(page).innerText(), SLOW).toMatch(/^Enregistré et publié \(version \d+\)\.$/)
    const stored = latest('article:uw-woning-klaarmaken-voor-een-bezoek')!;
    expect(stored.by).toBe(SOPHIE.username);
    expect(stored.data).toMatchObject({ category: 'blog', column: 'seller', status: 'Published' });
    expect(stored.data.body.fr).toMatch(/^<h2>D’abord ranger<\/h2><ul><li><p>La lumière<\/p><\/li><li><p>Les odeurs<\/p><\/li><\/ul><p>→ <a href="\/fr\/nos-services\/">Nos services<\/a><\/p><img src="\/media\/library\/[^"]+" alt="Un séjour lumineux"/);

    // Visitors read it at its address in each language, as it was written.
    const visitor = await browser.state.context!.newPage();
    const problems = watchConsole(visitor);
    for (const [lang, path] of [['fr', '/fr/blog-immo/preparer-votre-bien-pour-une-visite/'], ['nl', '/nl/immo-blog/uw-woning-klaarmaken-voor-een-bezoek/'], ['en', '/en/blog/getting-your-home-ready-for-a-viewing/']] as const) {
      const t = texts[lang];
      expect((await visitor.goto(path))!.status(), path).toBe(200);
      const body = visitor.locator('.article .rich-text');
      expect(await body.locator('h2').innerText()).toBe(t.heading);
      expect(await body.locator('li').allInnerTexts()).toEqual(t.items);
      expect(await body.getByRole('link', { name: t.page }).getAttribute('href')).toBe(t.href);
      const img = body.getByRole('img', { name: t.alt });
      await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth)).toBeGreaterThan(0);
    }
    // Listed on the blog page too.
    await visitor.goto('/fr/blog-immo/');
    expect(await visitor.getByText('Préparer votre bien pour une visite').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await visitor.close();
  });
});

describe('pages and the menu', () => {
  it('puts a Text module on a new page, publishes it, and moves it in the menu by dragging and with the keyboard', async () => {
    // A retried attempt starts again from no such page.
    const call = await api(SOPHIE);
    for (const p of (await call('GET', '/pages')).json.pages as Array<{ id: number; path: string; rev: number }>) if (p.path === '/property-management/') await call('DELETE', `/docs/page:${p.id}`, { baseRev: p.rev });
    const page = await open();
    await logIn(page, SOPHIE);
    await page.getByRole('button', { name: 'Ajouter une page' }).click();
    const add = page.getByRole('dialog', { name: 'Ajouter une page' });
    const titles = { nl: 'Vastgoedbeheer', fr: 'Gestion immobilière', en: 'Property management' };
    for (const [l, text] of Object.entries(titles)) await add.getByLabel(`Titre (${l})`).fill(text);
    await add.getByRole('button', { name: 'Créer la page' }).click();
    await page.waitForURL(/\/admin\/pages\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());

    await page.getByRole('button', { name: 'Ajouter un module' }).click();
    await page.getByRole('dialog', { name: 'Ajouter un module' }).locator('button[data-view="text"]').click();
    const module = page.locator('li.ed-module[data-view="text"]');
    const words = { fr: 'Nous gérons votre bien au quotidien.', nl: 'Wij beheren uw eigendom dag na dag.', en: 'We manage your property day to day.' };
    for (const [l, text] of Object.entries(words)) {
      await module.getByRole('tab', { name: l.toUpperCase() }).click();
      await module.getByRole('textbox', { name: `Texte (${l})` }).click();
      await page.keyboard.type(text);
    }
    await page.locator('.ed-settings').getByLabel(/^Statut\*?$/).selectOption({ label: 'Publiée' });
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect.poll(() => status(page).innerText(), SLOW).toMatch(/^Enregistré et publié/)
    expect(latest(`page:${id}`)!.data.modules).toEqual([expect.objectContaining({ view: 'text', body: { fr: `<p>${words.fr}</p>`, nl: `<p>${words.nl}</p>`, en: `<p>${words.en}</p>` } })]);
    const visitor = await browser.state.context!.newPage();
    await visitor.goto('/fr/gestion-immobiliere/');
    expect(await visitor.locator('.text-module').innerText()).toBe(words.fr);

    // The menu: the new page is its last item; dragged above "Acheter", then one down with Alt+↓.
    await nav(page, 'Pages').click();
    const tree = page.getByRole('tree', { name: 'Le menu, dans l’ordre' });
    const order = () => tree.locator(':scope > li').evaluateAll((els) => els.map((e) => Number((e as HTMLElement).dataset.pageId)));
    await expect.poll(async () => (await order()).at(-1)).toBe(id);
    const first = (await order())[0];
    const row = tree.locator(`li[data-page-id="${id}"] > .ed-menu-item`);
    await row.dragTo(tree.locator(`li[data-page-id="${first}"] > .ed-menu-item`), { targetPosition: { x: 20, y: 3 } });
    await expect.poll(async () => (await order())[0]).toBe(id);
    expect(await page.locator('.ed-status').innerText()).toMatch(/Gestion immobilière|Vastgoedbeheer/);
    await row.focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(async () => (await order()).slice(0, 2)).toEqual([first, id]);
    expect(await row.evaluate((el) => el === document.activeElement)).toBe(true);
    // Leaving now asks first: the new order is not saved yet.
    await nav(page, 'Articles').click();
    const leave = page.getByRole('dialog', { name: 'Quitter sans enregistrer ?' });
    expect(await leave.innerText()).toContain('l’ordre du menu');
    await leave.getByRole('button', { name: 'Rester et enregistrer' }).click();
    await page.getByRole('button', { name: 'Enregistrer le menu' }).click();
    await expect.poll(() => page.locator('.ed-status').innerText(), SLOW).toMatch(/^Le menu est enregistré \(\d+ pages? déplacées?\)\.$/);
    expect(latest(`page:${id}`)!.summary).toBe('place in the menu');

    // Visitors see it second in the menu.
    await visitor.goto('/fr/');
    const items = await visitor.locator('.drawer__list > li > a').allTextContents();
    expect(items[1].trim()).toBe('Gestion immobilière');
    await visitor.close();

    // And with the keyboard only: into the item above (Alt+→), back out (Alt+←).
    await row.focus();
    await page.keyboard.press('Alt+ArrowRight');
    await expect.poll(() => tree.locator(`li[data-page-id="${first}"] li[data-page-id="${id}"]`).count()).toBe(1);
    await page.keyboard.press('Alt+ArrowLeft');
    await expect.poll(async () => (await order()).slice(0, 2)).toEqual([first, id]);
    await expect.poll(() => page.getByRole('button', { name: 'Enregistrer le menu' }).isDisabled()).toBe(true);

    // Hidden pages are listed apart, out of the way.
    expect(await page.getByRole('heading', { name: 'Pages hors du menu' }).count()).toBe(1);
    expect(await tree.locator('li[data-page-id="17"]').count()).toBe(0);
    // Clean up: the page goes.
    await page.getByRole('button', { name: 'Supprimer Gestion immobilière', exact: true }).click();
    await page.getByRole('dialog', { name: 'Supprimer « Gestion immobilière » ?' }).getByRole('button', { name: 'Supprimer la page' }).click();
    await expect.poll(() => latest(`page:${id}`)?.data, SLOW).toBeNull();
  });
});

describe('two people on one page', () => {
  it('merges saves of different modules (both edits land), and shows a real conflict once, field by field, with both values', async () => {
    await asShipped('page:8');
    const page = await open();
    await logIn(page, SOPHIE);
    await page.goto('/admin/pages/8');
    await page.getByRole('heading', { name: 'Modules' }).waitFor();
    const tom = await colleague();
    await logIn(tom.page, TOM);
    await tom.page.goto('/admin/pages/8');
    await tom.page.getByRole('heading', { name: 'Modules' }).waitFor();

    // Sophie titles the first module, Tom the second; Tom saves first.
    const mine = page.locator('li.ed-module').nth(0);
    await mine.getByRole('button', { name: 'Modifier' }).click();
    await mine.getByLabel('Titre (fr)', { exact: true }).fill('Qui sommes-nous ?');
    const theirs = tom.page.locator('li.ed-module').nth(1);
    await theirs.getByRole('button', { name: 'Modifier' }).click();
    await theirs.getByLabel('Titre (fr)', { exact: true }).fill('Nos agents');
    await tom.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect.poll(() => status(tom.page).innerText(), SLOW).toMatch(/^Enregistré et publié/)
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect.poll(() => status(page).innerText(), SLOW).toMatch(new RegExp(`^Enregistré et publié \\(version \\d+\\), avec les modifications enregistrées par ${TOM.username.replace(/\./g, '\\.')} à `))
    const merged = latest('page:8')!;
    expect(merged.data.modules.map((m: any) => m.title?.fr)).toEqual(['Qui sommes-nous ?', 'Nos agents']);
    // Tom's title is on Sophie's screen now.
    await page.locator('li.ed-module').nth(1).getByRole('button', { name: 'Modifier' }).click();
    expect(await page.locator('li.ed-module').nth(1).getByLabel('Titre (fr)', { exact: true }).inputValue()).toBe('Nos agents');
    const visitor = await browser.state.context!.newPage();
    await visitor.goto('/fr/notre-equipe/');
    expect(await visitor.getByText('Qui sommes-nous ?').count()).toBe(1);
    expect(await visitor.getByText('Nos agents').count()).toBe(1);
    await visitor.close();

    // Now both change the page's French title: Tom first.
    await tom.page.reload();
    await tom.page.getByRole('heading', { name: 'Modules' }).waitFor();
    await tom.page.locator('.ed-settings').getByLabel('Titre (fr)', { exact: true }).fill('Notre équipe (Tom)');
    await tom.page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect.poll(() => status(tom.page).innerText(), SLOW).toMatch(/^Enregistré et publié/)
    const count = revisions('page:8').length;
    await page.locator('.ed-settings').getByLabel('Titre (fr)', { exact: true }).fill('Notre équipe (Sophie)');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    const panel = page.locator('.ed-conflict');
    await panel.waitFor();
    expect(await page.getByText(`${TOM.username} a enregistré ce document`).count()).toBe(1); // said once
    expect(await status(page).innerText()).toBe('Non enregistré : quelqu’un d’autre a modifié les mêmes champs (voir ci-dessous).');
    const item = panel.locator('.ed-conflict__item');
    expect(await item.count()).toBe(1);
    expect(await item.locator('legend').innerText()).toBe('Titre (fr) (réglages de la page)');
    expect(await item.locator('[data-side="theirs"]').innerText()).toBe('Notre équipe (Tom)');
    expect(await item.locator('[data-side="mine"]').innerText()).toBe('Notre équipe (Sophie)');
    expect(revisions('page:8').length).toBe(count);
    await item.getByLabel(/Votre version/).check();
    await panel.getByRole('button', { name: 'Enregistrer avec ces choix' }).click();
    await expect.poll(() => status(page).innerText(), SLOW).toMatch(/^Enregistré et publié/)
    expect(latest('page:8')!.data.title.fr).toBe('Notre équipe (Sophie)');
    expect(await page.locator('.ed-conflict').count()).toBe(0);
    expect(tom.problems).toEqual([]);
    await tom.context.close();
  });
});

describe('nothing typed is lost', () => {
  it('asks before leaving a screen, keeps the edits through a browser crash and an expired session, and offers them back', async () => {
    await asShipped('page:15');
    let page = await open();
    await logIn(page, SOPHIE);
    // Opened from the page list, as staff do (the browser's Back then stays in the editor).
    await page.getByRole('link', { name: 'Mentions légales', exact: true }).click();
    await page.waitForURL('**/admin/pages/15');
    const description = () => page.locator('.ed-settings').getByLabel('Description (fr)', { exact: true });
    await description().fill('Les conditions d’utilisation du site.');
    // Another screen: asked first; staying keeps the edit, leaving keeps it in this browser.
    await nav(page, 'Articles').click();
    const leave = page.getByRole('dialog', { name: 'Quitter sans enregistrer ?' });
    await leave.getByRole('button', { name: 'Rester et enregistrer' }).click();
    expect(new URL(page.url()).pathname).toBe('/admin/pages/15');
    expect(await description().inputValue()).toBe('Les conditions d’utilisation du site.');
    // The browser's Back button too.
    await page.goBack();
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Quitter' }).click();
    await page.waitForURL('**/admin/pages');
    await page.getByRole('link', { name: 'Mentions légales', exact: true }).click();
    const offer = page.locator('.ed-offer');
    await offer.waitFor();
    await offer.getByRole('button', { name: 'Récupérer mes modifications' }).click();
    expect(await description().inputValue()).toBe('Les conditions d’utilisation du site.');

    // The browser crashes: a new browser with the same storage finds the edits again.
    await description().fill('Conditions générales du site.');
    await expect.poll(() => page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('page:15')).map((k) => localStorage.getItem(k)).join())).toContain('Conditions générales du site.');
    const state = await browser.state.context!.storageState();
    await browser.state.context!.close();
    page = await browser.open({ viewport: { width: 1440, height: 1000 }, storageState: state });
    for (const p of EXPECTED_4XX) browser.state.expectedMissing.add(p);
    await page.goto('/admin/pages/15');
    await page.locator('.ed-offer').getByRole('button', { name: 'Récupérer mes modifications' }).click();
    expect(await description().inputValue()).toBe('Conditions générales du site.');

    // The session ends (cookies gone) before saving: the login screen, then the edits are offered back.
    await browser.state.context!.clearCookies();
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    const form = page.locator('form.ed-login__card');
    await form.waitFor();
    await form.getByLabel('E-mail').fill(SOPHIE.username);
    await form.getByLabel('Mot de passe').fill(SOPHIE.password);
    await form.getByRole('button', { name: 'Se connecter' }).click();
    await page.locator('.ed-offer').getByRole('button', { name: 'Récupérer mes modifications' }).click();
    expect(await description().inputValue()).toBe('Conditions générales du site.');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect.poll(() => status(page).innerText(), SLOW).toMatch(/^Enregistré et publié/)
    expect(latest('page:15')!.data.description.fr).toBe('Conditions générales du site.');
    // Saved: nothing is offered any more.
    await page.reload();
    await page.getByRole('heading', { name: 'Modules' }).waitFor();
    expect(await page.locator('.ed-offer').count()).toBe(0);
  });
});

describe('texts that would break the site', () => {
  it('refuses a broken placeholder at its field, in a dictionary and in a page, before anything is sent', async () => {
    const page = await open();
    await logIn(page, TOM);
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/admin/docs/')) writes.push(r.url());
    });
    await page.goto('/admin/dictionaries/fr');
    const field = page.getByLabel('footer.design (fr)', { exact: true });
    await field.fill('Design : {nom');
    const errors = page.locator('tr[data-key="footer.design"] .ed-field-errors');
    await expect.poll(() => errors.innerText().catch(() => '')).toMatch(/^contient un paramètre cassé près du caractère \d+ : écrivez les paramètres comme \{name\}$/);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill('Design : {nom}');
    await expect.poll(() => errors.innerText().catch(() => '')).toBe('utilise {nom}, que le texte anglais n’a pas ; gardez ses paramètres ({name})');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    expect(await status(page).innerText()).toBe('Non enregistré : 1 champ est à corriger (marqués ci-dessous).');
    expect(await page.locator('.ed-docbar .ed-problems').innerText()).toContain('footer.design (dictionnaire français) : utilise {nom}, que le texte anglais n’a pas');

    // The same in a page's text.
    await page.goto('/admin/pages/16');
    await page.getByRole('heading', { name: 'Modules' }).waitFor();
    const description = page.locator('.ed-settings').getByLabel('Description (nl)', { exact: true });
    await description.fill('Hoe wij cookies gebruiken {naam');
    const errorId = `#${await description.getAttribute('id')}__error`;
    await expect.poll(() => page.locator(errorId).innerText().catch(() => '')).toMatch(/^contient un paramètre cassé/);
    await page.getByRole('button', { name: 'Enregistrer comme brouillon' }).click();
    expect(await page.locator('.ed-docbar .ed-problems').innerText()).toContain('Description (nl) (réglages de la page) : contient un paramètre cassé');
    expect(writes).toEqual([]);
  });
});

describe('the editor’s language', () => {
  it('speaks Dutch, French or English as each staff member chooses, validation messages included', async () => {
    const page = await open();
    await logIn(page, SOPHIE, 'English');
    expect(await page.getByRole('navigation', { name: 'Editor' }).getByRole('link').allInnerTexts()).toEqual(['Pages', 'Articles', 'Home banner', 'Site settings', 'Dictionaries', 'Missing translations', 'Media', 'Leads', 'Owners', 'Listings']);
    await page.goto('/admin/pages/4');
    const module = page.locator('li.ed-module').first();
    await module.getByRole('button', { name: 'Edit' }).click();
    const span = module.getByLabel('Width (columns of 12)');
    await span.fill('13');
    const error = module.locator('.rjsf-field', { has: page.locator('input[id$="_span"]') }).locator('.error-detail');
    await expect.poll(() => error.innerText().catch(() => '')).toBe('must be <= 12');
    await page.getByLabel('Language of the editor').selectOption({ label: 'Nederlands' });
    await expect.poll(() => error.innerText().catch(() => '')).toBe('moet <= 12 zijn');
    expect(await page.getByRole('navigation', { name: 'Editor' }).getByRole('link').first().innerText()).toBe('Pagina’s');
    expect(await module.getByLabel('Breedte (kolommen van 12)').inputValue()).toBe('13');
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    expect(await page.locator('.ed-docbar .ed-problems').innerText()).toMatch(/Breedte \(kolommen van 12\) van de module Artikel .*: moet <= 12 zijn/);
    await page.getByLabel('Taal van de editor').selectOption({ label: 'Français' });
    await expect.poll(() => error.innerText().catch(() => '')).toBe('doit être <= 12');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    // Technical fields: an admin finds them under "Avancé"; an editor does not see them.
    expect(await module.locator('details.ed-advanced summary').innerText()).toBe('Avancé');
    await module.getByLabel('Largeur (colonnes sur 12)').fill('12');
    await expect.poll(() => page.locator('.ed-docbar .ed-badge--changed').count()).toBe(0);
    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await logIn(page, TOM);
    await page.goto('/admin/pages/4');
    await page.locator('li.ed-module').first().getByRole('button', { name: 'Modifier' }).click();
    expect(await page.locator('li.ed-module').first().locator('details.ed-advanced').count()).toBe(0);
    expect(await page.locator('li.ed-module').first().getByLabel('Classe CSS').count()).toBe(0);
  });
});

describe('the home banner', () => {
  it('is changed by an editor, seen on the home page, and a page shows what it inherits from it', async () => {
    await asShipped('banner');
    const page = await open();
    await logIn(page, TOM);
    await nav(page, 'Bannière d’accueil').click();
    const title = page.getByLabel('Titre (fr)', { exact: true });
    await expect.poll(() => title.inputValue().catch(() => '')).toBe('Votre bien à Bruxelles, entre de bonnes mains');
    await title.fill('Votre maison à Bruxelles, entre de bonnes mains');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect.poll(() => status(page).innerText(), SLOW).toMatch(/^Enregistré et publié/)
    expect(latest('banner')!.by).toBe(TOM.username);
    const visitor = await browser.state.context!.newPage();
    await visitor.goto('/fr/');
    expect(await visitor.locator('.banner__title').innerText()).toBe('Votre maison à Bruxelles, entre de bonnes mains');
    await visitor.close();
    // A page that shows the site's banner says so, with a way to it.
    await page.goto('/admin/pages/2');
    const card = page.locator('.ed-banner-card');
    await card.getByLabel('Afficher une bannière').check();
    await expect.poll(() => card.locator('[data-inherits="site"]').innerText().catch(() => '')).toContain('Cette page affiche la bannière du site (une galerie)');
    expect(await card.locator('[data-inherits="site"]').innerText()).toContain('Votre maison à Bruxelles, entre de bonnes mains');
    await card.getByRole('link', { name: 'Modifier la bannière du site' }).click();
    await page.getByRole('dialog', { name: 'Quitter sans enregistrer ?' }).getByRole('button', { name: 'Quitter' }).click();
    await page.waitForURL('**/admin/banner');
  });
});
