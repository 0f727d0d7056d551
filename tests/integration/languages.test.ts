import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configCopy } from '../helpers/config.ts';
import { startTestServer } from '../helpers/server.ts';

describe('German enabled: German interface, English content', () => {
  let srv: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    const dir = configCopy(({ read, write }) => {
      const langs = read('languages.json');
      langs.find((l: any) => l.code === 'de').use = true;
      write('languages.json', langs);
    });
    srv = await startTestServer({ configDir: dir });
  });
  afterAll(() => srv.close());

  it('serves /de/ pages with the German dictionary and the English texts of the pages', async () => {
    const r = await fetch(`${srv.url}/de/our-services/`);
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).toContain('<html lang="de"');
    expect(html).toContain('Our services</h1>'); // page content falls back to English
    expect(html).toContain('Zum Inhalt'); // interface text from the German dictionary
    expect(html).toContain('hrefLang="de" href="https://www.atrium-immo.be/de/our-services/"');
  });
});

describe('one language only', () => {
  let srv: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    const dir = configCopy(({ read, write }) => {
      const langs = read('languages.json').map((l: any) => ({ ...l, use: l.code === 'fr', default: l.code === 'fr' }));
      write('languages.json', langs);
    });
    srv = await startTestServer({ configDir: dir });
  });
  afterAll(() => srv.close());

  it('hides the language switcher and sends / to the French home', async () => {
    const root = await fetch(`${srv.url}/`, { redirect: 'manual' });
    expect(root.headers.get('location')).toBe('/fr/');
    const html = await (await fetch(`${srv.url}/fr/nos-services/`)).text();
    expect(html).not.toContain('lang-switch');
    expect((await fetch(`${srv.url}/nl/onze-diensten/`)).status).toBe(404);
  });
});

describe('a module whose view is not registered', () => {
  let srv: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => {
    const dir = configCopy(({ read, write }) => {
      const pages = read('pages.json');
      const team = pages.find((p: any) => p.name === 'team');
      team.modules.unshift({ id: 900, view: 'holo-view', status: 'Published', title: { nl: 'Hologram', fr: 'Hologramme', en: 'Hologram' } });
      write('pages.json', pages);
    });
    srv = await startTestServer({ configDir: dir });
  });
  afterAll(() => srv.close());

  it('is skipped while the rest of the page renders', async () => {
    const r = await fetch(`${srv.url}/en/our-team/`);
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(html).not.toContain('Hologram');
    expect(html).not.toContain('data-module-id="900"');
    expect(html).toContain('data-module-id="13"'); // the team grid
    expect(html).toContain('Sophie Claes');
  });
});
