import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startTestServer } from '../helpers/server.ts';
import { configCopy, loadShipped } from '../helpers/config.ts';
import { RouteTable } from '../../shared/routes.ts';

let srv: Awaited<ReturnType<typeof startTestServer>>;
const { content, routes } = loadShipped();
const get = (path: string, init?: RequestInit) => fetch(srv.url + path, { redirect: 'manual', ...init });
const h1 = (html: string) => /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(html)?.[1].replace(/<!-- -->/g, '');
const decode = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv.close());

describe('pages over HTTP', () => {
  it('sends / to the default language home', async () => {
    const r = await get('/');
    expect(r.status).toBe(302);
    expect(r.headers.get('location')).toBe('/nl/');
  });

  it.each([
    ['nl', 'Uw woning in Brussel, in vertrouwde handen'],
    ['fr', 'Votre bien à Bruxelles, entre de bonnes mains'],
    ['en', 'Your Brussels home, in trusted hands'],
  ])('renders the %s home in its language', async (lang, title) => {
    const r = await get(`/${lang}/`);
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('text/html');
    const html = await r.text();
    expect(html.startsWith('<!DOCTYPE html>')).toBe(true);
    expect(html).toContain(`<html lang="${lang}"`);
    expect(decode(h1(html)!)).toBe(title);
    expect(html).toContain(`<link rel="canonical" href="https://www.atrium-immo.be/${lang}/"/>`);
    for (const l of ['nl', 'fr', 'en']) expect(html).toContain(`<link rel="alternate" hrefLang="${l}" href="https://www.atrium-immo.be/${l}/"/>`);
    expect(html).toContain('<link rel="alternate" hrefLang="x-default" href="https://www.atrium-immo.be/nl/"/>');
    expect(html).toContain('"@type":"RealEstateAgent"');
  });

  it('serves every page and article of the route table in nl, fr and en with its title', async () => {
    const entries = routes.entries();
    expect(entries.length).toBeGreaterThan(150);
    for (const e of entries) {
      const r = await get(e.path);
      expect(r.status, e.path).toBe(200);
      const html = await r.text();
      if (e.page.path !== '/') {
        const expected = e.article
          ? e.article.title[e.lang]
          : e.subcategory
            ? content.dictionaries[e.lang]![`blog.column.${e.subcategory}`]
            : e.page.title[e.lang];
        expect(decode(h1(html) ?? ''), e.path).toBe(expected);
      }
      expect(html, e.path).toContain(`<html lang="${e.lang}"`);
    }
  }, 90_000); // some 170 pages rendered one after the other, on a machine that may be busy

  it('shows the 404 page with status 404, a search form and a link home, in the language of the path', async () => {
    const r = await get('/en/this-page-does-not-exist/');
    expect(r.status).toBe(404);
    const html = await r.text();
    expect(h1(html)).toBe('Oops, this page no longer exists');
    expect(html).toContain('role="search"');
    expect(html).toContain('action="/en/search/"');
    expect(html).toContain('href="/en/"');
    expect(html).toContain('content="noindex, follow"');
    const fr = await (await get('/fr/nexiste-plus/')).text();
    expect(decode(h1(fr)!)).toBe("Oups, cette page n'existe plus");
  });

  it('redirects a path without trailing slash and an original path permanently', async () => {
    let r = await get('/fr/nos-services');
    expect([r.status, r.headers.get('location')]).toEqual([301, '/fr/nos-services/']);
    r = await get('/for-rent/');
    expect([r.status, r.headers.get('location')]).toEqual([301, '/nl/huren/']);
  });

  it('sets no cookie on public pages and compresses them', async () => {
    const r = await get('/fr/blog-immo/', { headers: { 'accept-encoding': 'gzip' } });
    expect(r.headers.get('set-cookie')).toBeNull();
    expect(r.headers.get('content-encoding')).toBe('gzip');
    expect(await r.text()).toContain('<html lang="fr"');
  });

  it('gzips answers made per request when asked, small or large, and only then', async () => {
    const { request } = await import('node:http');
    const { gunzipSync } = await import('node:zlib');
    // Raw bytes: fetch would undo the encoding.
    const raw = (path: string, headers: Record<string, string>, method = 'GET') =>
      new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
        const req = request(srv.url + path, { method, headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
        });
        req.on('error', reject);
        req.end();
      });
    const small = '/api/page?path=%2Ffr%2Fnos-services%2F';
    const gz = await raw(small, { 'accept-encoding': 'gzip, deflate, br' });
    expect(gz.status).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    const page = JSON.parse(gunzipSync(gz.body).toString('utf8'));
    expect(page.page.lang).toBe('fr');
    const plain = await raw(small, {});
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString('utf8'))).toEqual(page);
    const refused = await raw(small, { 'accept-encoding': 'gzip;q=0, identity' });
    expect(refused.headers['content-encoding']).toBeUndefined();
    const head = await raw(small, { 'accept-encoding': 'gzip' }, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
    // A filtered list is rendered for this request (larger than the one-call limit): streamed gzip.
    const list = await raw('/fr/acheter/?sort=price-desc&maxPrice=900000', { 'accept-encoding': 'gzip' });
    expect(list.status).toBe(200);
    expect(list.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(list.body).toString('utf8')).toContain('<html lang="fr"');
  });

  it('answers HEAD without a body and refuses other methods on pages', async () => {
    const head = await get('/nl/contact/', { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const post = await get('/nl/contact/', { method: 'POST', body: 'x' });
    expect(post.status).toBe(405);
  });

  it('embeds the page data once and renders Open Graph and Twitter tags', async () => {
    const html = await (await get('/en/our-services/')).text();
    expect(html.match(/<script type="application\/json" id="vitrine-data">/g)).toHaveLength(1);
    expect(html).toContain('<meta property="og:title" content="Our services | Atrium Immo"/>');
    expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
    expect(html).toContain('<meta property="og:locale" content="en_BE"/>');
  });

  it('marks thank-you and hidden pages noindex', async () => {
    const html = await (await get('/nl/bedankt/site-contact/')).text();
    expect(html).toContain('content="noindex, follow"');
  });

  it('searches the site in the language of the page', async () => {
    const html = await (await get('/fr/chercher/?q=garantie%20locative')).text();
    expect(html).toMatch(/\d+ résultats? pour « garantie locative »/);
    expect(html).toContain('href="/fr/blog-immo/');
    const none = await (await get('/en/search/?q=zzzzqqq')).text();
    expect(none).toContain('No results were found for your search.');
  });
});

describe('JSON API for client-side navigation', () => {
  it('returns the same page data as the HTML, with the shell only when asked', async () => {
    const r = await get('/api/page?path=%2Ffr%2Fnos-services%2F');
    expect(r.status).toBe(200);
    const d = await r.json();
    expect(d.page.path).toBe('/fr/nos-services/');
    expect(d.page.lang).toBe('fr');
    expect(d.page.alternates).toEqual({ nl: '/nl/onze-diensten/', fr: '/fr/nos-services/', en: '/en/our-services/' });
    expect(d.shell.lang).toBe('fr');
    const again = await (await get('/api/page?path=%2Ffr%2Fnotre-equipe%2F&shells=nl,fr')).json();
    expect(again.shell).toBeUndefined();
    expect(again.page.modules.find((m: any) => m.record.view === 'ons-team-view').data.members.length).toBeGreaterThanOrEqual(6);
  });

  it('tells the client where a path redirects and answers 404 pages with 404', async () => {
    expect(await (await get('/api/page?path=%2Fen%2Fblog')).json()).toEqual({ redirect: '/en/blog/' });
    const r = await get('/api/page?path=%2Fen%2Fnope%2F');
    expect(r.status).toBe(404);
    expect((await r.json()).page.kind).toBe('notFound');
  });

  it.each([
    ['', 'missing'],
    ['?path=', 'empty'],
    ['?path=nl%2F', 'relative'],
    ['?path=%2F%2Fevil.example%2F', 'protocol-relative'],
    [`?path=%2F${'a'.repeat(2100)}`, 'too long'],
    ['?path=a&path=b', 'repeated'],
  ])('refuses a bad path (%s: %s) with 400 naming the field', async (qs) => {
    const r = await get(`/api/page${qs}`);
    expect(r.status).toBe(400);
    expect(await r.json()).toMatchObject({ field: 'path' });
  });

  it('answers unknown API routes with JSON 404', async () => {
    const r = await get('/api/nothing-here');
    expect(r.status).toBe(404);
    expect(await r.json()).toEqual({ error: 'Not found' });
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('points robots to the sitemap and keeps them out of the API', async () => {
    const text = await (await get('/robots.txt')).text();
    expect(text).toContain('Disallow: /api/');
    expect(text).toContain('Sitemap: https://www.atrium-immo.be/sitemap.xml');
  });

  it('lists every published page and article in every language with alternates, and nothing hidden', async () => {
    const xml = await (await get('/sitemap.xml')).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace('https://www.atrium-immo.be', ''));
    for (const p of content.pages) {
      for (const lang of ['nl', 'fr', 'en'] as const) {
        const path = routes.pagePath(p, lang);
        // A page kept out of search engines (isActiveSEO: false, such as the visitor's favourites) is not listed.
        const listed = p.status === 'Published' && p.type !== 'feedback' && p.isActiveSEO !== false;
        expect(locs.includes(path), path).toBe(listed);
      }
    }
    for (const a of content.articles.filter((x) => x.status === 'Published' && x.category !== 'general')) {
      for (const lang of ['nl', 'fr', 'en'] as const) expect(locs).toContain(routes.articlePath(a, lang));
    }
    expect(xml).toContain('<xhtml:link rel="alternate" hreflang="fr" href="https://www.atrium-immo.be/fr/nos-services/"/>');
  });
});

describe('media', () => {
  it('serves the agency logo from the site-config media folder', async () => {
    const r = await get('/media/logo.svg');
    expect(r.status).toBe(200);
    expect(r.headers.get('content-type')).toContain('image/svg+xml');
    expect(await r.text()).toBe(readFileSync(join(import.meta.dirname, '../../site-config/media/logo.svg'), 'utf8'));
  });
});

describe('page cache', () => {
  it('serves a repeat visit the same page, status included, and a query its own page', async () => {
    const first = await (await get('/nl/ons-team/')).text();
    const again = await get('/nl/ons-team/');
    expect(again.status).toBe(200);
    expect(await again.text()).toBe(first);
    for (let i = 0; i < 2; i++) expect((await get('/nl/bestaat-niet/')).status).toBe(404);
    const a = await (await get('/en/search/?q=deposit')).text();
    const b = await (await get('/en/search/?q=notary')).text();
    expect(a).toContain('for “deposit”');
    expect(b).toContain('for “notary”');
  });

  it('resolves a page path once when it is rendered or redirected, not at all when the page cache answers', async () => {
    const detail = (await (await get('/api/properties?lang=fr')).json()).items[0].path as string;
    const browser = { 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36' };
    const resolve = vi.spyOn(RouteTable.prototype, 'resolve');
    try {
      const campaign = `${detail}?utm_source=newsletter&utm_campaign=novembre`;
      for (const [path, status, resolved] of [
        [detail, 200, 1],
        [detail, 200, 0],
        // A campaign link is the page everyone gets: kept under the path, the analytics parameters aside.
        [campaign, 200, 0],
        // A query is kept once it is asked for a second time (most filtered searches are asked once).
        [`${detail}?view=map`, 200, 1],
        [`${detail}?view=map`, 200, 1],
        [`${detail}?view=map`, 200, 0],
        ['/fr/bestaat-niet-du-tout/', 404, 1],
        [detail.replace(/\/$/, ''), 301, 1],
        [detail.replace(/\/$/, ''), 301, 1],
        ['/property/1132', 301, 1],
      ] as const) {
        resolve.mockClear();
        expect((await get(path, { headers: browser })).status, path).toBe(status);
        expect(resolve, path).toHaveBeenCalledTimes(resolved);
      }
    } finally {
      resolve.mockRestore();
    }
  });
});

describe('page cache ahead of the files and routes', () => {
  it('answers a kept page before anything else looks at it, yet a kept 404 never hides a file added at its address', async () => {
    const dir = configCopy(() => {});
    mkdirSync(join(dir, 'media'), { recursive: true });
    const own = await startTestServer({ configDir: dir });
    try {
      const at = (path: string) => fetch(own.url + path, { redirect: 'manual' });
      // A visitor asks twice for a picture that is not there yet: the 404 page, kept.
      for (let i = 0; i < 2; i++) expect((await at('/media/plan-2027.svg')).status).toBe(404);
      writeFileSync(join(dir, 'media/plan-2027.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
      const file = await at('/media/plan-2027.svg');
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toContain('image/svg+xml');
      // A kept page is the same page from the front of the chain, its policy and encoding included.
      const first = await at('/fr/');
      const html = await first.text();
      const again = await at('/fr/');
      expect(again.status).toBe(200);
      expect(again.headers.get('content-security-policy')).toBe(first.headers.get('content-security-policy'));
      expect(again.headers.get('content-language')).toBe('fr');
      expect(await again.text()).toBe(html);
      // The routes still answer what is theirs.
      expect((await at('/robots.txt')).headers.get('content-type')).toContain('text/plain');
      expect((await at('/api/nothing-here')).status).toBe(404);
    } finally {
      await own.close();
    }
  });
});

describe('menu', () => {
  it('lists the services under their section and opens external links in a new tab', async () => {
    const html = await (await get('/fr/')).text();
    const nav = /<nav class="main-nav"[\s\S]*?<\/nav>/.exec(html)![0];
    for (const a of content.articles.filter((x) => x.category === 'services')) expect(nav).toContain(`href="${routes.articlePath(a, 'fr')}"`);
    expect(nav).toMatch(/<a href="https:\/\/renolution\.brussels\/" target="_blank" rel="noopener noreferrer">Primes à la rénovation à Bruxelles/);
    // Hidden pages are reachable but not in the menu.
    expect(nav).not.toContain('/fr/expertise/expertise-en-ligne/');
  });
});
