/**
 * The site search over HTTP (issue 39, point 2): the search page finds properties, projects and
 * pages, grouped, in the visitor's language, server-rendered; a reference goes straight to its
 * property; any query answers (length, alphabet, punctuation). On the shipped sample (a CRM feed:
 * one record per language) and, on PostgreSQL with two nodes, on a feed imported there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { sharedPostgres, type TestPostgres } from '../helpers/pg.ts';
import { tempDir } from '../helpers/config.ts';
import { importListingsData, rawSample } from '../helpers/listings.ts';
import { until } from '../helpers/two-nodes.ts';

let srv: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv?.close());

const get = (url: string, path: string) => fetch(url + path, { redirect: 'manual' });
const page = async (path: string, url = srv.url) => {
  const r = await get(url, path);
  return { status: r.status, html: await r.text(), location: r.headers.get('location') };
};
const text = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
/** The group headings, in order. */
const groups = (html: string) => [...text(html).matchAll(/<h2 id="[^"]*">([^<]*)<\/h2>/g)].map((m) => m[1]);
/** The links of a group's results (properties and projects carry their id in the path). */
const links = (html: string) => [...html.matchAll(/<h3><a[^>]*href="([^"]+)"/g)].map((m) => m[1]);
const q = (s: string) => encodeURIComponent(s);

describe('the search page', () => {
  it('groups what it finds: properties, projects, then pages and articles, each with its count', async () => {
    const { status, html } = await page(`/nl/zoeken/?q=${q('Schaarbeek')}`);
    expect(status).toBe(200);
    const [properties, projects, pages] = groups(html);
    expect(properties).toMatch(/^\d+ panden$/);
    expect(Number(properties.split(' ')[0])).toBeGreaterThanOrEqual(36); // the sample's 36 in Schaerbeek, and its Schaarbeeklei in Vilvoorde
    expect(projects).toMatch(/^\d+ nieuwbouwprojecten?$/);
    expect(pages).toMatch(/^\d+ pagina/);
    // The best 12 shown, with a word on the rest.
    expect(html.match(/class="search-hit"/g)!.length).toBeGreaterThanOrEqual(12);
    expect(text(html)).toContain('De 12 beste van');
  });

  it('answers in the language of the page: French titles and paths for a Dutch municipality name', async () => {
    const { html } = await page(`/fr/chercher/?q=${q('Schaarbeek')}`);
    expect(groups(html)[0]).toMatch(/^\d+ biens$/);
    const found = links(html);
    expect(found.some((l) => l.startsWith('/fr/acheter/schaerbeek/'))).toBe(true);
    expect(found.every((l) => l.startsWith('/fr/'))).toBe(true);
    // French pages say Schaerbeek: they are found by its Dutch name too.
    expect(groups(html)[2]).toMatch(/^\d+ pages? (et|ou) articles?$/);
    expect(html).toContain('<html lang="fr"');
  });

  it.each([
    ['a project by name', '/fr/chercher/?q=Colignon', /^\/fr\/projets\/schaerbeek\/residence-colignon\/1\/$/],
    ['a project by its Dutch name on the English site', '/en/search/?q=Residentie%20Colignon', /^\/en\/projects\/schaerbeek\/.*\/1\/$/],
    ['a project name with a typo', '/nl/zoeken/?q=Colingon', /^\/nl\/projecten\/schaarbeek\/residentie-colignon\/1\/$/],
    ['a municipality in French on the Dutch site', '/nl/zoeken/?q=Bruxelles', /^\/nl\/kopen\/brussel\//],
    ['Anvers on the English site', '/en/search/?q=Anvers', /\/antwerp\//],
    ['a municipality with a typo', '/fr/chercher/?q=Etterbek', /^\/fr\/(acheter|louer)\/etterbeek\//],
    ['a postcode', '/fr/chercher/?q=1050', /^\/fr\/(acheter|louer)\/ixelles\//],
    ['a street in Dutch', '/nl/zoeken/?q=Louis%20Bertrandlaan', /\/1001\/$/],
    ['a street in French on the Dutch site', '/nl/zoeken/?q=avenue%20louis%20bertrand', /\/1001\/$/],
    ['an article title', '/nl/zoeken/?q=huurwaarborg', /^\/nl\/immo-blog\//],
  ])('finds %s', async (_label, path, expected) => {
    const { status, html } = await page(path);
    expect(status).toBe(200);
    expect(
      links(html).some((l) => expected.test(l)),
      links(html).join(' '),
    ).toBe(true);
  });

  it('does not find a property by a street it keeps private', async () => {
    // Property 1132 publishes no address (PublishAddress 0): its boulevard does not lead to it.
    const { html } = await page(`/fr/chercher/?q=${q('Boulevard Lambermont')}`);
    expect(links(html).some((l) => l.endsWith('/1132/'))).toBe(false);
  });

  it('sends a reference typed whole, with or without dashes, straight to its property (302), in the visitor language', async () => {
    for (const [path, to] of [
      [`/nl/zoeken/?q=${q('AT-2026-0132')}`, /^\/nl\/kopen\/schaarbeek\/.+\/1132\/$/],
      [`/fr/chercher/?q=${q('at 2026 0132')}`, /^\/fr\/acheter\/schaerbeek\/.+\/1132\/$/],
      [`/en/search/?q=${q('AT20260132')}`, /^\/en\/for-sale\/schaerbeek\/.*1132\/$/],
      [`/en/search/?q=${q('VK/2026/0132')}`, /1132\/$/],
    ] as const) {
      const r = await page(path);
      expect(r.status, path).toBe(302);
      expect(r.location, path).toMatch(to);
    }
    // The data of a page navigated to in the browser says the same.
    const api = await (await get(srv.url, `/api/page?path=${q(`/nl/zoeken/?q=AT-2026-0132`)}`)).json();
    expect(api.redirect).toMatch(/\/1132\/$/);
    // The start of a reference lists the properties it may be.
    const start = await page(`/nl/zoeken/?q=${q('AT-2026-013')}`);
    expect(start.status).toBe(200);
    expect(links(start.html).length).toBeGreaterThan(1);
    expect(links(start.html).every((l) => /\/113\d\/$/.test(l))).toBe(true);
  });

  it('keeps 200 characters of a 10,000-character query and says so', async () => {
    const long = `Schaerbeek ${'x'.repeat(9_989)}`;
    const { status, html } = await page(`/en/search/?q=${q(long)}`);
    expect(status).toBe(200);
    expect(text(html)).toContain('only its first 200 characters were used');
    // The page's own field (the header's comes first, empty) holds what was kept.
    const value = [...html.matchAll(/name="q" value="([^"]*)"/g)].at(-1)![1];
    expect(value).toHaveLength(200);
    // The word it could not place is said, and Schaerbeek is still found.
    expect(text(html)).toContain('searched without this word');
    expect(groups(html)[0]).toMatch(/properties$/);
  });

  it.each([
    ['Arabic', 'شقة في بروكسل', 'No results were found for your search.'],
    ['Chinese', '布鲁塞尔公寓', 'No results were found for your search.'],
    ['emoji only', '🏠🏠🏠', 'a search needs letters or digits'],
    ['punctuation only', '?!…—', 'a search needs letters or digits'],
    ['blanks only', '   ', 'Search by reference (AT-2026-0132)'],
    ['one character', 'é', 'Type at least two characters.'],
  ])('answers a query in %s with a sentence, never an error', async (_label, query, sentence) => {
    const { status, html } = await page(`/en/search/?q=${q(query)}`);
    expect(status).toBe(200);
    expect(text(html)).toContain(sentence);
  });

  it('answers a query string it cannot decode, or several q, without an error', async () => {
    for (const path of ['/fr/chercher/?q=%E0%A4%A', '/fr/chercher/?q=%FF%FE', '/fr/chercher/?q=Uccle&q=Ixelles', '/fr/chercher/?q']) {
      const r = await page(path);
      expect(r.status, path).toBe(200);
    }
    expect(groups((await page('/fr/chercher/?q=Uccle&q=Ixelles')).html)[0]).toMatch(/biens$/);
  });

  it('works without JavaScript: the header and the page hold a GET form to the search page', async () => {
    const { html } = await page('/fr/');
    expect(html).toContain('<details class="header-search">');
    expect(html).toContain('<form class="search-form search-form--header" role="search" action="/fr/chercher/" method="get">');
    expect(html).toContain('maxLength="200"');
  });
});

describe('two nodes on PostgreSQL', () => {
  let pg: TestPostgres;
  let nodes: Array<Awaited<ReturnType<typeof startTestServer>>> = [];
  beforeAll(async () => {
    pg = await sharedPostgres();
    const url = await pg.database();
    nodes = [
      await startTestServer({ dataDir: tempDir('search-a-'), database: { url } }),
      await startTestServer({ dataDir: tempDir('search-b-'), database: { url } }),
    ];
    // The CRM sends a property on a new street, with a new reference: imported once, into the database.
    const feed = rawSample();
    for (const p of feed.properties.filter((p) => p.ID === 1001)) {
      p.UniqueCode = 'AT-2026-7777';
      p.RecordFile = 'VK/2026/7777';
      p.Street = p.language === 'nl' ? 'Vandenpeereboomstraat' : 'Rue Vandenpeereboom';
    }
    process.env.DATABASE_URL = url;
    try {
      expect((await importListingsData(feed, tempDir('search-import-'))).result).toBe('accepted');
    } finally {
      delete process.env.DATABASE_URL;
    }
  }, 90_000);
  afterAll(async () => {
    await Promise.all(nodes.map((n) => n.close()));
    await pg?.stop();
  });

  it('gives every node the same index of the listings it loads', async () => {
    for (const node of nodes) {
      await until('the imported set on the node', async () => (await page(`/fr/chercher/?q=${q('AT-2026-7777')}`, node.url)).status === 302);
      expect((await page(`/fr/chercher/?q=${q('AT-2026-7777')}`, node.url)).location).toMatch(/\/1001\/$/);
      const street = await page(`/nl/zoeken/?q=${q('Vandenperebom')}`, node.url); // two letters wrong
      expect(links(street.html)).toEqual([expect.stringMatching(/^\/nl\/kopen\/schaarbeek\/.+\/1001\/$/)]);
    }
  });
});
