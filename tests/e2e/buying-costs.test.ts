// The buying-cost calculator (issue 39, point 3) as a visitor uses it, on a phone (375 px) and on a
// desktop (1366 px): from a sale property's summary to the calculator prefilled with it, a value out of
// range answered at its field, corrected, and the result; a Luxembourg property says the calculator
// covers Belgium.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/e2e.ts';
import { sampleListings } from '../helpers/listings.ts';

const { open, state } = useBrowser();
const sample = (await sampleListings()) as { properties: Array<Record<string, any>> };
/** A Brussels home for sale, sold without VAT, with its price published. */
const home = sample.properties.find(
  (p) =>
    p.language === 'fr' &&
    p.Goal === 0 &&
    p.Availability !== 'sold' &&
    /^1[01]\d\d$/.test(p.Zip ?? '') &&
    !p.VATRegime &&
    !p.IsViager &&
    p.PublishPrice !== false &&
    p.Price > 200_000 &&
    p.Price <= 600_000,
)!;
const luxembourg = sample.properties.find((p) => p.language === 'fr' && p.Goal === 0 && p.CountryID === 50)!;

const SIZES = [
  { name: 'phone', viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true },
  { name: 'desktop', viewport: { width: 1366, height: 900 }, isMobile: false, hasTouch: false },
] as const;

async function pathOf(page: Page, id: number): Promise<string> {
  const r = await page.request.get(`/api/properties?lang=fr&goal=sale&q=${id}`);
  return (await r.json()).items.find((i: { id: number }) => i.id === id).path;
}
const noSidewaysScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

describe.each(SIZES)('the buying-cost calculator on a $name', ({ viewport, isMobile, hasTouch }) => {
  it('opens from a sale property prefilled, answers a bad value at its field, then the result', async () => {
    const page = await open({ viewport, isMobile, hasTouch, locale: 'fr-BE' });
    await page.goto(await pathOf(page, home.ID));
    const teaser = page.locator('section.buying-costs-teaser');
    await expect.poll(() => teaser.getByRole('heading', { name: 'Frais d’achat' }).isVisible()).toBe(true);
    expect(await teaser.textContent()).toMatch(/environ €\s[\d.]+ en plus du prix/);
    await teaser.getByRole('link', { name: 'Calculez vos frais d’achat et votre mensualité' }).click();
    await page.waitForURL((u) => u.pathname === '/fr/frais-achat/' && u.searchParams.get('property') === String(home.ID));
    // Prefilled from the property, the result already there.
    await expect.poll(() => page.getByLabel('Prix (€) *').inputValue()).toBe(String(home.Price));
    expect(await page.getByLabel('Région *').inputValue()).toBe('brussels');
    expect(await page.getByLabel('Habitation propre et unique').isChecked()).toBe(true);
    expect(await page.getByRole('heading', { name: /Vos frais d’achat/ }).isVisible()).toBe(true);
    expect(await page.locator('#result').textContent()).toContain('Droits d’enregistrement (Région de Bruxelles-Capitale)');
    expect(await noSidewaysScroll(page)).toBe(true);

    // A negative price, a term of 0 years and a rate of 50 %: the server answers 400 with a sentence at each field.
    state.expectedMissing.add('/fr/frais-achat/');
    await page.getByLabel('Prix (€) *').fill('-5');
    await page.getByLabel('Taux annuel (%)').fill('50');
    await page.getByLabel('Durée (années)').fill('0');
    await page.getByRole('button', { name: 'Calculer les frais' }).click();
    await page.waitForURL((u) => u.searchParams.get('price') === '-5');
    const price = page.getByLabel('Prix (€) *');
    await expect.poll(() => price.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#costs-price-error').textContent()).toBe('Indiquez un montant de €\u00a01.000 à €\u00a020.000.000');
    expect(await page.locator('#costs-rate-error').textContent()).toBe('Indiquez un taux de 0 à 15 %');
    expect(await page.locator('#costs-years-error').textContent()).toBe('Indiquez une durée de 1 à 40 ans, en années entières');
    expect(await page.getByRole('alert').textContent()).toContain('Vérifiez les champs signalés.');
    expect(await page.locator('#result').count()).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);

    // Corrected: a Flemish home of € 300.000, not a sole own home, borrowing € 240.000 at 3 % over 20 years.
    await price.fill('300000');
    await page.getByLabel('Région *').selectOption('flanders');
    await page.getByLabel('Habitation propre et unique').uncheck();
    await page.getByLabel('Montant emprunté (€)').fill('240000');
    await page.getByLabel('Taux annuel (%)').fill('3');
    await page.getByLabel('Durée (années)').fill('20');
    await page.getByRole('button', { name: 'Calculer les frais' }).click();
    await page.waitForURL((u) => u.searchParams.get('price') === '300000');
    const result = page.locator('#result');
    await expect.poll(() => result.isVisible()).toBe(true);
    const words = (await result.textContent())!.replace(/\s+/g, ' ');
    // 12 % of 300.000 (not a sole own home).
    expect(words).toContain('12 % sur € 300.000');
    expect(words).toContain('€ 36.000');
    expect(words).toContain('Acte de crédit pour un prêt de € 240.000');
    expect(words).toMatch(/Mensualité : € [\d.]+/);
    expect(await page.getByLabel('Habitation propre et unique').isChecked()).toBe(false);
    expect(await noSidewaysScroll(page)).toBe(true);
  });

  it('a property in Luxembourg says the calculator covers Belgium', async () => {
    // The sample's Luxembourg homes are sold (no summary on their pages): the calculator opened for one
    // says what it covers, without a region or a result.
    const page = await open({ viewport, isMobile, hasTouch, locale: 'fr-BE' });
    await page.goto(`/fr/frais-achat/?property=${luxembourg.ID}`);
    const notice = page.locator('.costs-abroad');
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain('Ce bien se trouve hors de Belgique (Luxembourg). Le calculateur couvre l’achat en Belgique');
    expect(await page.getByLabel('Région *').inputValue()).toBe('');
    expect(await page.locator('#result').count()).toBe(0);
    expect(await noSidewaysScroll(page)).toBe(true);
  });
});
