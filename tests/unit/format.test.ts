import { describe, expect, it } from 'vitest';
import { formatDate, formatNumber, formatPrice, makeIntl, truncateText } from '../../shared/format.ts';
import { localize, localizeStrict, isEmpty } from '../../shared/localize.ts';
import { deviceOf } from '../../renderer/store.ts';
import { loadShipped } from '../helpers/config.ts';

describe('formatting (SPEC §9)', () => {
  it('prints prices with the euro sign first and Belgian grouping', () => {
    expect(formatPrice(350000)).toBe('€ 350.000');
    expect(formatPrice(1250000)).toBe('€ 1.250.000');
    expect(formatPrice('895')).toBe('€ 895');
    expect(formatPrice(0)).toBe('€ 0');
  });
  it("returns 'NaN' when the value is not a number", () => {
    expect(formatPrice('abc')).toBe('NaN');
    expect(formatPrice(undefined)).toBe('NaN');
    expect(formatPrice(Number.POSITIVE_INFINITY)).toBe('NaN');
    expect(formatPrice('')).toBe('NaN');
  });
  it('prints dates day-month-year', () => {
    expect(formatDate('2026-03-07')).toBe('07-03-2026');
    expect(formatDate('2025-12-31T23:30:00Z')).toBe('31-12-2025');
    expect(formatDate('not a date')).toBe('');
  });
  it('cuts long text at the last space past 80% with an ellipsis', () => {
    const text = 'word '.repeat(80);
    const out = truncateText(text, 250, 0.8);
    expect(out.endsWith('…')).toBe(true);
    expect(out.length).toBeLessThanOrEqual(251);
    expect(truncateText('short text', 250, 0.8)).toBe('short text');
    expect(truncateText(`${'x'.repeat(300)}`, 250, 0.8)).toBe(`${'x'.repeat(250)}…`);
  });
  it('uses ICU plurals from the dictionaries in every language', () => {
    const { content } = loadShipped();
    const one = (lang: 'nl' | 'fr' | 'en') => makeIntl(lang, content.dictionaries[lang]!).formatMessage({ id: 'search.results' }, { count: 1, query: 'huis' });
    const many = (lang: 'nl' | 'fr' | 'en') => makeIntl(lang, content.dictionaries[lang]!).formatMessage({ id: 'search.results' }, { count: 3, query: 'huis' });
    expect(one('nl')).toBe('1 resultaat voor “huis”');
    expect(many('nl')).toBe('3 resultaten voor “huis”');
    expect(one('fr')).toBe('1 résultat pour « huis »');
    expect(many('fr')).toBe('3 résultats pour « huis »');
    expect(many('en')).toBe('3 results for “huis”');
    expect(makeIntl('en', content.dictionaries.en!).formatMessage({ id: 'search.results' }, { count: 0, query: 'x' })).toBe('No results for “x”');
  });
});

describe('localized values (SPEC §3)', () => {
  it('reads the language key, then the upper-case key, then falls back to English for German', () => {
    expect(localize({ nl: 'Kopen', fr: 'Acheter' }, 'fr')).toBe('Acheter');
    expect(localize({ NL: 'Kopen' }, 'nl')).toBe('Kopen');
    expect(localize({ nl: 'Kopen', en: 'Buy' }, 'de')).toBe('Buy');
    expect(localizeStrict({ nl: '' }, 'nl')).toBeUndefined();
    expect(localize(undefined, 'nl')).toBe('');
  });
  it('treats null, undefined and blank strings as empty (SPEC §5)', () => {
    expect([null, undefined, '', '   '].every(isEmpty)).toBe(true);
    expect([0, 'a', false].some(isEmpty)).toBe(false);
  });
});

describe('device class (SPEC §4)', () => {
  it.each([
    [320, 'mobile'],
    [766, 'mobile'],
    [767, 'tablet'],
    [1279, 'tablet'],
    [1280, 'desktop'],
    [1920, 'desktop'],
  ])('%i px is %s', (w, d) => expect(deviceOf(w)).toBe(d));
});

describe('paging title (SPEC §2)', () => {
  it("reads 'Page X of Y [Z objects]' in every language, one object in the singular, thousands grouped", () => {
    const { content } = loadShipped();
    const title = (lang: 'nl' | 'fr' | 'en', total = 87, pages = 4) =>
      makeIntl(lang, content.dictionaries[lang]!).formatMessage({ id: 'listing.paging' }, { page: 1, pages, total, n: formatNumber(total) });
    expect(title('en')).toBe('Page 1 of 4 [87 objects]');
    expect(title('nl')).toBe('Pagina 1 van 4 [87 objecten]');
    expect(title('fr')).toBe('Page 1 sur 4 [87 objets]');
    expect(title('en', 1, 1)).toBe('Page 1 of 1 [1 object]');
    expect(title('nl', 1, 1)).toBe('Pagina 1 van 1 [1 object]');
    expect(title('fr', 1, 1)).toBe('Page 1 sur 1 [1 objet]');
    expect(title('fr', 12345, 515)).toBe('Page 1 sur 515 [12.345 objets]');
  });
});

describe('numbers as the agency prints them (formatNumber)', () => {
  it('groups thousands with a dot and writes decimals with a comma, in every language', () => {
    expect(formatNumber(20445)).toBe('20.445');
    expect(formatNumber(87.5)).toBe('87,5');
    expect(formatNumber('1234.567')).toBe('1.234,57');
    expect(formatNumber(0)).toBe('0');
    expect(formatNumber('abc')).toBe('');
    expect(formatNumber(null)).toBe('');
  });
});
