// Three-level article paths (SPEC §2 "[category]/[subcategory]/[article]", issue 15 point 5): the blog
// shows subcategories (its news module has isHasSubcategories), so its columns have pages of their
// own, its articles sit below them, and links of before lead there.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server.ts';
import { loadShipped } from '../helpers/config.ts';

const { content } = loadShipped();
let srv: Awaited<ReturnType<typeof startTestServer>>;
beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(() => srv?.close());

const decode = (s: string) =>
  s
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"');
const h1 = (html: string) => decode(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1] ?? '');
const cardLinks = (html: string) => [...html.matchAll(/<a [^>]*href="(\/fr\/blog-immo\/[^"]+)"/g)].map((m) => m[1]);

describe('the blog by subcategory', () => {
  it('gives each column a page listing its articles only, with its title, breadcrumb and alternates', async () => {
    const r = await fetch(`${srv.url}/fr/blog-immo/vendeurs/`);
    expect(r.status).toBe(200);
    const html = await r.text();
    expect(h1(html)).toBe(content.dictionaries.fr!['blog.column.seller']);
    const sellers = content.articles.filter((a) => a.category === 'blog' && a.column === 'seller' && a.status === 'Published');
    const links = new Set(cardLinks(html).filter((l) => l.split('/').length === 6));
    expect(links.size).toBe(sellers.length);
    for (const l of links) expect(l.startsWith('/fr/blog-immo/vendeurs/')).toBe(true);
    // Home › Blog › For sellers in the breadcrumb data.
    const crumbs = JSON.parse(
      /<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"BreadcrumbList".*?)<\/script>/.exec(html)![1],
    );
    expect(crumbs.itemListElement.map((c: { item: string }) => new URL(c.item).pathname)).toEqual(['/fr/', '/fr/blog-immo/', '/fr/blog-immo/vendeurs/']);
    expect(html).toMatch(/<link rel="alternate" hreflang="nl" href="https:\/\/www\.atrium-immo\.be\/nl\/immo-blog\/verkopers\/"/i);
    expect(html).toMatch(/<link rel="alternate" hreflang="en" href="https:\/\/www\.atrium-immo\.be\/en\/blog\/sellers\/"/i);
  });

  it('links each column title on the blog page to its page, and files each article below its column', async () => {
    const html = await (await fetch(`${srv.url}/fr/blog-immo/`)).text();
    expect(html).toMatch(/<h2 class="news__column-title"><a [^>]*href="\/fr\/blog-immo\/vendeurs\/"/);
    expect(html).toMatch(/<h2 class="news__column-title"><a [^>]*href="\/fr\/blog-immo\/acheteurs\/"/);
    const article = cardLinks(html).find((l) => l.startsWith('/fr/blog-immo/acheteurs/') && l.split('/').length === 6)!;
    const page = await (await fetch(srv.url + article)).text();
    const crumbs = JSON.parse(
      /<script type="application\/ld\+json">(\{"@context":"https:\/\/schema.org","@type":"BreadcrumbList".*?)<\/script>/.exec(page)![1],
    );
    expect(crumbs.itemListElement.map((c: { item: string }) => new URL(c.item).pathname)).toEqual([
      '/fr/',
      '/fr/blog-immo/',
      '/fr/blog-immo/acheteurs/',
      article,
    ]);
  });

  it('moves the two-level address of an article (links and bookmarks of before) to its new one, query kept', async () => {
    const sitemap = await (await fetch(`${srv.url}/sitemap.xml`)).text();
    const now = [...sitemap.matchAll(/<loc>https:\/\/www\.atrium-immo\.be(\/nl\/immo-blog\/verkopers\/[^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(now.length).toBeGreaterThan(1);
    const target = now.find((p) => p !== '/nl/immo-blog/verkopers/')!;
    const before = target.replace('/verkopers/', '/');
    const r = await fetch(`${srv.url}${before}?utm_source=nieuwsbrief`, { redirect: 'manual' });
    expect(r.status).toBe(301);
    expect(r.headers.get('location')).toBe(`${target}?utm_source=nieuwsbrief`);
  });
});
