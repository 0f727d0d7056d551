import { describe, expect, it } from 'vitest';
import { loadShipped } from '../helpers/config.ts';
import type { Lang } from '../../shared/constants.ts';

const { content, routes } = loadShipped();
const byName = (name: string) => content.pages.find((p) => p.name === name)!;

// The route table of SPEC §2: internal name → public path per language.
const TABLE: Record<string, Record<'nl' | 'fr' | 'en', string>> = {
  home: { nl: '/nl/', fr: '/fr/', en: '/en/' },
  'for-sale': { nl: '/nl/kopen/', fr: '/fr/acheter/', en: '/en/for-sale/' },
  'for-rent': { nl: '/nl/huren/', fr: '/fr/louer/', en: '/en/for-rent/' },
  'demand-register': { nl: '/nl/zoekopdracht/', fr: '/fr/recherche/', en: '/en/register/' },
  team: { nl: '/nl/ons-team/', fr: '/fr/notre-equipe/', en: '/en/our-team/' },
  services: { nl: '/nl/onze-diensten/', fr: '/fr/nos-services/', en: '/en/our-services/' },
  blog: { nl: '/nl/immo-blog/', fr: '/fr/blog-immo/', en: '/en/blog/' },
  login: { nl: '/nl/login/', fr: '/fr/login/', en: '/en/login/' },
  expertise: { nl: '/nl/deskundigheid/', fr: '/fr/expertise/', en: '/en/expertise/' },
  'online-valuation': { nl: '/nl/deskundigheid/online-expertise/', fr: '/fr/expertise/expertise-en-ligne/', en: '/en/expertise/online-valuation/' },
  'schedule-an-appointment': {
    nl: '/nl/deskundigheid/maak-een-afspraak/',
    fr: '/fr/expertise/prenez-rendez-vous/',
    en: '/en/expertise/schedule-an-appointment/',
  },
  contact: { nl: '/nl/contact/', fr: '/fr/contact/', en: '/en/contact/' },
  'privacy-statement': { nl: '/nl/privacyverklaring/', fr: '/fr/declaration-de-confidentialite/', en: '/en/privacy-statement/' },
  'cookie-policy': { nl: '/nl/cookiebeleid/', fr: '/fr/politique-cookies/', en: '/en/cookie-policy/' },
  disclaimer: { nl: '/nl/disclaimer/', fr: '/fr/mentions-legales/', en: '/en/disclaimer/' },
  'thank-you-contact-me': { nl: '/nl/bedankt/contact-me/', fr: '/fr/merci/contact-me/', en: '/en/thank-you/contact-me/' },
  'thank-you-site-contact': { nl: '/nl/bedankt/site-contact/', fr: '/fr/merci/site-contact/', en: '/en/thank-you/site-contact/' },
};

describe('route table (SPEC §2)', () => {
  for (const [name, paths] of Object.entries(TABLE)) {
    for (const lang of ['nl', 'fr', 'en'] as const) {
      it(`${name} in ${lang} is ${paths[lang]} and resolves back to it`, () => {
        const page = byName(name);
        expect(routes.pagePath(page, lang)).toBe(paths[lang]);
        const r = routes.resolve(paths[lang]);
        expect(r.kind).toBe('page');
        if (r.kind === 'page') {
          expect(r.page.id).toBe(page.id);
          expect(r.lang).toBe(lang);
          expect(r.article).toBeUndefined();
        }
      });
    }
  }

  it('has thank-you pages for every form kind of the spec', () => {
    for (const kind of [
      'contact-me',
      'contact-appointment',
      'contact-construction',
      'contact-demand',
      'demand-register',
      'send-to-friend',
      'site-contact',
      'sign-newsletter',
      'test',
    ]) {
      const r = routes.resolve(`/fr/merci/${kind}/`);
      expect(r.kind === 'page' && r.page.type).toBe('feedback');
    }
  });

  it('resolves every page of the config both ways in every language', () => {
    for (const page of content.pages.filter((p) => !routes.templates.has(p.id))) {
      for (const lang of routes.enabled) {
        const r = routes.resolve(routes.pagePath(page, lang));
        expect(r.kind === 'page' && r.page.id, `${page.name} ${lang}`).toBe(page.id);
      }
    }
  });

  it('puts every published blog, service and team article under its section, localized, both ways', () => {
    const published = content.articles.filter((a) => a.status === 'Published' && a.category !== 'general');
    expect(published.filter((a) => a.category === 'blog').length).toBeGreaterThanOrEqual(30);
    expect(published.filter((a) => a.category === 'services').length).toBe(8);
    expect(published.filter((a) => a.category === 'team').length).toBeGreaterThanOrEqual(6);
    const sections: Record<string, Record<Lang, string>> = {
      blog: { nl: '/nl/immo-blog/', fr: '/fr/blog-immo/', en: '/en/blog/', de: '' },
      services: { nl: '/nl/onze-diensten/', fr: '/fr/nos-services/', en: '/en/our-services/', de: '' },
      team: { nl: '/nl/ons-team/', fr: '/fr/notre-equipe/', en: '/en/our-team/', de: '' },
    };
    for (const a of published) {
      for (const lang of ['nl', 'fr', 'en'] as const) {
        const path = routes.articlePath(a, lang)!;
        expect(path.startsWith(sections[a.category][lang]), path).toBe(true);
        // Blog articles sit below their column ([category]/[subcategory]/[article]: the blog shows subcategories).
        expect(path).toMatch(
          a.category === 'blog' && a.column ? /^\/[a-z]{2}\/[a-z0-9-]+\/[a-z0-9-]+\/[a-z0-9-]+\/$/ : /^\/[a-z]{2}\/[a-z0-9-]+\/[a-z0-9-]+\/$/,
        );
        const r = routes.resolve(path);
        expect(r.kind === 'page' && r.article?.id, path).toBe(a.id);
      }
    }
  });

  it('files an article under its subcategory where the category page shows them; the two-level path of before moves there', () => {
    const a = content.articles.find((x) => x.category === 'blog' && x.column === 'buyer' && x.status === 'Published')!;
    const three = { nl: routes.articlePath(a, 'nl')!, fr: routes.articlePath(a, 'fr')!, en: routes.articlePath(a, 'en')! };
    expect(three.nl.startsWith('/nl/immo-blog/kopers/')).toBe(true);
    expect(three.fr.startsWith('/fr/blog-immo/acheteurs/')).toBe(true);
    expect(three.en.startsWith('/en/blog/buyers/')).toBe(true);
    for (const [lang, path] of Object.entries(three)) {
      const before = path.replace(/\/(kopers|acheteurs|buyers)\//, '/');
      expect(routes.resolve(before), `${lang} ${before}`).toEqual({ kind: 'redirect', status: 301, location: path });
    }
    const index = routes.resolve('/fr/blog-immo/vendeurs/');
    expect(index).toMatchObject({ kind: 'page', lang: 'fr', subcategory: 'seller' });
    expect(index.kind === 'page' && index.page.category).toBe('blog');
    // Services have no subcategories: two levels, as before.
    const service = content.articles.find((x) => x.category === 'services' && x.status === 'Published')!;
    expect(routes.articlePath(service, 'nl')).toMatch(/^\/nl\/onze-diensten\/[a-z0-9-]+\/$/);
  });

  it('gives the same article a different slug per language', () => {
    const a = content.articles.find((x) => x.id === 'service-valuation')!;
    const paths = routes.alternates(routes.categoryPage('services')!, a);
    expect(new Set(Object.values(paths)).size).toBe(3);
    expect(paths.fr!.startsWith('/fr/nos-services/')).toBe(true);
  });
});

describe('language detection and redirects', () => {
  it('takes the language from the first segment when it is enabled', () => {
    expect(routes.languageOf('/fr/nos-services/')).toBe('fr');
    expect(routes.languageOf('/en/')).toBe('en');
    expect(routes.languageOf('/nl/kopen/')).toBe('nl');
  });
  it('uses the default language for a disabled or unknown first segment', () => {
    expect(routes.defaultLang).toBe('nl');
    expect(routes.languageOf('/de/')).toBe('nl'); // de has a dictionary but is not enabled
    expect(routes.languageOf('/xx/yy/')).toBe('nl');
    expect(routes.languageOf('/')).toBe('nl');
  });
  it('sends / to the default language home', () => {
    expect(routes.resolve('/')).toEqual({ kind: 'redirect', status: 302, location: '/nl/' });
  });
  it('adds the trailing slash and lowercases with a permanent redirect', () => {
    expect(routes.resolve('/fr/nos-services')).toEqual({ kind: 'redirect', status: 301, location: '/fr/nos-services/' });
    expect(routes.resolve('/NL/Kopen/')).toEqual({ kind: 'redirect', status: 301, location: '/nl/kopen/' });
  });
  it('redirects the original (internal) paths to the default language', () => {
    expect(routes.resolve('/for-sale/')).toEqual({ kind: 'redirect', status: 301, location: '/nl/kopen/' });
    expect(routes.resolve('/services/')).toEqual({ kind: 'redirect', status: 301, location: '/nl/onze-diensten/' });
  });
  it('answers not found in the language of the path', () => {
    expect(routes.resolve('/fr/nexiste-pas/')).toEqual({ kind: 'notFound', status: 404, lang: 'fr' });
    expect(routes.resolve('/en/blog/no-such-article/')).toEqual({ kind: 'notFound', status: 404, lang: 'en' });
    expect(routes.resolve('/de/')).toEqual({ kind: 'notFound', status: 404, lang: 'nl' });
    expect(routes.resolve('/nl/%E0%A4%A/')).toMatchObject({ kind: 'notFound', status: 404 });
  });
  it('keeps hidden pages reachable by path', () => {
    const r = routes.resolve('/en/expertise/online-valuation/');
    expect(r.kind === 'page' && r.page.status).toBe('Hidden');
  });
});

describe('listing paths', () => {
  it('resolves a property path below for sale / for rent to the detail page with its segments', () => {
    const r = routes.resolve('/fr/acheter/schaerbeek/appartement-lumineux/1234/');
    expect(r.kind).toBe('page');
    if (r.kind !== 'page') return;
    expect(r.page.name).toBe('property');
    expect(r.listing).toMatchObject({ kind: 'property', segments: ['schaerbeek', 'appartement-lumineux', '1234'] });
    expect(r.listing!.listPage.name).toBe('for-sale');
    const en = routes.resolve('/en/for-rent/ixelles/77/'); // the English slug may be absent
    expect(en.kind === 'page' && en.listing?.segments).toEqual(['ixelles', '77']);
  });
  it('resolves project and project-unit paths below the projects page', () => {
    const r = routes.resolve('/nl/projecten/evere/residentie-park/5/');
    expect(r.kind === 'page' && r.listing?.kind).toBe('project');
    const unit = routes.resolve('/nl/projecten/evere/residentie-park/5/appartement-2a/1201/');
    expect(unit.kind === 'page' && unit.listing?.segments.length).toBe(5);
  });
  it('redirects the original /property/{id}/ and /project/{id}/ paths, and keeps the templates unreachable', () => {
    expect(routes.resolve('/property/1234/')).toEqual({ kind: 'legacyListing', status: 301, listing: 'property', id: 1234 });
    expect(routes.resolve('/project/3/')).toEqual({ kind: 'legacyListing', status: 301, listing: 'project', id: 3 });
    expect(routes.resolve('/nl/pand/').kind).toBe('notFound');
    expect(routes.resolve('/fr/acheter/schaerbeek/pas-un-id/').kind).toBe('notFound');
    expect(routes.resolve('/fr/acheter/schaerbeek/1234')).toEqual({ kind: 'redirect', status: 301, location: '/fr/acheter/schaerbeek/1234/' });
  });
  it('builds listing paths from the municipality and headline in each language', () => {
    const sale = routes.listingPage('property', 'sale')!;
    expect(routes.listingPath(sale, 'fr', { id: 12, city: 'Schaerbeek', slug: 'Appartement lumineux, 2 ch.' })).toBe(
      '/fr/acheter/schaerbeek/appartement-lumineux-2-ch/12/',
    );
    expect(routes.listingPath(sale, 'nl', { id: 12, city: 'Sint-Joost-ten-Node' })).toBe('/nl/kopen/sint-joost-ten-node/12/');
    expect(routes.listingPath(routes.listingPage('property', 'rent')!, 'en', { id: 9, city: '', slug: 'Studio' })).toBe('/en/for-rent/studio/9/');
  });
});
