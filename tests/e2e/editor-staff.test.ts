// Issue 14 as agency staff live it, in real Chromium with the editor in French (and Dutch and
// English): write a blog article with the rich-text editor and read it on the public site in three
// languages; a broken placeholder is refused at its field; each staff member chooses the editor's
// language; an editor changes the home banner. Pages, the menu, concurrent saves and edits kept
// through a crash: editor-staff-pages.test.ts.
import { afterAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { useBrowser } from '../helpers/e2e.ts';
import { watchConsole } from '../helpers/browser.ts';
import { SLOW, useStaffAccounts } from '../helpers/editor-e2e.ts';
import { SOPHIE, TOM, api, asShipped, latest, logIn, nav, open, status } from '../helpers/editor-story-fr.ts';

const browser = useBrowser();
useStaffAccounts([SOPHIE, TOM]);

/** The article the story writes goes again: the other browser tests read the shipped blog. */
async function withoutNewArticle() {
  const newest = latest('article:uw-woning-klaarmaken-voor-een-bezoek');
  if (!newest || newest.data === null) return;
  const call = await api(SOPHIE);
  expect((await call('DELETE', '/docs/article:uw-woning-klaarmaken-voor-een-bezoek', { baseRev: newest.rev })).status).toBe(200);
}
afterAll(async () => {
  for (const key of ['banner', 'dictionary:fr']) await asShipped(key);
  await withoutNewArticle();
});

describe('writing content', () => {
  it('writes a new blog article with a heading, a list, a link and an image in the rich-text editor, publishes it, and visitors read it in French, Dutch and English', async () => {
    await withoutNewArticle(); // a retried attempt writes it anew
    const page = await open(browser);
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
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#7a9cc6' } })
      .jpeg()
      .toBuffer();
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
    await expect.poll(() => status(page).innerText(), SLOW).toMatch(/^Enregistré et publié \(version \d+\)\.$/);
    const stored = latest('article:uw-woning-klaarmaken-voor-een-bezoek')!;
    expect(stored.by).toBe(SOPHIE.username);
    expect(stored.data).toMatchObject({ category: 'blog', column: 'seller', status: 'Published' });
    expect(stored.data.body.fr).toMatch(
      /^<h2>D’abord ranger<\/h2><ul><li><p>La lumière<\/p><\/li><li><p>Les odeurs<\/p><\/li><\/ul><p>→ <a href="\/fr\/nos-services\/">Nos services<\/a><\/p><img src="\/media\/library\/[^"]+" alt="Un séjour lumineux"/,
    );

    // Visitors read it at its address in each language, as it was written.
    const visitor = await browser.state.context!.newPage();
    const problems = watchConsole(visitor);
    for (const [lang, path] of [
      ['fr', '/fr/blog-immo/preparer-votre-bien-pour-une-visite/'],
      ['nl', '/nl/immo-blog/uw-woning-klaarmaken-voor-een-bezoek/'],
      ['en', '/en/blog/getting-your-home-ready-for-a-viewing/'],
    ] as const) {
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

describe('texts that would break the site', () => {
  it('refuses to publish a broken placeholder, marked at its field before anything is sent; a draft keeps it, marked (issue 38)', async () => {
    const page = await open(browser);
    await logIn(page, TOM);
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/admin/docs/')) writes.push(r.url());
    });
    await page.goto('/admin/dictionaries/fr');
    await page.getByRole('button', { name: /^Pied de page/ }).click();
    const entry = page.locator('.ed-dict-entry[data-key="footer.design"]');
    const field = entry.getByLabel('Design : … (français)', { exact: true });
    await field.fill('Design : {nom');
    const errors = entry.locator('.ed-field-errors');
    await expect
      .poll(() => errors.innerText().catch(() => ''))
      .toMatch(/^contient un paramètre cassé près du caractère \d+ : écrivez les paramètres comme \{name\}$/);
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    await field.fill('Design : {nom}');
    // A placeholder the English text does not have, and the one it has left out (issue 38).
    await expect
      .poll(() => errors.innerText().catch(() => ''))
      .toBe(
        'utilise {nom}, que le texte anglais n’a pas ; gardez ses paramètres ({name})\nomet {name}, que le texte en anglais contient : les visiteurs perdraient cette information',
      );
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    expect(await status(page).innerText()).toBe('Non enregistré : 1 champ est à corriger (marqués ci-dessous).');
    expect(await page.locator('.ed-docbar .ed-problems').innerText()).toContain(
      '« Design : … » dans le dictionnaire français : utilise {nom}, que le texte anglais n’a pas',
    );

    // The same in a page's text.
    await page.goto('/admin/pages/16');
    await page.getByRole('heading', { name: 'Modules' }).waitFor();
    const description = page.locator('.ed-settings').getByLabel('Description (nl)', { exact: true });
    await description.fill('Hoe wij cookies gebruiken {naam');
    const errorId = `#${await description.getAttribute('id')}__error`;
    await expect
      .poll(() =>
        page
          .locator(errorId)
          .innerText()
          .catch(() => ''),
      )
      .toMatch(/^contient un paramètre cassé/);
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    expect(await page.locator('.ed-docbar .ed-problems').innerText()).toContain('Description (nl) (réglages de la page) : contient un paramètre cassé');
    expect(writes).toEqual([]);
    // A draft is kept whatever its state (issue 38, point 2): stored, with what stops its publication marked.
    await page.getByRole('button', { name: 'Enregistrer comme brouillon' }).click();
    await expect.poll(() => status(page).innerText()).toMatch(/^Enregistré comme brouillon .* Il ne peut pas encore être publié : 1 point à régler d’abord/);
    expect(writes).toHaveLength(1);
    expect(await page.locator('.ed-docbar .ed-problems').innerText()).toContain('Avant de pouvoir publier ce brouillon');
    expect(await page.locator('.ed-docbar .ed-problems').innerText()).toContain('Description (nl) (réglages de la page) : contient un paramètre cassé');
    expect(latest('page:16')).toMatchObject({ published: false, data: { description: { nl: 'Hoe wij cookies gebruiken {naam' } } });
    await asShipped('page:16');
  });
});

describe('the editor’s language', () => {
  it('speaks Dutch, French or English as each staff member chooses, validation messages included', async () => {
    const page = await open(browser);
    await logIn(page, SOPHIE, 'English');
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
    await page.goto('/admin/pages/4');
    const module = page.locator('li.ed-module').first();
    await module.getByRole('button', { name: 'Edit' }).click();
    const span = module.getByLabel('Width', { exact: true });
    await span.fill('13');
    const error = module.locator('.rjsf-field', { has: page.locator('input[id$="_span"]') }).locator('.error-detail');
    await expect.poll(() => error.innerText().catch(() => '')).toBe('must be <= 12');
    await page.getByLabel('Language of the editor').selectOption({ label: 'Nederlands' });
    await expect.poll(() => error.innerText().catch(() => '')).toBe('moet <= 12 zijn');
    expect(await page.getByRole('navigation', { name: 'Editor' }).getByRole('link').first().innerText()).toBe('Pagina’s');
    expect(await module.getByLabel('Breedte', { exact: true }).inputValue()).toBe('13');
    await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
    expect(await page.locator('.ed-docbar .ed-problems').innerText()).toMatch(/Breedte van de module Artikel .*: moet <= 12 zijn/);
    await page.getByLabel('Taal van de editor').selectOption({ label: 'Français' });
    await expect.poll(() => error.innerText().catch(() => '')).toBe('doit être <= 12');
    expect(await page.locator('html').getAttribute('lang')).toBe('fr');
    // Technical fields: an admin finds them under "Avancé"; an editor does not see them.
    expect(await module.locator('details.ed-advanced summary').innerText()).toBe('Avancé');
    await module.getByLabel('Largeur', { exact: true }).fill('12');
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
    const page = await open(browser);
    await logIn(page, TOM);
    await nav(page, 'Bannière d’accueil').click();
    const title = page.getByLabel('Titre (fr)', { exact: true });
    await expect.poll(() => title.inputValue().catch(() => '')).toBe('Votre bien à Bruxelles, entre de bonnes mains');
    await title.fill('Votre maison à Bruxelles, entre de bonnes mains');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect.poll(() => status(page).innerText(), SLOW).toMatch(/^Enregistré et publié/);
    expect(latest('banner')!.by).toBe(TOM.username);
    const visitor = await browser.state.context!.newPage();
    await visitor.goto('/fr/');
    expect(await visitor.locator('.banner__title').innerText()).toBe('Votre maison à Bruxelles, entre de bonnes mains');
    await visitor.close();
    // A page that shows the site's banner says so, with a way to it.
    await page.goto('/admin/pages/2');
    const card = page.locator('.ed-banner-card');
    await card.getByLabel('Afficher une bannière').check();
    await expect
      .poll(() =>
        card
          .locator('[data-inherits="site"]')
          .innerText()
          .catch(() => ''),
      )
      .toContain('Cette page affiche la bannière du site (une galerie)');
    expect(await card.locator('[data-inherits="site"]').innerText()).toContain('Votre maison à Bruxelles, entre de bonnes mains');
    await card.getByRole('link', { name: 'Modifier la bannière du site' }).click();
    await page.getByRole('dialog', { name: 'Quitter sans enregistrer ?' }).getByRole('button', { name: 'Quitter' }).click();
    await page.waitForURL('**/admin/banner');
  });
});
