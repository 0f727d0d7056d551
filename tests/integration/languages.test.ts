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
