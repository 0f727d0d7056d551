import { describe, expect, it } from 'vitest';
import { PageCache, pageCacheKey, type PreparedPage } from '../../server/site/page-cache.ts';

const page = (kb: number): PreparedPage => ({ status: 200, lang: 'fr', prefix: Buffer.alloc(kb * 1024, 'x'), end: '</body></html>', forms: [], csp: '' });

describe('page cache keys', () => {
  it('keep the path and the query the page reads, in its order, without what only analytics reads', () => {
    expect(pageCacheKey('/fr/acheter/', '')).toBe('/fr/acheter/');
    expect(pageCacheKey('/fr/acheter/', 'utm_source=newsletter&utm_medium=email&UTM_Campaign=novembre')).toBe('/fr/acheter/');
    expect(pageCacheKey('/fr/acheter/', 'fbclid=IwAR0x&gclid=Cj0K&_gl=1*abc')).toBe('/fr/acheter/');
    expect(pageCacheKey('/fr/acheter/', 'type=3&utm_source=fb&maxPrice=400000')).toBe('/fr/acheter/?type=3&maxPrice=400000');
    expect(pageCacheKey('/fr/acheter/', 'maxPrice=400000&type=3')).toBe('/fr/acheter/?maxPrice=400000&type=3');
    expect(pageCacheKey('/fr/acheter/', 'utm&&view=map')).toBe('/fr/acheter/?utm&view=map');
    expect(pageCacheKey('/fr/acheter/', '&&')).toBe('/fr/acheter/');
  });
});

describe('page cache', () => {
  it('keeps searches in a budget of their own: a flood of queries never pushes the site’s pages out', () => {
    const cache = new PageCache(1024 * 1024, 256 * 1024);
    cache.set('/fr/', page(10));
    cache.set('/fr/acheter/', page(10));
    for (let i = 0; i < 200; i++) for (const _ of [1, 2]) cache.set(`/fr/acheter/?minPrice=${i}`, page(10));
    expect(cache.get('/fr/')).toBeDefined();
    expect(cache.get('/fr/acheter/')).toBeDefined();
    expect(cache.get('/fr/acheter/?minPrice=199')).toBeDefined();
    expect(cache.get('/fr/acheter/?minPrice=0')).toBeUndefined();
    expect(cache.size).toBeLessThanOrEqual(2 + 25);
  });

  it('keeps a search once it is asked for a second time, a page at once', () => {
    const cache = new PageCache();
    cache.set('/fr/acheter/', page(10));
    cache.set('/fr/acheter/?minPrice=100000', page(10));
    expect(cache.get('/fr/acheter/')).toBeDefined();
    expect(cache.get('/fr/acheter/?minPrice=100000')).toBeUndefined();
    cache.set('/fr/acheter/?minPrice=100000', page(10));
    expect(cache.get('/fr/acheter/?minPrice=100000')).toBeDefined();
    // Searches asked once are remembered in a bounded list: the oldest is forgotten.
    for (let i = 0; i < 10_001; i++) cache.set(`/fr/louer/?page=${i}`, page(1));
    cache.set('/fr/louer/?page=0', page(1));
    expect(cache.get('/fr/louer/?page=0')).toBeUndefined();
    cache.set('/fr/louer/?page=10000', page(1));
    expect(cache.get('/fr/louer/?page=10000')).toBeDefined();
    // A made-up query hundreds of characters long is never remembered, so never kept.
    const long = `/fr/louer/?q=${'x'.repeat(600)}`;
    for (let i = 0; i < 3; i++) cache.set(long, page(1));
    expect(cache.get(long)).toBeUndefined();
  });

  it('lets the least recently used page go first', () => {
    const cache = new PageCache(240 * 1024);
    for (let i = 0; i < 24; i++) cache.set(`/p${i}/`, page(10));
    cache.get('/p0/');
    cache.set('/p24/', page(10));
    expect(cache.get('/p0/')).toBeDefined();
    expect(cache.get('/p1/')).toBeUndefined();
    expect(cache.get('/p2/')).toBeDefined();
    // A page larger than a 24th of the budget is not kept at all.
    cache.set('/huge/', page(11));
    expect(cache.get('/huge/')).toBeUndefined();
  });
});
