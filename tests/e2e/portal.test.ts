import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { useBrowser } from '../helpers/e2e.ts';
import { tempDir } from '../helpers/config.ts';
import { OwnerAccounts, addOwner } from '../../server/auth/owner-accounts.ts';
import { sampleListings, importListingsFile } from '../helpers/listings.ts';
import { dayOf } from '../../server/portal/view-stats.ts';
import { suiteDataDir } from '../helpers/suite-server.ts';

const browser = useBrowser();
const dataDir = suiteDataDir();
const mailDir = join(dataDir, 'mail');
const sample = (await sampleListings()) as unknown as { properties: Array<Record<string, unknown>> };
const idsOf = (ref: string) => [...new Set(sample.properties.filter((p) => p.OwnerRef === ref).map((p) => p.ID as number))].sort((a, b) => a - b);
const mine = idsOf('owner-003');
const theirs = idsOf('owner-004');
/** An address of its own per attempt: a retried test never meets the account its first try made. */
const unique = (address: string) => address.replace('@', `+${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@`);
/** A login waits on scrypt (and on the password checks' queue): on a busy machine that takes seconds, not one. */
const LOGIN = { timeout: 30_000 };

/** The API's refusals (wrong password, someone else's property) show in Chromium's console as failed loads: expected here. */
function dropExpectedApiRefusals() {
  const s = browser.state;
  s.problems = s.problems.filter((p) => !/Failed to load resource: the server responded with a status of (401|404|422)\b.*\/api\/owner\//.test(p));
}

describe('an owner follows their property in the portal, in French, on a phone', () => {
  it('logs in after a wrong password, picks a property, reads counters, chart and history; another owner’s property stays hidden', async () => {
    // Staff create the account (the code behind `npm run owners -- add`), and the listing import
    // brings the portal websites' figures of the last days.
    const USER = unique('sophie.lambert@example.be');
    await addOwner(OwnerAccounts.inDataDir(dataDir), { username: USER, password: 'mon mot de passe 1', lang: 'fr', ref: 'owner-003' });
    const today = dayOf();
    const day = (n: number) => new Date(Date.parse(`${today}T12:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
    const data = JSON.parse(JSON.stringify(sample));
    for (const p of data.properties) {
      if (p.ID === mine[0])
        p.PortalStats = [
          {
            Source: 'Immoweb',
            Url: 'https://www.immoweb.be/fr/annonce/123',
            Visits: Array.from({ length: 30 }, (_, i) => ({ Date: day(i), Count: 10 + (i % 7) })),
          },
        ];
    }
    const file = join(tempDir('e2e-import-'), 'listings.json');
    writeFileSync(file, JSON.stringify(data));
    expect((await importListingsFile(file, dataDir)).result).toBe('accepted');

    const page = await browser.open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto('/fr/login/');
    const form = page.locator('form[data-form=owner-login]');
    await form.getByLabel('Adresse e-mail').fill(USER);
    await form.getByLabel('Mot de passe').fill('pas le bon');
    await form.getByRole('button', { name: 'Se connecter' }).click();
    await expect
      .poll(
        () =>
          form
            .getByRole('alert')
            .innerText()
            .catch(() => ''),
        LOGIN,
      )
      .toContain("Le nom d'utilisateur ou le mot de passe n'est pas correct.");
    expect(await form.getByRole('alert').innerText()).toContain('Échec de la connexion');
    await form.getByLabel('Mot de passe').fill('mon mot de passe 1');
    await form.getByRole('button', { name: 'Se connecter' }).click();

    const picks = page.locator('.portal-pick');
    await expect.poll(() => picks.count(), LOGIN).toBe(2);
    await picks.first().click();
    const figures = page.locator(`.portal-property[data-property="${mine[0]}"]`);
    await expect
      .poll(
        () =>
          figures
            .locator('[data-counter=today] dd')
            .innerText({ timeout: 10_000 })
            .catch(() => ''),
        { timeout: 15_000 },
      )
      .toMatch(/^\d+$/);
    // The import is picked up within seconds: wait until the portal figures are there.
    await expect
      .poll(
        async () => {
          await picks.nth(1).click();
          await picks.first().click();
          return Number(
            await figures
              .locator('[data-counter=total] dd')
              .innerText({ timeout: 10_000 })
              .catch(() => '0'),
          );
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(300);
    expect(await figures.locator('[data-counter=today] dt').innerText()).toBe("Visites aujourd'hui");
    expect(Number(await figures.locator('[data-counter=today] dd').innerText())).toBeGreaterThanOrEqual(10);
    expect(await figures.locator('[data-counter=week] dt').innerText()).toBe('Cette semaine');
    expect(await figures.locator('[data-counter=month] dt').innerText()).toBe('Ce mois-ci');
    expect(await figures.getByRole('heading', { name: 'Visites des 30 derniers jours' }).count()).toBe(1);
    // The chart: drawn lines, one per source, and its legend.
    const chart = figures.locator('.portal-chart svg[aria-label]');
    await expect.poll(() => chart.locator('path').count(), { timeout: 15_000 }).toBeGreaterThan(1);
    expect(await chart.locator('path').first().getAttribute('d')).toMatch(/^M/);
    // Drawn where the owner sees it: the width of the phone, and not clipped away by the box that holds it.
    const box = (await chart.locator('xpath=..').boundingBox())!;
    expect(box.height).toBeGreaterThan(150);
    expect(box.width).toBeGreaterThan(300);
    expect(await figures.locator('.portal-legend').innerText()).toContain('Immoweb');
    expect(await figures.locator('.portal-legend').innerText()).toContain('Ce site');
    expect(await figures.getByRole('heading', { name: /^Communications/ }).count()).toBe(1);
    expect(await figures.getByRole('heading', { name: /^Visites au calendrier/ }).count()).toBe(1);
    expect(await figures.locator('[data-list=media]').getByRole('link', { name: 'Immoweb' }).getAttribute('href')).toBe(
      'https://www.immoweb.be/fr/annonce/123',
    );
    expect(await figures.getByRole('heading', { name: /^Visites de la page/ }).count()).toBe(1);
    expect(page.url()).toContain(`#property=${mine[0]}`);

    // Another owner's property by URL: not found, nothing of it shown.
    await page.goto('/fr/');
    await page.goto(`/fr/login/#property=${theirs[0]}`);
    await expect
      .poll(
        () =>
          page
            .getByRole('alert')
            .innerText()
            .catch(() => ''),
        LOGIN,
      )
      .toBe('Bien introuvable');
    expect(await page.locator('.portal-counters').count()).toBe(0);

    await page.getByRole('button', { name: 'Se déconnecter' }).click();
    await expect.poll(() => page.locator('form[data-form=owner-login]').count(), LOGIN).toBe(1);
    dropExpectedApiRefusals();
  });

  it('forgets the password, receives a French link, sets a new one; the old one stops working', async () => {
    const user = unique('thomas.renard@example.be');
    await addOwner(OwnerAccounts.inDataDir(dataDir), { username: user, password: 'ancien secret 1', lang: 'fr', ref: 'owner-005' });
    const page = await browser.open();
    await page.goto('/fr/login/');
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    const forgot = page.locator('form[data-form=owner-forgot]');
    await forgot.getByLabel('Adresse e-mail').fill(user);
    await forgot.getByRole('button', { name: 'Envoyer le lien' }).click();
    await expect
      .poll(
        () =>
          forgot
            .getByRole('status')
            .innerText()
            .catch(() => ''),
        LOGIN,
      )
      .toContain('un lien pour choisir un nouveau mot de passe');
    // No SMTP server for this server: the outbox writes the mail as an .eml file.
    const resetMail = async () => {
      if (!existsSync(mailDir)) return undefined;
      for (const f of readdirSync(mailDir).filter((x) => x.startsWith('owner-reset-'))) {
        const m = await simpleParser(readFileSync(join(mailDir, f)));
        if (JSON.stringify(m.to).includes(user)) return m;
      }
      return undefined;
    };
    await expect.poll(async () => !!(await resetMail()), LOGIN).toBe(true);
    const mail = (await resetMail())!;
    expect(mail.subject).toBe('Choisissez un nouveau mot de passe – Atrium Immo');
    const link = /(http\S+#reset=[\w-]+)/.exec(mail.text!)![1];
    const url = new URL(link);
    expect(url.pathname).toBe('/fr/login/');

    const reset = page;
    await reset.goto('/fr/');
    await reset.goto(url.pathname + url.hash);
    const form = reset.locator('form[data-form=owner-reset]');
    await form.getByLabel('Nouveau mot de passe').fill('nouveau secret 2');
    await form.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect
      .poll(
        () =>
          form
            .locator('#owner-confirm-error')
            .innerText()
            .catch(() => ''),
        LOGIN,
      )
      .toBe('Veuillez confirmer le mot de passe');
    await form.getByLabel('Confirmez le mot de passe').fill('nouveau secret 3');
    await form.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    await expect
      .poll(
        () =>
          form
            .locator('#owner-confirm-error')
            .innerText()
            .catch(() => ''),
        LOGIN,
      )
      .toBe('Les mots de passe doivent être identiques');
    await form.getByLabel('Confirmez le mot de passe').fill('nouveau secret 2');
    await form.getByRole('button', { name: 'Enregistrer le mot de passe' }).click();
    const login = reset.locator('form[data-form=owner-login]');
    await expect
      .poll(
        () =>
          login
            .getByRole('status')
            .innerText()
            .catch(() => ''),
        LOGIN,
      )
      .toContain('Votre mot de passe a été modifié');
    expect(reset.url()).not.toContain('reset='); // the token left the address bar

    await login.getByLabel('Adresse e-mail').fill(user);
    await login.getByLabel('Mot de passe').fill('ancien secret 1');
    await login.getByRole('button', { name: 'Se connecter' }).click();
    await expect
      .poll(
        () =>
          login
            .getByRole('alert')
            .innerText()
            .catch(() => ''),
        LOGIN,
      )
      .toContain("Le nom d'utilisateur ou le mot de passe n'est pas correct.");
    await login.getByLabel('Mot de passe').fill('nouveau secret 2');
    await login.getByRole('button', { name: 'Se connecter' }).click();
    await expect.poll(() => reset.locator('.portal-pick').count(), LOGIN).toBe(2);
    dropExpectedApiRefusals();
  });
});
