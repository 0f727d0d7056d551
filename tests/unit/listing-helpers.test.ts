import { describe, expect, it } from 'vitest';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import {
  EPC_LETTERS,
  EPC_SCALES,
  epcAtMost,
  epcDisplayText,
  epcForProperty,
  epcLabel,
  epcLetter,
  epcRank,
  needsRenovationNotice,
} from '../../shared/epc.ts';
import { COUNTRY_BELGIUM, COUNTRY_LUXEMBOURG, regionOfPostcode } from '../../shared/region.ts';
import { formatPhone } from '../../shared/phone.ts';
import { detectVideo } from '../../shared/video.ts';
import { cleanDescription, decodeEntities, stripHtml } from '../../shared/listing-text.ts';
import { root } from '../helpers/config.ts';

const cases = (region: 'flanders' | 'brussels' | 'wallonia', table: [number, string][]) =>
  table.map(([value, label]) => [region, value, label] as const);

describe('EPC scales (SPEC §3)', () => {
  it('holds the three regional tables as data, best to worst, with open ends', () => {
    expect(EPC_SCALES.flanders.map((r) => r.label)).toEqual(['a_plus', 'a', 'b', 'c', 'd', 'e', 'f']);
    expect(EPC_SCALES.brussels.map((r) => r.label)).toEqual([
      'a_plus', 'a', 'a_sub', 'b_plus', 'b', 'b_sub', 'c_plus', 'c', 'c_sub', 'd_plus', 'd', 'd_sub',
      'e_plus', 'e', 'e_sub', 'f_plus', 'f', 'f_sub', 'g',
    ]);
    expect(EPC_SCALES.wallonia.map((r) => r.label)).toEqual(['a_plusplus', 'a_plus', 'a', 'b', 'c', 'd', 'e', 'f', 'g']);
    for (const scale of Object.values(EPC_SCALES)) {
      expect(scale[0].lower).toBeNull();
      expect(scale[0].upper).toBe(0);
      expect(scale[scale.length - 1].upper).toBeNull();
      for (let i = 1; i < scale.length; i++) {
        expect(scale[i].lower).not.toBeNull();
        expect(scale[i].lower!).toBeGreaterThanOrEqual(scale[i - 1].upper!);
        if (scale[i].upper !== null) expect(scale[i].upper!).toBeGreaterThan(scale[i].lower!);
      }
    }
  });

  it("corrects the Brussels f_sub lower bound (spec typo 223) to 323, with a note", () => {
    const fSub = EPC_SCALES.brussels.find((r) => r.label === 'f_sub')!;
    expect(fSub).toMatchObject({ lower: 323, upper: 345 });
    expect(fSub.note).toMatch(/223/);
    expect(EPC_SCALES.brussels.filter((r) => r.note).map((r) => r.label)).toEqual(['f_sub']);
  });

  it.each([
    ...cases('flanders', [
      [-5, 'a_plus'], [-0.01, 'a_plus'], [0, 'a'], [99.9, 'a'], [100, 'b'], [199, 'b'], [200, 'c'], [299.5, 'c'],
      [300, 'd'], [400, 'e'], [499, 'e'], [500, 'f'], [10000, 'f'],
    ]),
    ...cases('brussels', [
      [-1, 'a_plus'], [-0.5, 'a_plus'], [0, 'a'], [0.5, 'a'], [1, 'a'], [23, 'a'], [23.5, 'a_sub'], [24, 'a_sub'],
      [45, 'a_sub'], [46, 'b_plus'], [62, 'b_plus'], [63, 'b'], [79, 'b'], [80, 'b_sub'], [95, 'b_sub'],
      [96, 'c_plus'], [113, 'c_plus'], [114, 'c'], [132, 'c'], [133, 'c_sub'], [150, 'c_sub'], [151, 'd_plus'],
      [170, 'd_plus'], [171, 'd'], [190, 'd'], [191, 'd_sub'], [210, 'd_sub'], [211, 'e_plus'], [223, 'e_plus'],
      [232, 'e_plus'], [233, 'e'], [253, 'e'], [254, 'e_sub'], [275, 'e_sub'], [276, 'f_plus'], [298, 'f_plus'],
      [299, 'f'], [322, 'f'], [322.5, 'f_sub'], [323, 'f_sub'], [345, 'f_sub'], [345.5, 'g'], [346, 'g'], [900, 'g'],
    ]),
    ...cases('wallonia', [
      [-1, 'a_plusplus'], [0, 'a_plus'], [44.9, 'a_plus'], [45, 'a'], [84, 'a'], [85, 'b'], [170, 'c'], [255, 'd'],
      [340, 'e'], [425, 'f'], [509.9, 'f'], [510, 'g'], [5000, 'g'],
    ]),
  ])('%s %d → %s', (region, value, label) => {
    expect(epcLabel(value, region)).toBe(label);
  });

  it('gives no label without a finite value or for an unknown region', () => {
    expect(epcLabel(null, 'flanders')).toBeNull();
    expect(epcLabel(undefined, 'brussels')).toBeNull();
    expect(epcLabel(Number.NaN, 'wallonia')).toBeNull();
    expect(epcLabel(Number.POSITIVE_INFINITY, 'wallonia')).toBeNull();
    expect(epcLabel(100, 'luxembourg' as never)).toBeNull();
  });

  it('has an image file (under 4 KB) for every label of every region', () => {
    for (const [region, scale] of Object.entries(EPC_SCALES)) {
      for (const { label } of scale) {
        const file = join(root, 'public/images/epc', region, `${label}.png`);
        expect(existsSync(file), file).toBe(true);
        expect(statSync(file).size).toBeLessThan(4096);
      }
    }
  });
});

describe('EPC of a property (SPEC §9)', () => {
  it('uses the region of a Belgian postcode and the regional image', () => {
    expect(epcForProperty({ CountryID: 10, Zip: '1030', EnergyPerformance: 150, EPCLabelText: 'X' })).toEqual({
      region: 'brussels',
      label: 'c_sub',
      image: '/images/epc/brussels/c_sub.png',
    });
    expect(epcForProperty({ CountryID: 10, Zip: '2000', EnergyPerformance: 100 })).toEqual({
      region: 'flanders',
      label: 'b',
      image: '/images/epc/flanders/b.png',
    });
    expect(epcForProperty({ CountryID: 10, Zip: '4000', EnergyPerformance: 45 })).toEqual({
      region: 'wallonia',
      label: 'a',
      image: '/images/epc/wallonia/a.png',
    });
    expect(epcForProperty({ CountryID: 10, Zip: '1300', EnergyPerformance: -3 })).toEqual({
      region: 'wallonia',
      label: 'a_plusplus',
      image: '/images/epc/wallonia/a_plusplus.png',
    });
  });

  it('keeps the region but no label or image without an energy value', () => {
    expect(epcForProperty({ CountryID: 10, Zip: '1000', EnergyPerformance: null })).toEqual({ region: 'brussels', label: null, image: null });
  });

  it('gives all null for a Belgian property without a known postcode', () => {
    expect(epcForProperty({ CountryID: 10, Zip: '', EnergyPerformance: 100 })).toEqual({ region: null, label: null, image: null });
    expect(epcForProperty({ CountryID: 10, Zip: '0999', EnergyPerformance: 100 })).toEqual({ region: null, label: null, image: null });
  });

  it('uses the Luxembourg label text directly, without image', () => {
    expect(epcForProperty({ CountryID: 50, Zip: 'L-1234', EnergyPerformance: 120, EPCLabelText: 'B' })).toEqual({
      region: 'luxembourg',
      label: 'B',
      image: null,
    });
    expect(epcForProperty({ CountryID: 50, Zip: '', EPCLabelText: ' A+ ' })).toEqual({ region: 'luxembourg', label: 'A+', image: null });
    expect(epcForProperty({ CountryID: 50, EPCLabelText: '  ' })).toEqual({ region: 'luxembourg', label: null, image: null });
    expect(epcForProperty({ CountryID: 50, EPCLabelText: null })).toEqual({ region: 'luxembourg', label: null, image: null });
  });

  it('gives all null for other countries', () => {
    expect(epcForProperty({ CountryID: 33, Zip: '1000', EnergyPerformance: 100, EPCLabelText: 'C' })).toEqual({
      region: null,
      label: null,
      image: null,
    });
    expect(epcForProperty({ Zip: '1000', EnergyPerformance: 100 })).toEqual({ region: null, label: null, image: null });
  });
});

describe('EPC common letters, rank and renovation notice', () => {
  it('lists the common letters best first', () => {
    expect(EPC_LETTERS).toEqual(['A++', 'A+', 'A', 'B', 'C', 'D', 'E', 'F', 'G']);
  });

  it.each([
    ['a_plusplus', 'A++', 0],
    ['a_plus', 'A+', 1],
    ['a', 'A', 2],
    ['a_sub', 'A', 2],
    ['b_plus', 'B', 3],
    ['b', 'B', 3],
    ['b_sub', 'B', 3],
    ['c_plus', 'C', 4],
    ['d_sub', 'D', 5],
    ['e_plus', 'E', 6],
    ['f_sub', 'F', 7],
    ['g', 'G', 8],
    ['A++', 'A++', 0],
    ['A+', 'A+', 1],
    [' c ', 'C', 4],
    ['B-', 'B', 3],
    ['B–', 'B', 3],
  ])('%s → %s (rank %d)', (label, letter, rank) => {
    expect(epcLetter(label)).toBe(letter);
    expect(epcRank(label)).toBe(rank);
  });

  it('gives no letter or rank for unknown labels', () => {
    for (const label of ['', '  ', null, undefined, 'H', 'i', 'a_minus', 'AB']) {
      expect(epcLetter(label)).toBeNull();
      expect(epcRank(label)).toBeNull();
    }
  });

  it('compares labels across regions for a max-label filter', () => {
    expect(epcAtMost('b_sub', 'C')).toBe(true);
    expect(epcAtMost('c_sub', 'C')).toBe(true);
    expect(epcAtMost('d_plus', 'C')).toBe(false);
    expect(epcAtMost('a_plusplus', 'A+')).toBe(true);
    expect(epcAtMost('a', 'A+')).toBe(false);
    expect(epcAtMost('H', 'G')).toBe(false);
    expect(epcAtMost('b', null)).toBe(false);
  });

  it('prints regional labels', () => {
    expect(epcDisplayText('a_plusplus')).toBe('A++');
    expect(epcDisplayText('a_plus')).toBe('A+');
    expect(epcDisplayText('b_plus')).toBe('B+');
    expect(epcDisplayText('b_sub')).toBe('B–');
    expect(epcDisplayText('c')).toBe('C');
  });

  it('shows the renovation notice for E and F only', () => {
    expect(needsRenovationNotice('E')).toBe(true);
    expect(needsRenovationNotice('F')).toBe(true);
    expect(needsRenovationNotice('e_plus')).toBe(true);
    expect(needsRenovationNotice('f_sub')).toBe(true);
    expect(needsRenovationNotice('D')).toBe(false);
    expect(needsRenovationNotice('d_sub')).toBe(false);
    expect(needsRenovationNotice('G')).toBe(false);
    expect(needsRenovationNotice('A+')).toBe(false);
    expect(needsRenovationNotice(null)).toBe(false);
  });
});

describe('region by postcode (SPEC §9)', () => {
  it.each([
    ['999', null],
    ['1000', 'brussels'],
    ['1299', 'brussels'],
    ['1300', 'wallonia'],
    ['1499', 'wallonia'],
    ['1500', 'flanders'],
    ['3999', 'flanders'],
    ['4000', 'wallonia'],
    ['7999', 'wallonia'],
    ['8000', 'flanders'],
    ['9999', 'flanders'],
    ['10000', null],
    ['0999', null],
    ['', null],
    ['   ', null],
    ['L-1234', null],
    ['B-1000', null],
    ['12a4', null],
    [' 1030 ', 'brussels'],
  ])('%j → %s', (zip, region) => {
    expect(regionOfPostcode(zip)).toBe(region);
  });

  it('accepts numbers and rejects null', () => {
    expect(regionOfPostcode(1200)).toBe('brussels');
    expect(regionOfPostcode(null)).toBeNull();
    expect(regionOfPostcode(undefined)).toBeNull();
  });

  it('names the country ids', () => {
    expect(COUNTRY_BELGIUM).toBe(10);
    expect(COUNTRY_LUXEMBOURG).toBe(50);
  });
});

describe('phone formatting (SPEC §5)', () => {
  it('groups 10 digits 4-2-2-2 and 9 digits 3-2-2-2', () => {
    expect(formatPhone('0470123456')).toBe('0470 12 34 56');
    expect(formatPhone('021234567')).toBe('021 23 45 67');
  });
  it('keeps only digits before grouping', () => {
    expect(formatPhone('0470.12.34.56')).toBe('0470 12 34 56');
    expect(formatPhone(' 0470 12 34 56 ')).toBe('0470 12 34 56');
    expect(formatPhone('02/123.45.67')).toBe('021 23 45 67');
    // +32 counts only as digits: a 10-digit international number is grouped like any other.
    expect(formatPhone('+32 2 123 45 67')).toBe('3221 23 45 67');
  });
  it('returns other lengths unchanged', () => {
    expect(formatPhone('+32 470 12 34 56')).toBe('+32 470 12 34 56');
    expect(formatPhone('0032.470.12.34.56')).toBe('0032.470.12.34.56');
    expect(formatPhone('12345')).toBe('12345');
    expect(formatPhone('abc')).toBe('abc');
    expect(formatPhone('')).toBe('');
    expect(formatPhone(null)).toBe('');
    expect(formatPhone(undefined)).toBe('');
  });
});

describe('video detection (SPEC §5)', () => {
  it('recognises files by extension, any case, ignoring query strings', () => {
    expect(detectVideo('https://cdn.example.com/tour.mp4')).toEqual({ kind: 'file', url: 'https://cdn.example.com/tour.mp4' });
    expect(detectVideo('https://cdn.example.com/tour.MOV?v=3#t=10')).toEqual({ kind: 'file', url: 'https://cdn.example.com/tour.MOV?v=3#t=10' });
    expect(detectVideo('/media/clip.WebM?x=1')).toEqual({ kind: 'file', url: '/media/clip.WebM?x=1' });
    for (const ext of ['wmv', 'avi', 'flv']) expect(detectVideo(`https://x.be/a.${ext}`)?.kind).toBe('file');
    expect(detectVideo('https://cdn.example.com/tour.mp4.html')).toBeNull();
    expect(detectVideo('https://cdn.example.com/?file=tour.mp4')).toBeNull();
  });

  it('recognises YouTube watch, shorts, youtu.be and embed URLs with an 11-character id', () => {
    const yt = (id: string, url: string) => ({ kind: 'youtube', url, id, embedUrl: `https://www.youtube-nocookie.com/embed/${id}` });
    expect(detectVideo('https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42')).toEqual(yt('dQw4w9WgXcQ', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=42'));
    expect(detectVideo('https://youtube.com/shorts/aB3_-xYz123')).toEqual(yt('aB3_-xYz123', 'https://youtube.com/shorts/aB3_-xYz123'));
    expect(detectVideo('https://youtu.be/dQw4w9WgXcQ?si=abc')).toEqual(yt('dQw4w9WgXcQ', 'https://youtu.be/dQw4w9WgXcQ?si=abc'));
    expect(detectVideo('https://www.youtube.com/embed/dQw4w9WgXcQ')).toEqual(yt('dQw4w9WgXcQ', 'https://www.youtube.com/embed/dQw4w9WgXcQ'));
    expect(detectVideo('https://m.youtube.com/watch?v=dQw4w9WgXcQ')?.id).toBe('dQw4w9WgXcQ');
    expect(detectVideo('  www.youtube.com/watch?v=dQw4w9WgXcQ  ')).toEqual(yt('dQw4w9WgXcQ', 'www.youtube.com/watch?v=dQw4w9WgXcQ'));
  });

  it('rejects YouTube URLs without a valid id', () => {
    expect(detectVideo('https://www.youtube.com/watch?v=dQw4w9WgXc')).toBeNull(); // 10 characters
    expect(detectVideo('https://youtu.be/dQw4w9WgXcQQ')).toBeNull(); // 12 characters
    expect(detectVideo('https://www.youtube.com/watch?v=dQw4w9WgX!Q')).toBeNull();
    expect(detectVideo('https://www.youtube.com/channel/UCabc')).toBeNull();
  });

  it('recognises Vimeo {host}/{number}', () => {
    expect(detectVideo('https://vimeo.com/76979871')).toEqual({
      kind: 'vimeo',
      url: 'https://vimeo.com/76979871',
      id: '76979871',
      embedUrl: 'https://player.vimeo.com/video/76979871',
    });
    expect(detectVideo('https://player.vimeo.com/video/76979871')?.embedUrl).toBe('https://player.vimeo.com/video/76979871');
    expect(detectVideo('https://vimeo.com/channels/staffpicks')).toBeNull();
  });

  it('recognises Facebook video URLs and fb.watch', () => {
    const page = 'https://www.facebook.com/agency/videos/1234567890/';
    expect(detectVideo(page)).toEqual({
      kind: 'facebook',
      url: page,
      id: '1234567890',
      embedUrl: `https://www.facebook.com/plugins/video.php?href=${encodeURIComponent(page)}`,
    });
    expect(detectVideo('https://www.facebook.com/watch?v=987654321')).toMatchObject({ kind: 'facebook', id: '987654321' });
    expect(detectVideo('https://fb.watch/abcDEF123/')).toMatchObject({ kind: 'facebook', id: 'abcDEF123' });
    expect(detectVideo('https://www.facebook.com/agency')).toBeNull();
    expect(detectVideo('https://www.facebook.com/watch')).toBeNull();
  });

  it('recognises Matterport, tvl.be and Yisual by hostname suffix', () => {
    expect(detectVideo('https://my.matterport.com/show/?m=SxQL3iGyoDo')).toEqual({
      kind: 'matterport',
      url: 'https://my.matterport.com/show/?m=SxQL3iGyoDo',
      embedUrl: 'https://my.matterport.com/show/?m=SxQL3iGyoDo',
      id: 'SxQL3iGyoDo',
    });
    expect(detectVideo('https://www.tvl.be/nl/tour/123')).toEqual({
      kind: 'tvl',
      url: 'https://www.tvl.be/nl/tour/123',
      embedUrl: 'https://www.tvl.be/nl/tour/123',
    });
    expect(detectVideo('https://tour.yisual.com/p/42')?.kind).toBe('yisual');
    expect(detectVideo('https://yisual.nl/p/42')?.kind).toBe('yisual');
    expect(detectVideo('https://notmatterport.com/show')).toBeNull();
    expect(detectVideo('https://tvl.be.evil.com/x')).toBeNull();
    expect(detectVideo('https://myyisual.com/x')).toBeNull();
  });

  it('gives null for empty, blank, invalid and unknown URLs', () => {
    expect(detectVideo(null)).toBeNull();
    expect(detectVideo(undefined)).toBeNull();
    expect(detectVideo('')).toBeNull();
    expect(detectVideo('   ')).toBeNull();
    expect(detectVideo('not a url')).toBeNull();
    expect(detectVideo('https://')).toBeNull();
    expect(detectVideo('javascript:alert(1)//.mp4')).toBeNull();
    expect(detectVideo('ftp://files.example.com/movie.mp4')).toBeNull();
    expect(detectVideo('https://example.com/page')).toBeNull();
  });
});

describe('description cleanup (SPEC §9)', () => {
  it('decodes the common entities', () => {
    expect(decodeEntities('Tom &amp; Jerry&nbsp;&lt;3&gt; &quot;x&quot; &#39;y&#39; &#8364; &#x20AC;')).toBe(
      'Tom & Jerry <3> "x" \'y\' € €',
    );
    expect(decodeEntities('&amp;lt; &unknown; &#0; &#x110000;')).toBe('&lt; &unknown; &#0; &#x110000;');
  });

  it('strips tags without merging words, and drops scripts and comments', () => {
    expect(stripHtml('<p>Hello<br/>world</p><b>Ro</b>om<script>alert(1)</script><!-- x -->')).toBe(' Hello world Room  ');
    expect(cleanDescription('<p>Hello<br/>world</p><b>Ro</b>om<script>alert(1)</script><!-- x -->')).toBe('Hello world Room');
  });

  it('decodes entities after stripping, so encoded tags stay text', () => {
    expect(cleanDescription('<div class="x">3 &lt; 5 &amp;&amp; 2 &gt; 1</div>')).toBe('3 < 5 && 2 > 1');
    expect(cleanDescription('&lt;b&gt;bold&lt;/b&gt;')).toBe('<b>bold</b>');
    expect(cleanDescription('3 < 5')).toBe('3 < 5');
  });

  it('collapses whitespace, including &nbsp; and newlines', () => {
    expect(cleanDescription('  Sunny\n\n  flat&nbsp;&nbsp; with\tgarden  ')).toBe('Sunny flat with garden');
  });

  it('gives an empty string for empty input', () => {
    expect(cleanDescription(null)).toBe('');
    expect(cleanDescription(undefined)).toBe('');
    expect(cleanDescription('   ')).toBe('');
    expect(cleanDescription('<p> </p>')).toBe('');
  });

  it('keeps text of exactly the limit (250) as is', () => {
    const text = 'a'.repeat(250);
    expect(cleanDescription(text)).toBe(text);
    expect(cleanDescription(`<p>${'b'.repeat(246)}&amp;</p>`)).toBe(`${'b'.repeat(246)}&`);
  });

  it('cuts at the last space when it lies beyond 80% of the limit', () => {
    const text = `${'x'.repeat(210)} ${'y'.repeat(60)}`;
    expect(cleanDescription(text)).toBe(`${'x'.repeat(210)}…`);
    expect(cleanDescription(`${'x'.repeat(200)} ${'y'.repeat(60)}`)).toBe(`${'x'.repeat(200)}…`);
    expect(cleanDescription('alpha beta gamma', 12)).toBe('alpha beta…');
  });

  it('cuts hard at the limit when the last space lies before 80% or there is none', () => {
    expect(cleanDescription(`${'x'.repeat(190)} ${'y'.repeat(80)}`)).toBe(`${'x'.repeat(190)} ${'y'.repeat(59)}…`);
    expect(cleanDescription('z'.repeat(251))).toBe(`${'z'.repeat(250)}…`);
    expect(cleanDescription('one two three four', 10)).toBe('one two th…');
  });
});
