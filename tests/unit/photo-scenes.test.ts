import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { photoKinds, photoSvg, type PhotoKind } from '../../sample/photo-scenes.ts';

const KINDS: PhotoKind[] = ['facade', 'living', 'kitchen', 'bedroom', 'bathroom', 'garden', 'terrace', 'plot', 'office', 'shop', 'garage'];

/** A small well-formedness check: balanced tags, one root, no external references, no text. */
function checkSvg(svg: string): void {
  expect(svg.startsWith('<svg')).toBe(true);
  expect(svg.endsWith('</svg>')).toBe(true);
  expect(svg).toContain('viewBox="0 0 1600 1067"');
  expect(svg).toContain('width="1600"');
  expect(svg).toContain('height="1067"');
  expect(svg).not.toMatch(/<text|<image|<script|<foreignObject|https?:\/\/(?!www\.w3\.org\/2000\/svg)/);
  expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  const stack: string[] = [];
  for (const m of svg.matchAll(/<(\/?)([a-zA-Z]+)[^>]*?(\/?)>/g)) {
    const [, closing, name, selfClosing] = m;
    if (selfClosing) continue;
    if (closing) expect(stack.pop()).toBe(name);
    else stack.push(name);
  }
  expect(stack).toEqual([]);
  // every url(#id) / href="#id" points at a defined id
  const ids = new Set([...svg.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]));
  for (const m of svg.matchAll(/url\(#([^)]+)\)|href="#([^"]+)"/g)) expect(ids.has(m[1] ?? m[2])).toBe(true);
}

describe('photoSvg', () => {
  it('is deterministic', () => {
    for (const kind of KINDS) expect(photoSvg(42, kind)).toBe(photoSvg(42, kind));
  });

  it('differs between seeds and between kinds', () => {
    for (const kind of KINDS) {
      expect(photoSvg(1, kind)).not.toBe(photoSvg(2, kind));
      expect(photoSvg(1, kind)).not.toBe(photoSvg(1001, kind));
    }
    expect(new Set(KINDS.map((k) => photoSvg(7, k))).size).toBe(KINDS.length);
  });

  it('produces well-formed, self-contained SVG under 25 KB for many seeds', () => {
    for (const kind of KINDS) {
      for (let seed = 0; seed < 40; seed++) {
        const svg = photoSvg(seed * 7919 + 3, kind);
        checkSvg(svg);
        expect(Buffer.byteLength(svg)).toBeLessThan(25 * 1024);
      }
    }
  });

  it.each(KINDS)('renders %s with sharp to a 240-wide JPEG', async (kind) => {
    const svg = photoSvg(12345, kind);
    const jpeg = await sharp(Buffer.from(svg)).resize(240).jpeg().toBuffer();
    expect(jpeg.length).toBeGreaterThan(1000);
    const meta = await sharp(jpeg).metadata();
    expect(meta.width).toBe(240);
    expect(meta.height).toBe(160);
  });

  it('renders at full size 1600×1067', async () => {
    const meta = await sharp(Buffer.from(photoSvg(9, 'facade'))).metadata();
    expect(meta.width).toBe(1600);
    expect(meta.height).toBe(1067);
  });
});

describe('photoKinds', () => {
  it('returns the requested number of kinds', () => {
    for (const webId of [1, 2, 3, 4, 5, 6, 7, 99]) {
      for (const count of [0, 1, 3, 8, 25]) {
        const kinds = photoKinds(webId, count);
        expect(kinds).toHaveLength(count);
        for (const k of kinds) expect(KINDS).toContain(k);
      }
    }
    expect(photoKinds(1, -3)).toEqual([]);
  });

  it('starts with a facade for houses and apartments, a plot for plots', () => {
    expect(photoKinds(1, 5)[0]).toBe('facade');
    expect(photoKinds(3, 5)[0]).toBe('facade');
    expect(photoKinds(4, 5)[0]).toBe('plot');
    expect(photoKinds(7, 3)[0]).toBe('garage');
    expect(['shop', 'office']).toContain(photoKinds(6, 1)[0]);
  });

  it('shows rooms for homes and never repeats the cover when cycling', () => {
    const house = photoKinds(1, 30);
    expect(house).toContain('living');
    expect(house).toContain('kitchen');
    expect(house).toContain('bedroom');
    expect(house.slice(1).filter((k) => k === 'facade')).toHaveLength(0);
    expect(photoKinds(4, 10).every((k) => k === 'plot' || k === 'garden')).toBe(true);
  });
});
