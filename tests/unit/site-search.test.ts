/**
 * The site search's matcher (issue 39): words folded (accents, case, punctuation), typo budget,
 * the inverted index, and the listings' index on records shaped like a CRM's (one record per
 * language, municipalities named per language in the city lists, references with slashes and dashes).
 */
import { describe, expect, it } from 'vitest';
import { compactReference, editDistance, foldText, readSearchText, typoBudget, wordsOf } from '../../shared/text-match.ts';
import { MAX_FUZZY_TERMS, MAX_PREFIX_TERMS, TextIndexBuilder } from '../../shared/text-index.ts';
import { ListingStore } from '../../server/listings/store.ts';
import { SEARCH_MAX_QUERY, SEARCH_MAX_WORDS } from '../../shared/constants.ts';
import type { PropertyRecord, ProjectRecord } from '../../renderer/listing-types.ts';

describe('the words of a query', () => {
  it('folds accents, case and ligatures, and splits on anything but letters and digits', () => {
    expect(foldText('Liège ÉTTERBEEK Straße Œuvre')).toBe('liege etterbeek strasse oeuvre');
    expect(wordsOf("Boulevard d'Herbatte, 87/5A")).toEqual(['boulevard', 'd', 'herbatte', '87', '5a']);
    expect(wordsOf('شقة في بروكسل')).toEqual(['شقة', 'في', 'بروكسل']);
    expect(compactReference('AT-2026-0132')).toBe('at20260132');
    expect(compactReference('vk/2025/0001')).toBe('vk20250001');
  });

  it('allows no typo below 5 letters, one up to 7, two from 8, none in numbers or references', () => {
    expect([typoBudget('gent'), typoBudget('jette'), typoBudget('ucclea'), typoBudget('schaerbeek'), typoBudget('12345678'), typoBudget('at20260132')]).toEqual(
      [0, 1, 1, 2, 0, 0],
    );
  });

  it('measures edits, a swap of neighbours counting one, and stops past the budget', () => {
    expect(editDistance('schaerbeek', 'schaarbeek', 2)).toBe(1);
    expect(editDistance('ixlles', 'ixelles', 2)).toBe(1);
    expect(editDistance('ixleles', 'ixelles', 2)).toBe(1); // two neighbours swapped
    expect(editDistance('bruxelles', 'brussel', 2)).toBe(3); // past two: 3 means "more"
    expect(editDistance('anderlecht', 'woluwe', 2)).toBe(3);
  });

  it('keeps at most 200 characters and 8 words, never cutting an emoji in half, and tells a blank query', () => {
    const long = readSearchText('a'.repeat(10_000));
    expect(long.kept).toHaveLength(SEARCH_MAX_QUERY);
    const emoji = readSearchText('🏠'.repeat(300));
    expect([...emoji.kept]).toHaveLength(SEARCH_MAX_QUERY);
    expect(emoji.blank).toBe(true);
    expect(readSearchText(' ?!… -- ').blank).toBe(true);
    expect(readSearchText(null).blank).toBe(true);
    expect(readSearchText('one two three four five six seven eight nine ten').words).toHaveLength(SEARCH_MAX_WORDS);
    // Stop words go when other words remain; alone, they are searched.
    expect(readSearchText('appartement à Schaerbeek').words).toEqual(['appartement', 'schaerbeek']);
    expect(readSearchText('de').words).toEqual(['de']);
  });
});

describe('the inverted index', () => {
  const b = new TextIndexBuilder();
  b.add(0, ['avenue', 'louis', 'bertrand', 'schaerbeek'], 2);
  b.add(1, ['rue', 'royale', 'schaerbeek'], 2);
  b.add(1, ['appartement'], 1);
  b.add(2, ['chaussee', 'de', 'waterloo', 'uccle'], 2);
  const ix = b.build(3);

  it('needs every word, and takes a start of a word or a word with a typo', () => {
    expect(ix.match(['schaerbeek'], 10).docs).toEqual([0, 1]);
    expect(ix.match(['schaerbeek', 'royale'], 10).docs).toEqual([1]);
    expect(ix.match(['schaer'], 10).docs).toEqual([0, 1]);
    expect(ix.match(['schearbeek'], 10).docs).toEqual([0, 1]);
    expect(ix.match(['watreloo'], 10).docs).toEqual([2]);
    expect(ix.match(['ucle'], 10).docs).toEqual([]); // 4 letters: no typo allowed
  });

  it('ranks an exact word above a near one, and says which words matched nothing', () => {
    const b2 = new TextIndexBuilder();
    b2.add(0, ['jetta'], 2);
    b2.add(1, ['jette'], 2);
    expect(b2.build(2).match(['jette'], 10).docs).toEqual([1, 0]);
    const r = ix.match(['uccle', 'zzzzzz'], 10);
    expect(r).toEqual({ docs: [2], total: 1, unmatched: ['zzzzzz'], typoOnly: [] });
  });

  it('takes a word another index holds as typed only as typed (Anvers is no typo of "anders")', () => {
    const text = new TextIndexBuilder();
    text.add(0, ['anders', 'dan', 'verwacht'], 1);
    const ix2 = text.build(1);
    expect(ix2.match(['anvers'], 10)).toMatchObject({ docs: [0], typoOnly: ['anvers'] });
    expect(ix2.match(['anvers'], 10, { prefix: true, typos: true, noTypos: new Set(['anvers']) })).toMatchObject({ docs: [], unmatched: ['anvers'] });
  });

  it('widens a word to at most 1,000 longer words and 200 near ones', () => {
    const b2 = new TextIndexBuilder();
    const letters = 'abcdefghijklmnopqrstuvwxyz';
    let doc = 0;
    // 1,500 words starting with "bru", one document each.
    for (let i = 0; i < 1500; i++) b2.add(doc++, [`bru${letters[i % 26]}${letters[Math.floor(i / 26) % 26]}${i}`], 1);
    // Every word one letter from "house" (substituted or inserted): some 280 of them.
    const near = new Set<string>();
    for (let at = 0; at <= 5; at++)
      for (const c of letters) {
        if (at < 5) near.add('house'.slice(0, at) + c + 'house'.slice(at + 1));
        near.add('house'.slice(0, at) + c + 'house'.slice(at));
      }
    near.delete('house');
    for (const w of [...near].sort()) b2.add(doc++, [w], 1);
    const ix2 = b2.build(doc);
    expect(near.size).toBeGreaterThan(MAX_FUZZY_TERMS);
    expect(ix2.match(['bru'], 5).total).toBe(MAX_PREFIX_TERMS);
    expect(ix2.match(['house'], 5, { prefix: false, typos: true }).total).toBe(MAX_FUZZY_TERMS);
  });

  it('counts every match but keeps only the best ones asked for', () => {
    const many = new TextIndexBuilder();
    for (let d = 0; d < 500; d++) many.add(d, ['brussel', d % 2 ? 'oneven' : 'even'], 1 + (d % 3));
    const r = many.build(500).match(['brussel'], 5);
    expect(r.total).toBe(500);
    expect(r.docs).toEqual([2, 5, 8, 11, 14]); // weight 3, then lower numbers first
  });
});

/** One property in three languages, as the CRM sends it. */
function property(id: number, over: Record<string, unknown>, names: Record<'nl' | 'fr' | 'en', Record<string, unknown>>): PropertyRecord[] {
  const base = {
    ID: id,
    Goal: 0,
    Availability: 'available',
    WebID: 3,
    Price: 300000,
    PublishAddress: true,
    CountryID: 10,
    CreateDate: `2026-01-${10 + (id % 10)}`,
    ...over,
  };
  return (['nl', 'fr', 'en'] as const).map((language) => ({ ...base, ...names[language], language }) as unknown as PropertyRecord);
}

const properties = [
  ...property(
    1001,
    { UniqueCode: 'AT-2025-0001', RecordFile: 'VK/2025/0001', Zip: '1030', HouseNumber: '87' },
    {
      nl: { Street: 'Louis Bertrandlaan', City: 'Schaarbeek', TypeDescription: 'Ruim appartement met 2 slaapkamers', MainTypeName: 'Appartement' },
      fr: { Street: 'Avenue Louis Bertrand', City: 'Schaerbeek', TypeDescription: 'Appartement spacieux de 2 chambres', MainTypeName: 'Appartement' },
      en: { Street: 'Avenue Louis Bertrand', City: 'Schaerbeek', TypeDescription: '', MainTypeName: 'Apartment' },
    },
  ),
  ...property(
    1132,
    { UniqueCode: 'AT-2026-0132', RecordFile: 'VH/2026/0132', Goal: 1, Zip: '2000' },
    {
      nl: { Street: 'Meir', City: 'Antwerpen', TypeDescription: 'Loft aan de Meir', MainTypeName: 'Loft' },
      fr: { Street: 'Meir', City: 'Anvers', TypeDescription: 'Loft sur le Meir', MainTypeName: 'Loft' },
      en: { Street: 'Meir', City: 'Antwerp', TypeDescription: 'Loft on the Meir', MainTypeName: 'Loft' },
    },
  ),
  ...property(
    1200,
    { UniqueCode: 'AT-2026-0200', RecordFile: 'VK/2026/0200', Zip: '1000', PublishAddress: false, Availability: 'sold' },
    {
      nl: { Street: 'Geheime Straat', City: 'Brussel', TypeDescription: 'Herenhuis', MainTypeName: 'Huis' },
      fr: { Street: 'Rue Secrète', City: 'Bruxelles', TypeDescription: 'Maison de maître', MainTypeName: 'Maison' },
      en: { Street: 'Secret Street', City: 'Brussels', TypeDescription: 'Town house', MainTypeName: 'House' },
    },
  ),
  // Only in French: its Dutch name comes from the city lists.
  ...property(1300, { UniqueCode: 'AT-2026-0300', Zip: '1180' }, { nl: {}, fr: {}, en: {} })
    .filter((p) => p.language === 'fr')
    .map((p) => ({ ...p, City: 'Uccle', Street: 'Avenue Brugmann' })),
];
const projects = (['nl', 'fr', 'en'] as const).map(
  (language) =>
    ({
      ID: 1,
      Goal: 0,
      Name: { nl: 'Residentie Colignon', fr: 'Résidence Colignon', en: 'Colignon Residence' }[language],
      ProjectNumber: 'PR-2025-001',
      PublicAddress: true,
      Street: 'Koninklijke Sint-Mariastraat',
      Zip: '1030',
      City: language === 'nl' ? 'Schaarbeek' : 'Schaerbeek',
      Units: [],
      language,
    }) as unknown as ProjectRecord,
);
const cities = [
  { Name: 'Ukkel', Zip: '1180', language: 'nl' },
  { Name: 'Uccle', Zip: '1180', language: 'fr' },
].map((c) => ({ ...c, CountryID: 10, CountryName: 'België', PropertyCount: 1 }));
const store = new ListingStore({ properties, projects, webIDs: [], citys: cities, citysSale: [], citysRent: [], neighbourhoods: [] } as never, 'test');
const find = (q: string) => store.find(readSearchText(q), { properties: 10, projects: 10 });

describe('the listings index', () => {
  it.each([
    ['a municipality in Dutch', 'Schaarbeek', [1001]],
    ['the same in French, without its accent, in capitals', 'SCHAERBEEK', [1001]],
    ['Anvers / Antwerpen / Antwerp', 'anvers', [1132]],
    ['Antwerpen', 'Antwerpen', [1132]],
    ['Brussel', 'brussel', [1200]],
    ['Bruxelles with a typo', 'Bruxeles', [1200]],
    ['a name only the city list gives', 'Ukkel', [1300]],
    ['a postcode', '1030', [1001]],
    ['a street with a typo, a word that matches nothing left out', 'Bertrnd qqqq', [1001]],
    ['a street word', 'bertrand', [1001]],
    ['a Dutch street name', 'Louis Bertrandlaan', [1001]],
    ['a street and a municipality', 'avenue bertrand schaerbeek', [1001]],
    ['one letter wrong in a long word', 'Schaerbeck', [1001]],
    ['two letters wrong in a long word', 'Scharbek', [1001]],
    ['a type in one language and a place in another', 'appartement Schaarbeek', [1001]],
  ])('finds %s (%s)', (_label, q, ids) => {
    expect(find(q).properties.ids).toEqual(ids);
  });

  it('finds a reference with or without dashes, and the CRM file number', () => {
    for (const q of ['AT-2026-0132', 'at20260132', 'AT 2026 0132', ' at-2026-0132 ', 'VH/2026/0132', '2026-0132'])
      expect(find(q).properties.ids[0], q).toBe(1132);
    expect(find('AT-2026-0132').reference).toBe(1132);
    expect(find('at 2026 0132').reference).toBe(1132);
    // The start of a reference lists those it may be, without going to one.
    const start = find('AT-2026-0');
    expect(start.reference).toBeUndefined();
    expect(start.properties.ids.sort()).toEqual([1132, 1200, 1300]);
  });

  it('never finds a property by a street it does not publish', () => {
    expect(find('Geheime Straat').properties.ids).toEqual([]);
    expect(find('Rue Secrète').properties.ids).toEqual([]);
  });

  it('puts available properties before sold ones', () => {
    const both = store.find(readSearchText('AT 2026'), { properties: 10, projects: 10 });
    expect(both.properties.ids.indexOf(1200)).toBeGreaterThan(both.properties.ids.indexOf(1132));
  });

  it('finds projects by name in any language, number and municipality', () => {
    for (const q of ['Colignon', 'Résidence Colignon', 'residentie colignon', 'Colignom', 'PR-2025-001', 'schaarbeek'])
      expect(find(q).projects.ids, q).toEqual([1]);
    // A project's name is not a property's: properties stay empty rather than matching on the other words.
    expect(find('Residentie Colignon').properties.ids).toEqual([]);
  });

  it('gives a municipality’s names in the other languages, for the pages written in one of them', () => {
    expect(find('Ukkel').aliases).toEqual({ ukkel: ['uccle'] });
    expect(find('Anvers appartement').aliases).toEqual({ anvers: expect.arrayContaining(['antwerpen', 'antwerp']) });
    const pages = new TextIndexBuilder();
    pages.add(0, ['wonen', 'in', 'uccle'], 1);
    expect(pages.build(1).match([['ukkel', 'uccle']], 10)).toMatchObject({ docs: [0], unmatched: [] });
  });

  it('says which words came near nothing, and answers any alphabet with nothing', () => {
    expect(find('Schaerbeek qqqqqq').unmatched).toEqual(['qqqqqq']);
    expect(find('Schaerbeek qqqqqq').properties.ids).toEqual([1001]);
    const arabic = find('شقة في بروكسل');
    expect([arabic.properties.total, arabic.projects.total]).toEqual([0, 0]);
  });
});

describe('the pages index', () => {
  it('indexes the first 2,000 words of an article’s text, its title and summary whole', async () => {
    const { findContent, MAX_BODY_WORDS } = await import('../../modules/site-search/content-index.ts');
    const body = `<p>${'woord '.repeat(MAX_BODY_WORDS - 1)}vroeg ${'woord '.repeat(100)}laat</p>`;
    const article = {
      id: 'a1',
      category: 'blog',
      status: 'Published',
      title: { nl: 'Huurwaarborg uitgelegd' },
      summary: { nl: 'Wat de wet zegt' },
      body: { nl: body },
    };
    const ctx = {
      lang: 'nl',
      services: {
        content: { pages: [], articles: [article] },
        routes: { articleAvailable: () => true, available: () => true, templates: new Set(), articlePath: () => '/nl/immo-blog/huurwaarborg/' },
      },
    } as never;
    const find = (w: string) => findContent(ctx, [[w]], 10, new Set()).total;
    expect([find('huurwaarborg'), find('wet'), find('vroeg'), find('laat')]).toEqual([1, 1, 1, 0]);
  });
});
