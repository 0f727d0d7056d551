import { describe, expect, it, onTestFinished } from 'vitest';
import { readStoredLeads } from '../../server/storage/index.ts';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { useBrowser } from '../helpers/e2e.ts';
import { captchaAnswer } from '../helpers/captcha.ts';
import { pdfFile } from '../helpers/files.ts';
import { FORM_MIN_FILL_MS } from '../../shared/constants.ts';
import { sampleListings } from '../helpers/listings.ts';
import { seedFormKey } from '../helpers/fill-token.ts';
import { startBuiltServer } from '../helpers/built-server.ts';
import { tempDir } from '../helpers/config.ts';
import { signedToken } from '../helpers/visitor.ts';
import { suiteDataDir } from '../helpers/suite-server.ts';

const browser = useBrowser();
const dataDir = suiteDataDir();
const mailDir = join(dataDir, 'mail');
const leads = () => readStoredLeads(dataDir) as { submissions: any[]; outbox: any[] };

describe('appointments', () => {
  it('the appointment page asks for an in-depth valuation (§2: contact module 7), its article above the form', async () => {
    const page = await browser.open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    await page.goto('/fr/expertise/prenez-rendez-vous/');
    const form = page.locator('form[data-form=contact-demand]');
    await expect.poll(() => form.count()).toBe(1);
    expect(await page.locator('h1').innerText()).toBe('Prenez rendez-vous');
    expect(await page.locator('main').innerText()).toContain('Une estimation approfondie commence par une visite sur place.');
    await form.getByLabel('Type de bien *').selectOption('4'); // a plot: no bedrooms asked
    expect(await form.getByLabel('Nombre de chambres').isVisible()).toBe(false);
    await form.getByLabel('Type de bien *').selectOption('1');
    await expect.poll(() => form.getByLabel('Nombre de chambres').isVisible()).toBe(true);
    expect(await form.getByLabel('Rue *').isVisible()).toBe(true);
    expect(await form.getByLabel('Numéro *').isVisible()).toBe(true);
  });

  it('books a viewing in French on a property page, then, with every slot taken, reads "Les rendez-vous sont complets"', async () => {
    // A server of its own: the test takes every free slot, which neither another test nor a retry of
    // this one must find taken.
    const ownData = tempDir('slots-');
    seedFormKey(ownData);
    const server = await startBuiltServer({ DATA_DIR: ownData, SMTP_URL: 'smtp://127.0.0.1:9', FORM_RATE_MAX: '100000' });
    onTestFinished(() => server.stop());
    const ownLeads = () => readStoredLeads(ownData) as { submissions: any[] };
    const page = await browser.open({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, baseURL: server.url });
    const found = await (await page.request.get('/api/properties?lang=fr&goal=sale&pageSize=1')).json();
    const propertyPath = found.items[0].path as string;
    await page.goto(propertyPath);
    const form = page.locator('form[data-form=contact-appointment]');
    const day = form.getByLabel('Jour');
    await expect.poll(() => day.count()).toBe(1);
    const days = await day.locator('option').evaluateAll((o) => o.map((x) => (x as HTMLOptionElement).value));
    await day.selectOption(days[1]);
    await form.getByText('15:00', { exact: true }).click();
    await form.getByLabel('Prénom *').fill('Sofia');
    await form.getByLabel('Nom *', { exact: true }).fill('Peeters');
    await form.getByLabel('Adresse e-mail *').fill('sofia.peeters@example.be');
    await form.getByLabel('Numéro de téléphone *').fill('0476 55 44 33');
    await page.waitForTimeout(FORM_MIN_FILL_MS);
    // One post, with the proof of work the page found while the visitor typed (issue 40).
    const posts: string[] = [];
    page.on('request', (r) => r.method() === 'POST' && r.url().includes('/api/forms/contact-appointment') && posts.push(r.postData() ?? ''));
    await form.getByRole('button', { name: 'Réserver ce rendez-vous' }).click();
    await page.waitForURL('**/fr/merci/contact-appointment/');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(posts[0]).proof).toMatch(/^[0-9a-z]{1,12}$/);
    await expect.poll(() => page.locator('h1').innerText()).toBe('Votre visite est planifiée');
    const mine = ownLeads().submissions.find((s: { fields: { email: string } }) => s.fields.email === 'sofia.peeters@example.be');
    expect(mine.appointment).toMatchObject({ slot: `${days[1]}T15:00`, status: 'confirmed' });

    // Other visitors take every remaining slot.
    const { slots } = await (await page.request.get('/api/appointments')).json();
    for (const [i, slot] of (slots as string[]).entries()) {
      const r = await page.request.post('/api/forms/contact-appointment', {
        headers: { accept: 'application/json' },
        data: {
          lang: 'nl',
          ...signedToken(),
          website: '',
          firstName: 'Bezoeker',
          lastName: String(i),
          email: `b${i}@example.be`,
          phone: '0470 00 00 00',
          slot,
        },
      });
      expect(r.status()).toBe(201);
    }
    await page.goto(propertyPath);
    // Far down the page: the visitor scrolls to it (before, its text is not laid out: content-visibility).
    await page.locator('.appointment-full').scrollIntoViewIfNeeded();
    await expect.poll(() => page.locator('.appointment-full').innerText()).toBe('Les rendez-vous sont complets');
    expect(await page.locator('form[data-form=contact-appointment]').count()).toBe(0);
  });
});

describe('a job application', () => {
  it('sends a CV as PDF from the jobs page; the file is kept outside the web root and reaches the agency', async () => {
    const page = await browser.open();
    await page.goto('/fr/emplois/');
    const form = page.locator('form[data-form=job-application]');
    await form.getByLabel('Prénom *').fill('Jonas');
    await form.getByLabel('Nom *', { exact: true }).fill('Claes');
    await form.getByLabel('Adresse e-mail *').fill('jonas.claes@example.be');
    await form.getByLabel('Numéro de téléphone *').fill('0499 12 12 12');
    await form.getByLabel('Poste pour lequel vous postulez').fill('Gestionnaire locatif');
    await page.waitForTimeout(FORM_MIN_FILL_MS);
    // Without a CV the form says so at the field.
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await expect.poll(() => form.locator('#e-job-application-cv').innerText()).toBe('Votre CV est un champ obligatoire');
    await form
      .getByLabel('Votre CV (PDF ou DOCX, 5 Mo maximum) *')
      .setInputFiles({ name: 'CV Jonas Claes.pdf', mimeType: 'application/pdf', buffer: pdfFile('Jonas Claes') });
    await form.getByRole('button', { name: 'Envoyer' }).click();
    // The job application's own thank-you page and text.
    await page.waitForURL('**/fr/merci/job-application/');
    await expect.poll(() => page.locator('main').innerText()).toContain('Nous lisons votre CV avec attention');
    const mine = leads().submissions.find((s: { fields: { email: string } }) => s.fields.email === 'jonas.claes@example.be');
    expect(mine.fields.cv).toMatchObject({ name: 'cv.pdf', type: 'pdf' });
    expect(readFileSync(join(dataDir, 'uploads/cv', mine.fields.cv.file)).equals(pdfFile('Jonas Claes'))).toBe(true);
    const agencyFile = join(mailDir, `${mine.id}-agency.eml`);
    await expect.poll(() => existsSync(agencyFile), { timeout: 10_000 }).toBe(true);
    const agency = await simpleParser(readFileSync(agencyFile));
    expect(agency.attachments.map((a) => [a.filename, a.contentType])).toEqual([['cv.pdf', 'application/pdf']]);
    expect(agency.text).toContain('Gestionnaire locatif');
  });
});

describe('the captcha', () => {
  it('says "Les caractères saisis ne sont pas valides" for a wrong answer, gives a new image, and accepts the right one', async () => {
    const page = await browser.open();
    browser.state.expectedMissing.add('/api/forms/send-to-friend'); // the wrong answer gets its 422
    const r = await browser.state.context!.request.get('/api/properties?lang=fr&goal=sale&pageSize=3');
    const target = (await r.json()).items[1] as { path: string };
    await page.goto(target.path);
    const form = page.locator('form[data-form=send-to-friend]');
    await form.getByLabel('Prénom *').first().fill('Camille');
    await form.getByLabel('Nom *', { exact: true }).fill('Dupont');
    await form.getByLabel('Adresse e-mail *', { exact: true }).fill('camille.dupont@example.be');
    await form.getByLabel('Prénom de votre ami(e) *').fill('Lucie');
    await form.getByLabel('Nom de votre ami(e) *', { exact: true }).fill('Martin');
    await form.getByLabel('Adresse e-mail de votre ami(e) *').fill('lucie.martin@example.be');
    const token = form.locator('input[name=captchaToken]');
    await expect.poll(() => token.inputValue()).not.toBe('');
    const first = await token.inputValue();
    await form.getByLabel("Tapez les caractères de l'image *").fill('ZZZZZ');
    await page.waitForTimeout(FORM_MIN_FILL_MS);
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await expect.poll(() => form.locator('#e-send-to-friend-captcha').innerText()).toBe('Les caractères saisis ne sont pas valides');
    await expect.poll(() => token.inputValue()).not.toBe(first);
    expect(await form.getByLabel('Prénom de votre ami(e) *').inputValue()).toBe('Lucie');
    await form.getByLabel("Tapez les caractères de l'image *").fill(captchaAnswer(dataDir, await token.inputValue()).toLowerCase());
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await page.waitForURL('**/fr/merci/send-to-friend/');
    await expect.poll(() => page.locator('h1').innerText()).toBe('Envoyé à votre ami');
  });
});

describe('the document request', () => {
  it('sends the documents the first time and says they were already asked for the second time', async () => {
    const sample = (await sampleListings()) as any;
    const p = sample.properties.find(
      (x: { language: string; Availability: string; Documents?: unknown[] }) =>
        x.language === 'en' && x.Availability === 'available' && (x.Documents ?? []).length > 0,
    );
    const page = await browser.open();
    const found = await (
      await browser.state.context!.request.get(`/api/properties?lang=en&goal=${p.Goal === 0 ? 'sale' : 'rent'}&q=${encodeURIComponent(p.UniqueCode)}`)
    ).json();
    const path = found.items.find((i: { id: number }) => i.id === p.ID).path;
    for (const expected of ['You will receive the documents by email shortly.', 'You have already requested the documents for this property.']) {
      await page.goto(path);
      const form = page.locator('form[data-form=document-request]');
      await form.getByLabel('First name *').fill('Tom');
      await form.getByLabel('Last name *').fill('Wouters');
      await form.getByLabel('Email address *').fill('tom.wouters@example.be');
      await page.waitForTimeout(FORM_MIN_FILL_MS);
      await form.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => form.locator('[role=status]').innerText()).toBe(expected);
    }
    const asked = leads().submissions.filter(
      (s: { kind: string; fields: { email: string } }) => s.kind === 'document-request' && s.fields.email === 'tom.wouters@example.be',
    );
    expect(asked).toHaveLength(1);
  });
});
