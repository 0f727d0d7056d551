// Issue 38, points 1-3 as agency staff live them, in real Chromium with the editor in French and
// Dutch: an editor cannot delete the home page; a page linked from the footer goes to the trash
// after its links and old address are given another page, and comes back from the trash; a module
// taken off a page comes back at its place; an admin who deletes the home page sees the site has
// none and brings it back; a page written in Dutch and French only says English is missing, its
// French falls behind when the Dutch changes, and its history compares two versions word by word.
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/e2e.ts';
import { SLOW, useStaffAccounts } from '../helpers/editor-e2e.ts';
import { SOPHIE, TOM, api, asShipped, latest, logIn, nav, open, status } from '../helpers/editor-story-fr.ts';
import { suiteUrl } from '../helpers/suite-server.ts';

const browser = useBrowser();
useStaffAccounts([SOPHIE, TOM]);
const visit = (path: string) => fetch(suiteUrl() + path, { redirect: 'manual' });

afterAll(async () => {
  for (const key of ['footer', 'page:32', 'page:1']) await asShipped(key);
});

/** A published page of its own for this attempt (a retry makes another), written in `titles`' languages. */
async function makePage(titles: Record<string, string>, stem: string) {
  const call = await api(SOPHIE);
  const id = (await call('GET', '/registry')).json.maxPageId + 1;
  const seg = (l: string) => (titles[l] ? `${stem}-${l}-${id}` : '');
  const page = {
    id,
    parentId: null,
    name: `${stem}-${id}`,
    path: `/${stem}-${id}/`,
    localizedPath: { nl: seg('nl'), fr: seg('fr'), en: seg('en') },
    status: 'Published',
    type: 'page',
    sort: 90,
    showInMenu: false,
    title: titles,
    modules: [],
  };
  expect((await call('PUT', `/docs/page:${id}`, { data: page, baseRev: 0 })).status).toBe(200);
  return { id, call };
}

describe('deleting and bringing back', () => {
  it('an editor: the home page is the site’s; a linked page goes to the trash with its links given to another page, and comes back', async () => {
    const { id, call } = await makePage({ nl: 'Opendeurdag', fr: 'Journée portes ouvertes', en: 'Open day' }, 'opendeur');
    const footer = (await call('GET', '/docs/footer')).json;
    footer.data.columns[2].links.push(id);
    expect((await call('PUT', '/docs/footer', { data: footer.data, baseRev: footer.rev })).status).toBe(200);

    const page = await open(browser);
    await logIn(page, TOM);
    // The home page has no delete button for an editor: it says the site needs it.
    await page.locator('tr[data-page-id="1"]').waitFor();
    expect(await page.locator('tr[data-page-id="1"]').innerText()).toContain('Nécessaire au site');
    expect(
      await page
        .locator('tr[data-page-id="1"]')
        .getByRole('button', { name: /Supprimer/ })
        .count(),
    ).toBe(0);

    await page.goto(`/admin/pages/${id}`);
    await page.getByRole('button', { name: 'Supprimer', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Supprimer « Journée portes ouvertes » ?' });
    await expect.poll(() => dialog.innerText()).toContain('Les liens du pied de page');
    const trashIt = dialog.getByRole('button', { name: 'Mettre à la corbeille' });
    // Its links need a page to lead to before it can go.
    expect(await trashIt.isDisabled()).toBe(true);
    await dialog.getByRole('combobox').selectOption({ label: 'Contact' });
    await trashIt.click();
    await page.waitForURL(/\/admin\/pages$/);
    const gone = await visit(`/fr/opendeur-fr-${id}/`);
    expect(gone.status).toBe(301);
    expect(gone.headers.get('location')).toBe('/fr/contact/');
    expect(latest('footer')!.data.columns[2].links).not.toContain(id);

    await nav(page, 'Corbeille').click();
    const row = page.locator(`tr[data-trash-id="page:${id}"]`);
    await expect.poll(() => row.innerText()).toContain('Journée portes ouvertes');
    expect(await row.innerText()).toMatch(/par tom\.janssens@atrium-immo\.be|par Tom/);
    await row.getByRole('button', { name: 'Restaurer Journée portes ouvertes' }).click();
    await expect.poll(() => page.getByRole('status').first().innerText(), SLOW).toBe('« Journée portes ouvertes » est de retour à sa place.');
    expect((await visit(`/fr/opendeur-fr-${id}/`)).status).toBe(200);
    await expect.poll(() => row.count()).toBe(0);
  });

  it('an editor takes a module off a page and brings it back at its place from the trash', async () => {
    await asShipped('page:32');
    const page = await open(browser);
    await logIn(page, TOM);
    await page.goto('/admin/pages/32');
    const first = page.locator('li.ed-module').first();
    const moduleId = await first.getAttribute('data-module-id');
    await first.getByRole('button', { name: 'Retirer' }).click();
    const ask = page.getByRole('dialog', { name: 'Retirer ce module ?' });
    expect(await ask.innerText()).toContain('30 jours dans la corbeille');
    await ask.getByRole('button', { name: 'Retirer' }).click();
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect.poll(() => status(page).innerText(), SLOW).toMatch(/^Enregistré et publié/);

    await nav(page, 'Corbeille').click();
    const row = page.locator(`tr[data-trash-id="module:${moduleId}"]`);
    await expect.poll(() => row.innerText().catch(() => '')).toContain('Sur la page « Témoignages »');
    await row.getByRole('button', { name: /^Restaurer/ }).click();
    await expect.poll(() => row.count(), SLOW).toBe(0);
    expect((latest('page:32')!.data.modules as Array<{ id: number }>)[0].id).toBe(Number(moduleId));
  });

  it('an admin deletes the home page after reading what breaks; the pages screen says the site has none; the trash brings it back', async () => {
    const page = await open(browser);
    await logIn(page, SOPHIE, 'Nederlands');
    await page
      .locator('tr[data-page-id="1"]')
      .getByRole('button', { name: /verwijderen/i })
      .click();
    const dialog = page.getByRole('dialog', { name: /^“.+” verwijderen\?$/ });
    await expect.poll(() => dialog.innerText()).toContain('Het is de startpagina');
    const go = dialog.getByRole('button', { name: 'Naar de prullenbak' });
    expect(await go.isDisabled()).toBe(true);
    await dialog.getByLabel('Ik begrijp het, toch verwijderen').check();
    await go.click();
    await expect.poll(() => page.getByRole('alert').first().innerText(), SLOW).toContain('De site heeft geen startpagina');
    expect((await visit('/nl/')).status).toBe(404);
    await page.getByRole('link', { name: 'Prullenbak openen' }).click();
    await page
      .locator('tr[data-trash-id="page:1"]')
      .getByRole('button', { name: /terugzetten/i })
      .click();
    await expect.poll(async () => (await visit('/nl/')).status, SLOW).toBe(200);
  });
});

describe('languages and versions', () => {
  it('says English is missing, French behind the Dutch, and compares two versions word by word', async () => {
    const { id } = await makePage({ nl: 'Wonen in Elsene', fr: 'Vivre à Ixelles' }, 'elsene');
    const page = await open(browser);
    await logIn(page, TOM);
    await page.goto(`/admin/pages/${id}`);
    const langs = page.locator('.ed-langstates');
    await expect.poll(() => langs.innerText().catch(() => '')).toContain('non rédigé : pas affiché dans cette langue');
    expect(await page.locator('.ed-langstate[data-lang="en"]').getAttribute('data-state')).toBe('missing');
    expect((await visit(`/en/elsene-nl-${id}/`)).status).toBe(404);

    const nl = page.locator('.ed-settings').getByLabel('Titre (nl)', { exact: true });
    await nl.fill('Wonen en werken in Elsene');
    await page.getByRole('button', { name: 'Enregistrer', exact: true }).click();
    await expect.poll(() => page.locator('.ed-langstate[data-lang="fr"]').getAttribute('data-state'), SLOW).toBe('older');

    // A draft without the Dutch title is kept, marked, and cannot be published yet.
    await nl.fill('');
    await page.getByRole('button', { name: 'Enregistrer comme brouillon' }).click();
    await expect.poll(() => status(page).innerText(), SLOW).toContain('Il ne peut pas encore être publié');
    expect(await page.getByRole('button', { name: 'Publier', exact: true }).isDisabled()).toBe(true);
    expect(latest(`page:${id}`)).toMatchObject({ published: false });

    await page.getByRole('button', { name: 'Historique' }).click();
    const history = page.getByRole('dialog', { name: 'Historique' });
    await expect.poll(() => history.locator('tr[data-n]').count()).toBe(3);
    expect(await history.locator('tr[data-n="2"]').innerText()).toContain('Titre (nl) (réglages de la page) modifié');
    await history.getByLabel('Comparer la version 1').check();
    await history.getByLabel('Comparer la version 2').check();
    await history.getByRole('button', { name: 'Comparer les deux versions cochées' }).click();
    const compare = page.getByRole('dialog', { name: 'Version 1 et version 2 côte à côte' });
    await expect.poll(() => compare.locator('tbody tr').count()).toBeGreaterThan(0);
    expect(await compare.locator('ins').allInnerTexts()).toEqual(expect.arrayContaining(['en', 'werken']));
    expect(await compare.locator('tbody tr').first().locator('th').innerText()).toBe('Titre (nl) (réglages de la page)');
  });
});

describe('an address that changes', () => {
  it('asks what becomes of the old address: kept, it leads to the new one; let go, it is a 404', async () => {
    const { id } = await makePage({ nl: 'Verhuren', fr: 'Louer' }, 'verhuur');
    const page = await open(browser);
    await logIn(page, TOM, 'Nederlands');
    await page.goto(`/admin/pages/${id}`);
    const segment = page.locator('.ed-settings').getByLabel('Adresdeel (nl)', { exact: true });
    const rename = async (to: string, answer: RegExp) => {
      await segment.fill(to);
      await page.getByRole('button', { name: 'Opslaan', exact: true }).click();
      const ask = page.getByRole('dialog', { name: 'Het adres van deze pagina verandert' });
      await expect.poll(() => ask.innerText()).toContain('Bezoekers en links die het oude adres gebruiken');
      await ask.getByLabel(answer).check();
      await ask.getByRole('button', { name: 'Opslaan', exact: true }).click();
      await expect.poll(() => status(page).innerText(), SLOW).toMatch(/^Opgeslagen en gepubliceerd/);
    };
    await rename(`verhuren-${id}`, /naar het nieuwe adres gestuurd/);
    const kept = await visit(`/nl/verhuur-nl-${id}/`);
    expect([kept.status, kept.headers.get('location')]).toEqual([301, `/nl/verhuren-${id}/`]);
    await rename(`huren-${id}`, /pagina niet gevonden/);
    expect((await visit(`/nl/verhuren-${id}/`)).status).toBe(404);
    expect((await visit(`/nl/huren-${id}/`)).status).toBe(200);
  });
});
