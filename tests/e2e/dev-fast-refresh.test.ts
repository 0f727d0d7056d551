/**
 * `npm run dev` as a developer uses it (issue 42): an edited module view (modules/<view>/View.tsx)
 * is swapped in place by React Fast Refresh, what the visitor typed is kept and the page is not
 * reloaded; a clean load of home and of a property page prints no error, in the server's output or
 * in the browser's console. It runs on a scratch copy of the repository, whose file it edits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { launchChromium, watchConsole } from '../helpers/browser.ts';
import { scratchCopy, startDev } from '../helpers/scratch-copy.ts';
import { HYDRATED_ATTRIBUTE } from '../../renderer/App.tsx';

describe('npm run dev', () => {
  let dir: string;
  let dev: Awaited<ReturnType<typeof startDev>> | undefined;
  let browser: Browser;

  beforeAll(async () => {
    dir = scratchCopy();
    [dev, browser] = await Promise.all([startDev(dir), launchChromium()]);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await dev?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('loads home and a property page without an error', async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    for (const path of ['/nl/', '/nl/kopen/schaarbeek/ruim-appartement-met-2-slaapkamers/1132/']) {
      expect((await page.goto(dev!.url + path))?.status(), path).toBe(200);
      await page.waitForSelector(`[${HYDRATED_ATTRIBUTE}]`);
    }
    expect(problems).toEqual([]);
    expect(dev!.output()).not.toMatch(/error|warn/i);
    await page.close();
  });

  it('shows an edited view without reloading the page, keeping what the visitor typed', async () => {
    const page = await browser.newPage();
    const problems = watchConsole(page);
    let loads = 0;
    page.on('load', () => loads++);
    await page.goto(`${dev!.url}/en/renovation-calculator/`);
    await page.waitForSelector(`[${HYDRATED_ATTRIBUTE}]`);
    // React state: the surface typed, and the quantities the calculator proposes from it.
    await page.selectOption('#calc-kind', { index: 1 });
    await page.fill('#calc-surface', '85');
    const proposed = await page.inputValue('.tool-work__qty input >> nth=0');
    expect(proposed).not.toBe('');
    await page.evaluate(() => ((window as unknown as { kept: boolean }).kept = true));

    const file = join(dir, 'modules/renovation-calculator/View.tsx');
    const source = readFileSync(file, 'utf8');
    expect(source).toContain('<form ref={formRef} className="tool-form"');
    writeFileSync(file, source.replace('<form ref={formRef} className="tool-form"', '<form ref={formRef} className="tool-form" data-edited="yes"'));
    try {
      await page.waitForSelector('form.tool-form[data-edited="yes"]', { timeout: 30_000 });
      expect(await page.inputValue('#calc-surface')).toBe('85');
      expect(await page.inputValue('.tool-work__qty input >> nth=0')).toBe(proposed);
      expect(await page.evaluate(() => (window as unknown as { kept?: boolean }).kept)).toBe(true);
      expect(loads).toBe(1);
    } finally {
      writeFileSync(file, source);
    }
    // The file as it was: refreshed again, still in place.
    await page.waitForSelector('form.tool-form:not([data-edited])', { timeout: 30_000 });
    expect(await page.inputValue('#calc-surface')).toBe('85');
    expect(loads).toBe(1);
    expect(dev!.output()).toMatch(/hmr update \/modules\/renovation-calculator\/View\.tsx/);
    expect(dev!.output()).not.toMatch(/page reload|error/i);
    expect(problems).toEqual([]);
    await page.close();
  });
});
