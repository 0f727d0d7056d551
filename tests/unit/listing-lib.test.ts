import { describe, expect, it } from 'vitest';
import { epcDisplayText, epcForProperty, epcLabel, epcLetter, epcRank, needsRenovationNotice, EPC_SCALES } from '../../renderer/lib/epc.ts';
import { regionOfPostcode } from '../../renderer/lib/region.ts';
import { formatPhone } from '../../renderer/lib/phone.ts';
import { detectVideo } from '../../renderer/lib/video.ts';
import { cleanDescription } from '../../renderer/lib/listing-text.ts';
import { parsePropertyQuery, queryString } from '../../renderer/lib/listing-query.ts';

describe('EPC labels by region (SPEC §3 tables, as data)', () => {
  it.each([
    // Flanders: below 0 a_plus; 0-100 a; … 500+ f
    ['flanders', -5, 'a_plus'], ['flanders', 0, 'a'], ['flanders', 99.9, 'a'], ['flanders', 100, 'b'], ['flanders', 299, 'c'], ['flanders', 499, 'e'], ['flanders', 500, 'f'], ['flanders', 10000, 'f'],
    // Brussels: below 0 a_plus; 1-23 a; 24-45 a_sub; … 323-345 f_sub (the spec's 223 corrected); 346+ g
    ['brussels', -1, 'a_plus'], ['brussels', 0.5, 'a'], ['brussels', 1, 'a'], ['brussels', 23, 'a'], ['brussels', 24, 'a_sub'], ['brussels', 114, 'c'], ['brussels', 150, 'c_sub'],
    ['brussels', 299, 'f'], ['brussels', 322, 'f'], ['brussels', 323, 'f_sub'], ['brussels', 345, 'f_sub'], ['brussels', 346, 'g'], ['brussels', 900, 'g'],
    // Wallonia: below 0 a_plusplus; 0-45 a_plus; 45-85 a; … 510+ g
    ['wallonia', -1, 'a_plusplus'], ['wallonia', 0, 'a_plus'], ['wallonia', 45, 'a'], ['wallonia', 85, 'b'], ['wallonia', 425, 'f'], ['wallonia', 509, 'f'], ['wallonia', 510, 'g'],
  ] as const)('%s %d kWh/m² → %s', (region, value, label) => {
    expect(epcLabel(value, region)).toBe(label);
  });

  it('keeps the scales as data with open bounds at both ends', () => {
    for (const scale of Object.values(EPC_SCALES)) {
      expect(scale[0].lower).toBeNull();
      expect(scale[scale.length - 1].upper).toBeNull();
    }
    expect(EPC_SCALES.brussels.find((r) => r.label === 'f_sub')!.lower).toBe(323);
    expect(epcLabel(null, 'brussels')).toBeNull();
  });

  it('reads the region from the postcode, Luxembourg from the label text, nothing elsewhere', () => {
    expect(epcForProperty({ CountryID: 10, Zip: '1030', EnergyPerformance: 150 })).toEqual({ region: 'brussels', label: 'c_sub', image: '/images/epc/brussels/c_sub.png' });
    expect(epcForProperty({ CountryID: 10, Zip: '9000', EnergyPerformance: 150 })).toEqual({ region: 'flanders', label: 'b', image: '/images/epc/flanders/b.png' });
    expect(epcForProperty({ CountryID: 10, Zip: '5000', EnergyPerformance: 150 })).toEqual({ region: 'wallonia', label: 'b', image: '/images/epc/wallonia/b.png' });
    expect(epcForProperty({ CountryID: 50, Zip: '', EPCLabelText: 'B' })).toEqual({ region: 'luxembourg', label: 'B', image: null });
    expect(epcForProperty({ CountryID: 33, Zip: '75001', EnergyPerformance: 150 })).toEqual({ region: null, label: null, image: null });
  });

  it('compares labels across regions on one scale and flags E and F for the renovation notice', () => {
    expect(epcLetter('a_plusplus')).toBe('A++');
    expect(epcLetter('b_sub')).toBe('B');
    expect(epcLetter('C')).toBe('C');
    expect(epcRank('a_plus')! < epcRank('b')!).toBe(true);
    expect(epcDisplayText('c_sub')).toBe('C–');
    expect(['e', 'e_plus', 'f_sub', 'E', 'F'].every(needsRenovationNotice)).toBe(true);
    expect(['d', 'g', null].some(needsRenovationNotice)).toBe(false);
  });
});

describe('regions by postcode (SPEC §9)', () => {
  it.each([
    ['999', null], ['1000', 'brussels'], ['1299', 'brussels'], ['1300', 'wallonia'], ['1499', 'wallonia'], ['1500', 'flanders'], ['3999', 'flanders'],
    ['4000', 'wallonia'], ['7999', 'wallonia'], ['8000', 'flanders'], ['9999', 'flanders'], ['', null], ['L-1234', null],
  ])('%s → %s', (zip, region) => expect(regionOfPostcode(zip)).toBe(region));
});

describe('phone formatting (SPEC §5)', () => {
  it.each([
    ['0470123456', '0470 12 34 56'], ['0470/12.34.56', '0470 12 34 56'], ['026401234', '026 40 12 34'], ['02 640 12 34', '026 40 12 34'],
    ['+32 470 12 34 56', '+32 470 12 34 56'], ['+32 2 640 12 34', '3226 40 12 34'], ['12345', '12345'],
  ])('%s → %s', (raw, out) => expect(formatPhone(raw)).toBe(out));
});

describe('video URL detection (SPEC §5)', () => {
  it.each([
    ['https://www.youtube.com/watch?v=dQw4w9WgXcQ', 'youtube'], ['https://youtu.be/dQw4w9WgXcQ', 'youtube'], ['https://vimeo.com/123456', 'vimeo'],
    ['https://www.facebook.com/atrium/videos/1234567890/', 'facebook'], ['https://fb.watch/abcDEF/', 'facebook'], ['https://my.matterport.com/show/?m=abc123', 'matterport'],
    ['https://www.tvl.be/tour/123', 'tvl'], ['https://app.yisual.com/tour/1', 'yisual'], ['https://cdn.example.com/tour.MP4?v=3', 'file'], ['/media/clip.webm', 'file'],
  ])('%s is %s', (url, kind) => expect(detectVideo(url)?.kind).toBe(kind));
  it('needs an 11-character YouTube id and ignores blanks', () => {
    expect(detectVideo('https://youtu.be/dQw4w9WgXc')).toBeNull();
    expect(detectVideo('   ')).toBeNull();
    expect(detectVideo(null)).toBeNull();
    expect(detectVideo('https://example.com/page')).toBeNull();
    expect(detectVideo('https://youtu.be/dQw4w9WgXcQ')?.embedUrl).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });
});

describe('description cleanup (SPEC §9)', () => {
  it('strips tags and entities and keeps short text whole', () => {
    expect(cleanDescription('<p>Bel appartement &amp; terrasse&nbsp;!</p>')).toBe('Bel appartement & terrasse !');
  });
  it('cuts at 250 characters at the last space past 80% with an ellipsis', () => {
    const out = cleanDescription(`${'woord '.repeat(60)}`);
    expect(out.endsWith('…')).toBe(true);
    expect(out.length).toBeLessThanOrEqual(251);
    expect(out.length).toBeGreaterThan(200);
    expect(cleanDescription('x'.repeat(300))).toBe(`${'x'.repeat(250)}…`);
  });
});

describe('search query strings', () => {
  it('round-trips a search through the URL', () => {
    const qs = '?type=3&city=1030&maxPrice=400000&bedrooms=2&sort=price-asc&page=2';
    const { query, errors } = parsePropertyQuery(new URLSearchParams(qs), { goal: 'sale' });
    expect(errors).toEqual([]);
    expect(query).toMatchObject({ goal: 'sale', types: [3], cities: ['1030'], maxPrice: 400000, bedrooms: 2, sort: 'price-asc', page: 2, pageSize: 24 });
    expect(queryString(query, 'sale')).toBe(qs);
  });
  it('names every bad field', () => {
    const { errors } = parsePropertyQuery(new URLSearchParams('maxPrice=lots&type=8&sort=best&garden=maybe'));
    expect(errors.map((e) => e.field).sort()).toEqual(['garden', 'maxPrice', 'sort', 'type']);
  });
});
