import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';
import { BREAKPOINT_DESKTOP, BREAKPOINT_TABLET, MENU_BAR_WIDTHS } from '../../shared/constants.ts';
import { loadShipped, root } from '../helpers/config.ts';

const sources = (dir: string): string[] =>
  readdirSync(join(root, dir)).flatMap((f) => {
    const p = join(dir, f);
    return statSync(join(root, p)).isDirectory() ? sources(p) : /\.(tsx?)$/.test(f) ? [p] : [];
  });

const stylesheets = (dir: string): string[] =>
  readdirSync(join(root, dir)).flatMap((f) => {
    const p = join(dir, f);
    return statSync(join(root, p)).isDirectory() ? stylesheets(p) : f.endsWith('.css') ? [p] : [];
  });

describe('house rules', () => {
  it("every stylesheet (the site's and each module's) uses only the breakpoints of constants.ts", () => {
    const sheets = ['renderer/styles/site.css', ...stylesheets('modules')];
    expect(sheets.length).toBeGreaterThan(10);
    const widths = sheets.flatMap((f) =>
      [...readFileSync(join(root, f), 'utf8').matchAll(/@media[^{]*\((?:min|max)-width:\s*(\d+)px\)/g)].map((m) => [f, Number(m[1])] as const),
    );
    expect(widths.length).toBeGreaterThan(10);
    // The device breakpoints, and the widths from which the header's menu bar fits (MENU_BAR_WIDTHS).
    for (const [f, w] of widths) expect([BREAKPOINT_TABLET, BREAKPOINT_DESKTOP, BREAKPOINT_TABLET - 1, ...MENU_BAR_WIDTHS], f).toContain(w);
  });

  it('nl, fr, en and de dictionaries have the same keys', () => {
    const { content } = loadShipped();
    const keys = Object.keys(content.dictionaries.en!).sort();
    for (const lang of ['nl', 'fr', 'de'] as const) expect(Object.keys(content.dictionaries[lang]!).sort(), lang).toEqual(keys);
  });

  it('production code never imports the sample (its photos reach the server as an injected source)', () => {
    for (const f of [...sources('server'), ...sources('shared'), ...sources('renderer'), ...sources('modules'), ...sources('editor')]) {
      expect(readFileSync(join(root, f), 'utf8'), f).not.toMatch(/from\s+['"][./]*sample\//);
    }
  });

  it('every dictionary key the code asks for exists', () => {
    const { content } = loadShipped();
    const dict = content.dictionaries.en!;
    const used = new Set<string>();
    for (const f of [...sources('renderer'), ...sources('shared'), ...sources('modules'), ...sources('server')]) {
      const text = readFileSync(join(root, f), 'utf8');
      for (const m of text.matchAll(/\bt\(\s*'([A-Za-z][\w.]*)'/g)) used.add(m[1]);
      for (const m of text.matchAll(/\bt\(`([a-z.]+)\.\$\{/g)) used.add(`${m[1]}.*`);
    }
    expect(used.size).toBeGreaterThan(20);
    for (const key of used) {
      if (key.endsWith('.*'))
        expect(
          Object.keys(dict).some((k) => k.startsWith(key.slice(0, -1))),
          key,
        ).toBe(true);
      else expect(dict, key).toHaveProperty([key]);
    }
  });

  it('a module imports only the module API, the shared UI and helpers, the generated types, modules/lib and its own folder', () => {
    // The module API: module-api.ts and ui.tsx, and the data contracts it speaks in (listing and content types).
    const api = ['renderer/module-api.ts', 'renderer/ui.tsx', 'renderer/listing-types.ts', 'renderer/content.ts', 'schemas/types.gen.ts'];
    // modules/index.ts is the registry of the module folders, not a module.
    for (const f of sources('modules').filter((x) => x.split('/').length > 2)) {
      const folder = f.split('/').slice(0, 2).join('/');
      for (const m of readFileSync(join(root, f), 'utf8').matchAll(/^\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/gm)) {
        const spec = m[1];
        if (!spec.startsWith('.')) continue; // a package
        const target = posix.normalize(posix.join(posix.dirname(f), spec));
        const ok = target.startsWith(`${folder}/`) || target.startsWith('modules/lib/') || target.startsWith('shared/') || api.includes(target);
        expect(ok, `${f} imports ${spec}`).toBe(true);
      }
    }
  });

  it('server code outside server/storage never touches the file system for data', () => {
    // Files the server reads that are not data: the site-config files and the shipped sample
    // listings (config), the product's static files, and a feed file named on the command line.
    const notData: Record<string, string> = {
      'server/config/config.ts': 'reads site-config/',
      'server/http/static-files.ts': 'serves the built assets, site-config/media and public/images',
      'server/listings/live.ts': 'reads the shipped sample listings of site-config/',
      'server/forms/testimonial-seed.ts': 'reads the shipped sample testimonials of site-config/',
      'server/listings/feed-file.ts': 'reads the feed file given to npm run import',
      'server/main.ts': 'checks that dist/client was built',
      'server/site/built-assets.ts': 'reads the build manifest and stylesheets of dist/client',
    };
    const offenders = sources('server')
      .filter((f) => !f.startsWith('server/storage/') && !(f in notData))
      .filter((f) => /from\s+['"](node:)?fs(\/promises)?['"]|require\(['"](node:)?fs/.test(readFileSync(join(root, f), 'utf8')));
    expect(offenders).toEqual([]);
  });

  it('no source file passes 400 lines (generated files and message catalogues aside)', () => {
    // The editor's catalogues (editor/i18n/{lang}.ts, and its field words editor/i18n/words/{lang}.ts) are data: one line per text, as long as the editor has texts.
    const generated = (f: string) => f.endsWith('.gen.ts') || /^editor\/i18n\/(words\/)?[a-z]{2}\.ts$/.test(f);
    const long = ['server', 'shared', 'renderer', 'modules', 'editor', 'scripts', 'bench', 'tests']
      .flatMap((d) => sources(d))
      .filter((f) => !generated(f))
      .map((f) => ({ f, lines: readFileSync(join(root, f), 'utf8').split('\n').length }))
      .filter((x) => x.lines > 400)
      .map((x) => `${x.f} (${x.lines})`);
    expect(long).toEqual([]);
  });
});
