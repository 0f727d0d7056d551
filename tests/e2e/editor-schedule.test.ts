// Issue 38, point 4 as agency staff live it, in real Chromium: an editor saves a page's change as a
// draft, schedules its publication for tomorrow morning (Brussels time) from the save bar in
// French, sees it waiting there and on the Scheduled screen; a colleague in Dutch on a phone
// (390 px) finds it on the Scheduled screen too and cancels it.
import { afterAll, describe, expect, it } from 'vitest';
import { useBrowser } from '../helpers/e2e.ts';
import { SLOW, useStaffAccounts, type Staff } from '../helpers/editor-e2e.ts';
import { api, logIn } from '../helpers/editor-story-fr.ts';
import { brusselsLocal, readWhen } from '../../shared/schedule.ts';

const browser = useBrowser();
const LEA: Staff = { username: 'lea.dubois@atrium-immo.be', password: 'la vente du mardi 2026', role: 'editor' };
const JAN: Staff = { username: 'jan.peeters@atrium-immo.be', password: 'de verkoop van dinsdag', role: 'editor' };
useStaffAccounts([LEA, JAN]);
const EXPECTED_4XX = ['/api/admin/me'];
const open = async (viewport: { width: number; height: number }) => {
  const page = await browser.open({ viewport });
  for (const p of EXPECTED_4XX) browser.state.expectedMissing.add(p);
  return page;
};

const made: string[] = [];
afterAll(async () => {
  const call = await api(LEA);
  for (const key of made) {
    for (const c of (await call('GET', `/schedule?key=${key}`)).json.waiting) await call('DELETE', `/schedule/${c.id}`);
    const d = (await call('GET', `/docs/${key}`)).json;
    if (d.rev) await call('DELETE', `/docs/${key}`, { baseRev: d.rev });
  }
});

/** A plain page of this attempt, published by the API. */
async function plainPage() {
  const call = await api(LEA);
  const id = (await call('GET', '/registry')).json.maxPageId + 1;
  const slug = `portes-ouvertes-${Date.now().toString(36)}`;
  const page = {
    id,
    parentId: null,
    name: slug,
    path: `/${slug}/`,
    localizedPath: { nl: `opendeur-${slug}`, fr: slug, en: `open-house-${slug}` },
    status: 'Published',
    type: 'page',
    sort: 70,
    showInMenu: false,
    title: { nl: 'Opendeurdag', fr: 'Portes ouvertes', en: 'Open house' },
    modules: [],
  };
  const r = await call('PUT', `/docs/page:${id}`, { data: page, baseRev: 0 });
  expect(r.status, JSON.stringify(r.json)).toBe(200);
  made.push(`page:${id}`);
  return id;
}

describe('scheduling a page', () => {
  it('an editor schedules a draft for tomorrow 10:30 in French, then a colleague finds it in Dutch on a phone and cancels it', async () => {
    const id = await plainPage();
    const page = await open({ width: 1440, height: 1000 });
    await logIn(page, LEA);
    await page.goto(`/admin/pages/${id}`);
    await page.locator('.ed-settings').getByLabel('Titre (fr)').fill('Portes ouvertes samedi');
    await page.getByRole('button', { name: 'Enregistrer comme brouillon' }).click();
    await expect.poll(() => page.locator('.ed-docbar__status').innerText(), SLOW).toMatch(/brouillon/i);

    await page.getByRole('button', { name: 'Planifier…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Planifier un changement' });
    // A draft is stored: publishing it is what is offered first, with what that means.
    expect(await dialog.getByRole('radio', { name: 'Publier' }).isChecked()).toBe(true);
    await dialog.getByText('Le brouillon le plus récent enregistré d’ici là est mis en ligne.').waitFor();
    const tomorrow = brusselsLocal(Date.now() + 24 * 3600_000).slice(0, 10);
    expect(await dialog.getByLabel('Date').inputValue()).toBe(tomorrow);
    await dialog.getByLabel(/^Heure/).fill('10:30');
    await dialog.getByRole('button', { name: 'Planifier', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });

    // Stored as tomorrow 10:30 in Brussels, shown in the save bar with a cancel button.
    const at = (readWhen(`${tomorrow}T10:30`) as { at: number }).at;
    const waiting = (await (await api(LEA))('GET', `/schedule?key=page:${id}`)).json.waiting;
    expect(waiting).toEqual([expect.objectContaining({ action: 'publish', at: new Date(at).toISOString(), createdBy: LEA.username })]);
    const item = page.locator('.ed-schedule__item');
    await expect.poll(() => item.innerText()).toMatch(/^Publier : .*10:30/);
    expect(await item.getByRole('button', { name: /^Annuler « Publier » prévu le/ }).count()).toBe(1);
    expect(await page.locator('.ed-docbar__status').innerText()).toMatch(/^Planifié : Publier, .*10:30\.$/);

    // The Scheduled screen lists it by the page's title.
    await page.getByRole('navigation', { name: 'Éditeur' }).getByRole('link', { name: 'Planifié', exact: true }).click();
    await page.getByRole('heading', { name: 'Changements planifiés' }).waitFor();
    const row = page.locator(`.ed-scheduled__item[data-key="page:${id}"]`);
    await row.waitFor();
    expect(await row.innerText()).toMatch(/Page « Portes ouvertes samedi »\s+Publier · Prévu le .*10:30 · par lea\.dubois@atrium-immo\.be/);

    // A colleague, in Dutch, on a phone.
    const phone = await open({ width: 390, height: 844 });
    await logIn(phone, JAN, 'Nederlands');
    await phone.goto('/admin/scheduled');
    await phone.getByRole('heading', { name: 'Geplande wijzigingen' }).waitFor();
    const onPhone = phone.locator(`.ed-scheduled__item[data-key="page:${id}"]`);
    expect(await onPhone.innerText()).toMatch(/Pagina “Opendeurdag”\s+Publiceren · Gepland op .*10:30 · door lea\.dubois@atrium-immo\.be/);
    // The screen's own content fits the phone's width.
    const fits = await phone.locator('.ed-scheduled').evaluate((el) => el.getBoundingClientRect().right <= 390 && el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
    await onPhone.getByRole('button', { name: /^“Publiceren” gepland op .* annuleren$/ }).click();
    await expect.poll(() => phone.locator('.ed-scheduled .ed-status').innerText()).toBe('De geplande wijziging is geannuleerd.');
    const cancelled = phone.locator(`.ed-scheduled__item[data-key="page:${id}"][data-state="cancelled"]`);
    await cancelled.waitFor();
    expect(await cancelled.innerText()).toMatch(/Geannuleerd door jan\.peeters@atrium-immo\.be op /);
    expect((await (await api(LEA))('GET', `/schedule?key=page:${id}`)).json.waiting).toEqual([]);
  });
});
