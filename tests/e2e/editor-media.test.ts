// Issue 38, point 8, as Tom (the plain editor role) lives it in real Chromium, in French at 1440 px:
// a 6000 × 4000 phone photo taken on its side, with its GPS position, goes into the library upright,
// at most 2560 px and without its details; he renames it and writes its alt texts; inserting it into
// an article offers the library's alt text in each language; the library then says where it is used
// and refuses to delete it, naming the article; an unused image goes to the trash and comes back.
// Then in Dutch on a phone (390 px): the library, an image's details and a refused PDF, in Dutch,
// without sideways scrolling. Visitors get the article's image at its responsive widths.
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/e2e.ts';
import { SLOW, useStaffAccounts } from '../helpers/editor-e2e.ts';
import { TOM, api, latest, logIn, nav, open, status } from '../helpers/editor-story-fr.ts';
import { pdfFile } from '../helpers/files.ts';
import { suiteDataDir } from '../helpers/suite-server.ts';

const browser = useBrowser();
useStaffAccounts([TOM]);

const ARTICLE = 'een-zonnige-woonkamer-in-elsene';
/** The library as stored (the test reads what the server kept). */
const library = () => JSON.parse(readFileSync(join(suiteDataDir(), 'media-library.json'), 'utf8')).items as Array<Record<string, any>>;

async function withoutArticle() {
  const newest = latest(`article:${ARTICLE}`);
  if (!newest || newest.data === null) return;
  const call = await api(TOM);
  expect((await call('DELETE', `/docs/article:${ARTICLE}`, { baseRev: newest.rev })).status).toBe(200);
}
afterAll(withoutArticle);

/** A phone's photo: 6000 × 4000 of grain (about 10 MB), taken on its side (EXIF orientation 6), with where it was taken. */
const phonePhoto = () =>
  sharp({ create: { width: 6000, height: 4000, channels: 3, background: '#8aa0b8', noise: { type: 'gaussian', mean: 128, sigma: 18 } } })
    .withExif({
      IFD0: { Make: 'PhoneCam', Model: 'X1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '50/1 49/1 40/1', GPSLongitudeRef: 'E', GPSLongitude: '4/1 22/1 5/1' },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 90 })
    .toBuffer();

/** Nothing of the screen (the editor's own header aside: issue 38, point 10) reaches past the right edge. */
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => [...document.querySelectorAll('.ed-main *, .ed-dialog *')].every((e) => e.getBoundingClientRect().right <= window.innerWidth + 0.5));

describe('the media library as the editor uses it', () => {
  it('takes a large phone photo upright and without its details, names it, offers its alt text where it is inserted, refuses to delete it while used, and restores a deleted image', async () => {
    await withoutArticle();
    const page = await open(browser);
    // A new article is not stored until its first save.
    browser.state.expectedMissing.add(`/api/admin/docs/article%3A${ARTICLE}`);
    await logIn(page, TOM);
    await nav(page, 'Médias').click();
    await page.getByRole('heading', { name: 'Médiathèque' }).waitFor();

    const photo = await phonePhoto();
    expect(photo.length).toBeGreaterThan(10 * 1024 * 1024);
    const name = `IMG_${Date.now()}.jpg`;
    await page.getByLabel('Téléverser des images').setInputFiles({ name, mimeType: 'image/jpeg', buffer: photo });
    await expect.poll(() => page.locator('.ed-inbox__status').first().innerText(), SLOW).toBe(`${name} est dans la médiathèque (1707 × 2560).`);
    const item = library().find((x) => x.name === name)!;
    const stored = await sharp(readFileSync(join(suiteDataDir(), 'uploads/library', item.file))).metadata();
    expect([stored.width, stored.height, stored.orientation, stored.exif]).toEqual([1707, 2560, undefined, undefined]);

    // Its name and alt texts.
    const card = page.locator('.ed-library__item', { hasText: name });
    await card.getByRole('button', { name: `Détails ${name}` }).click();
    let details = page.getByRole('dialog', { name: `Image « ${name} »` });
    await details.getByLabel('Nom').fill('Salon lumineux à Ixelles');
    await details.getByLabel('En français').fill('Un salon baigné de lumière');
    await details.getByLabel('En néerlandais').fill('Een zonnige woonkamer');
    await details.getByRole('button', { name: 'Enregistrer' }).click();
    // Saved, the dialog bears the new name.
    details = page.getByRole('dialog', { name: 'Image « Salon lumineux à Ixelles »' });
    await expect.poll(() => details.getByRole('status').innerText()).toBe('Enregistré.');
    expect(library().find((x) => x.id === item.id)).toMatchObject({
      name: 'Salon lumineux à Ixelles',
      alt: { fr: 'Un salon baigné de lumière', nl: 'Een zonnige woonkamer' },
    });
    await details.getByRole('button', { name: 'Fermer' }).first().click();

    // Inserted into a new article: the library's alt text is offered in each language that has one.
    await nav(page, 'Articles').click();
    await page.getByRole('button', { name: 'Nouvel article' }).click();
    const create = page.getByRole('dialog', { name: 'Nouvel article' });
    await create.getByLabel('Titre (NL)').fill('Een zonnige woonkamer in Elsene');
    await create.getByRole('button', { name: 'Écrire l’article' }).click();
    await page.waitForURL(new RegExp(`/admin/articles/${ARTICLE}$`));
    await page.getByLabel('Titre (fr)', { exact: true }).fill('Un salon lumineux à Ixelles');
    await page.getByLabel('Titre (en)', { exact: true }).fill('A bright living room in Ixelles');
    for (const [lang, prefilled, typed] of [
      ['fr', 'Un salon baigné de lumière', null],
      ['nl', 'Een zonnige woonkamer', null],
      ['en', '', 'A living room full of light'],
    ] as const) {
      await page.getByRole('tab', { name: lang.toUpperCase() }).click();
      const box = page.getByRole('textbox', { name: `Texte (${lang})` });
      await box.click();
      await page.keyboard.type('Du soleil toute la journée.');
      await page.keyboard.press('Enter');
      await page
        .getByRole('toolbar', { name: `Mise en forme de Texte (${lang})` })
        .getByRole('button', { name: 'Image' })
        .click();
      const picker = page.getByRole('dialog', { name: 'Médiathèque' });
      await picker.getByLabel('Chercher par nom ou texte alternatif').fill('baigné');
      await expect.poll(() => picker.locator('.ed-media-grid__item').count()).toBe(1);
      await picker.locator('.ed-media-grid__item').click();
      const dialog = page.getByRole('dialog', { name: 'Image' });
      const alt = dialog.getByLabel('Ce que montre l’image (pour les lecteurs d’écran)');
      expect(await alt.inputValue()).toBe(prefilled);
      if (prefilled) expect(await dialog.locator('.ed-help').innerText()).toBe('Repris de la médiathèque : vérifiez qu’il convient à ce texte.');
      if (typed) await alt.fill(typed);
      await dialog.getByRole('button', { name: 'Insérer' }).click();
      await expect.poll(() => box.locator('img').count()).toBe(1);
    }
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect.poll(() => status(page).innerText(), SLOW).toMatch(/^Enregistré et publié \(version \d+\)\.$/);
    const body = latest(`article:${ARTICLE}`)!.data.body;
    expect(body.fr).toContain(`<img src="/media/library/${item.file}" alt="Un salon baigné de lumière" width="1707" height="2560"`);
    expect(body.en).toContain('alt="A living room full of light"');

    // Used: the library says where, and refuses the delete naming the article.
    await nav(page, 'Médias').click();
    const used = page.locator('.ed-library__item', { hasText: 'Salon lumineux à Ixelles' });
    expect(await used.locator('.ed-badge').first().innerText()).toBe('Utilisée à 1 endroit');
    await used.getByRole('button', { name: /^Détails/ }).click();
    details = page.getByRole('dialog', { name: 'Image « Salon lumineux à Ixelles »' });
    expect(await details.locator('.ed-media-details__places').innerText()).toBe('l’article « Un salon lumineux à Ixelles »');
    browser.state.expectedMissing.add(`/api/admin/media/${item.id}`);
    await details.getByRole('button', { name: 'Supprimer' }).click();
    expect(await details.getByRole('alert').first().innerText()).toContain('Mettre « Salon lumineux à Ixelles » à la corbeille ?');
    await details.getByRole('button', { name: 'Mettre à la corbeille' }).click();
    await expect
      .poll(() => details.locator('.ed-alert--error').innerText())
      .toBe(
        'Cette image ne peut pas être supprimée : elle est utilisée dans l’article « Un salon lumineux à Ixelles ». Retirez-la d’abord de là, puis supprimez-la.',
      );
    expect(library().find((x) => x.id === item.id)!.deletedAt).toBeUndefined();
    await details.getByRole('button', { name: 'Fermer' }).first().click();

    // An unused image: to the trash, then back.
    const spare = `plan-${Date.now()}.png`;
    const png = await sharp({ create: { width: 800, height: 600, channels: 3, background: '#e0d8c8' } })
      .png()
      .toBuffer();
    await page.getByLabel('Téléverser des images').setInputFiles({ name: spare, mimeType: 'image/png', buffer: png });
    await expect.poll(() => page.locator('.ed-inbox__status').first().innerText(), SLOW).toBe(`${spare} est dans la médiathèque (800 × 600).`);
    await page
      .locator('.ed-library__item', { hasText: spare })
      .getByRole('button', { name: `Détails ${spare}` })
      .click();
    details = page.getByRole('dialog', { name: `Image « ${spare} »` });
    expect(await details.getByText('Cette image n’est pas utilisée sur le site.').count()).toBe(1);
    await details.getByRole('button', { name: 'Supprimer' }).click();
    await details.getByRole('button', { name: 'Mettre à la corbeille' }).click();
    await expect
      .poll(() => page.locator('.ed-inbox__status').first().innerText())
      .toMatch(new RegExp(`^« ${spare.replace('.', '\\.')} » est dans la corbeille\\. Elle sera supprimée définitivement le `));
    expect(await page.locator('.ed-library__item', { hasText: spare }).count()).toBe(0);
    const trash = page.getByRole('region', { name: /^Corbeille/ });
    const row = trash.locator('.ed-library__trash-item', { hasText: spare });
    expect(await row.locator('.ed-muted').innerText()).toMatch(/^Supprimée le .+ par tom\.janssens@atrium-immo\.be · supprimée définitivement le /);
    await row.getByRole('button', { name: `Restaurer ${spare}` }).click();
    await expect.poll(() => page.locator('.ed-inbox__status').first().innerText()).toBe(`« ${spare} » est de retour dans la médiathèque.`);
    expect(await page.locator('.ed-library__item', { hasText: spare }).count()).toBe(1);
    expect(library().find((x) => x.name === spare)!.deletedAt).toBeUndefined();

    // Visitors get the article's image at its widths.
    const visitor = await browser.state.context!.newPage();
    await visitor.goto('/fr/blog-immo/un-salon-lumineux-a-ixelles/');
    const img = visitor.locator('.article .rich-text img');
    expect(await img.getAttribute('srcset')).toBe(
      [400, 600, 1360].map((w) => `/media/library/${item.file}?w=${w} ${w}w`).join(', ') + `, /media/library/${item.file} 1707w`,
    );
    await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.complete && i.currentSrc)).toMatch(/\?w=(600|1360)$/);
    await visitor.close();
  });

  it('speaks Dutch on a phone: the library, an image’s details and a refused PDF, without sideways scrolling', async () => {
    const page = await open(browser, { width: 390, height: 844 });
    await logIn(page, TOM, 'Nederlands');
    await page.goto('/admin/media');
    await page.getByRole('heading', { name: 'Mediabibliotheek' }).waitFor();
    await page.locator('.ed-library__item').first().waitFor();
    expect(await noSidewaysScroll(page)).toBe(true);
    expect(await page.getByLabel('Zoeken op naam of alternatieve tekst').count()).toBe(1);
    await page.getByLabel('Tonen').selectOption({ label: 'Gebruikt op de site' });
    expect(await page.locator('.ed-library__item').first().locator('.ed-badge').first().innerText()).toMatch(/^Gebruikt op \d+ plaats(en)?$/);

    browser.state.expectedMissing.add('/api/admin/media');
    await page.getByLabel('Afbeeldingen uploaden').setInputFiles({ name: 'offerte.pdf', mimeType: 'application/pdf', buffer: pdfFile('Offerte') });
    await expect
      .poll(() => page.locator('.ed-library__upload [role=alert]').innerText(), SLOW)
      .toBe(
        'offerte.pdf: Dit bestand is een pdf-document, geen foto. De bibliotheek neemt foto’s en afbeeldingen: JPEG, PNG of WebP, zoals gsm’s en camera’s ze maken.',
      );

    await page
      .locator('.ed-library__item')
      .first()
      .getByRole('button', { name: /^Details/ })
      .click();
    const details = page.getByRole('dialog', { name: /^Afbeelding “/ });
    expect(await details.getByRole('heading', { name: 'Waar ze gebruikt wordt' }).count()).toBe(1);
    expect(await details.getByLabel('In het Frans').count()).toBe(1);
    expect(await noSidewaysScroll(page)).toBe(true);
  });
});
