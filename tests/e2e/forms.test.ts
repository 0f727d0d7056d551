import { describe, expect, it } from 'vitest';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { useBrowser } from '../helpers/e2e.ts';
import { FORM_MIN_FILL_MS } from '../../shared/constants.ts';
import { suiteDataDir } from '../helpers/suite-server.ts';

const browser = useBrowser();
const mailDir = join(suiteDataDir(), 'mail');

describe('a visitor asks for a visit on a phone, in French', () => {
  it('fixes a typo in the e-mail address, sends, lands on the thank-you page, and both mails are written', async () => {
    const page = await browser.open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    const r = await browser.state.context!.request.get('/api/properties?lang=fr&goal=sale&pageSize=5');
    const target = (await r.json()).items[0] as { path: string; title: string };
    // Each form shown on the page has its fill-time token in it; one not shown (an application, on a property for sale) asks for none.
    // Nor are the page's stylesheets asked for: the head has them, and loading the views finds them there.
    const tokenRequests: string[] = [];
    const stylesheets: string[] = [];
    page.on('request', (q) => {
      if (q.url().includes('/api/forms/token')) tokenRequests.push(q.url());
      if (q.resourceType() === 'stylesheet') stylesheets.push(q.url());
    });
    await page.goto(target.path);
    const form = page.locator('form[data-form=contact-me]');
    expect(tokenRequests).toEqual([]);
    expect(stylesheets).toEqual([]);
    await form.getByLabel('Prénom *').fill('Camille');
    await form.getByLabel('Nom *', { exact: true }).fill('Dupont');
    await form.getByLabel('Adresse e-mail *').fill('camille.dupont@example');
    await form.getByLabel('Numéro de téléphone *').fill('0470 12 34 56');
    // The time slots show only for a visitor who prefers to be called (the sample's field condition).
    const slots = form.getByRole('group', { name: 'Quand pouvons-nous vous appeler ?' });
    expect(await slots.isVisible()).toBe(false);
    // The answer that decides names what it shows (aria-controls), right below it.
    const controlled = await form.getByLabel('téléphone', { exact: true }).getAttribute('aria-controls');
    expect(await form.locator(`[id="${controlled}"] legend`).textContent()).toBe('Quand pouvons-nous vous appeler ?');
    await form.getByLabel('téléphone', { exact: true }).check();
    await expect.poll(() => slots.isVisible()).toBe(true);
    await form.getByLabel('10:00 – 13:00').check();
    await form.getByLabel('e-mail', { exact: true }).check();
    await expect.poll(() => slots.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('value'))).toBe('email'); // the focus stays where the visitor is
    await form.getByLabel('téléphone', { exact: true }).check();
    await expect.poll(() => slots.isVisible()).toBe(true);
    await page.waitForTimeout(FORM_MIN_FILL_MS);
    await form.getByRole('button', { name: 'Envoyer' }).click();
    const error = form.locator('#e-contact-me-email');
    await expect.poll(() => error.innerText()).toBe("L'adresse e-mail n'est pas valable");
    const email = form.getByLabel('Adresse e-mail *');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.getAttribute('aria-describedby')).toBe('e-contact-me-email');
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('name'))).toBe('email');
    expect(await form.getByLabel('Prénom *').inputValue()).toBe('Camille'); // everything else still filled in
    expect(await form.getByLabel('10:00 – 13:00').isChecked()).toBe(true);
    expect(stylesheets).toEqual([]); // the form's view has loaded by now, and found its stylesheet in the document
    // Other tests write Camille's mails to the same outbox: this attempt's address is its own.
    const address = `camille.dupont+${Date.now().toString(36)}@example.be`;
    await email.fill(address);
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await page.waitForURL('**/fr/merci/contact-me/');
    await expect.poll(() => page.locator('h1').innerText()).toBe('Merci');
    // No SMTP server here: the outbox writes the two mails as .eml files.
    const visitorFiles = () => (existsSync(mailDir) ? readdirSync(mailDir).filter((f) => f.endsWith('-visitor.eml')) : []);
    await expect.poll(() => visitorFiles().some((f) => readFileSync(join(mailDir, f), 'utf8').includes(address)), { timeout: 10_000 }).toBe(true);
    const files = visitorFiles();
    const mails = await Promise.all(files.map((f) => simpleParser(readFileSync(join(mailDir, f)))));
    const visitor = mails.find((m) => JSON.stringify(m.to).includes(address))!;
    expect(visitor.subject).toBe('Nous avons bien reçu votre message – Atrium Immo');
    expect(visitor.text).toContain(target.title);
    const agency = await simpleParser(
      readFileSync(join(mailDir, files[files.indexOf(files.find((f) => mails[files.indexOf(f)] === visitor)!)].replace('-visitor', '-agency'))),
    );
    // The agency's mail is in the agency's language (Dutch): the property's Dutch page.
    expect(agency.text).toMatch(new RegExp(`https://www\\.atrium-immo\\.be/nl/kopen/[a-z0-9-]+/[a-z0-9-]+/${target.path.match(/\/(\d+)\/$/)![1]}/`));
    // The slot chosen while it was shown is sent, and the agency reads it labelled and as the page showed it.
    expect(agency.text).toContain('Wanneer mogen wij u bellen?: 10:00 – 13:00\n');
  });
});
