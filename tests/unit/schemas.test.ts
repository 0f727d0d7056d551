import { describe, expect, it } from 'vitest';
import { configCopy, loadShipped, problemsOf } from '../helpers/config.ts';

describe('the shipped site-config', () => {
  it('passes every schema and cross-check with no warnings', () => {
    const { warnings } = loadShipped();
    expect(warnings).toEqual([]);
  });
});

describe('a broken site-config is reported one line per problem', () => {
  const findModule = (pages: any[], view: string) => {
    const i = pages.findIndex((p) => p.modules?.some((m: any) => m.view === view));
    const j = pages[i].modules.findIndex((m: any) => m.view === view);
    return { i, j };
  };

  it('span above 12', () => {
    let at = '';
    const dir = configCopy(({ read, write }) => {
      const pages = read('pages.json');
      const { i, j } = findModule(pages, 'news-view');
      pages[i].modules[j].span = 13;
      at = `/${i}/modules/${j}/span`;
      write('pages.json', pages);
    });
    expect(problemsOf(dir).lines).toEqual([`pages.json ${at}: must be <= 12`]);
  });

  it('a missing required title and an unknown status', () => {
    const dir = configCopy(({ read, write }) => {
      const pages = read('pages.json');
      delete pages[3].title;
      pages[4].status = 'Draft';
      write('pages.json', pages);
    });
    expect(problemsOf(dir).lines).toEqual(['pages.json /3/title: is required', 'pages.json /4/status: must be one of "Published", "Hidden"']);
  });

  it('an unknown field and a bad e-mail in site info', () => {
    const dir = configCopy(({ read, write }) => {
      const site = read('site.json');
      site.analyticId = 'G-1';
      site.email = 'not-an-email';
      write('site.json', site);
    });
    expect(problemsOf(dir).lines.sort()).toEqual(['site.json /analyticId: is not a known field', 'site.json /email: must match format "email"']);
  });

  it('a file that is not JSON, with its line and column', () => {
    const dir = configCopy(({ writeText }) => writeText('header.json', '{\n  "topBar": { "show": true, }\n}\n'));
    const { lines } = problemsOf(dir);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^header\.json \/: invalid JSON: .*line 2, column \d+$/);
  });

  it('two default languages', () => {
    const dir = configCopy(({ read, write }) => {
      const langs = read('languages.json');
      langs[1].default = true;
      write('languages.json', langs);
    });
    expect(problemsOf(dir).lines).toEqual(['languages.json /: exactly one language in use must be the default (found 2)']);
  });

  it('a parent that does not exist, a duplicate path and a module-specific param of the wrong type', () => {
    const dir = configCopy(({ read, write }) => {
      const pages = read('pages.json');
      pages[5].parentId = 999;
      pages[2].localizedPath.fr = 'acheter';
      const { i, j } = findModule(pages, 'news-view');
      pages[i].modules[j].columns = ['sellers'];
      write('pages.json', pages);
    });
    const { lines } = problemsOf(dir);
    expect(lines).toContain('pages.json /5/parentId: page 999 does not exist');
    expect(lines.some((l) => /^pages\.json \/\d+\/modules\/\d+\/columns\/0: must be one of "seller", "buyer"$/.test(l))).toBe(true);
  });

  it('two pages on one public path', () => {
    const dir = configCopy(({ read, write }) => {
      const pages = read('pages.json');
      pages[2].localizedPath.fr = 'acheter';
      write('pages.json', pages);
    });
    expect(problemsOf(dir).lines).toEqual(['pages.json /2/localizedPath/fr: path /fr/acheter/ is already used by page 2']);
  });

  it('a relation to an article that does not exist, and a missing dictionary key', () => {
    const dir = configCopy(({ read, write }) => {
      const pages = read('pages.json');
      pages[0].modules[0].relations[0].id = 'no-such-article';
      write('pages.json', pages);
      const fr = read('dictionaries/fr.json');
      delete fr.backToTop;
      write('dictionaries/fr.json', fr);
    });
    expect(problemsOf(dir).lines).toEqual([
      'dictionaries/fr.json /: missing keys: backToTop',
      'pages.json /0/modules/0/relations/0/id: article "no-such-article" does not exist',
    ]);
  });

  it('an unregistered view is a warning; the rest of the config loads', () => {
    let at = 0;
    const dir = configCopy(({ read, write }) => {
      const pages = read('pages.json');
      at = pages[1].modules.push({ id: 999, view: 'carousel-3d', status: 'Published' }) - 1;
      write('pages.json', pages);
    });
    const r = problemsOf(dir);
    expect(r.lines).toEqual([]);
    expect(r.warnings).toEqual([`pages.json /1/modules/${at}/view: view not found ("carousel-3d"); the module is skipped`]);
    expect(r.content).toBeDefined();
  });

  it('accepts upper-case language keys on read', () => {
    const dir = configCopy(({ read, write }) => {
      const pages = read('pages.json');
      pages[1].title = { NL: 'Kopen', FR: 'Acheter', EN: 'For sale' };
      write('pages.json', pages);
    });
    const r = problemsOf(dir);
    expect(r.lines).toEqual([]);
  });
});

describe('keys that are not allowed', () => {
  it('names the key', () => {
    const dir = configCopy(({ read, write }) => {
      const en = read('dictionaries/en.json');
      en['bad key!'] = 'x';
      write('dictionaries/en.json', en);
    });
    expect(problemsOf(dir).lines).toEqual(['dictionaries/en.json /bad key!: is not an allowed key (must match pattern "^[A-Za-z][A-Za-z0-9_.-]*$")']);
  });
});
