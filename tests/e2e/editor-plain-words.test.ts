// Plain words in the staff member's language (issue 38, point 6), in real Chromium with the editor
// in French: the dictionary is found by a text in any language and its plurals are written one
// sentence per form, a left-out placeholder is marked at its field and put back with its chip; the
// appointment settings read in days, hours and named weekdays; the map's credit line is a text and
// a link; a contact module's form is chosen by its name.
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/e2e.ts';
import { SLOW, restoreShipped, storedRevisions, useStaffAccounts, type Staff } from '../helpers/editor-e2e.ts';
import { UI_LANG_KEY } from '../../editor/i18n/index.ts';

const browser = useBrowser();
const SOPHIE: Staff = { username: 'sophie.mots@atrium-immo.be', password: 'des mots clairs 2026', role: 'admin' };
useStaffAccounts([SOPHIE]);

const latest = (key: string) => storedRevisions<Record<string, unknown>>(key).at(-1);
const asShipped = (key: string) => restoreShipped(key, SOPHIE);
afterAll(async () => {
  await asShipped('dictionary:fr');
  await asShipped('site');
});

async function inFrench(): Promise<Page> {
  const page = await browser.open({ viewport: { width: 1440, height: 900 } });
  browser.state.expectedMissing.add('/api/admin/me');
  await page.context().addInitScript(([key]) => localStorage.setItem(key, 'fr'), [UI_LANG_KEY] as const);
  await page.goto('/admin/');
  const form = page.locator('form.ed-login__card');
  await form.getByLabel('E-mail').fill(SOPHIE.username);
  await form.getByLabel('Mot de passe').fill(SOPHIE.password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
  await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
  return page;
}
const status = (page: Page) => page.locator('.ed-docbar__status').innerText();

describe('plain words in French', () => {
  it('finds a dictionary text by its words in another language, writes a plural per form, and marks a left-out placeholder at its field', async () => {
    await asShipped('dictionary:fr');
    const page = await inFrench();
    await page.goto('/admin/dictionaries/nl');
    // Typed in French, found in the Dutch dictionary: the text is named by its French words.
    await page.getByLabel('Chercher un texte, dans n’importe quelle langue').fill('Envoyer');
    const send = page.locator('.ed-dict-entry[data-key="form.send"]');
    expect(await send.locator('.ed-dict-entry__label').innerText()).toBe('Envoyer');
    expect(await page.getByLabel('Envoyer (néerlandais)', { exact: true }).inputValue()).toBe('Versturen');
    // Typed in Dutch, found in the French dictionary.
    await page.getByRole('navigation', { name: 'Langues' }).getByRole('link', { name: 'Français', exact: true }).click();
    await page.getByLabel('Chercher un texte, dans n’importe quelle langue').fill('kopen');
    await expect.poll(() => page.locator('.ed-dict-entry').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.key))).toContain('home.buy.title');
    await page.getByLabel('Chercher un texte, dans n’importe quelle langue').fill('');

    // A plural: one sentence per French form, never the ICU syntax.
    await page.getByRole('button', { name: /^Recherche et listes de biens/ }).click();
    const bedrooms = page.locator('.ed-dict-entry[data-key="card.bedrooms"]');
    expect(await bedrooms.locator('.ed-dict-plural__name').allInnerTexts()).toEqual([
      'Un · pour 0, 1',
      expect.stringMatching(/^Grands nombres · pour 1\s000\s000 · peut rester vide/),
      'Plusieurs · pour 2, 3, 4…',
    ]);
    expect(await bedrooms.innerText()).not.toContain('plural');
    // Each form's field is labelled by the text's name and the form's name.
    expect(await bedrooms.getByLabel('… chambres — Un (français)', { exact: true }).count()).toBe(1);
    // The text is named by its French words, so once saved it is "des chambres": find the forms by their names.
    const one = bedrooms.getByLabel(/ — Un \(français\)$/);
    const several = bedrooms.getByLabel(/ — Plusieurs \(français\)$/);
    expect([await one.inputValue(), await several.inputValue()]).toEqual(['# chambre', '# chambres']);
    await one.fill('une chambre');
    // The number left out of the form for several: marked at once, in French, and not saved.
    await several.fill('des chambres');
    await expect
      .poll(() => bedrooms.locator('.ed-field-errors').innerText())
      .toBe('n’affiche pas le nombre (# ou {count}) pour plusieurs éléments, comme le fait le texte en anglais ; seule la forme pour un peut l’omettre');
    // Kept as a draft all the same (nothing typed is lost), marked: it cannot be published yet.
    await page.getByRole('button', { name: 'Enregistrer comme brouillon' }).click();
    await expect.poll(() => status(page), SLOW).toContain('Il ne peut pas encore être publié');
    // The chip puts the number back where the caret is.
    await several.focus();
    await several.press('Home');
    await bedrooms.getByRole('button', { name: /^Insérer # : le nombre/ }).click();
    await expect.poll(() => several.inputValue()).toBe('#des chambres');
    await several.fill('# chambres');
    expect(await bedrooms.locator('.ed-field-errors').count()).toBe(0);

    // A text that leaves out its placeholder: named at its field.
    await page.getByRole('button', { name: /^Pied de page/ }).click();
    const ipi = page.locator('.ed-dict-entry[data-key="footer.ipi"]');
    const ipiInput = ipi.locator('input');
    await ipiInput.fill('N° IPI');
    await expect
      .poll(() => ipi.locator('.ed-field-errors').innerText())
      .toBe('omet {number}, que le texte en anglais contient : les visiteurs perdraient cette information');
    await ipiInput.press('End');
    await ipiInput.press('Space');
    await ipi.getByRole('button', { name: /^Insérer \{number\}/ }).click();
    await expect.poll(() => ipiInput.inputValue()).toBe('N° IPI {number}');

    await page.getByRole('button', { name: 'Enregistrer comme brouillon' }).click();
    await expect.poll(() => status(page), SLOW).toMatch(/^Enregistré comme brouillon \(version \d+\) ; le site public n’a pas changé\.$/);
    const saved = latest('dictionary:fr')!.data as Record<string, string>;
    // Saved back as one ICU plural; the empty form for large amounts is left out (it falls back to "several").
    expect([saved['card.bedrooms'], saved['footer.ipi']]).toEqual(['{count, plural, one {une chambre} other {# chambres}}', 'N° IPI {number}']);
  });

  it('reads the appointment settings in days, hours and named weekdays, the map credit as a text and a link, and a form by its name', async () => {
    await asShipped('site');
    const page = await inFrench();
    await page.goto('/admin/settings/site');
    await page.locator('form.ed-form').waitFor();
    const days = page.getByRole('group', { name: 'Jours de rendez-vous' });
    expect((await days.locator('label').allInnerTexts()).map((d) => d.trim())).toEqual([
      'Lundi',
      'Mardi',
      'Mercredi',
      'Jeudi',
      'Vendredi',
      'Samedi',
      'Dimanche',
    ]);
    expect((await page.locator('#eds_appointments_minNoticeHours').locator('xpath=..').innerText()).trim()).toBe('heures');
    expect((await page.locator('#eds_appointments_daysAhead').locator('xpath=..').innerText()).trim()).toBe('jours');
    await days.getByLabel('Samedi').uncheck();
    // The map's credit line: technical, under "Avancé"; its words and its link, not HTML.
    await page.locator('details.ed-advanced').evaluateAll((ds) => ds.forEach((d) => ((d as HTMLDetailsElement).open = true)));
    expect(await page.getByLabel('Texte affiché').inputValue()).toBe('© OpenStreetMap');
    expect(await page.getByLabel('Lien (adresse)').inputValue()).toBe('https://www.openstreetmap.org/copyright');
    await page.getByLabel('Texte affiché').fill('© les contributeurs d’OpenStreetMap');
    await page.getByRole('button', { name: 'Enregistrer comme brouillon' }).click();
    await expect.poll(() => status(page), SLOW).toMatch(/^Enregistré comme brouillon/);
    const site = latest('site')!.data as { appointments: { weekdays: number[] }; map: { attribution: string } };
    expect(site.appointments.weekdays).toEqual([1, 2, 3, 4, 5]);
    expect(site.map.attribution).toBe('<a href="https://www.openstreetmap.org/copyright">© les contributeurs d’OpenStreetMap</a>');

    // A contact module's form, chosen by its name.
    await page.goto('/admin/pages/33');
    await page.locator('.ed-module__buttons button[aria-expanded="false"]').first().click();
    const kind = page.getByRole('combobox', { name: 'Formulaire', exact: true });
    expect(await kind.locator('option:checked').innerText()).toBe('Candidature');
    expect(await kind.locator('option').allInnerTexts()).toContain('Demande d’estimation');
    expect((await kind.locator('option').allInnerTexts()).filter((o) => /^[a-z]+(-[a-z]+)+$/.test(o))).toEqual([]);
  });
});
