/**
 * `npm run new:module -- NAME` (scripts/new-module.mjs) as a developer runs it, in a scratch copy of
 * the repository: the new type type-checks, renders on the page it was placed on (npm run dev on the
 * copy) and is in the editor's add-module list (GET /api/admin/registry); a bad name is refused in
 * one line and changes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { scratchCopy, startDev } from '../helpers/scratch-copy.ts';
import { ApiClient } from '../helpers/admin-api.ts';
import { StaffAccounts, addStaff } from '../../server/auth/staff-accounts.ts';

const EDITOR = { username: 'scaffold-editor@example.be', password: 'Scaffold-editor-2026!', role: 'editor' };

describe('npm run new:module', () => {
  let dir: string;
  let dev: Awaited<ReturnType<typeof startDev>> | undefined;
  let printed: string;
  const scaffold = (...args: string[]) => spawnSync(process.execPath, ['scripts/new-module.mjs', ...args], { cwd: dir, encoding: 'utf8' });

  beforeAll(async () => {
    dir = scratchCopy();
    const r = scaffold('quote-box', '--loader', '--page', '1');
    expect(r.status, r.stderr).toBe(0);
    printed = r.stdout;
    dev = await startDev(dir);
  }, 180_000);
  afterAll(async () => {
    await dev?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('writes the module folder, its registry line, its instance and the types, and says which files', () => {
    const files = [...printed.matchAll(/^ {2}(\S+)$/gm)].map((m) => m[1]);
    expect(files).toEqual([
      'modules/quote-box/schema.json',
      'modules/quote-box/index.ts',
      'modules/quote-box/View.tsx',
      'modules/quote-box/quote-box.css',
      'modules/quote-box/load.server.ts',
      'modules/index.ts',
      'site-config/pages.json',
      'schemas/types.gen.ts',
    ]);
    expect(printed).toContain('8 files written');
    expect(readFileSync(join(dir, 'modules/index.ts'), 'utf8')).toMatch(/import quoteBox from '\.\/quote-box\/index\.ts';[\s\S]*\n {2}quoteBox,\n\];/);
    expect(readFileSync(join(dir, 'schemas/types.gen.ts'), 'utf8')).toContain('export type QuoteBoxModule = ModuleRecord &');
    // The next free module id of the whole site (ids are unique across pages).
    const pages = JSON.parse(readFileSync(join(dir, 'site-config/pages.json'), 'utf8')) as { id: number; modules?: { id: number; view: string }[] }[];
    const ids = pages.flatMap((p) => (p.modules ?? []).map((m) => m.id));
    const placed = pages.find((p) => p.id === 1)!.modules!.at(-1)!;
    expect(placed.view).toBe('quote-box');
    expect(placed.id).toBe(Math.max(...ids));
    expect(ids.filter((id) => id === placed.id)).toHaveLength(1);
  });

  it('type-checks', () => {
    // The new folder and the registry, with everything they import (the renderer's module API, the types).
    writeFileSync(
      join(dir, 'tsconfig.scaffold.json'),
      JSON.stringify({ extends: './tsconfig.json', include: ['modules/quote-box', 'modules/index.ts', 'modules/lib/*.d.ts'] }),
    );
    execFileSync(process.execPath, [join(dir, 'node_modules/typescript/bin/tsc'), '--noEmit', '-p', 'tsconfig.scaffold.json'], { cwd: dir, stdio: 'pipe' });
  }, 120_000);

  it('renders on the page it was placed on, in each language, with what its loader found', async () => {
    for (const lang of ['nl', 'fr', 'en']) {
      const r = await fetch(`${dev!.url}/${lang}/`);
      expect(r.status).toBe(200);
      const html = await r.text();
      expect(html).toMatch(/<div class="quote-box"><p class="quote-box__text">Module quote-box<\/p>/);
      // The loader's newest testimonial in the page's language (the sample has some in each).
      expect(html).toMatch(new RegExp(`<blockquote class="quote-box__quote" lang="${lang}"><p>[^<]+</p><footer>[^<]+</footer></blockquote>`));
    }
    expect(dev!.output()).not.toMatch(/error/i);
  });

  it("is in the editor's add-module list at once, with its labels and defaults", async () => {
    await addStaff(StaffAccounts.inDataDir(dev!.dataDir), EDITOR);
    const editor = await new ApiClient(dev!.url).login(EDITOR.username, EDITOR.password);
    const { modules } = (await editor.req('GET', '/api/admin/registry')).json as {
      modules: { view: string; title: object; defaults: object; uiSchema: any }[];
    };
    const mine = modules.find((m) => m.view === 'quote-box');
    expect(mine?.title).toEqual({ nl: 'Quote box', fr: 'Quote box', en: 'Quote box' });
    expect(mine?.defaults).toEqual({ view: 'quote-box', version: 1, status: 'Published', span: 12, text: {} });
    expect(mine?.uiSchema.text['ui:title']).toEqual({ nl: 'Tekst', fr: 'Texte', en: 'Text' });
  });

  it('refuses a name that is not kebab-case, or taken, in one line, and writes nothing', () => {
    const registry = readFileSync(join(dir, 'modules/index.ts'), 'utf8');
    for (const [name, why] of [
      ['QuoteBox', /"QuoteBox" is not a module name: kebab-case/],
      ['quote_box', /"quote_box" is not a module name/],
      ['-quote', /usage|not a module name/],
      ['a'.repeat(41), /at most 40 characters/],
      ['quote-box', /"quote-box" exists already/],
      ['text', /"text" exists already/],
      ['class', /"class" cannot be a module name: its identifier class is a JavaScript word/],
      ['registry', /"registry" cannot be a module name: its identifier registry is .* taken in modules\/index.ts/],
    ] as const) {
      const r = scaffold(name);
      expect(r.status, name).toBe(2);
      expect(r.stderr.trim().split('\n'), name).toHaveLength(1);
      expect(r.stderr, name).toMatch(why);
    }
    expect(scaffold('quote-line', '--page', '999999').stderr).toMatch(/--page 999999: site-config\/pages.json has no page with that id/);
    expect(existsSync(join(dir, 'modules/quote-line'))).toBe(false);
    expect(readFileSync(join(dir, 'modules/index.ts'), 'utf8')).toBe(registry);
  });
});
