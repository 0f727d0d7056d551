import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { BREAKPOINT_DESKTOP, BREAKPOINT_TABLET , MENU_BAR_WIDTHS } from '../../shared/constants.ts';
import { loadShipped, root } from '../helpers/config.ts';

const sources = (dir: string): string[] =>
  readdirSync(join(root, dir)).flatMap((f) => {
    const p = join(dir, f);
    return statSync(join(root, p)).isDirectory() ? sources(p) : /\.(tsx?)$/.test(f) ? [p] : [];
  });

describe('house rules', () => {
  it('the stylesheet uses only the breakpoints of constants.ts', () => {
    const css = readFileSync(join(root, 'renderer/styles/site.css'), 'utf8');
    const widths = [...css.matchAll(/@media[^{]*\((?:min|max)-width:\s*(\d+)px\)/g)].map((m) => Number(m[1]));
    expect(widths.length).toBeGreaterThan(0);
    // The device breakpoints, and the widths from which the header's menu bar fits (MENU_BAR_WIDTHS).
    for (const w of widths) expect([BREAKPOINT_TABLET, BREAKPOINT_DESKTOP, BREAKPOINT_TABLET - 1, ...MENU_BAR_WIDTHS]).toContain(w);
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
      if (key.endsWith('.*')) expect(Object.keys(dict).some((k) => k.startsWith(key.slice(0, -1))), key).toBe(true);
      else expect(dict, key).toHaveProperty([key]);
    }
  });
});
