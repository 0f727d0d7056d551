// An agency's admin runs the listings from the editor, in French, without a command line, against
// the built site (a server of its own: this story takes the sample off the site and brings it
// back): no feed connected and a sentence saying who connects it, the CRM's export imported, a PDF
// and a file past 50 MB refused with a sentence, an export that would take most properties off the
// site refused and then published after a confirmation naming them, every import undone down to the
// sample shipped with the site, each step in the history by her name — and the same screen on a
// phone, in Dutch, without sideways scrolling.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { launchChromium, watchConsole } from '../helpers/browser.ts';
import { root, siteConfigDir, tempDir } from '../helpers/config.ts';
import { StaffAccounts, addStaff } from '../../server/auth/staff-accounts.ts';
import { openMenu } from '../helpers/editor-e2e.ts';

let browser: Browser;
let base = '';
let dir = '';
const ADMIN = { username: `ines.${process.pid}.${Date.now()}@atrium.example`, password: 'a long staff password', role: 'admin', name: 'Inès Dubois' };
const fixture = readFileSync(join(root, 'tests/fixtures/crm-feed.json'), 'utf8');
const total = async () => (await (await fetch(`${base}/api/properties?lang=fr&goal=sale`)).json()).total as number;

const sites: Server[] = [];
/** The built site as `npm start` runs it, with a data folder of its own for each attempt (a retry starts afresh). */
async function startSite() {
  const { start } = await import(join(root, 'dist/server/main.js'));
  const dataDir = tempDir('e2e-upload-');
  const configDir = tempDir('e2e-upload-config-');
  cpSync(siteConfigDir, configDir, { recursive: true });
  await addStaff(StaffAccounts.inDataDir(dataDir), ADMIN);
  // The largest export set to 50 MB (LISTINGS_MAX_MB, default 100), so that a 51 MB file shows the limit.
  const site: Server = await start({
    root,
    port: 0,
    host: '127.0.0.1',
    dataDir,
    configDir,
    quiet: true,
    smtpUrl: '',
    listingsSync: null,
    listingsMaxBytes: 50 * 2 ** 20,
  });
  sites.push(site);
  base = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  browser = await launchChromium();
  dir = tempDir('e2e-upload-files-');
  writeFileSync(join(dir, 'Export Whise.json'), fixture);
  const small = JSON.parse(fixture);
  small.properties = small.properties.filter((p: { ID: number }) => p.ID === 5001);
  writeFileSync(join(dir, 'export-du-jour.json'), JSON.stringify(small));
  writeFileSync(join(dir, 'biens.pdf'), Buffer.concat([Buffer.from('%PDF-1.7\n%âãÏÓ\n1 0 obj\n'), Buffer.alloc(4000, 0x20)]));
  writeFileSync(join(dir, 'export-complet.json'), Buffer.alloc(51 * 2 ** 20, 0x20));
});
afterAll(async () => {
  await browser?.close();
  for (const s of sites) await new Promise((r) => s.close(r));
});

/** Logged in as the admin, the editor in `lang`, on the Listings screen. */
async function openListings(lang: 'fr' | 'nl', viewport = { width: 1440, height: 900 }) {
  const context = await browser.newContext({ viewport, baseURL: base });
  await context.addInitScript((l) => localStorage.setItem('vitrine.editor.lang', l), lang);
  const page = await context.newPage();
  // Before logging in the editor asks who is there (401); files that are not an export are answered 422.
  const problems = watchConsole(page, new Set(['/api/admin/me', '/api/admin/listings/upload']));
  await page.goto('/admin/');
  const login = page.locator('form.ed-login__card');
  await login.getByLabel('E-mail').fill(ADMIN.username);
  await login.locator('input[type=password]').fill(ADMIN.password);
  await login.locator('button[type=submit]').click();
  await page.locator('.ed-header').waitFor({ timeout: 30_000 });
  // On a phone the navigation is behind the Menu button.
  await openMenu(page);
  await page.getByRole('link', { name: lang === 'fr' ? 'Biens' : 'Panden', exact: true }).click({ timeout: 30_000 });
  await page.locator('.ed-listings h1').waitFor();
  return { page, problems };
}

/** Chooses a file in the upload box and imports it; gives the report's text. */
async function importFile(page: Page, file: string, button = 'Importer ce fichier') {
  await page.locator('.ed-listings__upload input[type=file]').setInputFiles(file);
  await page.getByRole('button', { name: button }).click();
  await page.locator('.ed-listings__report').waitFor({ timeout: 30_000 });
  return page.locator('.ed-listings__report').innerText();
}

const undoLine = (page: Page) => page.locator('.ed-listings__undo').innerText();
const restoreButton = (page: Page) => page.getByRole('button', { name: 'Restaurer l’import précédent' });

describe('the listings screen, for an admin in French', () => {
  it('imports, refuses, publishes anyway and undoes down to the sample, each step by her name, in plain words', async () => {
    await startSite();
    const { page, problems } = await openListings('fr');
    const sample = await total();
    // No feed: said in words, with who connects it; nothing of the server's settings or commands.
    const screen = page.locator('.ed-listings');
    expect(await screen.innerText()).toContain('Le flux du CRM de l’agence n’est pas raccordé');
    expect(await screen.innerText()).toContain('La société qui héberge le site peut le raccorder');
    expect(await page.getByRole('button', { name: 'Synchroniser maintenant' }).count()).toBe(0);
    // Nothing to undo yet, and the screen says why.
    expect(await restoreButton(page).isDisabled()).toBe(true);
    expect(await undoLine(page)).toBe('Rien à restaurer\u00a0: le site affiche les biens d’exemple livrés avec lui.');

    // The CRM's export: on the site at once, replacing the sample.
    expect(await importFile(page, join(dir, 'Export Whise.json'))).toMatch(/^Importé\u00a0: 7 biens, 2 projets\. Ils sont sur le site maintenant\./);
    expect(await total()).toBe(3);
    const first = page.locator('.ed-listings__history tbody tr').first();
    expect(await first.innerText()).toMatch(/Fichier envoyé\s+par Inès Dubois\s+Export Whise\.json[\s\S]*En ligne/);
    expect(await undoLine(page)).toBe('Restaurer remet les biens d’exemple livrés avec le site, comme avant le premier import.');
    // Its problems, record by record, in French.
    await first.getByRole('button', { name: 'Afficher 9' }).click();
    const table = page.locator('.ed-listings__history .ed-listings__problems');
    await expect.poll(() => table.innerText()).toContain('Bien n°\u00a05002, français');
    expect(await table.innerText()).toContain('Latitude (carte)');
    expect(await table.innerText()).toContain('250.8 dépasse la plus grande valeur permise (90)');
    // The CRM's fields the site does not use are left out, and named (issue 40, point 5).
    expect(await table.innerText()).toContain('BrochureUrl');

    // A PDF: refused with what it is; the site keeps its listings.
    expect(await importFile(page, join(dir, 'biens.pdf'))).toBe(
      'Non importé\u00a0: Le fichier n’est pas l’export des biens de votre CRM pour le site web\u00a0: c’est un document PDF. Rien n’a changé sur le site.',
    );
    expect(await total()).toBe(3);
    // A file past the limit (50 MB here) is stopped before it is sent.
    await page.locator('.ed-listings__upload input[type=file]').setInputFiles(join(dir, 'export-complet.json'));
    expect(await page.locator('.ed-listings__upload [role=alert]').innerText()).toMatch(
      /^export-complet\.json pèse 51 Mo\u00a0: le plus grand fichier qui peut être importé fait 50 Mo\./,
    );

    // An export with one property left: refused, then published after a confirmation naming what leaves the site.
    expect(await importFile(page, join(dir, 'export-du-jour.json'))).toMatch(
      /^Non publié\u00a0: Il retirerait du site 6 des 7 biens qui y sont maintenant \(85,7\s%\), plus que les 50\s% permis\. Le site affiche toujours ce qu’il affichait avant\./,
    );
    expect(await total()).toBe(3);
    await page.getByRole('button', { name: 'Publier quand même' }).click();
    const dialog = page.getByRole('dialog');
    expect(await dialog.innerText()).toContain('Le publier retire du site 6 biens sur les 7 qui y sont maintenant');
    expect(await dialog.locator('li').count()).toBe(6);
    expect(await dialog.innerText()).toContain('Le site affiche alors 1 bien.');
    await dialog.getByRole('button', { name: 'Publier quand même' }).click();
    await expect.poll(() => page.locator('.ed-listings__report').innerText()).toMatch(/^L’import refusé du .* a été publié quand même\./);
    expect(await total()).toBe(1);

    // Undo, step by step, down to the sample shipped with the site.
    expect(await undoLine(page)).toMatch(/^Restaurer remet l’import du /);
    await restoreButton(page).click();
    expect(await page.getByRole('dialog').innerText()).toMatch(/Les biens de l’import du .* \(7 biens\) reviennent sur le site tout de suite/);
    await page.getByRole('dialog').getByRole('button', { name: 'Restaurer' }).click();
    await expect.poll(() => page.locator('.ed-listings__report').innerText()).toMatch(/^L’import du .* est de nouveau sur le site\./);
    expect(await total()).toBe(3);
    await restoreButton(page).click();
    expect(await page.getByRole('dialog').innerText()).toContain(
      'les biens d’exemple livrés avec le site sont de nouveau affichés, comme avant le premier import',
    );
    await page.getByRole('dialog').getByRole('button', { name: 'Restaurer' }).click();
    await expect.poll(() => page.locator('.ed-listings__report').innerText()).toBe('Les biens d’exemple livrés avec le site sont de nouveau sur le site.');
    expect(await total()).toBe(sample);
    expect(await restoreButton(page).isDisabled()).toBe(true);
    expect(await undoLine(page)).toBe('Rien à restaurer\u00a0: le site affiche les biens d’exemple livrés avec lui.');

    // Every step is in the history, by her name; nothing on the screen a developer would write.
    // The second column of each entry (the problems opened above are a row of their own): what was done, by whom.
    const cells = await page.locator('.ed-listings__history > tbody > tr:not(.ed-listings__problem-row) > td:nth-child(2)').allInnerTexts();
    const actions = cells.map((c) => c.split('\n')[0].trim());
    expect(actions).toEqual([
      'Restauration par Inès Dubois',
      'Restauration par Inès Dubois',
      'Publié quand même par Inès Dubois',
      'Fichier envoyé par Inès Dubois',
      'Fichier envoyé par Inès Dubois',
      'Fichier envoyé par Inès Dubois',
    ]);
    const text = await screen.innerText();
    for (const word of ['LISTINGS_URL', 'npm ', '/tmp', 'state.json', 'undefined', 'Pictures', '/Goal', 'preloaded']) expect(text).not.toContain(word);
    expect(problems).toEqual([]);
  });

  it('fits a phone in Dutch: the history and the problems as cards, nothing wider than the screen', async () => {
    await startSite();
    const { page, problems } = await openListings('nl', { width: 390, height: 844 });
    expect(await importFile(page, join(dir, 'Export Whise.json'), 'Dit bestand importeren')).toMatch(/^Geïmporteerd: 7 panden, 2 projecten\./);
    await page.locator('.ed-listings__history tbody tr').first().getByRole('button', { name: '9 tonen' }).click();
    await expect.poll(() => page.locator('.ed-listings__problems').innerText()).toContain('Pand nr. 5002, Nederlands');
    // Each element of the screen within the 390 px (the table heads are hidden on a phone: the cells name their column).
    const widest = await page.evaluate(() =>
      Math.max(...[...document.querySelectorAll('.ed-listings *')].filter((e) => !e.closest('thead')).map((e) => Math.ceil(e.getBoundingClientRect().right))),
    );
    expect(widest).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
  });
});
