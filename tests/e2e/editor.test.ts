// The editor as staff use it, in real Chromium (in English): the services page gets a module from
// the picker, saved past a colleague's save and restored from the history; an invalid value never
// leaves the editor; the page tree adds, duplicates and deletes pages; the editor's files stay off
// the public site. Site settings, dictionaries and missing translations: editor-settings.test.ts.
import { afterAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { useBrowser } from '../helpers/e2e.ts';
import { watchConsole } from '../helpers/browser.ts';
import { SLOW, colleagueBrowser, staffApi as adminApi, useStaffAccounts } from '../helpers/editor-e2e.ts';
import { CLAIRE, ENTRY, EXPECTED_4XX, MARC, asShipped, latest, nav, openEditor, revisions } from '../helpers/editor-story-en.ts';
import { registry } from '../../modules/index.ts';

const browser = useBrowser();
useStaffAccounts([CLAIRE, MARC]);
const root = join(import.meta.dirname, '../..');

/** A second person in a browser of their own, its console watched like the first one's. */
const colleague = () => colleagueBrowser(browser, { width: 1366, height: 900 }, EXPECTED_4XX);
const viewsOf = (page: Page) => page.locator('li.ed-module').evaluateAll((els) => els.map((e) => (e as HTMLElement).dataset.view));
/** Whether, in the element's document, the first match of `a` comes before the first match of `b` (run in the page). */
const comesBefore = (_: Element, [a, b]: string[]) => {
  const x = document.querySelector(a);
  const y = document.querySelector(b);
  return !!x && !!y && !!(x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING);
};

/** The services page as shipped: where the story starts, and what the other browser tests read. */
const shippedServicesPage = () => asShipped('page:4');
afterAll(async () => {
  await shippedServicesPage();
});

describe('a staff member edits the services page in the editor', () => {
  it('adds a news module from the picker, places it above the articles, sees it in the preview, saves; a colleague’s save in between is not overwritten; an older version comes back in two clicks', async () => {
    await shippedServicesPage();
    const revBefore = latest('page:4')?.rev;
    const page = await browser.open();
    for (const p of EXPECTED_4XX) browser.state.expectedMissing.add(p);
    await openEditor(page, CLAIRE, { wrongPasswordFirst: true });
    expect(await page.locator('.ed-user').innerText()).toMatch(/admin/);

    // The menu: the services page is in it and opens in the page editor.
    const row = page.getByRole('tree').locator('li[data-page-id="4"]');
    expect(await row.locator('.ed-badge--hidden').count()).toBe(0);
    await row.getByRole('link', { name: 'Our services' }).click();
    await page.getByRole('heading', { name: 'Modules' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/pages/4');
    expect(await viewsOf(page)).toEqual(['single-view', 'list-view']);

    // The picker shows every registered module type, with its name and icon.
    await page.getByRole('button', { name: 'Add module' }).click();
    const picker = page.getByRole('dialog', { name: 'Add a module' });
    expect(await picker.locator('button[data-view]').count()).toBe(registry.all().length);
    for (const def of registry.all()) {
      const item = picker.locator(`button[data-view="${def.view}"]`);
      expect(await item.locator('.ed-picker__name').innerText()).toBe(def.meta.title.en);
      expect(await item.locator('[data-icon]').getAttribute('data-icon')).toBe(def.meta.icon);
    }
    await picker.locator('button[data-view="news-view"]').click();
    expect(await picker.count()).toBe(0);

    // Its form comes from the module's schema; the titles of the three languages side by side.
    const news = page.locator('li.ed-module[data-view="news-view"]');
    const titles = { nl: 'Nieuws van het kantoor', fr: 'Les nouvelles de l’agence', en: 'News from the office' };
    for (const [lang, text] of Object.entries(titles)) await news.getByLabel(`Title (${lang})`).fill(text);
    const boxes = await Promise.all(['nl', 'fr', 'en'].map(async (l) => (await news.getByLabel(`Title (${l})`).boundingBox())!));
    expect(boxes[1].y).toBe(boxes[0].y);
    expect(boxes[2].y).toBe(boxes[0].y);
    expect(boxes[0].x).toBeLessThan(boxes[1].x);
    expect(boxes[1].x).toBeLessThan(boxes[2].x);
    // The module's identity and place are the editor's business, not fields.
    const managed = await news
      .locator('input')
      .evaluateAll((els) =>
        els.filter((e) => /^edm\d+_(id|view|version|sort)$/.test(e.id)).map((e) => `${e.id.split('_')[1]}:${(e as HTMLInputElement).type}`),
      );
    expect(managed.sort()).toEqual(['id:hidden', 'sort:hidden', 'version:hidden', 'view:hidden']);
    expect(await viewsOf(page)).toEqual(['single-view', 'list-view', 'news-view']);

    // Dragged above the article list.
    const listView = page.locator('li.ed-module[data-view="list-view"]');
    await news.locator('.ed-module__row').dragTo(listView.locator('.ed-module__row'));
    await expect.poll(() => viewsOf(page)).toEqual(['single-view', 'news-view', 'list-view']);

    // The same by keyboard: Alt+↓ on the focused module, then its Move up button.
    const newsRow = news.locator('.ed-module__row');
    await newsRow.focus();
    await page.keyboard.press('Alt+ArrowDown');
    await expect.poll(() => viewsOf(page)).toEqual(['single-view', 'list-view', 'news-view']);
    expect(await newsRow.evaluate((el) => el === document.activeElement)).toBe(true);
    await news.getByRole('button', { name: /^Move News \/ blog .* up$/ }).click();
    await expect.poll(() => viewsOf(page)).toEqual(['single-view', 'news-view', 'list-view']);

    // The live preview draws the unsaved page: the news cards above the articles.
    const preview = page.frameLocator('iframe.ed-preview__frame');
    await expect.poll(() => preview.locator('.news .news-card').count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await preview.getByText(titles.nl).count()).toBe(1);
    expect(await preview.locator('body').evaluate(comesBefore, ['.news', '.article-list'])).toBe(true);
    expect(latest('page:4')?.rev).toBe(revBefore); // nothing stored yet

    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => page.locator('.ed-docbar__status').innerText(), SLOW).toMatch(/^Saved and published \(version \d+\)\.$/);
    const first = latest('page:4')!;
    expect(first.by).toBe(CLAIRE.username);
    expect(first.published).toBe(true);
    expect(first.data!.modules!.map((m) => m.view)).toEqual(['single-view', 'news-view', 'list-view']);
    expect(first.data!.modules!.map((m) => m.sort)).toEqual([1, 2, 3]);
    const added = first.data!.modules![1];
    expect(added.title).toEqual(titles);
    expect(added.id).toBeGreaterThan(62); // above every module id in use
    expect(first.summary).toContain(`+news-view #${added.id}`);

    // The public page shows it, above the articles.
    const visitor = await browser.state.context!.newPage();
    const visitorProblems = watchConsole(visitor);
    await visitor.goto('/fr/nos-services/');
    expect(await visitor.locator('.news .news-card').count()).toBeGreaterThan(0);
    expect(await visitor.getByText(titles.fr).count()).toBe(1);
    expect(await visitor.locator('body').evaluate(comesBefore, ['.news', '.article-list'])).toBe(true);
    expect(visitorProblems).toEqual([]);
    await visitor.close();

    // Meanwhile a colleague saves the same page…
    const marc = await colleague();
    await openEditor(marc.page, MARC);
    await marc.page.getByRole('tree').locator('li[data-page-id="4"]').getByRole('link', { name: 'Our services' }).click();
    const theirNews = marc.page.locator('li.ed-module[data-view="news-view"]');
    await theirNews.getByRole('button', { name: 'Edit' }).click();
    await theirNews.getByLabel('Title (fr)').fill('Actualités de l’agence');
    await marc.page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect.poll(() => marc.page.locator('.ed-docbar__status').innerText(), SLOW).toMatch(/^Saved and published/);
    expect(marc.problems).toEqual([]);
    await marc.context.close();
    const theirs = latest('page:4')!;
    expect(theirs.by).toBe(MARC.username);

    // …and her save, of another field, is merged with his: both land, and his title is on her screen.
    await news.getByLabel('Title (en)').fill('News from our office');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await expect
      .poll(() => page.locator('.ed-docbar__status').innerText(), { timeout: 20_000 })
      .toMatch(new RegExp(`^Saved and published \\(version \\d+\\), together with the changes ${MARC.username.replace(/\./g, '\\.')} saved at `));
    const both = latest('page:4')!;
    expect(both.rev).toBeGreaterThan(theirs.rev); // nothing overwritten: his revision is in hers
    expect(both.data!.modules![1].title).toEqual({ ...titles, fr: 'Actualités de l’agence', en: 'News from our office' });
    expect(both.summary).toMatch(new RegExp(`merged with revision ${theirs.rev}`));
    expect(await news.getByLabel('Title (fr)').inputValue()).toBe('Actualités de l’agence');
    // The earlier version comes back from the history: Restore, then confirm.
    await page.getByRole('button', { name: 'History' }).click();
    const history = page.getByRole('dialog', { name: 'History' });
    const rows = history.locator('tbody tr');
    await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(3);
    expect(await history.locator(`tr[data-rev="${theirs.rev}"]`).innerText()).toContain(MARC.username);
    const firstRow = history.locator(`tr[data-rev="${first.rev}"]`);
    expect(await firstRow.innerText()).toContain(CLAIRE.username);
    await firstRow.getByRole('button', { name: /^Restore revision \d+$/ }).click();
    await page
      .getByRole('dialog', { name: /^Restore revision \d+\?$/ })
      .getByRole('button', { name: 'Restore' })
      .click();
    await expect.poll(() => latest('page:4')!.restoredFrom).toBe(first.rev);
    const restored = latest('page:4')!;
    expect(restored.by).toBe(CLAIRE.username);
    expect(restored.data).toEqual(first.data);
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    await expect
      .poll(
        () =>
          news
            .getByLabel('Title (fr)')
            .inputValue()
            .catch(() => ''),
        { timeout: 10_000 },
      )
      .toBe(titles.fr);
    expect(await page.locator('.ed-docbar .ed-alert--warning').count()).toBe(0);
  });
});

describe('an invalid value never leaves the editor', () => {
  it('marks a span of 13 and an empty French page title at their fields and sends nothing; what only the server can check is marked at its field too', async () => {
    const page = await browser.open();
    for (const p of EXPECTED_4XX) browser.state.expectedMissing.add(p);
    await openEditor(page, MARC);
    await page.goto('/admin/pages/5');
    await page.getByRole('heading', { name: 'Modules' }).waitFor();
    const before = revisions('page:5').length;
    const writes: string[] = [];
    page.on('request', (r) => {
      if (r.method() !== 'GET' && r.url().includes('/api/admin/docs/')) writes.push(`${r.method()} ${r.url()}`);
    });

    const module = page.locator('li.ed-module').first();
    await module.getByRole('button', { name: 'Edit' }).click();
    const span = module.getByLabel('Width', { exact: true });
    await span.fill('13');
    const settings = page.locator('.ed-settings');
    // The default language (Dutch) is required; the others may lag (issue 38).
    const frTitle = settings.getByLabel('Title (nl)', { exact: true });
    await frTitle.fill('');

    // Marked at the fields as soon as they are wrong.
    const spanField = module.locator('.rjsf-field', { has: page.locator('input[id$="_span"]') });
    await expect
      .poll(() =>
        spanField
          .locator('.error-detail')
          .innerText()
          .catch(() => ''),
      )
      .toMatch(/<= 12/);
    expect(await span.getAttribute('id')).toMatch(/_span$/);
    expect(await frTitle.getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator(`#${(await frTitle.getAttribute('id'))!}__error`).innerText()).toBe('is required in Dutch');
    expect(await module.locator('.ed-badge--error').innerText()).toBe('1 error');

    // Save refuses and lists them; nothing is sent, nothing stored.
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const list = page.locator('.ed-docbar .ed-problems');
    await expect.poll(() => list.innerText().catch(() => '')).toContain('Fix these fields before saving');
    // Sentences naming the field by its label and the module by its name.
    expect(await list.innerText()).toMatch(/Width of the module Article \(module 1\): must be <= 12/);
    expect(await list.innerText()).toMatch(/Title \(nl\) \(page settings\): is required in Dutch/);
    expect(await page.locator('.ed-docbar__status').innerText()).toBe('Not saved: 2 fields need fixing (marked below).');
    expect(writes).toEqual([]);
    expect(revisions('page:5').length).toBe(before);
    // Put right, what only the server can know is still checked there: its answer is marked at the field.
    await span.fill('12');
    await frTitle.fill('Deskundigheid');
    await expect.poll(() => page.locator('.ed-docbar .ed-problems').count()).toBe(0);
    // The French address of another page: only the server knows every address.
    const segment = settings.getByLabel('Address segment (fr)', { exact: true });
    await segment.fill('nos-services');
    await page.getByRole('button', { name: 'Save', exact: true }).click(); // the address changes: asked first what becomes of the old one
    const moving = page.getByRole('dialog', { name: 'This page’s address changes' });
    await expect.poll(() => moving.innerText()).toContain('/fr/expertise/');
    await moving.getByRole('button', { name: 'Save', exact: true }).click();
    const segmentErrors = page.locator('#edp_localizedPath_fr__error');
    await expect
      .poll(() => segmentErrors.innerText().catch(() => ''), { timeout: 20_000 })
      .toBe('gives the address /fr/nos-services/, which “Nos services” already has');
    expect(await page.locator('.ed-docbar .ed-problems').innerText()).toContain('The server refused this version');
    expect(writes).toHaveLength(1);
    expect(revisions('page:5').length).toBe(before);

    await segment.fill('expertise');
    await expect.poll(() => segmentErrors.count()).toBe(0);
    await page.getByRole('button', { name: 'Save as draft' }).click();
    await expect.poll(() => page.locator('.ed-docbar__status').innerText(), SLOW).toMatch(/^Saved as a draft/);
    expect(writes).toHaveLength(2);
    const draft = latest('page:5')!;
    expect([draft.published, draft.data!.title!.fr, draft.data!.modules![0].span, (draft.data as { category?: string }).category]).toEqual([
      false,
      'Expertise',
      12,
      undefined,
    ]);
    // The page tree shows the draft; published, it is the live version.
    await nav(page, 'Pages').click();
    await expect
      .poll(() =>
        page
          .locator('li[data-page-id="5"] .ed-badge--draft')
          .first()
          .innerText()
          .catch(() => ''),
      )
      .toBe('Draft');
    await page.locator('li[data-page-id="5"]').getByRole('link', { name: 'Expertise', exact: true }).click();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect.poll(() => page.locator('.ed-docbar__status').innerText(), SLOW).toMatch(/^Published \(version \d+\)\.$/);
    expect(writes).toHaveLength(3);
    expect(writes[2]).toMatch(/^POST .*\/docs\/page%3A5\/publish$/); // the stored draft goes live, nothing else is sent
    const live = latest('page:5')!;
    expect([live.published, live.rev > draft.rev, live.data]).toEqual([true, true, draft.data]);
    expect(await page.getByRole('button', { name: 'Publish' }).count()).toBe(0);
  });
});

describe('the page tree', () => {
  it('adds a page, duplicates it, lists both apart from the menu and deletes both', async () => {
    // A retried attempt starts again from no such pages.
    const call = await adminApi(CLAIRE);
    for (const p of ((await (await call('GET', '/pages')).json()) as { pages: Array<{ id: number; path: string; rev: number }> }).pages)
      if (p.path === '/open-days/' || p.path === '/open-days-copy/') await call('DELETE', `/docs/page:${p.id}`, { baseRev: p.rev });
    const page = await browser.open();
    for (const p of EXPECTED_4XX) browser.state.expectedMissing.add(p);
    await openEditor(page, CLAIRE);
    await page.getByRole('button', { name: 'Add page' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add a page' });
    const titles = { nl: 'Opendeurdagen', fr: 'Journées portes ouvertes', en: 'Open days' };
    for (const [lang, text] of Object.entries(titles)) await dialog.getByLabel(`Title (${lang})`).fill(text);
    // Name and paths follow the titles.
    expect(await dialog.getByLabel(/^Internal path\*?$/).inputValue()).toBe('/open-days/');
    expect(await dialog.getByLabel('Address segment (fr)').inputValue()).toBe('journees-portes-ouvertes');
    await dialog.getByRole('button', { name: 'Create page' }).click();
    await page.waitForURL(/\/admin\/pages\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    expect(id).toBeGreaterThan(33);
    const created = latest(`page:${id}`)!;
    expect(created.data).toMatchObject({
      id,
      parentId: null,
      path: '/open-days/',
      localizedPath: { nl: 'opendeurdagen', fr: 'journees-portes-ouvertes', en: 'open-days' },
      status: 'Hidden',
      type: 'page',
      modules: [],
      title: titles,
    });

    await nav(page, 'Pages').click();
    await page.getByRole('button', { name: 'Duplicate Open days', exact: true }).click();
    await page.waitForURL((u) => /\/admin\/pages\/\d+$/.test(u.pathname) && !u.pathname.endsWith(`/${id}`));
    const copyId = Number(new URL(page.url()).pathname.split('/').pop());
    expect(copyId).toBeGreaterThan(id);
    expect(latest(`page:${copyId}`)!.data).toMatchObject({
      id: copyId,
      path: '/open-days-copy/',
      localizedPath: { nl: 'opendeurdagen-copy', fr: 'journees-portes-ouvertes-copy', en: 'open-days-copy' },
      status: 'Hidden',
      title: { nl: 'Opendeurdagen (copy)' },
    });

    // Both hidden: listed apart from the menu, with why.
    await nav(page, 'Pages').click();
    const row = (pid: number) => page.locator(`tr[data-page-id="${pid}"]`);
    for (const pid of [id, copyId])
      await expect
        .poll(() =>
          row(pid)
            .innerText()
            .catch(() => ''),
        )
        .toContain('Hidden: reachable by its address only');

    for (const [pid, name] of [
      [copyId, 'Open days (copy)'],
      [id, 'Open days'],
    ] as const) {
      await page.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
      // It goes to the trash (issue 38): the dialog says so before the button does it.
      const dialog = page.getByRole('dialog', { name: `Delete “${name}”?` });
      await expect.poll(() => dialog.innerText()).toContain('It goes to the trash');
      await dialog.getByRole('button', { name: 'Move to the trash' }).click();
      await expect.poll(() => page.locator(`tr[data-page-id="${pid}"]`).count(), { timeout: 20_000 }).toBe(0);
      expect(latest(`page:${pid}`)!.data).toBeNull();
    }
  });
});

describe('the editor stays off the public site', () => {
  it('no public page requests a file that only the editor uses', async () => {
    type Chunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[]; assets?: string[] };
    // The site and the editor are built apart, each with its manifest (vite.config.ts).
    const read = (name: string) => JSON.parse(readFileSync(join(root, 'dist/client/.vite', name), 'utf8')) as Record<string, Chunk>;
    const siteManifest = read('manifest.json');
    const editorManifest = read('editor-manifest.json');
    const reach = (manifest: Record<string, Chunk>, entry: string) => {
      const files = new Set<string>();
      const seen = new Set<string>();
      const walk = (key: string) => {
        if (seen.has(key) || !manifest[key]) return;
        seen.add(key);
        const c = manifest[key];
        for (const f of [c.file, ...(c.css ?? []), ...(c.assets ?? [])]) files.add(f);
        for (const k of [...(c.imports ?? []), ...(c.dynamicImports ?? [])]) walk(k);
      };
      walk(entry);
      return files;
    };
    const site = reach(siteManifest, 'renderer/entry-client.tsx');
    const editorOnly = [...reach(editorManifest, 'editor/main.tsx')].filter((f) => !site.has(f));
    expect(editorOnly).toContain(editorManifest['editor/main.tsx'].file);
    expect(editorOnly.length).toBeGreaterThan(5); // the shell, its screens, RJSF and AJV

    const page = await browser.open();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname));
    const property = ((await (await page.request.get('/api/properties?lang=fr&goal=sale&pageSize=1')).json()) as { items: Array<{ path: string }> }).items[0]
      .path;
    for (const path of ['/fr/', '/nl/', property, '/fr/nos-services/']) {
      await page.goto(path);
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await page.waitForLoadState('networkidle');
    }
    expect(requested.filter((p) => p.startsWith('/assets/')).length).toBeGreaterThan(0);
    expect(requested.filter((p) => editorOnly.some((f) => p === `/${f}`))).toEqual([]);

    // …while the editor's own page does load them.
    browser.state.expectedMissing.add('/api/admin/me');
    requested.length = 0;
    await page.goto(ENTRY);
    await page.locator('form.ed-login__card').waitFor();
    expect(requested).toContain(`/${editorManifest['editor/main.tsx'].file}`);
  });
});
