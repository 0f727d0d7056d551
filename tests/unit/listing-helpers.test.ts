import { describe, expect, it } from 'vitest';
import { COUNTRY_BELGIUM, COUNTRY_LUXEMBOURG, regionOfPostcode } from '../../shared/region.ts';
import { displayPhone, formatPhone, internationalPhone } from '../../shared/phone.ts';
import { detectVideo } from '../../shared/video.ts';
import { cleanDescription, decodeEntities, stripHtml } from '../../shared/listing-text.ts';

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

describe('phone numbers as the site shows and dials them', () => {
  it('shows a national number through the helper and an international one as written', () => {
    expect(displayPhone('0475/61.23.48')).toBe('0475 61 23 48');
    expect(displayPhone('02 640 12 34')).toBe('026 40 12 34');
    expect(displayPhone(' +32 2 640 12 34 ')).toBe('+32 2 640 12 34');
    expect(displayPhone('0032 2 640 12 34')).toBe('0032 2 640 12 34');
    expect(displayPhone('112')).toBe('112');
    expect(displayPhone(undefined)).toBe('');
  });
  it('dials in international form: a national number is Belgian', () => {
    expect(internationalPhone('0475/61.23.48')).toBe('+32475612348');
    expect(internationalPhone('02 640 12 34')).toBe('+3226401234');
    // The trunk zero some write after the country code, +32 (0)2 …, is not dialled.
    expect(internationalPhone('+32 (0)2 640 12 34')).toBe('+3226401234');
    expect(internationalPhone('0033 1 42 68 53 00')).toBe('+33142685300');
    expect(internationalPhone('+352 26 12 34')).toBe('+352261234');
    expect(internationalPhone('112')).toBe('112');
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
    expect(decodeEntities('Tom &amp; Jerry&nbsp;&lt;3&gt; &quot;x&quot; &#39;y&#39; &#8364; &#x20AC;')).toBe('Tom & Jerry <3> "x" \'y\' € €');
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
