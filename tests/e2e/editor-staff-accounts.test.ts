// Staff accounts without the command line (issue 38, point 7), in real Chromium: an admin invites a
// colleague in French from the Staff screen; the colleague opens the mail's link in a browser of her
// own (a phone), chooses a password and lands in the editor, logged in, without the Staff entry (she
// is an editor), and handles a request (shown as handled by her name); the link used again says so; the admin sees her active with her last login,
// disables her, and her open editor says that her session ended.
import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { useBrowser } from '../helpers/e2e.ts';
import { colleagueBrowser, openMenu, useStaffAccounts, type Staff } from '../helpers/editor-e2e.ts';
import { logIn, nav, open } from '../helpers/editor-story-fr.ts';
import { StaffAccounts } from '../../server/auth/staff-accounts.ts';
import { person } from '../helpers/visitor.ts';
import { suiteDataDir, suiteUrl } from '../helpers/suite-server.ts';

const browser = useBrowser();
const ADAM: Staff = { username: 'adam.peeters@atrium-immo.be', password: 'la vitrine du lundi 2026', role: 'admin' };
useStaffAccounts([ADAM]);
const mailDir = join(suiteDataDir(), 'mail');
/** A login or a password waits on scrypt (and the checks' queue): seconds on a busy machine. */
const SLOW = { timeout: 30_000 };

/** The invitation to `to`, once the outbox wrote it (no SMTP server for the suite's server: an .eml file). */
async function invitationTo(to: string) {
  const find = async () => {
    if (!existsSync(mailDir)) return undefined;
    for (const f of readdirSync(mailDir).filter((x) => x.startsWith('staff-invite-'))) {
      const m = await simpleParser(readFileSync(join(mailDir, f)));
      if (JSON.stringify(m.to).includes(to)) return m;
    }
    return undefined;
  };
  await expect.poll(async () => !!(await find()), SLOW).toBe(true);
  return (await find())!;
}

describe('an admin invites a colleague, who joins from the mail; disabled, her editor says her session ended', () => {
  it('invites in French, the link works once in a fresh browser and logs her in; disabling her ends her open session', async () => {
    // A name to the admin (the story's account may come from a retried attempt) and an address of its own per attempt.
    const accounts = StaffAccounts.inDataDir(suiteDataDir());
    const adam = (await accounts.byUsername(ADAM.username))!;
    await accounts.update(adam.id, (a) => void (a.name = 'Adam Peeters'));
    const address = `camille.dubois+${Date.now().toString(36)}@atrium-immo.be`;

    const page = await open(browser);
    await logIn(page, ADAM);
    await nav(page, 'Équipe du site').click();
    await page.getByRole('heading', { name: 'Équipe du site', level: 1 }).waitFor();
    const form = page.locator('form.ed-staff__invite');
    await form.getByLabel('Nom').fill('Camille Dubois');
    await form.getByLabel('Adresse e-mail').fill(address);
    await form.getByLabel('Langue de l’invitation').selectOption({ label: 'Français' });
    await form.getByLabel(/^Rédacteur/).check();
    await form.getByRole('button', { name: 'Envoyer l’invitation', exact: true }).click();
    await expect
      .poll(() => page.locator('.ed-staff .ed-inbox__status').innerText(), SLOW)
      .toBe(`L’invitation a été envoyée à ${address}. Le lien fonctionne une fois, pendant 72 heures.`);
    const row = page.locator('tr', { hasText: address });
    await expect.poll(() => row.locator('.ed-staff__state').innerText()).toBe('Invité — lien pas encore utilisé');

    const mail = await invitationTo(address);
    expect(mail.subject).toBe('Invitation à l’éditeur du site Atrium Immo');
    expect(mail.text).toContain('Adam Peeters vous invite à travailler sur le site Atrium Immo comme rédacteur.');
    const link = new URL(/(http\S+\/admin\/set-password#token=[\w-]+)/.exec(mail.text!)![1]);
    expect(link.origin).toBe(suiteUrl());

    // Camille, on her phone, in a browser that never saw the editor (its language follows the invitation).
    const camille = await colleagueBrowser(browser, { width: 390, height: 844 }, [
      '/api/admin/articles',
      '/api/admin/pages',
      '/api/admin/registry',
      '/api/admin/me',
    ]);
    try {
      await camille.page.goto(link.href);
      await camille.page.getByRole('heading', { name: 'Bienvenue, Camille Dubois' }).waitFor();
      await expect.poll(() => camille.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await camille.page.getByLabel('Nouveau mot de passe').fill('un jardin à Ixelles');
      await camille.page.getByLabel('Le même mot de passe encore une fois').fill('un jardin a Ixelles');
      await camille.page.getByRole('button', { name: 'Enregistrer le mot de passe et ouvrir l’éditeur' }).click();
      await camille.page.getByText('Les deux mots de passe ne sont pas identiques.').waitFor();
      await camille.page.getByLabel('Le même mot de passe encore une fois').fill('un jardin à Ixelles');
      await camille.page.getByRole('button', { name: 'Enregistrer le mot de passe et ouvrir l’éditeur' }).click();
      await camille.page.locator('.ed-header').waitFor(SLOW);
      expect(new URL(camille.page.url()).pathname).toBe('/admin/pages');
      expect(await camille.page.locator('.ed-user__name').innerText()).toBe('Camille Dubois');
      // An editor: no Staff screen in her navigation (on her phone, behind the "Menu" button).
      await openMenu(camille.page);
      await nav(camille.page, 'Pages').waitFor();
      expect(await nav(camille.page, 'Équipe du site').count()).toBe(0);

      // She handles a visitor's request: the inbox says it was handled by her name, not her address.
      const visitor = `Dupont-${Date.now().toString(36)}`;
      const posted = await fetch(`${suiteUrl()}/api/forms/site-contact`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json', origin: suiteUrl() },
        body: JSON.stringify({ ...person(), lastName: visitor, message: 'Bonjour, je souhaite vendre ma maison à Uccle.', newsletter: false }),
      });
      expect(posted.status).toBe(201);
      await openMenu(camille.page);
      await nav(camille.page, 'Demandes').click();
      await camille.page.getByRole('button', { name: new RegExp(`ouvrir la demande de Camille ${visitor}`) }).click();
      await camille.page.getByRole('button', { name: 'Marquer comme traitée' }).click();
      await camille.page.getByText(/^Traitée par Camille Dubois le /).waitFor(SLOW);

      // The same link again, in yet another browser: it says it was used.
      const again = await colleagueBrowser(browser, { width: 1440, height: 900 }, ['/api/admin/set-password/check']);
      try {
        await again.page.goto(link.href);
        await again.page.getByRole('heading', { name: 'Ce lien a déjà été utilisé' }).waitFor();
        await again.page.getByText('demandez à un administrateur de vous envoyer un nouveau lien').waitFor();
        expect(again.problems).toEqual([]);
      } finally {
        await again.context.close();
      }

      // The admin sees her active, with her last login; disables her.
      await page.reload();
      await expect.poll(() => row.locator('.ed-staff__state').innerText(), SLOW).toBe('Actif');
      expect(await row.locator('td').nth(3).innerText()).toMatch(/\d{4}, \d{2}:\d{2}/);
      await row.getByRole('button', { name: 'Désactiver Camille Dubois' }).click();
      const dialog = page.getByRole('dialog', { name: 'Désactiver le compte de Camille Dubois ?' });
      await dialog.getByRole('button', { name: 'Désactiver' }).click();
      await expect.poll(() => page.locator('.ed-staff .ed-inbox__status').innerText(), SLOW).toBe('Camille Dubois est désactivé et a été déconnecté.');
      await expect.poll(() => row.locator('.ed-staff__state').innerText()).toBe('Désactivé');
      await page.locator('.ed-staff__log li', { hasText: 'Adam Peeters a désactivé le compte de Camille Dubois.' }).first().waitFor();
      await page.locator('.ed-staff__log li', { hasText: 'Camille Dubois a accepté l’invitation et choisi un mot de passe.' }).first().waitFor();

      // Her open editor: the next thing she does says that her session ended.
      await openMenu(camille.page);
      await nav(camille.page, 'Articles').click();
      // (Issue 38, point 5: a question over her screen, her address filled in.)
      const ended = camille.page.getByRole('dialog', { name: 'Votre session a pris fin' });
      await ended.waitFor(SLOW);
      expect(await ended.getByLabel('E-mail').inputValue()).toBe(address);
      expect(camille.problems).toEqual([]);
    } finally {
      await camille.context.close();
    }
  });
});
