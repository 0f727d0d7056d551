// The editor on a phone (issue 38, point 10), in real Chromium at 390 × 844 with touch, in French:
// an editor opens the menu and the leads, reads a request and marks it handled, approves a
// testimonial; then fixes a typo in a page's text, saves it as a draft, sees it in the preview, and
// publishes it. At every screen of the walk nothing is wider than the phone and the screen's main
// action is within reach without scrolling sideways (tests/helpers/phone.ts).
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/e2e.ts';
import { SLOW, restoreShipped, staffApi, storedRevisions, useStaffAccounts, type Staff } from '../helpers/editor-e2e.ts';
import { EXPECTED_4XX, logIn } from '../helpers/editor-story-fr.ts';
import { PHONE, expectFits, expectReachable } from '../helpers/phone.ts';
import { captchaAnswer } from '../helpers/captcha.ts';
import { signedToken } from '../helpers/visitor.ts';
import { suiteDataDir, suiteUrl } from '../helpers/suite-server.ts';

const browser = useBrowser();
const LUCIE: Staff = { username: 'lucie.martin@atrium-immo.be', password: 'au bureau sur mon gsm 2026', role: 'editor' };
const ADMIN: Staff = { username: 'hugo.admin.phone@atrium-immo.be', password: 'le serveur du lundi 2026', role: 'admin' };
useStaffAccounts([LUCIE, ADMIN]);

/** The "Search" page (Recherche), given a Text module with a typo for the story; put back as shipped after. */
const PAGE = 10;
const TEXT_MODULE = 4242;
const TYPO = 'Dites-nous ce que vous cherchez : nous vous prévenons dès qu’un bien corespond à votre recherche.';
const FIXED = TYPO.replace('corespond', 'correspond');

async function post(kind: string, body: Record<string, unknown>) {
  const base = suiteUrl();
  const r = await fetch(`${base}/api/forms/${kind}?lang=fr`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', origin: base },
    body: JSON.stringify({ lang: 'fr', ...signedToken(), website: '', ...body }),
  });
  expect(r.status, await r.text()).toBe(201);
}

/** A visitor's request and a testimonial as the site's forms send them (their own names on each attempt), and the page with its typo. */
async function prepare() {
  const run = Date.now().toString(36);
  const visitor = `Vandenberghe-${run}`;
  const author = `Élise ${run}`;
  await post('site-contact', {
    firstName: 'Chloé',
    lastName: visitor,
    email: `chloe.${run}@example.be`,
    phone: '0471 22 33 44',
    message: 'Bonjour, je voudrais vendre mon appartement à Ixelles avant l’été. Pouvez-vous me rappeler ?',
  });
  const { token } = (await (await fetch(`${suiteUrl()}/api/captcha`)).json()) as { token: string };
  await post('testimonial', {
    name: author,
    comment: 'Une équipe attentive du début à la fin.',
    captchaToken: token,
    captcha: captchaAnswer(suiteDataDir(), token),
  });
  // The page, published with a Text module holding a typo in French.
  const call = await staffApi(ADMIN);
  const doc = (await (await call('GET', `/docs/page%3A${PAGE}`)).json()) as { rev: number; data: { modules: Array<Record<string, unknown>> } };
  const modules = doc.data.modules.filter((m) => m.id !== TEXT_MODULE);
  const text = {
    id: TEXT_MODULE,
    view: 'text',
    version: 1,
    status: 'Published',
    span: 12,
    sort: modules.length + 1,
    body: { nl: '<p>Vertel ons wat u zoekt.</p>', fr: `<p>${TYPO}</p>`, en: '<p>Tell us what you are looking for.</p>' },
  };
  const saved = await call('PUT', `/docs/page%3A${PAGE}`, { data: { ...doc.data, modules: [...modules, text] }, baseRev: doc.rev, publish: true });
  expect(saved.status, await saved.text()).toBe(200);
  return { visitor, author };
}
afterAll(() => restoreShipped(`page:${PAGE}`, ADMIN));

/** The navigation is behind the Menu button: it opens over the screen, and choosing a screen closes it. */
async function goTo(page: Page, screen: string) {
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  await menu.click();
  await page.getByRole('navigation', { name: 'Éditeur' }).getByRole('link', { name: screen, exact: true }).click();
  await expect.poll(() => menu.getAttribute('aria-expanded')).toBe('false');
}

describe('the editor on a phone', () => {
  it('reads and answers leads, fixes a text, saves it as a draft, sees it in the preview and publishes it', { timeout: 180_000 }, async () => {
    const { visitor, author } = await prepare();
    const page = await browser.open(PHONE);
    for (const p of EXPECTED_4XX) browser.state.expectedMissing.add(p);
    await logIn(page, LUCIE);
    await page.getByRole('heading', { name: 'Pages', level: 1 }).waitFor();
    await expectFits(page, 'Pages');

    // The menu: closed, it hides the navigation; it opens over the screen and closes with Escape
    // (the focus back on its button), with a tap beside it, and when a screen is chosen.
    const menu = page.getByRole('button', { name: 'Menu', exact: true });
    const nav = page.getByRole('navigation', { name: 'Éditeur' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await nav.isVisible()).toBe(false);
    await expectReachable(menu, 'the Menu button');
    await menu.click();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(
      await page
        .locator(`#${await menu.getAttribute('aria-controls')}`)
        .getByRole('navigation', { name: 'Éditeur' })
        .isVisible(),
    ).toBe(true);
    expect(await nav.getByRole('list', { name: 'Contenu' }).getByRole('link').allInnerTexts()).toEqual([
      'Pages',
      'Articles',
      'Bannière d’accueil',
      'Dictionnaires',
      'Traductions manquantes',
      'Planifié',
      'Médias',
      'Corbeille',
      'Redirections',
    ]);
    expect(await nav.getByRole('list', { name: 'Agence' }).getByRole('link').allInnerTexts()).toEqual(['Demandes']);
    // The person logged in, in the panel: the language, the name, the role, log out.
    expect(await page.getByRole('button', { name: 'Se déconnecter' }).isVisible()).toBe(true);
    expect(await page.getByLabel('Langue de l’éditeur').isVisible()).toBe(true);
    await expectFits(page, 'The open menu');
    await page.keyboard.press('Escape');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    expect(await menu.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await nav.isVisible()).toBe(false);
    await menu.click();
    await page.mouse.click(20, 600); // beside the panel, on the dimmed screen
    expect(await menu.getAttribute('aria-expanded')).toBe('false');

    // (a) The leads: a request read and marked handled, a testimonial approved.
    await goTo(page, 'Demandes');
    await page.getByRole('heading', { name: 'Demandes', level: 1 }).waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('ed-main');
    expect(await nav.isVisible()).toBe(false);
    const request = page.getByRole('button', { name: new RegExp(`ouvrir la demande de Chloé ${visitor}$`) });
    await request.waitFor();
    await expectFits(page, 'Leads');
    await expectReachable(request, 'a request in the list');
    await request.click();
    const detail = page.locator('.ed-inbox__detail');
    await detail.getByRole('heading', { name: `Contact — Chloé ${visitor}` }).waitFor();
    expect(await detail.innerText()).toContain('je voudrais vendre mon appartement à Ixelles');
    await expectFits(page, 'A request');
    const handled = detail.getByRole('button', { name: 'Marquer comme traitée' });
    await expectReachable(handled, 'Mark as handled');
    await handled.click();
    await detail.getByText(/^Traitée par lucie\.martin@atrium-immo\.be le /).waitFor(SLOW);
    await expectFits(page, 'A request marked handled');
    // Closed, the request gives the focus back to its line in the list.
    await detail.getByRole('button', { name: 'Fermer' }).click();
    await expect.poll(() => request.evaluate((b) => b === document.activeElement)).toBe(true);

    const testimonial = page.getByRole('button', { name: new RegExp(`ouvrir la demande de ${author}$`) });
    await expectReachable(testimonial, 'a testimonial in the list');
    await testimonial.click();
    await detail.getByRole('heading', { name: `Témoignage — ${author}` }).waitFor();
    const approve = detail.getByRole('button', { name: 'Approuver et publier' });
    await expectReachable(approve, 'Approve');
    await approve.click();
    await detail.getByText(/^Témoignage : Publié/).waitFor(SLOW);
    await detail.getByRole('button', { name: 'Marquer comme traitée' }).click();
    await detail.getByText(/^Traitée par /).waitFor(SLOW);
    await expectFits(page, 'A testimonial approved');

    // (b) A typo fixed in the page's text, saved as a draft, seen in the preview.
    await goTo(page, 'Pages');
    const link = page.getByRole('link', { name: 'Recherche', exact: true });
    await link.waitFor();
    await expectFits(page, 'Pages');
    await expectReachable(link, 'the page in the list');
    await link.click();
    await page.getByRole('heading', { name: 'Recherche', level: 1 }).waitFor();
    await expectFits(page, 'The page');
    const module = page.locator(`li.ed-module[data-module-id="${TEXT_MODULE}"]`);
    const edit = module.getByRole('button', { name: 'Modifier' });
    await expectReachable(edit, 'Edit the text module');
    await edit.click();
    await module.getByRole('tab', { name: 'FR' }).click();
    const text = module.locator('.ed-richtext__content[lang="fr"]');
    await expect.poll(() => text.innerText()).toBe(TYPO);
    await expectFits(page, 'The page with its text open');
    // A double tap on the misspelt word selects it; the right word replaces it.
    const word = await text.evaluate((el) => {
      const node = [...el.querySelectorAll('p')].map((p) => p.firstChild as Text).find((n) => n?.data.includes('corespond'))!;
      const range = document.createRange();
      range.setStart(node, node.data.indexOf('corespond'));
      range.setEnd(node, node.data.indexOf('corespond') + 'corespond'.length);
      range.startContainer.parentElement!.scrollIntoView({ block: 'center' });
      const r = range.getBoundingClientRect();
      return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    });
    await page.mouse.dblclick(word.x, word.y);
    await page.keyboard.type('correspond');
    await expect.poll(() => text.innerText()).toBe(FIXED);
    const saveDraft = page.getByRole('button', { name: 'Enregistrer comme brouillon' });
    await expectReachable(saveDraft, 'Save as draft, while the text is in view');
    await saveDraft.click();
    const status = page.locator('.ed-docbar__status');
    await expect.poll(() => status.innerText(), SLOW).toMatch(/^Enregistré comme brouillon/);
    const draft = storedRevisions(`page:${PAGE}`).at(-1)!;
    expect([draft.by, draft.published]).toEqual([LUCIE.username, false]);
    expect(JSON.stringify(draft.data)).toContain('correspond à votre recherche');
    expect(await (await fetch(`${suiteUrl()}/fr/recherche/`)).text()).toContain('corespond à votre recherche');
    await expectFits(page, 'The page saved as a draft');
    // The preview, under the form: the page in French with the fixed text.
    const preview = page.getByRole('region', { name: /aperçu/i });
    await preview.getByLabel('Langue de l’aperçu').selectOption('fr');
    await preview.getByRole('button', { name: /^Téléphone/ }).click();
    await preview.scrollIntoViewIfNeeded();
    const shown = page.frameLocator('iframe.ed-preview__frame').locator(`[data-module-id="${TEXT_MODULE}"]`);
    await expect.poll(() => shown.textContent().catch(() => ''), { timeout: 20_000 }).toBe(FIXED);
    // Scrolled to in the preview's frame, the text is drawn there as visitors will see it.
    await shown.scrollIntoViewIfNeeded();
    await expect.poll(() => shown.innerText()).toBe(FIXED);
    await expectFits(page, 'The preview');

    // (c) The draft published.
    const publish = page.getByRole('button', { name: 'Publier', exact: true });
    await expectReachable(publish, 'Publish');
    await publish.click();
    await expect.poll(() => status.innerText(), SLOW).toMatch(/^Publié/);
    expect(storedRevisions(`page:${PAGE}`).at(-1)!.published).toBe(true);
    const live = await (await fetch(`${suiteUrl()}/fr/recherche/`)).text();
    expect(live).toContain('correspond à votre recherche');
    expect(live).not.toContain('corespond');
    await expectFits(page, 'The page published');
  });
});
