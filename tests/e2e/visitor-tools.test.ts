// The visitor tools as a visitor on a phone uses them, in French, against the production build with a
// real SMTP peer: the renovation calculator from an E-labelled home to the agency's mail, and the
// online valuation of an apartment in Schaerbeek to the estimate in the staff inbox, and an enquiry
// about a new-build project to the agency's mail.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchChromium, watchConsole } from '../helpers/browser.ts';
import { startSmtp } from '../helpers/smtp.ts';
import { startBuiltServer, type BuiltServer } from '../helpers/built-server.ts';
import { tempDir } from '../helpers/config.ts';
import { sampleListings } from '../helpers/listings.ts';
import { StaffAccounts, addStaff } from '../../server/auth/staff-accounts.ts';
import { CONSENT_COOKIE } from '../../renderer/consent/consent.ts';
import { FORM_MIN_FILL_MS } from '../../shared/constants.ts';
import { epcForProperty, epcLetter } from '../../shared/epc.ts';
import { homeKindOf } from '../../shared/renovation.ts';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'fr-BE' };

const sample = (await sampleListings()) as { properties: Array<Record<string, any>> };
/** An apartment for sale in Brussels with label E (the renovation notice shows on its page). */
const eHome = sample.properties.find(
  (p) =>
    p.language === 'fr' &&
    p.Goal === 0 &&
    p.Availability === 'available' &&
    p.Zip?.startsWith('1') &&
    homeKindOf(p.WebID, p.Facades) === 'apartment' &&
    epcLetter(epcForProperty(p as never).label) === 'E',
)!;

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let server: BuiltServer | undefined;
let base = '';
let dataDir = '';
let browser: Browser;
let context: BrowserContext | undefined;
let problems: string[] = [];

beforeAll(async () => {
  smtp = await startSmtp();
  dataDir = tempDir('tools-e2e-');
  // The production server as `npm start` runs it (global-setup built it), mailing through the SMTP peer.
  server = await startBuiltServer({ DATA_DIR: dataDir, SMTP_URL: smtp.url, OUTBOX_RETRY_MS: '200', FORM_RATE_MAX: '100000' });
  base = server.url;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await smtp?.close();
});
afterEach(async () => {
  expect(problems).toEqual([]);
  await context?.close();
});

/** A fresh context; `expected` lists paths whose 4xx the test provokes (not logged in yet, a bad value). */
async function open(options = PHONE, expected: string[] = []): Promise<Page> {
  context = await browser.newContext({ ...options, baseURL: base });
  await context.addCookies([{ name: CONSENT_COOKIE, value: 'v1.2026-11-21.n', url: base }]);
  await context.route(/tile\.openstreetmap\.org/, (r) => r.fulfill({ status: 204, body: '' }));
  const page = await context.newPage();
  problems = watchConsole(page, new Set(expected));
  return page;
}

/** A new staff member's editor, logged in from a browser in `ui`'s language, on the inbox (Requests). */
async function inbox(ui: 'fr' | 'nl', who: string): Promise<Page> {
  const words = {
    fr: { password: 'Mot de passe', logIn: 'Se connecter', pages: 'Pages', nav: 'Éditeur', leads: 'Demandes' },
    nl: { password: 'Wachtwoord', logIn: 'Aanmelden', pages: 'Pagina’s', nav: 'Editor', leads: 'Aanvragen' },
  }[ui];
  const staff = { username: `${who}.${Date.now()}@atrium-immo.be`, password: 'een lang wachtwoord 2026' };
  await addStaff(StaffAccounts.inDataDir(dataDir), { ...staff, role: 'editor' });
  const desk = await open({ viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false, locale: `${ui}-BE` }, ['/api/admin/me']);
  await desk.goto('/admin/');
  const login = desk.locator('form.ed-login__card');
  await login.getByLabel('E-mail').fill(staff.username);
  await login.getByLabel(words.password).fill(staff.password);
  await login.getByRole('button', { name: words.logIn }).click();
  await desk.getByRole('heading', { name: words.pages, level: 1 }).waitFor();
  await desk.getByRole('navigation', { name: words.nav }).getByRole('link', { name: words.leads }).click();
  return desk;
}

/** Text as read, prices' no-break spaces as plain ones. */
const read = async (l: { innerText: () => Promise<string> }) => (await l.innerText()).replace(/\u00a0/g, ' ');
/** '€ 17.200 – € 33.600' → [17200, 33600]. */
const euros = (s: string) => [...s.matchAll(/€\s?([\d.]+)/g)].map((m) => Number(m[1].replace(/\./g, '')));

describe('the renovation calculator, from an E-labelled home, on a phone in French', () => {
  it('opens prefilled, adds up the works ticked, lists the grants, and sends the result to the agency', async () => {
    const page = await open();
    const found = await (await page.request.get(`/api/properties?lang=fr&goal=sale&q=${eHome.ID}`)).json();
    const path = found.items.find((i: { id: number }) => i.id === eHome.ID).path as string;
    await page.goto(path);
    const notice = page.locator('.epc__renovation');
    await expect.poll(() => notice.locator('p').first().innerText()).toContain('label E ou F doivent être rénovés');
    await notice.getByRole('link', { name: 'Calculer le coût de la rénovation' }).click();
    await page.waitForURL('**/fr/calculateur-renovation/?**');

    // Prefilled with the home: postcode, kind, surface and energy value.
    const form = page.locator('form.tool-form');
    await expect.poll(() => form.getByLabel('Code postal *').inputValue()).toBe(eHome.Zip);
    expect(await form.getByLabel('Type de logement *').inputValue()).toBe('apartment');
    expect(await form.getByLabel('Surface habitable (m²) *').inputValue()).toBe(String(eHome.SurfaceLiving));
    expect(await form.getByLabel('ou la consommation (kWh/m² par an)').inputValue()).toBe(String(Math.round(eHome.EnergyPerformance)));
    await expect.poll(() => page.locator('.tool__about').innerText()).toContain(eHome.TypeDescription);

    // Tick works; each asks its quantity, proposed from the surface.
    await form.getByText("Isolation des façades (par l'extérieur, crépi)", { exact: true }).click();
    await form.getByText('Nouveaux châssis avec vitrage à haut rendement', { exact: true }).click();
    await form.getByText('Pompe à chaleur (air/eau)', { exact: true }).click();
    const walls = form.getByLabel("Quantité pour Isolation des façades (par l'extérieur, crépi)");
    await expect.poll(() => walls.isVisible()).toBe(true);
    expect(await walls.inputValue()).toBe(String(Math.round(eHome.SurfaceLiving * 0.35)));
    await form.getByRole('button', { name: 'Calculer' }).click();

    const result = page.locator('#result');
    await expect.poll(() => result.isVisible(), { timeout: 15_000 }).toBe(true);
    const rows = await result.locator('tbody tr').allInnerTexts();
    expect(rows).toHaveLength(3);
    const total = euros(await result.locator('.tool-result__total').innerText());
    // The total is the sum of the works, low and high.
    const sums = rows.map(euros).reduce((a, r) => [a[0] + r[0], a[1] + r[1]], [0, 0]);
    expect(total).toEqual(sums);
    expect(total[0]).toBeGreaterThan(0);
    expect(await read(result.locator('.tool-epc'))).toMatch(/Après les travaux : [A-D]/);
    const grants = await result.locator('.tool-grants li').allInnerTexts();
    expect(grants.join('\n')).toContain('Primes RENOLUTION');
    expect(await result.locator('.tool-note').innerText()).toContain('Montants indicatifs');

    // "Talk to us about this property": the request form, with the result attached.
    await result.getByText('Parlez-nous de ce bien').click();
    const request = result.locator('form[data-form=contact-me]');
    expect(await read(request.locator('.contact-form__attached'))).toContain(
      `Total : € ${total[0].toLocaleString('nl-BE')} – € ${total[1].toLocaleString('nl-BE')}`,
    );
    const email = `lea.martin.${Date.now()}@example.be`;
    await request.getByLabel('Prénom *').fill('Léa');
    await request.getByLabel('Nom *', { exact: true }).fill('Martin');
    await request.getByLabel('Adresse e-mail *').fill(email);
    await request.getByLabel('Numéro de téléphone *').fill('0478 11 22 33');
    await page.waitForTimeout(FORM_MIN_FILL_MS);
    await request.getByRole('button', { name: 'Envoyer' }).click();
    await page.waitForURL('**/fr/merci/contact-me/');

    // The agency's mail arrives at the SMTP peer with the result (in the agency's language, Dutch).
    await expect.poll(() => smtp.received.some((m) => JSON.stringify(m.replyTo ?? '').includes(email)), { timeout: 15_000 }).toBe(true);
    const mail = smtp.received.find((m) => JSON.stringify(m.replyTo ?? '').includes(email))!;
    expect(mail.subject).toContain(eHome.UniqueCode || String(eHome.ID));
    expect(mail.text).toContain('Renovatieberekening');
    expect(mail.text).toContain(`Totaal: € ${total[0].toLocaleString('nl-BE')} – € ${total[1].toLocaleString('nl-BE')}`);
    expect(mail.text).toContain('Warmtepomp (lucht/water)');
  });
});

describe('the online valuation of an apartment in Schaerbeek, on a phone in French', () => {
  it('gives a range from the listings, and the in-depth valuation request shows the estimate in the inbox', async () => {
    const page = await open(PHONE, ['/api/page']); // the step with a bad surface is answered 400
    await page.goto('/fr/expertise/expertise-en-ligne/');
    const tool = page.locator('.tool.valuation');
    await tool.getByLabel('Adresse (rue et numéro) *').fill('Rue Royale Sainte-Marie 12');
    await tool.getByLabel('Code postal *').fill('1030');
    await tool.getByRole('button', { name: 'Suivant' }).click();
    await expect.poll(() => tool.locator('h2').innerText()).toBe('Étape 2 sur 4: Type');
    await tool.getByText('Appartement', { exact: true }).click();
    await tool.getByRole('button', { name: 'Suivant' }).click();
    await expect.poll(() => tool.locator('h2').innerText()).toBe('Étape 3 sur 4: Votre bien');
    // A value that is not a surface is said at its field.
    await tool.getByLabel('Surface habitable (m²) *').fill('85 m2');
    await tool.getByLabel('Chambres *').fill('2');
    await tool.getByLabel('État *').selectOption({ label: 'Bon état' });
    await tool.getByLabel('Label PEB *').selectOption('D');
    await tool.getByText('Terrasse ou balcon').click();
    await tool.getByRole('button', { name: "Voir l'estimation" }).click();
    await expect.poll(() => tool.locator('#val-surface-error').textContent()).toBe('Indiquez un nombre entier de 10 à 2000');
    await tool.getByLabel('Surface habitable (m²) *').fill('85');
    await tool.getByRole('button', { name: "Voir l'estimation" }).click();
    await expect.poll(() => tool.locator('h2').innerText()).toBe('Étape 4 sur 4: Estimation');

    const sale = tool.locator('.tool-card[data-goal=sale]');
    const range = euros(await sale.locator('.tool-card__range').innerText());
    expect(range).toHaveLength(2);
    expect(range[0]).toBeLessThan(range[1]);
    expect(await sale.locator('.tool-card__basis').innerText()).toMatch(/^Sur la base de \d+ biens comparables du même type à Schaerbeek\.$/);
    expect(await tool.locator('.tool-card[data-goal=rent] .tool-card__range').innerText()).toContain('par mois');

    // One click opens the valuation request, prefilled with what the visitor told the tool.
    await tool.getByText("Demandez l'estimation gratuite sur place").click();
    const request = tool.locator('form[data-form=contact-demand]');
    expect(await request.getByLabel('Type de bien *').inputValue()).toBe('3');
    expect(await request.getByLabel('Rue *').inputValue()).toBe('Rue Royale Sainte-Marie');
    expect(await request.getByLabel('Numéro *').inputValue()).toBe('12');
    expect(await request.getByLabel('Code postal *').inputValue()).toBe('1030');
    expect(await request.getByLabel('Commune *').inputValue()).toBe('Schaerbeek');
    expect(await read(request.locator('.contact-form__attached'))).toContain(
      `Prix de vente : € ${range[0].toLocaleString('nl-BE')} – € ${range[1].toLocaleString('nl-BE')}`,
    );
    const email = `hugo.lambert.${Date.now()}@example.be`;
    await request.getByLabel('Prénom *').fill('Hugo');
    await request.getByLabel('Nom *', { exact: true }).fill('Lambert');
    await request.getByLabel('Adresse e-mail *').fill(email);
    await request.getByLabel('Numéro de téléphone *').fill('0476 55 66 77');
    await page.waitForTimeout(FORM_MIN_FILL_MS);
    await request.getByRole('button', { name: 'Envoyer' }).click();
    await page.waitForURL('**/fr/merci/contact-demand/');
    await expect.poll(() => page.locator('h1').innerText()).toBe('Merci pour votre confiance');
    await expect.poll(() => smtp.received.some((m) => JSON.stringify(m.replyTo ?? '').includes(email)), { timeout: 15_000 }).toBe(true);
    expect(smtp.received.find((m) => JSON.stringify(m.replyTo ?? '').includes(email))!.text).toContain(
      `Verkoopprijs: € ${range[0].toLocaleString('nl-BE')} – € ${range[1].toLocaleString('nl-BE')}`,
    );
    await context!.close();

    // At the agency: the request in the inbox, with the estimate the visitor saw (a browser in French: the editor speaks French).
    const desk = await inbox('fr', 'valuer');
    const row = desk.locator('tr', { hasText: email });
    await row.getByRole('button').click();
    const detail = desk.locator('.ed-inbox__detail');
    await expect.poll(() => detail.getByRole('heading', { name: 'Online schatting' }).isVisible()).toBe(true);
    const estimate = await detail.locator('.ed-inbox__tool').innerText();
    expect(estimate).toContain(`€ ${range[0].toLocaleString('nl-BE')} – € ${range[1].toLocaleString('nl-BE')}`);
    expect(estimate).toContain('Rue Royale Sainte-Marie 12, 1030 Schaarbeek');
  });
});

describe('an enquiry about a new-build project, on a phone in French', () => {
  it('picks a unit on the project page, lands on the project thank-you page, and the agency gets the project and unit over SMTP', async () => {
    const page = await open();
    await page.goto('/fr/projets/');
    await page
      .getByRole('link', { name: /Résidence Colignon/ })
      .first()
      .click();
    await page.waitForURL('**/residence-colignon/1/');
    const form = page.locator('form[data-form=contact-construction]');
    await form.scrollIntoViewIfNeeded();
    // Drawn once it is on screen (content-visibility: before, its text is not laid out).
    await expect.poll(() => form.locator('.contact-form__about').innerText()).toBe('Concerne : Résidence Colignon');
    // The units still on offer, by name; the sold ones are not offered.
    const units = await form.getByRole('group', { name: 'Les unités qui vous intéressent' }).locator('label').allInnerTexts();
    expect(units.map((u) => u.trim())).toEqual(['Studio 4.1', 'Appartement 0.2']);
    await form.getByText('Appartement 0.2', { exact: true }).click();
    await form.getByLabel('Votre budget (€)').fill('295000');
    const email = `thomas.claes.${Date.now()}@example.be`;
    await form.getByLabel('Prénom *').fill('Thomas');
    await form.getByLabel('Nom *', { exact: true }).fill('Claes');
    await form.getByLabel('Adresse e-mail *').fill(email);
    await page.waitForTimeout(FORM_MIN_FILL_MS);
    await form.getByRole('button', { name: 'Envoyer' }).click();
    await page.waitForURL('**/fr/merci/contact-construction/');
    expect(await page.locator('h1').innerText()).not.toBe('');

    await expect.poll(() => smtp.received.some((m) => JSON.stringify(m.replyTo ?? '').includes(email)), { timeout: 15_000 }).toBe(true);
    const mail = smtp.received.find((m) => JSON.stringify(m.replyTo ?? '').includes(email))!;
    expect(mail.subject).toBe('Aanvraag nieuwbouwproject – Thomas Claes – Residentie Colignon');
    expect(mail.text).toContain('Project: Residentie Colignon');
    expect(mail.text).toContain('Units die u interesseren: Appartement 0.2');
    expect(mail.text).toContain('Uw budget (€): € 295.000');
    await context!.close();

    // At the agency: the lead in the inbox, about the project (linked) and its unit by name.
    const desk = await inbox('nl', 'nieuwbouw');
    await desk.locator('tr', { hasText: email }).getByRole('button').click();
    const detail = desk.locator('.ed-inbox__detail');
    await expect.poll(() => detail.locator('.ed-inbox__about').innerText()).toBe('Over: Residentie Colignon');
    expect(await detail.getByRole('link', { name: 'Residentie Colignon' }).getAttribute('href')).toBe('/nl/projecten/schaarbeek/residentie-colignon/1/');
    expect(await detail.locator('.ed-inbox__fields').innerText()).toMatch(/Appartement 0\.2 \(1033\)/);
  });
});
