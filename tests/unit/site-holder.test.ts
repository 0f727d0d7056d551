/** The site holder: one current site for every route, new when what visitors see changed. */
import { describe, expect, it } from 'vitest';
import { registry } from '../../modules/server.ts';
import { SiteHolder } from '../../server/site/holder.ts';
import { ListingStore } from '../../server/listings/store.ts';
import type { Content } from '../../renderer/content.ts';
import type { ListingData } from '../../server/listings/feed.ts';
import { loadShipped } from '../helpers/config.ts';

const emptyFeed: ListingData = { properties: [], projects: [], webIDs: [], citys: [], citysSale: [], citysRent: [], neighbourhoods: [] };

function holder() {
  const state = { content: loadShipped().content as Content, listings: new ListingStore(emptyFeed, 'a'), registry, generation: 0, testimonials: [] as never[] };
  const sites = new SiteHolder({
    content: () => state.content,
    listings: () => state.listings,
    registry: async () => state.registry,
    origin: 'https://agency.example',
    log: { warn: () => {}, error: () => {} },
    testimonials: async () => state.testimonials,
    pictures: {
      isGone: () => false,
      get generation() {
        return state.generation;
      },
    },
    pageCache: true,
  });
  return { sites, state };
}

describe('the site holder', () => {
  it('gives every request the same site and page cache while nothing changed', async () => {
    const { sites } = holder();
    const first = await sites.now();
    const again = await sites.now();
    expect(again.site).toBe(first.site);
    expect(again.pages).toBe(first.pages);
    expect(await sites.current()).toBe(first.site);
  });

  it('builds a new site with an empty page cache after a publish, an import or an invalidation', async () => {
    const { sites, state } = holder();
    const first = await sites.now();
    first.pages!.set('/fr/', { status: 200, lang: 'fr', prefix: Buffer.from('<html>'), end: '</body></html>', forms: [], csp: '' });

    state.content = { ...state.content, version: 'published-change' };
    const published = await sites.now();
    expect(published.site).not.toBe(first.site);
    expect(published.site.content.version).toBe('published-change');
    expect(published.pages!.get('/fr/')).toBeUndefined();

    state.listings = new ListingStore(emptyFeed, 'b');
    const imported = await sites.now();
    expect(imported.site).not.toBe(published.site);
    expect(imported.site.listings).toBe(state.listings);

    sites.invalidate();
    expect((await sites.now()).site).not.toBe(imported.site);
  });

  it('drops the rendered pages, not the site, when a listing picture turns out to be gone', async () => {
    const { sites, state } = holder();
    const first = await sites.now();
    first.pages!.set('/fr/', { status: 200, lang: 'fr', prefix: Buffer.from('<html>'), end: '</body></html>', forms: [], csp: '' });
    state.generation++;
    const after = await sites.now();
    expect(after.site).toBe(first.site);
    expect(after.pages).not.toBe(first.pages);
    expect(after.pages!.get('/fr/')).toBeUndefined();
  });

  it('makes a site over a draft without replacing the current one', async () => {
    const { sites, state } = holder();
    const current = await sites.current();
    const draft = await sites.over({ content: { ...state.content, version: 'draft' } });
    expect(draft.content.version).toBe('draft');
    expect(await sites.current()).toBe(current);
  });
});
