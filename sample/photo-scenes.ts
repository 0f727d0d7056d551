/**
 * Procedural property "photos".
 *
 * There are no stock photos and no network, so every listing photo is drawn: a flat editorial
 * illustration (soft natural colours, light and shade through gradients) of a believable room or
 * building, as a self-contained SVG that sharp turns into a JPEG. Everything is derived from a seeded
 * PRNG, so the same (seed, kind) always gives the same picture, byte for byte.
 *
 * Interiors use a one-point perspective "room" whose coordinates are in metres (x from the left wall,
 * y above the floor, d in front of the back wall); exteriors are frontal elevations with a ground plane.
 */

export type PhotoKind = 'facade' | 'living' | 'kitchen' | 'bedroom' | 'bathroom' | 'garden' | 'terrace' | 'plot' | 'office' | 'shop' | 'garage';

const W = 1600;
const H = 1067;

// ---------------------------------------------------------------------------------------------
// Which photos a property shows

const SEQUENCES: Record<number, readonly PhotoKind[]> = {
  1: ['facade', 'living', 'kitchen', 'bedroom', 'bathroom', 'garden', 'bedroom', 'living', 'terrace', 'garage'],
  2: ['living', 'kitchen', 'bathroom', 'facade', 'living', 'terrace'],
  3: ['facade', 'living', 'kitchen', 'bedroom', 'bathroom', 'terrace', 'bedroom', 'living'],
  4: ['plot', 'plot', 'plot', 'garden', 'plot'],
  5: ['facade', 'shop', 'living', 'kitchen', 'bedroom', 'bathroom', 'facade', 'terrace', 'office'],
  6: ['shop', 'office', 'shop', 'office', 'bathroom', 'kitchen', 'facade'],
  7: ['garage', 'garage', 'facade', 'garage'],
};

/** Which kinds of photo a property of this type shows, in order (photo 1 is the cover). */
export function photoKinds(webId: number, count: number): PhotoKind[] {
  const seq = SEQUENCES[webId] ?? SEQUENCES[3];
  const n = Number.isFinite(count) ? Math.max(0, Math.floor(count)) : 0;
  const out: PhotoKind[] = [];
  for (let i = 0; i < n; i++) {
    // Past the end, cycle through everything but the cover.
    out.push(i < seq.length ? seq[i] : seq[1 + ((i - 1) % (seq.length - 1))]);
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// PRNG

function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function hashString(s: string): number {
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h >>> 0;
}

class Rng {
  private readonly next: () => number;
  constructor(seed: number) {
    this.next = mulberry32(seed);
  }
  f(): number {
    return this.next();
  }
  range(a: number, b: number): number {
    return a + (b - a) * this.next();
  }
  int(a: number, b: number): number {
    return Math.min(b, Math.floor(this.range(a, b + 1)));
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.next() * xs.length)];
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
}

// ---------------------------------------------------------------------------------------------
// Colours

function rgbOf(c: string): [number, number, number] {
  const v = parseInt(c.slice(1), 16);
  return [(v >> 16) & 255, (v >> 8) & 255, v & 255];
}

function mix(a: string, b: string, t: number): string {
  const x = rgbOf(a);
  const y = rgbOf(b);
  const c = (i: number) => Math.max(0, Math.min(255, Math.round(x[i] + (y[i] - x[i]) * t)));
  return '#' + ((1 << 24) | (c(0) << 16) | (c(1) << 8) | c(2)).toString(16).slice(1);
}

const INK = '#26221f';
/** t > 0 lightens towards white, t < 0 darkens towards a warm near-black. */
function shade(c: string, t: number): string {
  return t >= 0 ? mix(c, '#ffffff', t) : mix(c, INK, -t);
}

const WALLS = ['#efe9df', '#e9e2d4', '#e1e5dc', '#dde3e3', '#efe0d4', '#e8dcc6', '#d6ddd0', '#f2efe8', '#e6e0e4'];
const ACCENT_WALLS = ['#5d7872', '#7f8e75', '#bd8166', '#44566c', '#c9a76e', '#93736c', '#6f7f8c'];
const WOODS = ['#c9a27a', '#dcc19b', '#aa7d57', '#8d6549', '#c4b39d', '#d6b187'];
const FABRICS = ['#7f948a', '#c8b9a4', '#a8644e', '#5f718c', '#d9cdbb', '#8c8779', '#c4925e', '#3f4d5e', '#b7a1a8', '#6d7f5c', '#9aa7ad'];
const ART = ['#d88c6a', '#e3b55b', '#6f8f8a', '#2f4858', '#c9d1c8', '#b85c4c', '#e9d8c0', '#8fa3b8', '#4f6d4a', '#efe6d6'];
const GREENS: readonly (readonly string[])[] = [
  ['#4a6844', '#6a8c58', '#93ad76'],
  ['#3d5c4a', '#597d63', '#86a585'],
  ['#55703e', '#7a9652', '#a6bb7a'],
];
const SKIES: readonly (readonly string[])[] = [
  ['#7ea6cc', '#b5cfe3', '#e8eff2'],
  ['#94afc8', '#c3d3df', '#eceeed'],
  ['#a5b6c4', '#cbd5dc', '#eef0ee'],
  ['#87a8c8', '#cdd6da', '#f3e4cb'],
  ['#6f9cc8', '#a9c8e2', '#e2edf3'],
];
const POTS = ['#c27a56', '#eeeae2', '#4a4a48', '#c9a878', '#9bab9a', '#d9cbb8'];
const BLUESTONE = '#5e6872';

// ---------------------------------------------------------------------------------------------
// SVG builder

type Pt = [number, number];
type Stop = [number, string, number?];

/** Numbers in the output: whole pixels are plenty for large values, one decimal for small ones. */
const f1 = (v: number): string => String(Math.abs(v) >= 20 ? Math.round(v) : Math.round(v * 10) / 10);
const pts = (ps: readonly Pt[]): string => ps.map(([x, y]) => `${f1(x)},${f1(y)}`).join(' ');

class Svg {
  private readonly defs: string[] = [];
  private readonly parts: string[] = [];
  private n = 0;

  private id(): string {
    return 'i' + (this.n++).toString(36);
  }
  add(s: string): void {
    this.parts.push(s);
  }
  private stops(stops: readonly Stop[]): string {
    return stops.map(([o, c, op]) => `<stop offset="${f1(o * 100)}%" stop-color="${c}"${op === undefined ? '' : ` stop-opacity="${f1(op)}"`}/>`).join('');
  }
  /** Linear gradient in bounding-box units; returns a fill value. */
  private shared = new Map<string, string>();
  /** A reusable definition: identical bodies share one id. */
  private sharedDef(tag: string, attrs: string, body: string): string {
    const key = tag + attrs + body;
    let id = this.shared.get(key);
    if (!id) {
      id = this.id();
      this.shared.set(key, id);
      this.defs.push(`<${tag} id="${id}"${attrs}>${body}</${tag}>`);
    }
    return `url(#${id})`;
  }
  lin(stops: readonly Stop[], x1 = 0, y1 = 0, x2 = 0, y2 = 1): string {
    const a = (x1 ? ` x1="${x1}"` : '') + (y1 ? ` y1="${y1}"` : '') + (x2 !== 1 ? ` x2="${x2}"` : '') + (y2 ? ` y2="${y2}"` : '');
    return this.sharedDef('linearGradient', a, this.stops(stops));
  }
  /** Linear gradient in user space (absolute coordinates). */
  rad(stops: readonly Stop[], cx = 0.5, cy = 0.5, r = 0.5): string {
    const a = (cx !== 0.5 ? ` cx="${cx}"` : '') + (cy !== 0.5 ? ` cy="${cy}"` : '') + (r !== 0.5 ? ` r="${r}"` : '');
    return this.sharedDef('radialGradient', a, this.stops(stops));
  }
  pattern(w: number, h: number, body: string): string {
    return this.sharedDef('pattern', ` patternUnits="userSpaceOnUse" width="${f1(w)}" height="${f1(h)}"`, body);
  }
  clip(shape: string): string {
    return this.sharedDef('clipPath', '', shape);
  }
  /** Horizontal range of user space that ends up on the canvas (for culling details). */
  view: [number, number] = [0, W];
  private templates = new Map<string, string>();
  /** Draws `fn` once into <defs> (keyed) and returns its id, for <use>. */
  template(key: string, fn: () => void): string {
    let id = this.templates.get(key);
    if (!id) {
      id = this.id();
      this.templates.set(key, id);
      const saved = this.parts.splice(0);
      fn();
      const body = this.parts.splice(0).join('');
      this.parts.push(...saved);
      this.defs.push(`<g id="${id}">${body}</g>`);
    }
    return id;
  }
  use(id: string, x: number, y: number): void {
    this.parts.push(`<use href="#${id}" x="${f1(x)}" y="${f1(y)}"/>`);
  }
  open(attrs: string): void {
    this.parts.push(`<g ${attrs}>`);
  }
  close(): void {
    this.parts.push('</g>');
  }
  rect(x: number, y: number, w: number, h: number, fill: string, extra = ''): void {
    if (w <= 0 || h <= 0) return;
    // Plain rectangles are written as paths, which is shorter.
    if (extra.includes('rx=')) this.parts.push(`<rect x="${f1(x)}" y="${f1(y)}" width="${f1(w)}" height="${f1(h)}" fill="${fill}" ${extra}/>`);
    else this.parts.push(`<path d="M${f1(x)} ${f1(y)}h${f1(w)}v${f1(h)}h${f1(-w)}z" fill="${fill}"${extra ? ' ' + extra : ''}/>`);
  }
  poly(ps: readonly Pt[], fill: string, extra = ''): void {
    this.parts.push(`<polygon points="${pts(ps)}" fill="${fill}"${extra ? ' ' + extra : ''}/>`);
  }
  ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = ''): void {
    this.parts.push(`<ellipse cx="${f1(cx)}" cy="${f1(cy)}" rx="${f1(rx)}" ry="${f1(ry)}" fill="${fill}"${extra ? ' ' + extra : ''}/>`);
  }
  circle(cx: number, cy: number, r: number, fill: string, extra = ''): void {
    this.parts.push(`<circle cx="${f1(cx)}" cy="${f1(cy)}" r="${f1(r)}" fill="${fill}"${extra ? ' ' + extra : ''}/>`);
  }
  path(d: string, fill: string, extra = ''): void {
    this.parts.push(`<path d="${d}" fill="${fill}"${extra ? ' ' + extra : ''}/>`);
  }
  /** Stroked path (no fill). */
  stroke(d: string, color: string, width: number, extra = ''): void {
    this.parts.push(`<path d="${d}" fill="none" stroke="${color}" stroke-width="${f1(width)}"${extra ? ' ' + extra : ''}/>`);
  }
  toString(): string {
    return (
      `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">` +
      `<defs>${this.defs.join('')}</defs>${this.parts.join('')}</svg>`
    );
  }
}

const seg = (a: Pt, b: Pt): string => `M${f1(a[0])} ${f1(a[1])}L${f1(b[0])} ${f1(b[1])}`;

// ---------------------------------------------------------------------------------------------
// Shared outdoor elements

function sky(svg: Svg, r: Rng, pal: readonly string[], y1: number, clouds = r.int(1, 4)): void {
  svg.rect(
    0,
    0,
    W,
    y1,
    svg.lin([
      [0, pal[0]],
      [0.6, pal[1]],
      [1, pal[2]],
    ]),
  );
  for (let i = 0; i < clouds; i++) cloud(svg, r, r.range(60, W - 60), r.range(60, Math.max(80, y1 * 0.55)), r.range(160, 360));
}

function cloud(svg: Svg, r: Rng, cx: number, cy: number, w: number): void {
  let d = '';
  const n = r.int(3, 5);
  for (let i = 0; i < n; i++) {
    const x = cx - w / 2 + (w * (i + 0.5)) / n + r.range(-10, 10);
    const rr = (w / n) * r.range(0.55, 0.95) * (i === 0 || i === n - 1 ? 0.8 : 1.1);
    d += `M${f1(x - rr)} ${f1(cy)}a${f1(rr)} ${f1(rr * 0.8)} 0 0 1 ${f1(rr * 2)} 0z`;
  }
  svg.path(d, '#ffffff', `opacity="${f1(r.range(0.55, 0.8))}"`);
}

/** A deciduous tree: trunk and a crown of overlapping discs, lit from the upper left. */
function tree(svg: Svg, r: Rng, x: number, base: number, h: number, greens: readonly string[], haze = 0, hazeColor = '#dfe8ee'): void {
  const tint = (c: string) => (haze ? mix(c, hazeColor, haze) : c);
  const cr = h * 0.36;
  const cy = base - h + cr * 1.05;
  const tw = Math.max(3, h * 0.045);
  svg.path(`M${f1(x - tw)} ${f1(base)}L${f1(x - tw * 0.6)} ${f1(cy)}L${f1(x + tw * 0.6)} ${f1(cy)}L${f1(x + tw)} ${f1(base)}Z`, tint('#6b5646'));
  const layers: [string, number, number][] = [
    [greens[0], 0.12, 0.1],
    [greens[1], -0.02, -0.04],
    [greens[2], -0.18, -0.2],
  ];
  for (const [c, ox, oy] of layers) {
    let d = '';
    const n = c === greens[2] ? 3 : 5;
    for (let i = 0; i < n; i++) {
      const a = r.range(0, Math.PI * 2);
      const rr = cr * r.range(0.42, 0.62) * (c === greens[2] ? 0.7 : 1);
      const px = x + cr * ox + Math.cos(a) * cr * 0.45;
      const py = cy + cr * oy + Math.sin(a) * cr * 0.35;
      d += `M${f1(px - rr)} ${f1(py)}a${f1(rr)} ${f1(rr)} 0 1 0 ${f1(rr * 2)} 0a${f1(rr)} ${f1(rr)} 0 1 0 ${f1(-rr * 2)} 0z`;
    }
    svg.path(d, tint(c));
  }
}

/** Rounded shrub made of a few discs. */
function bush(svg: Svg, r: Rng, x: number, base: number, w: number, greens: readonly string[]): void {
  let dark = '';
  let light = '';
  const n = Math.max(2, Math.round(w / 40));
  for (let i = 0; i < n; i++) {
    const rr = (w / n) * r.range(0.7, 1.0);
    const px = x - w / 2 + (w * (i + 0.5)) / n;
    const py = base - rr * r.range(0.7, 1);
    dark += `M${f1(px - rr)} ${f1(py)}a${f1(rr)} ${f1(rr)} 0 1 0 ${f1(rr * 2)} 0a${f1(rr)} ${f1(rr)} 0 1 0 ${f1(-rr * 2)} 0z`;
    const lr = rr * 0.6;
    light += `M${f1(px - lr - rr * 0.25)} ${f1(py - rr * 0.3)}a${f1(lr)} ${f1(lr)} 0 1 0 ${f1(lr * 2)} 0a${f1(lr)} ${f1(lr)} 0 1 0 ${f1(-lr * 2)} 0z`;
  }
  svg.path(dark, greens[0]);
  svg.path(light, greens[1], 'opacity=".85"');
}

const LEAF = 'M0 0C20 -22 20 -72 0 -100C-20 -72 -20 -22 0 0Z';

/** A potted plant standing at (x, base), screen space. */
function plant(svg: Svg, r: Rng, x: number, base: number, sc: number, pot: string, greens: readonly string[]): void {
  const pw = 64 * sc;
  const ph = 70 * sc;
  const kind = r.int(0, 2);
  const top = base - ph;
  const leaves: string[] = [];
  const leafId = svg.template('leaf', () => svg.add(`<path d="${LEAF}"/>`));
  const f2 = (v: number) => String(Math.round(v * 100) / 100);
  const leaf = (lx: number, ly: number, a: number, sx: number, sy: number, c: string) =>
    leaves.push(`<use href="#${leafId}" fill="${c}" transform="translate(${f1(lx)} ${f1(ly)}) rotate(${f1(a)}) scale(${f2(sx)} ${f2(sy)})"/>`);
  if (kind === 0) {
    for (let i = 0; i < 15; i++) {
      const a = r.range(-72, 72);
      const l = r.range(0.9, 1.6) * sc * (1 - Math.abs(a) / 200);
      leaf(x + r.range(-8, 8) * sc, top + 4, a, l * 1.1, l, greens[i % 3]);
    }
  } else if (kind === 1) {
    const h = r.range(250, 330) * sc;
    svg.stroke(`M${f1(x)} ${f1(top)}Q${f1(x + 14 * sc)} ${f1(top - h * 0.5)} ${f1(x)} ${f1(top - h)}`, '#6e5a48', 5 * sc);
    for (let i = 0; i < 16; i++) {
      const t = 0.25 + (0.75 * i) / 15;
      const side = i % 2 ? 1 : -1;
      leaf(x + side * 4 * sc, top - h * t, side * r.range(30, 80), 0.75 * sc, r.range(0.55, 0.8) * sc, greens[(i + 1) % 3]);
    }
  } else {
    for (let i = 0; i < 13; i++) {
      const a = r.range(-24, 24);
      leaf(x + r.range(-18, 18) * sc, top + 4, a, 0.38 * sc, r.range(1.5, 2.5) * sc, greens[i % 2]);
    }
  }
  svg.add(`<g>${leaves.join('')}</g>`);
  svg.poly(
    [
      [x - pw / 2, top],
      [x + pw / 2, top],
      [x + pw * 0.38, base],
      [x - pw * 0.38, base],
    ],
    svg.lin(
      [
        [0, shade(pot, 0.12)],
        [1, shade(pot, -0.18)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  svg.rect(x - pw / 2 - 2, top - 2, pw + 4, 8 * sc, shade(pot, 0.05));
}

// ---------------------------------------------------------------------------------------------
// One-point perspective room (all coordinates in metres)

class Room {
  readonly vx: number;
  readonly vy: number;
  readonly s: number;
  readonly bx0: number;
  readonly bx1: number;
  readonly by0: number;
  readonly by1: number;
  readonly M: number;
  readonly F = 1900;
  readonly hm = 2.7;
  readonly wm: number;
  readonly dm: number;
  readonly eye: number;
  readonly cx: number;

  constructor(r: Rng, s: [number, number] = [0.63, 0.69], vy: [number, number] = [405, 455], vxSpread = 120) {
    this.vx = W / 2 + r.range(-vxSpread, vxSpread);
    this.vy = r.range(vy[0], vy[1]);
    this.s = r.range(s[0], s[1]);
    this.bx0 = this.vx * (1 - this.s);
    this.bx1 = this.vx + (W - this.vx) * this.s;
    this.by0 = this.vy * (1 - this.s);
    this.by1 = this.vy + (H - this.vy) * this.s;
    this.M = (this.by1 - this.by0) / this.hm;
    this.wm = (this.bx1 - this.bx0) / this.M;
    this.dm = (this.F * (1 - this.s)) / this.M;
    this.eye = (this.by1 - this.vy) / this.M;
    this.cx = (this.vx - this.bx0) / this.M;
  }
  p(x: number, y: number, d: number): Pt {
    const k = this.F / (this.F - d * this.M);
    return [this.vx + (this.bx0 + x * this.M - this.vx) * k, this.vy + (this.by1 - y * this.M - this.vy) * k];
  }
  /** Screen rectangle of a frontal face [x, y, w, h]. */
  front(x0: number, x1: number, y0: number, y1: number, d: number): [number, number, number, number] {
    const a = this.p(x0, y1, d);
    const b = this.p(x1, y0, d);
    return [a[0], a[1], b[0] - a[0], b[1] - a[1]];
  }
  frontRect(svg: Svg, x0: number, x1: number, y0: number, y1: number, d: number, fill: string, extra = ''): void {
    const [x, y, w, h] = this.front(x0, x1, y0, y1, d);
    svg.rect(x, y, w, h, fill, extra);
  }
  floorQuad(x0: number, x1: number, d0: number, d1: number, y = 0): Pt[] {
    return [this.p(x0, y, d0), this.p(x1, y, d0), this.p(x1, y, d1), this.p(x0, y, d1)];
  }
  /** Scale factor (screen px per metre) at depth d. */
  k(d: number): number {
    return (this.M * this.F) / (this.F - d * this.M);
  }
}

interface BoxOpts {
  top?: string;
  side?: string;
  front?: string;
  rx?: number;
}

/** A box with its faces lit by a soft light from above. */
function box(svg: Svg, R: Room, x0: number, x1: number, y0: number, y1: number, d0: number, d1: number, c: string, o: BoxOpts = {}): void {
  if (x1 < R.cx) svg.poly([R.p(x1, y0, d0), R.p(x1, y1, d0), R.p(x1, y1, d1), R.p(x1, y0, d1)], o.side ?? shade(c, -0.16));
  else if (x0 > R.cx) svg.poly([R.p(x0, y0, d0), R.p(x0, y1, d0), R.p(x0, y1, d1), R.p(x0, y0, d1)], o.side ?? shade(c, -0.16));
  if (y1 < R.eye) svg.poly([R.p(x0, y1, d0), R.p(x1, y1, d0), R.p(x1, y1, d1), R.p(x0, y1, d1)], o.top ?? shade(c, 0.14));
  else if (y0 > R.eye) svg.poly([R.p(x0, y0, d0), R.p(x1, y0, d0), R.p(x1, y0, d1), R.p(x0, y0, d1)], shade(c, -0.3));
  R.frontRect(svg, x0, x1, y0, y1, d1, o.front ?? c, o.rx ? `rx="${f1(o.rx)}"` : '');
}

function floorShadow(svg: Svg, R: Room, x0: number, x1: number, d0: number, d1: number, op = 0.22): void {
  // a radial falloff instead of a blur filter: much cheaper to rasterise
  svg.poly(
    R.floorQuad(x0 - 0.12, x1 + 0.12, d0 - 0.06, d1 + 0.14),
    svg.rad([
      [0, INK, op * 1.3],
      [0.62, INK, op],
      [1, INK, 0],
    ]),
  );
}

type FloorKind = 'planks' | 'boards' | 'tiles' | 'checker' | 'concrete' | 'carpet';

function floor(svg: Svg, r: Rng, R: Room, kind: FloorKind, c: string, c2 = shade(c, -0.25)): void {
  const quad = R.floorQuad(0, R.wm, 0, R.dm);
  svg.poly(
    quad,
    svg.lin([
      [0, shade(c, -0.04)],
      [1, shade(c, -0.1)],
    ]),
  );
  if (kind === 'planks') {
    const pw = r.range(0.17, 0.22);
    let joints = '';
    for (let x = 0; x < R.wm; x += pw) {
      svg.poly(R.floorQuad(x, Math.min(R.wm, x + pw), 0, R.dm), shade(c, r.range(-0.07, 0.05)));
      let d = r.range(-1.2, 0);
      while (d < R.dm) {
        if (d > 0) joints += seg(R.p(x, 0, d), R.p(x + pw, 0, d));
        d += r.range(1.1, 1.9);
      }
      joints += seg(R.p(x, 0, 0), R.p(x, 0, R.dm));
    }
    svg.stroke(joints, c2, 1.6, 'opacity=".55"');
  } else if (kind === 'boards') {
    const pw = r.range(0.16, 0.2);
    let joints = '';
    for (let d = 0; d < R.dm; d += pw) {
      svg.poly(R.floorQuad(0, R.wm, d, d + pw), shade(c, r.range(-0.07, 0.05)));
      joints += seg(R.p(0, 0, d), R.p(R.wm, 0, d));
      for (let x = r.range(-1.5, 0); x < R.wm; x += r.range(1.2, 2)) if (x > 0) joints += seg(R.p(x, 0, d), R.p(x, 0, d + pw));
    }
    svg.stroke(joints, c2, 1.5, 'opacity=".5"');
  } else if (kind === 'tiles' || kind === 'checker') {
    const ts = kind === 'checker' ? r.range(0.25, 0.32) : r.range(0.45, 0.62);
    if (kind === 'checker') {
      let d2 = '';
      for (let i = 0, x = 0; x < R.wm; x += ts, i++)
        for (let j = 0, d = 0; d < R.dm; d += ts, j++)
          if ((i + j) % 2) {
            const q = R.floorQuad(x, Math.min(R.wm, x + ts), d, Math.min(R.dm, d + ts));
            d2 += `M${pts(q).replace(/ /g, 'L')}Z`;
          }
      svg.path(d2, c2);
    }
    let g = '';
    for (let x = 0; x < R.wm; x += ts) g += seg(R.p(x, 0, 0), R.p(x, 0, R.dm));
    for (let d = 0; d < R.dm; d += ts) g += seg(R.p(0, 0, d), R.p(R.wm, 0, d));
    svg.stroke(g, kind === 'checker' ? shade(c, -0.1) : shade(c, -0.18), 2, 'opacity=".7"');
  } else if (kind === 'concrete') {
    for (let i = 0; i < 5; i++) {
      const x = r.range(0.3, R.wm - 0.3);
      const d = r.range(0.3, R.dm);
      const bc = shade(c, r.range(-0.08, 0.06));
      svg.poly(
        R.floorQuad(x - 0.6, x + 0.6, d - 0.35, d + 0.35),
        svg.rad([
          [0, bc, 0.6],
          [1, bc, 0],
        ]),
      );
    }
  }
  // sheen from the room light
  svg.poly(
    quad,
    svg.lin([
      [0, '#ffffff', 0.18],
      [0.5, '#ffffff', 0],
    ]),
    '',
  );
}

interface Shell {
  wall: string;
  back: string;
  base?: string;
  lightFrom: 'left' | 'right';
}

function shell(svg: Svg, R: Room, o: Shell): void {
  const { wall, back } = o;
  const cl: Pt = R.p(0, R.hm, 0);
  const cr: Pt = R.p(R.wm, R.hm, 0);
  const fl: Pt = R.p(0, 0, 0);
  const fr: Pt = R.p(R.wm, 0, 0);
  svg.poly(
    [[0, 0], [W, 0], cr, cl],
    svg.lin([
      [0, shade(wall, 0.2)],
      [1, shade(wall, 0.42)],
    ]),
  );
  const lDark = o.lightFrom === 'left' ? -0.1 : -0.03;
  const rDark = o.lightFrom === 'left' ? -0.03 : -0.1;
  svg.poly(
    [[0, 0], cl, fl, [0, H]],
    svg.lin(
      [
        [0, shade(wall, lDark - 0.06)],
        [1, shade(wall, lDark)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  svg.poly(
    [[W, 0], cr, fr, [W, H]],
    svg.lin(
      [
        [0, shade(wall, rDark)],
        [1, shade(wall, rDark - 0.06)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  const lit = o.lightFrom === 'left';
  svg.rect(
    R.bx0,
    R.by0,
    R.bx1 - R.bx0,
    R.by1 - R.by0,
    svg.lin(
      [
        [0, shade(back, lit ? 0.06 : -0.04)],
        [1, shade(back, lit ? -0.04 : 0.06)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  // soft shadow in the corners
  svg.rect(
    R.bx0,
    R.by0,
    R.bx1 - R.bx0,
    R.by1 - R.by0,
    svg.lin(
      [
        [0, INK, 0.08],
        [0.06, INK, 0],
        [0.94, INK, 0],
        [1, INK, 0.08],
      ],
      0,
      0,
      1,
      0,
    ),
  );
}

function baseboards(svg: Svg, R: Room, c: string): void {
  const h = 0.08;
  R.frontRect(svg, 0, R.wm, 0, h, 0, c);
  svg.poly([R.p(0, 0, 0), R.p(0, h, 0), R.p(0, h, R.dm * 1.2), R.p(0, 0, R.dm * 1.2)], shade(c, -0.08));
  svg.poly([R.p(R.wm, 0, 0), R.p(R.wm, h, 0), R.p(R.wm, h, R.dm * 1.2), R.p(R.wm, 0, R.dm * 1.2)], shade(c, -0.05));
}

/** What one sees through a window: sky, and trees or the houses across the street. */
function outside(svg: Svg, r: Rng, x: number, y: number, w: number, h: number, pal: readonly string[], horizon: number): void {
  svg.rect(
    x,
    y,
    w,
    h,
    svg.lin([
      [0, pal[0]],
      [1, pal[2]],
    ]),
  );
  const mode = r.int(0, 2);
  const haze = pal[2];
  if (mode !== 0) {
    let bx = x - r.range(0, 60);
    while (bx < x + w) {
      const bw = r.range(90, 200);
      const top = horizon - r.range(40, 240);
      const c = mix(r.pick(['#b88a6e', '#d8cbb4', '#c9b6a0', '#9d8677', '#e2dccf']), haze, 0.35);
      svg.rect(bx, top, bw, y + h - top, c);
      let win = '';
      for (let wy = top + 22; wy < y + h - 20; wy += 46) for (let wx = bx + 16; wx < bx + bw - 24; wx += 34) win += `M${f1(wx)} ${f1(wy)}h14v22h-14z`;
      svg.path(win, mix('#5a6670', haze, 0.4));
      bx += bw + r.range(0, 12);
    }
  }
  if (mode !== 1) {
    const g = r.pick(GREENS);
    let d = '';
    for (let i = 0; i < 7; i++) {
      const rr = r.range(40, 90);
      const cx = x + r.range(0, w);
      const cy = horizon + r.range(-20, 60);
      d += `M${f1(cx - rr)} ${f1(cy)}a${f1(rr)} ${f1(rr)} 0 1 0 ${f1(rr * 2)} 0a${f1(rr)} ${f1(rr)} 0 1 0 ${f1(-rr * 2)} 0z`;
    }
    svg.path(d, mix(g[1], haze, 0.3));
    svg.rect(x, horizon + 40, w, Math.max(0, y + h - horizon - 40), mix(g[0], haze, 0.3));
  }
  // reflection on the glass
  svg.poly(
    [
      [x + w * 0.15, y],
      [x + w * 0.45, y],
      [x + w * 0.1, y + h],
      [x - w * 0.2, y + h],
    ],
    '#ffffff',
    'opacity=".12"',
  );
}

/** A window in the back wall, recessed, with sky view, mullions, sill and optional curtains. */
function backWindow(
  svg: Svg,
  r: Rng,
  R: Room,
  pal: readonly string[],
  x0: number,
  x1: number,
  y0: number,
  y1: number,
  o: { frame: string; wall: string; cols?: number; curtains?: string | null; transom?: boolean },
): void {
  const e = 0.14;
  const g = R.front(x0, x1, y0, y1, -e);
  svg.open(`clip-path="${svg.clip(`<rect x="${f1(g[0])}" y="${f1(g[1])}" width="${f1(g[2])}" height="${f1(g[3])}"/>`)}"`);
  outside(svg, r, g[0], g[1], g[2], g[3], pal, R.vy);
  svg.close();
  // reveals
  const rv = shade(o.wall, -0.12);
  if (y1 > R.eye) svg.poly([R.p(x0, y1, 0), R.p(x1, y1, 0), R.p(x1, y1, -e), R.p(x0, y1, -e)], shade(o.wall, -0.2));
  if (y0 < R.eye) svg.poly([R.p(x0, y0, 0), R.p(x1, y0, 0), R.p(x1, y0, -e), R.p(x0, y0, -e)], shade(o.wall, 0.3));
  if (R.cx > x0) svg.poly([R.p(x0, y0, 0), R.p(x0, y1, 0), R.p(x0, y1, -e), R.p(x0, y0, -e)], rv);
  if (R.cx < x1) svg.poly([R.p(x1, y0, 0), R.p(x1, y1, 0), R.p(x1, y1, -e), R.p(x1, y0, -e)], rv);
  // frame and mullions
  const fw = 0.055 * R.k(-e);
  svg.rect(g[0] + fw / 2, g[1] + fw / 2, g[2] - fw, g[3] - fw, 'none', `stroke="${o.frame}" stroke-width="${f1(fw)}"`);
  const cols = o.cols ?? 2;
  let m = '';
  for (let i = 1; i < cols; i++) m += `M${f1(g[0] + (g[2] * i) / cols)} ${f1(g[1])}v${f1(g[3])}`;
  if (o.transom) m += `M${f1(g[0])} ${f1(g[1] + g[3] * 0.26)}h${f1(g[2])}`;
  if (m) svg.stroke(m, o.frame, fw * 0.8);
  // sill
  if (y0 > 0.2) box(svg, R, x0 - 0.06, x1 + 0.06, y0 - 0.04, y0, -0.02, 0.05, shade(o.wall, 0.25));
  if (o.curtains) curtains(svg, R, x0, x1, y1, o.curtains);
}

function curtains(svg: Svg, R: Room, x0: number, x1: number, top: number, c: string): void {
  const rodY = Math.min(R.hm - 0.05, top + 0.15);
  const cw = 0.42;
  const folds = svg.lin(
    [0, 0.12, 0.25, 0.37, 0.5, 0.62, 0.75, 0.87, 1].map((o, i): Stop => [o, shade(c, i % 2 ? -0.12 : 0.08)]),
    0,
    0,
    1,
    0,
  );
  for (const [a, b] of [
    [x0 - cw * 0.75, x0 + cw * 0.25],
    [x1 - cw * 0.25, x1 + cw * 0.75],
  ]) {
    floorShadow(svg, R, a, b, 0.02, 0.16, 0.12);
    R.frontRect(svg, a, b, 0.01, rodY, 0.08, folds);
  }
  R.frontRect(svg, x0 - cw, x1 + cw, rodY - 0.015, rodY + 0.015, 0.08, '#3b3632');
}

/** A window in a side wall (x = 0 or x = wm), with the sun patch it throws on the floor. */
function sideWindow(
  svg: Svg,
  r: Rng,
  R: Room,
  pal: readonly string[],
  side: 'L' | 'R',
  da: number,
  db: number,
  y0: number,
  y1: number,
  o: { frame: string; wall: string; frosted?: boolean },
): Pt[] {
  const e = 0.16;
  const wx = side === 'L' ? 0 : R.wm;
  const gx = side === 'L' ? -e : R.wm + e;
  const glass = [R.p(gx, y0, da), R.p(gx, y0, db), R.p(gx, y1, db), R.p(gx, y1, da)];
  const gp = `<polygon points="${pts(glass)}"/>`;
  const xs = glass.map((p) => p[0]);
  const ys = glass.map((p) => p[1]);
  const bx = Math.min(...xs);
  const by = Math.min(...ys);
  svg.open(`clip-path="${svg.clip(gp)}"`);
  outside(svg, r, bx, by, Math.max(...xs) - bx, Math.max(...ys) - by, pal, R.vy);
  if (o.frosted) svg.rect(bx, by, Math.max(...xs) - bx, Math.max(...ys) - by, '#f2f4f3', 'opacity=".7"');
  svg.close();
  // back jamb, head and sill reveals
  svg.poly([R.p(wx, y0, da), R.p(wx, y1, da), R.p(gx, y1, da), R.p(gx, y0, da)], shade(o.wall, 0.12));
  if (y1 > R.eye) svg.poly([R.p(wx, y1, da), R.p(wx, y1, db), R.p(gx, y1, db), R.p(gx, y1, da)], shade(o.wall, -0.22));
  if (y0 < R.eye) svg.poly([R.p(wx, y0, da), R.p(wx, y0, db), R.p(gx, y0, db), R.p(gx, y0, da)], shade(o.wall, 0.35));
  svg.poly(glass, 'none', `stroke="${o.frame}" stroke-width="${f1(0.05 * R.k(da))}" stroke-linejoin="round"`);
  const dm = (da + db) / 2;
  svg.stroke(seg(R.p(gx, y0, dm), R.p(gx, y1, dm)), o.frame, 0.045 * R.k(dm));
  // sun patch on the floor
  const dir = side === 'L' ? 1 : -1;
  const ax = r.range(0.55, 0.8);
  const ad = r.range(-0.1, 0.35);
  const patch = [
    [y0, da],
    [y0, db],
    [y1, db],
    [y1, da],
  ].map(([y, d]) => R.p(wx + dir * y * ax, 0, d + y * ad));
  return patch;
}

/** A soft drop shadow: three nested translucent rectangles (cheaper than a blur filter). */
function softShadow(svg: Svg, x: number, y: number, w: number, h: number, op: number, rx = 0): void {
  let d = '';
  const o = f1(op / 3);
  for (const g of [6, 3, 0]) {
    const attr = rx ? ` rx="${f1(rx + g)}"` : '';
    d += `<rect x="${f1(x - g)}" y="${f1(y - g)}" width="${f1(w + 2 * g)}" height="${f1(h + 2 * g)}"${attr}/>`;
  }
  svg.add(`<g fill="${INK}" opacity="${o}">${d}</g>`);
}

function sunPatch(svg: Svg, patch: Pt[]): void {
  svg.poly(patch, '#fff8e6', 'opacity=".2"');
}

/** A framed abstract print on the back wall. */
function art(svg: Svg, r: Rng, R: Room, x0: number, x1: number, y0: number, y1: number): void {
  const d = 0.03;
  const [x, y, w, h] = R.front(x0, x1, y0, y1, d);
  softShadow(svg, x + 6, y + 8, w, h, 0.2);
  const frame = r.pick(['#2e2b28', '#f4f1ea', '#b89068', '#8a6a4e']);
  svg.rect(x, y, w, h, frame);
  const fw = Math.max(4, w * 0.035);
  const mat = r.chance(0.6) ? w * 0.1 : 0;
  svg.rect(x + fw, y + fw, w - 2 * fw, h - 2 * fw, '#f6f3ec');
  const ix = x + fw + mat;
  const iy = y + fw + mat;
  const iw = w - 2 * fw - 2 * mat;
  const ih = h - 2 * fw - 2 * mat;
  const bg = r.pick(ART);
  svg.rect(ix, iy, iw, ih, bg);
  svg.open(`clip-path="${svg.clip(`<rect x="${f1(ix)}" y="${f1(iy)}" width="${f1(iw)}" height="${f1(ih)}"/>`)}"`);
  const style = r.int(0, 3);
  const c1 = r.pick(ART);
  const c2 = r.pick(ART);
  if (style === 0) {
    svg.circle(ix + iw * r.range(0.3, 0.7), iy + ih * r.range(0.3, 0.5), Math.min(iw, ih) * r.range(0.18, 0.3), c1);
    svg.path(`M${f1(ix)} ${f1(iy + ih * 0.7)}Q${f1(ix + iw * 0.5)} ${f1(iy + ih * 0.5)} ${f1(ix + iw)} ${f1(iy + ih * 0.75)}V${f1(iy + ih)}H${f1(ix)}Z`, c2);
  } else if (style === 1) {
    svg.rect(ix + iw * 0.12, iy + ih * 0.1, iw * 0.76, ih * 0.42, c1);
    svg.rect(ix + iw * 0.12, iy + ih * 0.58, iw * 0.76, ih * 0.3, c2);
  } else if (style === 2) {
    const aw = iw * 0.5;
    svg.path(`M${f1(ix + iw * 0.25)} ${f1(iy + ih)}V${f1(iy + ih * 0.35 + aw / 2)}a${f1(aw / 2)} ${f1(aw / 2)} 0 0 1 ${f1(aw)} 0V${f1(iy + ih)}Z`, c1);
    svg.circle(ix + iw * 0.72, iy + ih * 0.25, iw * 0.09, c2);
  } else {
    svg.stroke(
      `M${f1(ix + iw * 0.1)} ${f1(iy + ih * 0.6)}C${f1(ix + iw * 0.3)} ${f1(iy + ih * 0.1)} ${f1(ix + iw * 0.6)} ${f1(iy + ih * 0.9)} ${f1(ix + iw * 0.9)} ${f1(iy + ih * 0.35)}`,
      c1,
      Math.max(3, iw * 0.05),
      'stroke-linecap="round"',
    );
    svg.circle(ix + iw * 0.3, iy + ih * 0.7, iw * 0.12, c2, 'opacity=".8"');
  }
  svg.close();
}

function pendant(svg: Svg, R: Room, x: number, d: number, drop: number, c: string, glow: boolean): void {
  const top = R.p(x, R.hm, d);
  const at = R.p(x, R.hm - drop, d);
  const k = R.k(d);
  svg.stroke(`M${f1(top[0])} ${f1(top[1])}V${f1(at[1])}`, '#2e2a27', 1.5);
  const rw = 0.2 * k;
  const rh = 0.16 * k;
  if (glow)
    svg.ellipse(
      at[0],
      at[1] + rh,
      rw * 1.8,
      rw * 1.2,
      svg.rad([
        [0, '#fff4d6', 0.55],
        [1, '#fff4d6', 0],
      ]),
    );
  svg.path(
    `M${f1(at[0] - rw)} ${f1(at[1] + rh)}Q${f1(at[0] - rw)} ${f1(at[1])} ${f1(at[0])} ${f1(at[1])}Q${f1(at[0] + rw)} ${f1(at[1])} ${f1(at[0] + rw)} ${f1(at[1] + rh)}Z`,
    svg.lin(
      [
        [0, shade(c, 0.15)],
        [1, shade(c, -0.15)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  svg.ellipse(at[0], at[1] + rh, rw * 0.55, rh * 0.14, '#fff7dd');
}

function lampGlow(svg: Svg, x: number, y: number, rr: number): void {
  svg.circle(
    x,
    y,
    rr,
    svg.rad([
      [0, '#fff2cf', 0.55],
      [1, '#fff2cf', 0],
    ]),
  );
}

/**
 * Light wash from the lit side, darker far side, and a vignette, drawn as a few partial-canvas
 * gradients (full-canvas gradient layers are the most expensive part of rasterising).
 */
function finish(svg: Svg, lightFrom: 'left' | 'right' | 'top', warm = 0.06): void {
  const edge = 0.14;
  if (lightFrom === 'top') {
    svg.rect(
      0,
      0,
      260,
      H,
      svg.lin(
        [
          [0, INK, edge],
          [1, INK, 0],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    svg.rect(
      W - 260,
      0,
      260,
      H,
      svg.lin(
        [
          [0, INK, 0],
          [1, INK, edge],
        ],
        0,
        0,
        1,
        0,
      ),
    );
  } else {
    const lit = svg.lin(
      [
        [0, INK, edge * 0.6],
        [0.12, '#fff6e4', warm * 1.6],
        [1, '#fff6e4', 0],
      ],
      0,
      0,
      1,
      0,
    );
    const dark = svg.lin(
      [
        [0, INK, 0],
        [1, INK, 0.1 + edge],
      ],
      0,
      0,
      1,
      0,
    );
    const half = W * 0.5;
    if (lightFrom === 'left') {
      svg.rect(0, 0, half, H, lit);
      svg.rect(W * 0.55, 0, W * 0.45, H, dark);
    } else {
      svg.rect(
        0,
        0,
        W * 0.45,
        H,
        svg.lin(
          [
            [0, INK, 0.1 + edge],
            [1, INK, 0],
          ],
          0,
          0,
          1,
          0,
        ),
      );
      svg.rect(
        half,
        0,
        half,
        H,
        svg.lin(
          [
            [0, '#fff6e4', 0],
            [0.88, '#fff6e4', warm * 1.6],
            [1, INK, edge * 0.6],
          ],
          0,
          0,
          1,
          0,
        ),
      );
    }
  }
  svg.rect(
    0,
    0,
    W,
    150,
    svg.lin([
      [0, INK, edge * 0.8],
      [1, INK, 0],
    ]),
  );
  svg.rect(
    0,
    H - 150,
    W,
    150,
    svg.lin([
      [0, INK, 0],
      [1, INK, edge],
    ]),
  );
}

// ---------------------------------------------------------------------------------------------
// Interiors

function roomSetup(r: Rng, R: Room, wallPick = WALLS) {
  const wall = r.pick(wallPick);
  const pal = r.pick(SKIES);
  // The side wall we see more of takes the window.
  const side: 'L' | 'R' = R.vx > W / 2 ? 'L' : 'R';
  return { wall, pal, side };
}

function living(svg: Svg, r: Rng): void {
  const R = new Room(r);
  const { wall, pal, side } = roomSetup(r, R);
  const back = r.chance(0.35) ? r.pick(ACCENT_WALLS) : wall;
  const sideWin = r.chance(0.55);
  const lightFrom = sideWin ? (side === 'L' ? 'left' : 'right') : r.chance(0.5) ? 'left' : 'right';
  shell(svg, R, { wall, back, lightFrom });
  const frame = r.pick(['#f3f1ec', '#2f2d2b', '#f3f1ec']);
  const fl = r.pick<FloorKind>(['planks', 'planks', 'boards', 'tiles', 'concrete']);
  floor(svg, r, R, fl, fl === 'tiles' ? r.pick(['#d9d2c6', '#cfc8bd', '#b9b3aa']) : fl === 'concrete' ? '#bdb8b0' : r.pick(WOODS));
  let patch: Pt[] | null = null;
  let sofaX = R.wm / 2 + r.range(-0.3, 0.3);
  let winLeft = r.chance(0.5);
  const sofaW = sideWin ? r.range(2.0, 2.4) : r.range(1.9, 2.2);
  if (sideWin) {
    patch = sideWindow(svg, r, R, pal, side, r.range(0.5, 0.9), r.range(2.2, 2.8), r.range(0.35, 0.6), r.range(2.2, 2.4), { frame, wall });
  } else {
    // a tall French window at one end of the back wall, the sofa beside it
    const wx0 = winLeft ? 0.25 : R.wm - 1.3;
    sofaX = winLeft ? 1.45 + sofaW / 2 : R.wm - 1.45 - sofaW / 2;
    backWindow(svg, r, R, pal, wx0, wx0 + 1.05, 0.05, 2.35, { frame, wall: back, cols: 2, transom: true, curtains: r.chance(0.6) ? r.pick(FABRICS) : null });
  }
  baseboards(svg, R, shade(wall, 0.3));
  if (patch) sunPatch(svg, patch);
  // art above the sofa
  const nArt = r.int(1, 3);
  if (nArt === 1) art(svg, r, R, sofaX - 0.5, sofaX + 0.5, 1.25, 1.95);
  else if (nArt === 2) {
    art(svg, r, R, sofaX - 0.62, sofaX - 0.06, 1.2, 1.95);
    art(svg, r, R, sofaX + 0.06, sofaX + 0.62, 1.2, 1.95);
  } else {
    art(svg, r, R, sofaX - 0.7, sofaX - 0.1, 1.15, 1.95);
    art(svg, r, R, sofaX + 0.0, sofaX + 0.4, 1.55, 1.95);
    art(svg, r, R, sofaX + 0.0, sofaX + 0.55, 1.15, 1.45);
  }
  // rug
  const rugC = r.pick(['#e6dccb', '#cbb9a0', '#b5a89a', '#d6c2a8', '#a9b3aa', '#c79e85']);
  const rugW = r.range(1.3, 1.7);
  svg.poly(R.floorQuad(sofaX - rugW, sofaX + rugW, 0.55, 3.4), rugC);
  svg.poly(R.floorQuad(sofaX - rugW + 0.12, sofaX + rugW - 0.12, 0.67, 3.4), 'none', `stroke="${shade(rugC, -0.15)}" stroke-width="3"`);
  // floor lamp / plant flanking the sofa
  const sx0 = sofaX - sofaW / 2;
  const sx1 = sofaX + sofaW / 2;
  if (sideWin) winLeft = r.chance(0.5);
  const lampLeft = !winLeft;
  const lx = lampLeft ? sx0 - Math.min(0.35, sx0 / 2) : sx1 + Math.min(0.35, (R.wm - sx1) / 2);
  const px = lampLeft ? sx1 + 0.42 : sx0 - 0.42;
  const g = r.pick(GREENS);
  if (px > 0.2 && px < R.wm - 0.2) {
    const pb = R.p(px, 0, 0.35);
    plant(svg, r, pb[0], pb[1], R.k(0.35) / 200, r.pick(POTS), g);
  }
  if (lx > 0.15 && lx < R.wm - 0.15) {
    const b = R.p(lx, 0, 0.3);
    const t = R.p(lx, 1.55, 0.3);
    const k = R.k(0.3);
    svg.ellipse(b[0], b[1], 0.15 * k, 0.03 * k, '#2f2c29');
    svg.stroke(`M${f1(b[0])} ${f1(b[1])}V${f1(t[1])}`, '#2f2c29', 4);
    lampGlow(svg, t[0], t[1] + 0.1 * k, 0.6 * k);
    const lc = r.pick(['#efe6d4', '#e9dcc4', '#d9c3a0']);
    svg.poly(
      [
        [t[0] - 0.14 * k, t[1] - 0.05 * k],
        [t[0] + 0.14 * k, t[1] - 0.05 * k],
        [t[0] + 0.2 * k, t[1] + 0.22 * k],
        [t[0] - 0.2 * k, t[1] + 0.22 * k],
      ],
      svg.lin([
        [0, shade(lc, 0.3)],
        [1, lc],
      ]),
    );
  }
  sofa(svg, r, R, sofaX, sofaW, r.pick(FABRICS));
  // coffee table with a few objects
  const tc = r.pick([...WOODS, '#2f2d2b', '#e9e4dc']);
  const td0 = r.range(1.45, 1.6);
  const round = r.chance(0.45);
  if (round) {
    floorShadow(svg, R, sofaX - 0.45, sofaX + 0.45, td0 + 0.05, td0 + 0.65, 0.22);
    const c = R.p(sofaX, 0.4, td0 + 0.35);
    const f = R.p(sofaX, 0.4, td0 + 0.7);
    const bk = R.p(sofaX, 0.4, td0);
    const rx = 0.5 * R.k(td0 + 0.35);
    const ry = (f[1] - bk[1]) / 2;
    const base = R.p(sofaX, 0, td0 + 0.35);
    svg.rect(c[0] - rx * 0.35, c[1], rx * 0.7, base[1] - c[1], shade(tc, -0.25));
    svg.ellipse(c[0], c[1] + 6, rx, ry, shade(tc, -0.2));
    svg.ellipse(
      c[0],
      c[1],
      rx,
      ry,
      svg.lin([
        [0, shade(tc, 0.1)],
        [1, tc],
      ]),
    );
  } else {
    const x0 = sofaX - 0.6;
    const x1 = sofaX + 0.6;
    floorShadow(svg, R, x0, x1, td0, td0 + 0.6, 0.2);
    for (const lxx of [x0 + 0.04, x1 - 0.08]) box(svg, R, lxx, lxx + 0.04, 0, 0.36, td0 + 0.56, td0 + 0.6, shade(tc, -0.2));
    box(svg, R, x0, x1, 0.36, 0.41, td0, td0 + 0.6, tc);
  }
  // books and a vase
  const bx = sofaX - 0.3;
  let y = 0.41;
  for (let i = 0; i < 3; i++) {
    const h = 0.035;
    box(svg, R, bx - 0.12 + i * 0.01, bx + 0.12 - i * 0.015, y, y + h, td0 + 0.2, td0 + 0.42, r.pick(ART), { top: '#f2ede3' });
    y += h;
  }
  const v = R.p(sofaX + 0.25, 0.41, td0 + 0.3);
  const k = R.k(td0 + 0.3);
  svg.path(
    `M${f1(v[0] - 0.05 * k)} ${f1(v[1])}Q${f1(v[0] - 0.09 * k)} ${f1(v[1] - 0.12 * k)} ${f1(v[0] - 0.03 * k)} ${f1(v[1] - 0.2 * k)}H${f1(v[0] + 0.03 * k)}Q${f1(v[0] + 0.09 * k)} ${f1(v[1] - 0.12 * k)} ${f1(v[0] + 0.05 * k)} ${f1(v[1])}Z`,
    r.pick(['#e9e2d6', '#9bb0a5', '#c98a68']),
  );
  let stems = '';
  for (let i = 0; i < 5; i++)
    stems += `M${f1(v[0])} ${f1(v[1] - 0.18 * k)}q${f1(r.range(-0.2, 0.2) * k)} ${f1(-0.15 * k)} ${f1(r.range(-0.25, 0.25) * k)} ${f1(-0.3 * k)}`;
  svg.stroke(stems, '#6c7f56', 2.5);
  if (r.chance(0.5)) pendant(svg, R, sofaX, 1.9, 0.7, r.pick(['#2f2d2b', '#d9c9ad', '#b56d4e', '#f1ece2']), true);
  finish(svg, lightFrom);
}

function sofa(svg: Svg, r: Rng, R: Room, xc: number, width: number, c: string): void {
  const x0 = xc - width / 2;
  const x1 = xc + width / 2;
  const d0 = 0.03;
  const d1 = d0 + 0.92;
  floorShadow(svg, R, x0 - 0.05, x1 + 0.05, d0, d1 + 0.1, 0.3);
  const legC = '#3a322b';
  for (const lx of [x0 + 0.06, x1 - 0.1]) R.frontRect(svg, lx, lx + 0.04, 0, 0.13, d1 - 0.06, legC);
  box(svg, R, x0, x1, 0.12, 0.8, d0, d0 + 0.22, shade(c, -0.06));
  // back cushions
  const n = width > 2.15 ? 3 : 2;
  const iw = (width - 0.34) / n;
  for (let i = 0; i < n; i++) {
    const a = x0 + 0.17 + i * iw;
    box(svg, R, a + 0.01, a + iw - 0.01, 0.42, 0.84, d0 + 0.18, d0 + 0.38, shade(c, 0.02), { rx: 10 });
  }
  box(svg, R, x0, x1, 0.12, 0.42, d0, d1, shade(c, -0.1));
  for (let i = 0; i < n; i++) {
    const a = x0 + 0.17 + i * iw;
    box(svg, R, a + 0.01, a + iw - 0.01, 0.42, 0.53, d0 + 0.36, d1 - 0.01, c, { rx: 6, top: shade(c, 0.12) });
  }
  // throw pillows
  const pc = [r.pick(FABRICS), r.pick(['#efe6d6', '#e2c79f', '#c9d3cf', '#d69f84'])];
  for (const [px, rot, col] of [
    [x0 + 0.35, -8, pc[0]],
    [x1 - 0.35, 7, pc[1]],
  ] as const) {
    const [x, y, w, h] = R.front(px - 0.2, px + 0.2, 0.48, 0.86, d0 + 0.45);
    svg.rect(
      x,
      y,
      w,
      h,
      svg.lin([
        [0, shade(col, 0.08)],
        [1, shade(col, -0.1)],
      ]),
      `rx="${f1(w * 0.16)}" transform="rotate(${rot} ${f1(x + w / 2)} ${f1(y + h / 2)})"`,
    );
  }
  // arms
  box(svg, R, x0, x0 + 0.17, 0.12, 0.64, d0, d1, shade(c, -0.04), { rx: 6 });
  box(svg, R, x1 - 0.17, x1, 0.12, 0.64, d0, d1, shade(c, -0.04), { rx: 6 });
}

function kitchen(svg: Svg, r: Rng): void {
  const R = new Room(r);
  const { wall, pal, side } = roomSetup(r, R);
  const lightFrom = side === 'L' ? 'left' : 'right';
  shell(svg, R, { wall, back: wall, lightFrom });
  const fl = r.pick<FloorKind>(['tiles', 'checker', 'planks', 'concrete', 'boards']);
  floor(
    svg,
    r,
    R,
    fl,
    fl === 'checker' ? '#ece7dd' : fl === 'tiles' ? r.pick(['#d8d1c5', '#c9c2b7', '#a9a49c']) : fl === 'concrete' ? '#c0bbb3' : r.pick(WOODS),
    fl === 'checker' ? r.pick(['#3d4347', '#8a9a8c', '#b47a5e']) : undefined,
  );
  const frame = r.pick(['#f3f1ec', '#2f2d2b']);
  const cab = r.pick(['#7d9183', '#3f4e63', '#eeebe4', '#d8cbb6', '#2f3233', '#a9b8b5', '#c4a27e', '#8d9a7d']);
  const top = r.pick(['#ece8e1', '#c9c3b9', '#2e2e2e', '#b58f68', '#dcd6cc']);
  const tallLeft = r.chance(0.5);
  const tall0 = tallLeft ? 0 : R.wm - 1.25;
  const run0 = tallLeft ? 1.25 : 0;
  const run1 = tallLeft ? R.wm : R.wm - 1.25;
  // backsplash
  const tile = r.pick(['#f1eee8', '#dfe7e3', '#e9dfd2', '#cfd9de', '#f4f1ea', '#c8d3c3']);
  const [bx, by, bw, bh] = R.front(run0, run1, 0.92, 1.55, 0);
  const tw = 0.15 * R.M;
  const th = 0.075 * R.M;
  const grout = shade(tile, -0.12);
  const pat = svg.pattern(
    tw,
    th * 2,
    `<rect width="${f1(tw)}" height="${f1(th * 2)}" fill="${tile}"/><path d="M0 .5H${f1(tw)}M0 ${f1(th + 0.5)}H${f1(tw)}M.5 0V${f1(th)}M${f1(tw / 2)} ${f1(th)}V${f1(th * 2)}" stroke="${grout}" stroke-width="1.5"/>`,
  );
  svg.rect(bx, by, bw, bh, pat);
  // window above the sink
  const sinkX = (run0 + run1) / 2 + r.range(-0.3, 0.3);
  const hasWin = r.chance(0.6);
  if (hasWin) backWindow(svg, r, R, pal, sinkX - 0.55, sinkX + 0.55, 1.15, 2.2, { frame, wall, cols: 2 });
  baseboards(svg, R, shade(wall, 0.3));
  // tall column: fridge + oven
  box(svg, R, tall0, tall0 + 1.25, 0, 2.3, 0, 0.62, cab);
  const [tx, ty, tw2, th2] = R.front(tall0, tall0 + 1.25, 0, 2.3, 0.62);
  let lines = `M${f1(tx + tw2 / 2)} ${f1(ty)}v${f1(th2)}`;
  const oven = R.front(tall0 + 0.66, tall0 + 1.2, 0.9, 1.45, 0.625);
  svg.rect(
    oven[0],
    oven[1],
    oven[2],
    oven[3],
    svg.lin([
      [0, '#4a4d50'],
      [1, '#1f2224'],
    ]),
    `rx="3"`,
  );
  svg.rect(oven[0] + oven[2] * 0.1, oven[1] + oven[3] * 0.25, oven[2] * 0.8, oven[3] * 0.6, '#0f1113', 'opacity=".6"');
  lines += `M${f1(tx + tw2 / 2)} ${f1(oven[1] - 6)}h${f1(tw2 / 2)}M${f1(tx + tw2 / 2)} ${f1(oven[1] + oven[3] + 6)}h${f1(tw2 / 2)}`;
  svg.stroke(lines, shade(cab, -0.3), 2);
  const hc = shade(cab, -0.45);
  const hy = R.p(tall0, 1.2, 0.63)[1];
  const hx = tx + tw2 / 2 - 12;
  svg.rect(hx, hy - 60, 5, 120, hc, 'rx="2"');
  // lower run
  floorShadow(svg, R, run0, run1, 0.4, 0.7, 0.15);
  box(svg, R, run0, run1, 0, 0.1, 0, 0.55, shade(cab, -0.45));
  box(svg, R, run0, run1, 0.1, 0.88, 0, 0.6, cab);
  const [lx, ly, lw, lh] = R.front(run0, run1, 0.1, 0.88, 0.6);
  const nd = Math.round((run1 - run0) / 0.6);
  let dl = '';
  let hd = '';
  for (let i = 1; i < nd; i++) dl += `M${f1(lx + (lw * i) / nd)} ${f1(ly)}v${f1(lh)}`;
  for (let i = 0; i < nd; i++) hd += `M${f1(lx + (lw * (i + 0.5)) / nd - 18)} ${f1(ly + 14)}h36`;
  dl += `M${f1(lx)} ${f1(ly + lh * 0.22)}h${f1(lw)}`;
  svg.stroke(dl, shade(cab, -0.28), 2);
  svg.stroke(hd, hc, 4, 'stroke-linecap="round"');
  box(svg, R, run0 - (tallLeft ? 0 : 0), run1, 0.88, 0.92, 0, 0.63, top);
  // sink & tap
  const sk = R.floorQuad(sinkX - 0.3, sinkX + 0.3, 0.1, 0.48, 0.921);
  svg.poly(sk, shade(top, -0.35));
  const tb = R.p(sinkX, 0.92, 0.08);
  const k0 = R.k(0.08);
  svg.stroke(
    `M${f1(tb[0])} ${f1(tb[1])}v${f1(-0.28 * k0)}q0 ${f1(-0.08 * k0)} ${f1(0.08 * k0)} ${f1(-0.06 * k0)}l${f1(0.03 * k0)} ${f1(0.08 * k0)}`,
    '#9b9c9c',
    4.5,
    'stroke-linecap="round"',
  );
  // hob + hood or upper cabinets
  const hobX = sinkX < R.wm / 2 === tallLeft ? (sinkX + run1) / 2 + 0.2 : (run0 + sinkX) / 2 - 0.2;
  const hobOk = Math.abs(hobX - sinkX) > 0.8 && hobX - 0.35 > run0 && hobX + 0.35 < run1;
  if (hobOk) {
    svg.poly(R.floorQuad(hobX - 0.32, hobX + 0.32, 0.08, 0.5, 0.921), '#27292b');
    const hc2 = r.pick(['#e9e6df', '#2f3233', shade(cab, -0.1), '#b9b6b0']);
    box(svg, R, hobX - 0.4, hobX + 0.4, 1.65, 1.78, 0, 0.5, hc2);
    box(svg, R, hobX - 0.13, hobX + 0.13, 1.78, R.hm, 0, 0.25, hc2);
  }
  const uppers = r.chance(0.55);
  for (let i = 0; i < 2; i++) {
    const a = i === 0 ? run0 : hasWin ? sinkX + 0.75 : run0;
    const b = i === 0 ? (hasWin ? sinkX - 0.75 : run1) : run1;
    if (i === 1 && !hasWin) break;
    let segs: [number, number][] = [[a, b]];
    if (hobOk)
      segs = segs.flatMap(([p, q]): [number, number][] =>
        hobX > p && hobX < q
          ? [
              [p, hobX - 0.45],
              [hobX + 0.45, q],
            ]
          : [[p, q]],
      );
    for (const [p, q] of segs) {
      if (q - p < 0.3) continue;
      if (uppers) {
        box(svg, R, p, q, 1.55, 2.3, 0, 0.36, cab);
        const [ux0, uy0, uw0, uh0] = R.front(p, q, 1.55, 2.3, 0.36);
        const nn = Math.max(1, Math.round((q - p) / 0.5));
        let ul = '';
        for (let j = 1; j < nn; j++) ul += `M${f1(ux0 + (uw0 * j) / nn)} ${f1(uy0)}v${f1(uh0)}`;
        svg.stroke(ul, shade(cab, -0.28), 2);
      } else {
        for (const sy of [1.75, 2.15]) {
          box(svg, R, p + 0.05, q - 0.05, sy - 0.035, sy, 0, 0.26, r.pick(WOODS));
          let x = p + 0.15;
          while (x < q - 0.3) {
            const w = r.range(0.1, 0.22);
            const h = r.range(0.1, 0.24);
            const c = r.pick(['#efe9df', '#c9d3cf', '#d7b594', '#8da39b', '#f4f1ea', '#b7705a']);
            R.frontRect(
              svg,
              x,
              x + w,
              sy,
              sy + h,
              0.14,
              svg.lin(
                [
                  [0, shade(c, 0.1)],
                  [1, shade(c, -0.1)],
                ],
                0,
                0,
                1,
                0,
              ),
              'rx="4"',
            );
            x += w + r.range(0.05, 0.25);
          }
        }
      }
    }
  }
  // island or table
  const islandX = R.wm / 2 + r.range(-0.25, 0.25);
  const iw = r.range(0.9, 1.15);
  if (r.chance(0.6)) {
    const d0 = r.range(1.55, 1.75);
    floorShadow(svg, R, islandX - iw, islandX + iw, d0, d0 + 0.95, 0.25);
    box(svg, R, islandX - iw, islandX + iw, 0, 0.88, d0, d0 + 0.85, r.chance(0.5) ? cab : r.pick(WOODS));
    box(svg, R, islandX - iw - 0.04, islandX + iw + 0.04, 0.88, 0.93, d0 - 0.02, d0 + 0.89, top);
    // fruit bowl
    const fb = R.p(islandX + 0.3, 0.93, d0 + 0.45);
    const kk = R.k(d0 + 0.45);
    svg.path(
      `M${f1(fb[0] - 0.17 * kk)} ${f1(fb[1] - 0.06 * kk)}Q${f1(fb[0])} ${f1(fb[1] + 0.08 * kk)} ${f1(fb[0] + 0.17 * kk)} ${f1(fb[1] - 0.06 * kk)}Z`,
      '#e9e3d8',
    );
    for (let i = 0; i < 4; i++)
      svg.circle(fb[0] + (i - 1.5) * 0.07 * kk, fb[1] - 0.09 * kk - (i % 2) * 0.03 * kk, 0.045 * kk, r.pick(['#d9a441', '#b9533c', '#8fa04f', '#e28a3b']));
    // stools
    for (const sx of [islandX - iw * 0.55, islandX + iw * 0.55]) {
      const sd = d0 + 1.05;
      const seat = R.p(sx, 0.68, sd);
      const b = R.p(sx, 0, sd);
      const kk2 = R.k(sd);
      const sc = r.pick(['#2f2d2b', '#b8875f', '#6f7d72']);
      svg.stroke(
        `M${f1(seat[0] - 0.14 * kk2)} ${f1(b[1])}L${f1(seat[0] - 0.1 * kk2)} ${f1(seat[1])}M${f1(seat[0] + 0.14 * kk2)} ${f1(b[1])}L${f1(seat[0] + 0.1 * kk2)} ${f1(seat[1])}`,
        shade(sc, -0.2),
        5,
      );
      svg.ellipse(seat[0], seat[1], 0.19 * kk2, 0.05 * kk2, sc);
    }
    const pc = r.pick(['#2f2d2b', '#d9c9ad', '#b56d4e', '#efe8dc', '#8ea79c']);
    for (const px of [islandX - iw * 0.5, islandX + iw * 0.5]) pendant(svg, R, px, d0 + 0.42, 0.95, pc, true);
  } else {
    const d0 = 1.7;
    const tc = r.pick(WOODS);
    floorShadow(svg, R, islandX - 0.8, islandX + 0.8, d0, d0 + 0.9, 0.2);
    for (const lxx of [islandX - 0.75, islandX + 0.7]) box(svg, R, lxx, lxx + 0.05, 0, 0.72, d0 + 0.8, d0 + 0.85, shade(tc, -0.2));
    box(svg, R, islandX - 0.8, islandX + 0.8, 0.72, 0.76, d0, d0 + 0.9, tc);
    const ch = r.pick(['#2f2d2b', '#c9a27a', '#e6e0d6']);
    for (const cx of [islandX - 0.45, islandX + 0.45]) {
      for (const lxx of [cx - 0.21, cx + 0.18]) box(svg, R, lxx, lxx + 0.03, 0, 0.43, d0 + 1.06, d0 + 1.09, shade(ch, -0.2));
      box(svg, R, cx - 0.22, cx + 0.22, 0.43, 0.47, d0 + 0.7, d0 + 1.1, shade(ch, 0.05));
      for (const lxx of [cx - 0.21, cx + 0.18]) box(svg, R, lxx, lxx + 0.03, 0.47, 0.7, d0 + 1.07, d0 + 1.09, ch);
      box(svg, R, cx - 0.22, cx + 0.22, 0.7, 0.92, d0 + 1.07, d0 + 1.1, ch, { rx: 5 });
    }
    pendant(svg, R, islandX, d0 + 0.45, 0.85, r.pick(['#2f2d2b', '#d9c9ad', '#b56d4e']), true);
  }
  if (!hasWin) {
    const pb = R.p(sinkX < (run0 + run1) / 2 ? sinkX + 0.7 : sinkX - 0.7, 0.92, 0.3);
    plant(svg, r, pb[0], pb[1], R.k(0.3) / 300, r.pick(POTS), r.pick(GREENS));
  }
  finish(svg, lightFrom);
}

function bedroom(svg: Svg, r: Rng): void {
  const R = new Room(r);
  const { wall, pal, side } = roomSetup(r, R);
  const back = r.chance(0.4) ? r.pick(ACCENT_WALLS) : wall;
  const lightFrom = side === 'L' ? 'left' : 'right';
  shell(svg, R, { wall, back, lightFrom });
  const fl = r.pick<FloorKind>(['planks', 'planks', 'carpet', 'boards']);
  floor(svg, r, R, fl, fl === 'carpet' ? r.pick(['#cfc6b8', '#bdb5aa', '#d8cfc2']) : r.pick(WOODS));
  const frame = r.pick(['#f3f1ec', '#2f2d2b']);
  const patch = sideWindow(svg, r, R, pal, side, r.range(0.6, 1.0), r.range(2.1, 2.7), r.range(0.5, 0.8), r.range(2.15, 2.35), { frame, wall });
  baseboards(svg, R, shade(wall, 0.3));
  sunPatch(svg, patch);
  const bx = R.wm / 2 + r.range(-0.35, 0.35);
  const bw = r.range(1.6, 1.85);
  const x0 = bx - bw / 2;
  const x1 = bx + bw / 2;
  // art or sconces above the headboard
  if (r.chance(0.6)) art(svg, r, R, bx - 0.55, bx + 0.55, 1.45, 2.0);
  else {
    art(svg, r, R, bx - 0.5, bx - 0.05, 1.5, 2.05);
    art(svg, r, R, bx + 0.05, bx + 0.5, 1.5, 2.05);
  }
  // rug under the bed
  const rugC = r.pick(['#e6dccb', '#cbb9a0', '#b5a89a', '#d6c2a8', '#a9b3aa']);
  svg.poly(R.floorQuad(x0 - 0.6, x1 + 0.6, 1.0, 3.2), rugC);
  // nightstands and lamps
  const ns = r.pick([...WOODS, '#f0ece4', '#3a3836']);
  const lampC = r.pick(['#efe6d4', '#e2d3b8', '#cfd6d2', '#e7c9b4']);
  for (const nx of [x0 - 0.55, x1 + 0.05]) {
    floorShadow(svg, R, nx, nx + 0.5, 0, 0.5, 0.18);
    box(svg, R, nx, nx + 0.5, 0, 0.55, 0, 0.42, ns);
    const [fx, fy, fw, fh] = R.front(nx, nx + 0.5, 0, 0.55, 0.42);
    svg.stroke(`M${f1(fx)} ${f1(fy + fh * 0.45)}h${f1(fw)}`, shade(ns, -0.25), 2);
    svg.rect(fx + fw / 2 - 12, fy + fh * 0.22, 24, 4, shade(ns, -0.4), 'rx="2"');
    const lb = R.p(nx + 0.25, 0.55, 0.2);
    const k = R.k(0.2);
    lampGlow(svg, lb[0], lb[1] - 0.33 * k, 0.55 * k);
    svg.path(
      `M${f1(lb[0] - 0.06 * k)} ${f1(lb[1])}Q${f1(lb[0] - 0.12 * k)} ${f1(lb[1] - 0.12 * k)} ${f1(lb[0])} ${f1(lb[1] - 0.22 * k)}Q${f1(lb[0] + 0.12 * k)} ${f1(lb[1] - 0.12 * k)} ${f1(lb[0] + 0.06 * k)} ${f1(lb[1])}Z`,
      r.pick(['#d9cfc0', '#8fa39b', '#c98a68', '#3b3936']),
    );
    svg.poly(
      [
        [lb[0] - 0.1 * k, lb[1] - 0.42 * k],
        [lb[0] + 0.1 * k, lb[1] - 0.42 * k],
        [lb[0] + 0.15 * k, lb[1] - 0.22 * k],
        [lb[0] - 0.15 * k, lb[1] - 0.22 * k],
      ],
      svg.lin([
        [0, shade(lampC, 0.4)],
        [1, lampC],
      ]),
    );
  }
  // bed
  const head = r.pick(['#c8b9a4', '#7f948a', '#5f718c', '#d9cdbb', '#a8644e', ...WOODS]);
  const linen = r.pick(['#f4f1ea', '#eae5dc', '#e8ece9', '#efe5dc']);
  const duvet = r.pick(['#f4f1ea', '#dfe4e2', '#e9dccd', '#c9d3cf', '#d8c3b5', '#b9c4cc', '#efe9dc']);
  floorShadow(svg, R, x0 - 0.05, x1 + 0.05, 0.05, 2.25, 0.3);
  box(svg, R, x0 - 0.08, x1 + 0.08, 0.1, 1.2, 0, 0.09, head, { rx: 10 });
  if (r.chance(0.5)) {
    const [hx, hy, hw, hh] = R.front(x0 - 0.08, x1 + 0.08, 0.1, 1.2, 0.09);
    let ch = '';
    for (let i = 1; i < 8; i++) ch += `M${f1(hx + (hw * i) / 8)} ${f1(hy + 6)}v${f1(hh - 12)}`;
    svg.stroke(ch, shade(head, -0.18), 2);
  }
  box(svg, R, x0, x1, 0.08, 0.32, 0.09, 2.1, shade(head, -0.05));
  box(svg, R, x0 + 0.02, x1 - 0.02, 0.32, 0.55, 0.09, 2.08, linen);
  // pillows
  for (const [a, b, d, c] of [
    [x0 + 0.08, bx - 0.03, 0.22, linen],
    [bx + 0.03, x1 - 0.08, 0.22, linen],
    [x0 + 0.2, bx - 0.08, 0.36, shade(duvet, -0.05)],
    [bx + 0.08, x1 - 0.2, 0.36, shade(duvet, -0.05)],
  ] as const) {
    const [px, py, pw, ph] = R.front(a, b, 0.5, 0.86, d);
    svg.rect(
      px,
      py,
      pw,
      ph,
      svg.lin([
        [0, shade(c, 0.06)],
        [1, shade(c, -0.08)],
      ]),
      `rx="${f1(pw * 0.12)}"`,
    );
  }
  // duvet: top and drape, folded back at the head
  const dd0 = 0.55;
  box(svg, R, x0 - 0.04, x1 + 0.04, 0.22, 0.6, dd0, 2.16, shade(duvet, -0.06), {
    rx: 8,
    top: svg.lin([
      [0, shade(duvet, 0.12)],
      [1, duvet],
    ]),
  });
  svg.poly(R.floorQuad(x0 - 0.04, x1 + 0.04, dd0, dd0 + 0.2, 0.605), shade(duvet, 0.12));
  // throw across the foot
  const th = r.pick(['#a8644e', '#7f948a', '#c4925e', '#5f718c', '#d9cdbb', '#3f4d5e']);
  box(svg, R, x0 - 0.06, x1 + 0.06, 0.4, 0.615, 1.7, 2.18, th, { rx: 6 });
  // plant in the corner
  const pxm = bx < R.wm / 2 ? R.wm - 0.4 : 0.4;
  const pb = R.p(pxm, 0, 0.5);
  plant(svg, r, pb[0], pb[1], R.k(0.5) / 210, r.pick(POTS), r.pick(GREENS));
  finish(svg, lightFrom);
}

function bathroom(svg: Svg, r: Rng): void {
  const R = new Room(r, [0.64, 0.7]);
  const { side } = roomSetup(r, R);
  const wall = r.pick(['#f1eee8', '#e8e3da', '#dfe4e1', '#ece4dc']);
  const tile = r.pick(['#f3f1ec', '#d9e3df', '#c7d5d0', '#e8ddd0', '#9fb3ad', '#d3c8bd', '#3f5560', '#e3e6e6', '#b9c7cf']);
  const lightFrom = side === 'L' ? 'left' : 'right';
  const tileH = r.chance(0.5) ? R.hm : 1.25;
  shell(svg, R, { wall, back: wall, lightFrom });
  floor(
    svg,
    r,
    R,
    r.pick<FloorKind>(['tiles', 'checker', 'tiles']),
    r.pick(['#d8d2c8', '#bfbab2', '#e6e2da', '#9c9893']),
    r.pick(['#4b5153', '#8b9896', '#c9b7a5']),
  );
  // wall tiles: a pattern on the back wall, lines in perspective on the side walls
  const ts = r.pick([0.1, 0.15, 0.2]);
  const tw = ts * R.M * (r.chance(0.5) ? 2 : 1);
  const th = ts * R.M;
  const grout = shade(tile, -0.13);
  const pat = svg.pattern(
    tw,
    th,
    `<rect width="${f1(tw)}" height="${f1(th)}" fill="${tile}"/><path d="M0 .5H${f1(tw)}M.5 0V${f1(th)}" stroke="${grout}" stroke-width="1.5"/>`,
  );
  const [tx, ty, tw2, th2] = R.front(0, R.wm, 0, tileH, 0);
  svg.rect(tx, ty, tw2, th2, pat);
  svg.rect(
    tx,
    ty,
    tw2,
    th2,
    svg.lin(
      [
        [0, '#ffffff', lightFrom === 'left' ? 0.12 : 0],
        [1, '#ffffff', lightFrom === 'left' ? 0 : 0.12],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  for (const wx of [0, R.wm]) {
    const dark = (wx === 0) === (lightFrom === 'left') ? -0.1 : -0.03;
    svg.poly([R.p(wx, 0, 0), R.p(wx, tileH, 0), R.p(wx, tileH, R.dm * 1.3), R.p(wx, 0, R.dm * 1.3)], shade(tile, dark));
    let g = '';
    for (let y = th / R.M; y < tileH; y += th / R.M) g += seg(R.p(wx, y, 0), R.p(wx, y, R.dm * 1.3));
    for (let d = tw / R.M; d < R.dm * 1.3; d += tw / R.M) g += seg(R.p(wx, 0, d), R.p(wx, tileH, d));
    svg.stroke(g, grout, 1.5, 'opacity=".8"');
  }
  const frame = r.pick(['#f3f1ec', '#2f2d2b']);
  const patch = sideWindow(svg, r, R, ['#dfe6ea', '#e9eef0', '#f1f3f2'], side, r.range(1.0, 1.3), r.range(1.9, 2.3), 1.35, 2.25, {
    frame,
    wall: tileH > 2 ? tile : wall,
    frosted: true,
  });
  sunPatch(svg, patch);
  const metal = r.pick(['#2f2d2b', '#b9b8b4', '#b89560']);
  const white = '#f7f6f2';
  // zones along the back wall: bath or shower | vanity | wc
  const bathLeft = r.chance(0.5);
  const shower = r.chance(0.4);
  const zw = shower ? 1.2 : 1.75;
  const z0 = bathLeft ? 0 : R.wm - zw;
  const z1 = z0 + zw;
  const restA = bathLeft ? z1 : 0;
  const restB = bathLeft ? R.wm : z0;
  const hasWc = restB - restA > 2.2 && r.chance(0.75);
  const wcX = bathLeft ? restB - 0.42 : restA + 0.42;
  const vanA = hasWc && !bathLeft ? restA + 0.85 : restA + 0.15;
  const vanB = hasWc && bathLeft ? restB - 0.85 : restB - 0.15;
  const vx = (vanA + vanB) / 2;
  const vw = Math.min(0.62, (vanB - vanA) / 2 - 0.05);
  if (shower) {
    const sh = shade(tile, -0.1);
    R.frontRect(svg, z0 + 0.02, z1 - 0.02, 0, R.hm, 0.001, sh, 'opacity=".6"');
    const sx = (z0 + z1) / 2;
    const hd = R.p(sx, 2.2, 0.35);
    const wt = R.p(sx, 2.2, 0);
    const k = R.k(0.35);
    svg.stroke(`M${f1(wt[0])} ${f1(wt[1])}L${f1(hd[0])} ${f1(hd[1])}`, metal, 5);
    svg.ellipse(hd[0], hd[1] + 4, 0.16 * k, 0.035 * k, metal);
    const mx = R.p(sx, 1.05, 0.01);
    svg.rect(mx[0] - 0.06 * k, mx[1] - 0.06 * k, 0.12 * k, 0.12 * k, metal, 'rx="4"');
    svg.stroke(`M${f1(mx[0])} ${f1(mx[1])}V${f1(hd[1])}`, metal, 4);
    // niche with bottles
    const [nx, ny, nw, nh] = R.front(sx + 0.2, sx + 0.5, 1.1, 1.4, 0);
    svg.rect(nx, ny, nw, nh, shade(sh, -0.15));
    for (let i = 0; i < 3; i++)
      svg.rect(
        nx + 6 + i * (nw / 3),
        ny + nh * (0.35 + (i % 2) * 0.15),
        nw / 3 - 10,
        nh * (0.65 - (i % 2) * 0.15),
        r.pick(['#e9e4dc', '#9bb0a5', '#c98a68', '#3b3936']),
        'rx="3"',
      );
    svg.poly(R.floorQuad(z0 + 0.2, z1 - 0.2, 0.2, 0.28), '#6d6d6a');
    // glass screen on the room side
    const ex = bathLeft ? z1 - 0.02 : z0 + 0.02;
    const glass = [R.p(ex, 0, 0), R.p(ex, 2.0, 0), R.p(ex, 2.0, 1.1), R.p(ex, 0, 1.1)];
    svg.poly(
      glass,
      svg.lin([
        [0, '#e3f0f2', 0.45],
        [1, '#cfe2e6', 0.25],
      ]),
      `stroke="${metal}" stroke-width="5" stroke-linejoin="round"`,
    );
    const a = R.p(ex, 0.3, 0.25);
    const b = R.p(ex, 1.8, 0.85);
    svg.stroke(`M${f1(a[0])} ${f1(a[1])}L${f1(b[0])} ${f1(b[1])}`, '#ffffff', 12, 'opacity=".35"');
  } else if (r.chance(0.45)) {
    // freestanding tub
    const xc = (z0 + z1) / 2;
    const f = R.p(xc, 0.6, 1.05);
    const b = R.p(xc, 0.6, 0.25);
    const cx = f[0];
    const cy = (f[1] + b[1]) / 2;
    const ry = (f[1] - b[1]) / 2;
    const rx = 0.8 * R.k(0.65);
    const bot = R.p(xc, 0.06, 1.0)[1];
    floorShadow(svg, R, z0 + 0.1, z1 - 0.1, 0.3, 1.1, 0.25);
    const tc = r.chance(0.6) ? white : r.pick(['#2f3233', '#7d9183', '#3f4e63', '#c98a68']);
    svg.path(
      `M${f1(cx - rx)} ${f1(cy)}C${f1(cx - rx)} ${f1(bot)} ${f1(cx - rx * 0.55)} ${f1(bot)} ${f1(cx)} ${f1(bot)}C${f1(cx + rx * 0.55)} ${f1(bot)} ${f1(cx + rx)} ${f1(bot)} ${f1(cx + rx)} ${f1(cy)}Z`,
      svg.lin(
        [
          [0, shade(tc, -0.1)],
          [0.35, tc],
          [1, shade(tc, -0.18)],
        ],
        0,
        0,
        1,
        0,
      ),
    );
    svg.ellipse(cx, cy, rx, ry, white);
    svg.ellipse(
      cx,
      cy + ry * 0.05,
      rx * 0.9,
      ry * 0.78,
      svg.lin([
        [0, '#c3cfd1'],
        [1, '#e6eded'],
      ]),
    );
    const fx = R.p(bathLeft ? z1 - 0.08 : z0 + 0.08, 0, 0.7);
    const fk = R.k(0.7);
    svg.stroke(
      `M${f1(fx[0])} ${f1(fx[1])}V${f1(fx[1] - 0.95 * fk)}q0 ${f1(-0.12 * fk)} ${f1((bathLeft ? -1 : 1) * 0.12 * fk)} ${f1(-0.1 * fk)}`,
      metal,
      5,
      'stroke-linecap="round"',
    );
  } else {
    const bathC = white;
    floorShadow(svg, R, z0, z1, 0.5, 0.85, 0.2);
    box(svg, R, z0, z1, 0, 0.56, 0, 0.78, tileH > 2 ? tile : shade(tile, 0.05), { top: bathC });
    svg.poly(
      R.floorQuad(z0 + 0.1, z1 - 0.1, 0.1, 0.68, 0.561),
      svg.lin([
        [0, '#c3cfd1'],
        [1, '#e9eeee'],
      ]),
    );
    const tap = R.p(bathLeft ? z0 + 0.25 : z1 - 0.25, 0.56, 0.05);
    const k = R.k(0.05);
    svg.stroke(`M${f1(tap[0])} ${f1(tap[1])}v${f1(-0.18 * k)}h${f1((bathLeft ? 1 : -1) * 0.12 * k)}`, metal, 5);
    const pl = R.p(bathLeft ? z1 - 0.2 : z0 + 0.2, 0.56, 0.25);
    plant(svg, r, pl[0], pl[1], R.k(0.25) / 380, r.pick(POTS), r.pick(GREENS));
  }
  // wall-hung wc
  if (hasWc) {
    const pk = R.k(0.3);
    const fp = R.front(wcX - 0.12, wcX + 0.12, 0.98, 1.14, 0.01);
    svg.rect(fp[0], fp[1], fp[2], fp[3], shade(metal, 0.5), `rx="3" stroke="${metal}" stroke-width="2"`);
    floorShadow(svg, R, wcX - 0.2, wcX + 0.2, 0.1, 0.6, 0.14);
    box(svg, R, wcX - 0.17, wcX + 0.17, 0.24, 0.42, 0, 0.3, white);
    const [bx, by, bw, bh] = R.front(wcX - 0.18, wcX + 0.18, 0.22, 0.42, 0.55);
    svg.rect(
      bx,
      by,
      bw,
      bh,
      svg.lin(
        [
          [0, shade(white, -0.08)],
          [0.4, white],
          [1, shade(white, -0.14)],
        ],
        0,
        0,
        1,
        0,
      ),
      `rx="${f1(bw * 0.3)}"`,
    );
    const sf = R.p(wcX, 0.43, 0.56);
    const sb = R.p(wcX, 0.43, 0.04);
    svg.ellipse(sf[0], (sf[1] + sb[1]) / 2, 0.19 * pk, (sf[1] - sb[1]) / 2, '#fbfaf7', `stroke="${shade(white, -0.12)}" stroke-width="2"`);
    svg.ellipse(sf[0], (sf[1] + sb[1]) / 2 + 2, 0.11 * pk, (sf[1] - sb[1]) / 3.2, '#dfe5e5');
  }
  // vanity with basin, mirror and wall lights
  const vc = r.pick([...WOODS, '#3f4e63', '#7d9183', '#f1eee8', '#2f3233']);
  const mirrorRound = r.chance(0.5);
  const mk = mirrorRound ? R.front(vx - 0.36, vx + 0.36, 1.2, 1.92, 0.02) : R.front(vx - vw + 0.1, vx + vw - 0.1, 1.15, 2.0, 0.02);
  const mrx = mirrorRound ? ` rx="${f1(mk[2] / 2)}"` : ' rx="10"';
  softShadow(svg, mk[0] + 6, mk[1] + 8, mk[2], mk[3], 0.16, mirrorRound ? mk[2] / 2 : 10);
  svg.rect(
    mk[0],
    mk[1],
    mk[2],
    mk[3],
    svg.lin(
      [
        [0, '#dde6e8'],
        [0.5, '#c6d2d6'],
        [1, '#eef2f2'],
      ],
      0,
      0,
      1,
      1,
    ),
    `stroke="${metal}" stroke-width="5"${mrx}`,
  );
  svg.poly(
    [
      [mk[0] + mk[2] * 0.25, mk[1] + mk[3] * 0.12],
      [mk[0] + mk[2] * 0.42, mk[1] + mk[3] * 0.12],
      [mk[0] + mk[2] * 0.22, mk[1] + mk[3] * 0.72],
      [mk[0] + mk[2] * 0.08, mk[1] + mk[3] * 0.62],
    ],
    '#ffffff',
    'opacity=".35"',
  );
  for (const lx of [mk[0] - 30, mk[0] + mk[2] + 30]) {
    const ly = mk[1] + mk[3] * 0.45;
    lampGlow(svg, lx, ly, 60);
    svg.rect(lx - 6, ly - 28, 12, 56, '#fbf6e9', `rx="6" stroke="${metal}" stroke-width="2"`);
  }
  floorShadow(svg, R, vx - vw, vx + vw, 0.3, 0.6, 0.14);
  box(svg, R, vx - vw, vx + vw, 0.35, 0.82, 0, 0.5, vc);
  const [fx, fy, fw, fh] = R.front(vx - vw, vx + vw, 0.35, 0.82, 0.5);
  svg.stroke(
    `M${f1(fx + fw / 2)} ${f1(fy + 4)}v${f1(fh - 8)}M${f1(fx + fw / 2 - 30)} ${f1(fy + 16)}h20M${f1(fx + fw / 2 + 10)} ${f1(fy + 16)}h20`,
    shade(vc, -0.3),
    2.5,
  );
  box(svg, R, vx - vw - 0.02, vx + vw + 0.02, 0.82, 0.85, 0, 0.52, r.pick(['#f4f2ee', '#dcd6cc', '#2e2e2e']));
  const bk = R.p(vx, 0.85, 0.27);
  const k2 = R.k(0.27);
  svg.path(
    `M${f1(bk[0] - 0.24 * k2)} ${f1(bk[1])}Q${f1(bk[0] - 0.24 * k2)} ${f1(bk[1] - 0.13 * k2)} ${f1(bk[0])} ${f1(bk[1] - 0.13 * k2)}Q${f1(bk[0] + 0.24 * k2)} ${f1(bk[1] - 0.13 * k2)} ${f1(bk[0] + 0.24 * k2)} ${f1(bk[1])}Z`,
    white,
  );
  svg.ellipse(bk[0], bk[1] - 0.13 * k2, 0.24 * k2, 0.035 * k2, '#e3e7e6');
  const tp = R.p(vx, 0.85, 0.04);
  svg.stroke(`M${f1(tp[0])} ${f1(tp[1])}v${f1(-0.3 * k2)}h${f1(0.1 * k2)}`, metal, 4);
  // soap and a small plant on the counter
  const sp = R.p(vx + vw - 0.15, 0.85, 0.2);
  svg.rect(sp[0] - 0.04 * k2, sp[1] - 0.14 * k2, 0.08 * k2, 0.14 * k2, r.pick(['#c98a68', '#9bb0a5', '#3b3936', '#e9e4dc']), 'rx="3"');
  // towel on a hook beside the vanity
  const tx2 = bathLeft ? vx - vw - 0.28 : vx + vw + 0.28;
  if (tx2 - 0.2 > restA && tx2 + 0.2 < restB && (!hasWc || Math.abs(tx2 - wcX) > 0.45)) {
    const tc = r.pick(['#e9e0d2', '#b9c9c4', '#d7b9a4', '#f4f1ea', '#8a9f99', '#c9a27a']);
    R.frontRect(
      svg,
      tx2 - 0.2,
      tx2 + 0.2,
      0.8,
      1.4,
      0.04,
      svg.lin(
        [
          [0, shade(tc, 0.06)],
          [1, shade(tc, -0.1)],
        ],
        0,
        0,
        1,
        0,
      ),
      'rx="6"',
    );
    R.frontRect(svg, tx2 - 0.22, tx2 + 0.22, 1.38, 1.42, 0.03, metal, 'rx="2"');
  }
  // bath mat
  const mat = r.pick(['#e9e0d2', '#b9c9c4', '#d7b9a4', '#f4f1ea', '#c8d1cc']);
  svg.poly(R.floorQuad(vx - 0.4, vx + 0.4, 0.85, 1.35), mat);
  finish(svg, lightFrom, 0.04);
}

function office(svg: Svg, r: Rng): void {
  const R = new Room(r, [0.55, 0.6], [400, 440]);
  const { pal } = roomSetup(r, R);
  const wall = r.pick(['#eeeeea', '#e6e6e2', '#ecebe6', '#e1e4e4']);
  shell(svg, R, { wall, back: wall, lightFrom: 'left' });
  // full-height glazing on the back wall
  const mull = r.pick(['#2f3336', '#5a6066', '#c9cccd']);
  const [gx, gy, gw, gh] = R.front(0.1, R.wm - 0.1, 0.05, R.hm - 0.12, -0.05);
  svg.open(`clip-path="${svg.clip(`<rect x="${f1(gx)}" y="${f1(gy)}" width="${f1(gw)}" height="${f1(gh)}"/>`)}"`);
  svg.rect(
    gx,
    gy,
    gw,
    gh,
    svg.lin([
      [0, pal[0]],
      [1, pal[2]],
    ]),
  );
  let bx = gx - 40;
  while (bx < gx + gw) {
    const bw = r.range(100, 220);
    const top = R.vy - r.range(60, 320);
    const c = mix(r.pick(['#b7c0c6', '#d8cbb4', '#c9b6a0', '#9aa8b2', '#e2dccf', '#8c9aa4']), pal[2], 0.35);
    svg.rect(bx, top, bw, gy + gh - top, c);
    let win = '';
    for (let wy = top + 14; wy < gy + gh - 10; wy += 24) win += `M${f1(bx + 8)} ${f1(wy)}h${f1(bw - 16)}`;
    svg.stroke(win, mix('#4e5a64', pal[2], 0.45), 7);
    bx += bw + r.range(10, 40);
  }
  svg.close();
  let mm = '';
  const nm = Math.round((R.wm - 0.2) / 0.9);
  for (let i = 0; i <= nm; i++) mm += `M${f1(gx + (gw * i) / nm)} ${f1(gy)}v${f1(gh)}`;
  mm += `M${f1(gx)} ${f1(gy + gh * 0.62)}h${f1(gw)}M${f1(gx)} ${f1(gy)}h${f1(gw)}M${f1(gx)} ${f1(gy + gh)}h${f1(gw)}`;
  svg.stroke(mm, mull, 7);
  const fl = r.pick<FloorKind>(['carpet', 'concrete', 'boards', 'tiles']);
  floor(
    svg,
    r,
    R,
    fl,
    fl === 'carpet' ? r.pick(['#8f9396', '#a4a29c', '#7d868c']) : fl === 'concrete' ? '#bdbab4' : fl === 'tiles' ? '#c4c1bb' : r.pick(WOODS),
  );
  // light from the glazing on the floor
  svg.poly(
    R.floorQuad(0.1, R.wm - 0.1, 0, 1.6),
    svg.lin([
      [0, '#ffffff', 0.22],
      [1, '#ffffff', 0],
    ]),
  );
  // ceiling panels
  for (let d = 0.6; d < R.dm; d += 1.3)
    for (const x of [R.wm * 0.25, R.wm * 0.75]) svg.poly(R.floorQuad(x - 0.3, x + 0.3, d, d + 0.6, R.hm - 0.002), '#fbfaf4');
  // tall plants at the ends of the rows
  const g = r.pick(GREENS);
  for (const [px, pd] of [
    [0.25, 0.35],
    [R.wm - 0.25, 0.35],
  ]) {
    const pb = R.p(px, 0, pd);
    plant(svg, r, pb[0], pb[1], R.k(pd) / 200, r.pick(['#eeeae2', '#4a4a48', '#9bab9a']), g);
  }
  const deskC = r.pick(['#f1efea', '#d6c1a3', '#c9a27a', '#e4e2dd', '#3a3c3e']);
  const chairC = r.pick(['#2f3336', '#3f4e63', '#6f7d72', '#8a5a48', '#4a4a48', '#c9a24a']);
  if (r.chance(0.4)) meetingTable(svg, r, R, deskC, chairC);
  else deskRows(svg, r, R, deskC, chairC);
  finish(svg, 'top');
}

function deskRows(svg: Svg, r: Rng, R: Room, deskC: string, chairC: string): void {
  const rows = r.chance(0.5) ? [0.9, 2.3] : [1.5];
  for (const d0 of rows) {
    const d1 = d0 + 0.8;
    const front = d0 === rows[rows.length - 1];
    for (const [x0, x1] of [
      [0.35, R.wm / 2 - 0.12],
      [R.wm / 2 + 0.12, R.wm - 0.35],
    ]) {
      floorShadow(svg, R, x0, x1, d0, d1, 0.15);
      for (const lxx of [x0 + 0.03, x1 - 0.06]) box(svg, R, lxx, lxx + 0.03, 0, 0.72, d1 - 0.06, d1 - 0.03, '#3a3c3e');
      box(svg, R, x0, x1, 0.72, 0.75, d0, d1, deskC);
      const n = Math.max(1, Math.round((x1 - x0) / 0.8));
      const sw = (x1 - x0) / n;
      for (let i = 0; i < n; i++) {
        const mx = x0 + sw * (i + 0.5);
        const md = d0 + 0.2;
        const [sx, sy, swp, shp] = R.front(mx - 0.26, mx + 0.26, 0.9, 1.2, md);
        const base = R.p(mx, 0.75, md);
        svg.rect(base[0] - 3, sy + shp, 6, base[1] - sy - shp, '#2a2c2e');
        svg.rect(sx, sy, swp, shp, '#2a2c2e', 'rx="3"');
        svg.rect(
          sx + 3,
          sy + 3,
          swp - 6,
          shp - 6,
          svg.lin(
            [
              [0, '#5c7387'],
              [1, '#9db3c2'],
            ],
            0,
            0,
            1,
            1,
          ),
        );
        if (front && (i + rows.length) % 2 === 0) officeChair(svg, R, mx, d1 + 0.35, chairC);
      }
    }
  }
}

/** An office chair seen from behind. */
function officeChair(svg: Svg, R: Room, x: number, d: number, c: string): void {
  const k = R.k(d);
  const cs = R.p(x, 0.47, d);
  const cb = R.p(x, 0, d);
  svg.ellipse(cb[0], cb[1], 0.28 * k, 0.05 * k, INK, 'opacity=".18"');
  svg.stroke(
    `M${f1(cs[0])} ${f1(cs[1])}V${f1(cb[1] - 6)}M${f1(cb[0] - 0.25 * k)} ${f1(cb[1])}L${f1(cb[0] + 0.25 * k)} ${f1(cb[1])}`,
    '#2a2c2e',
    Math.max(3, 0.03 * k),
  );
  svg.rect(cs[0] - 0.25 * k, cs[1] - 0.06 * k, 0.5 * k, 0.08 * k, shade(c, -0.1), 'rx="4"');
  const bk = R.front(x - 0.23, x + 0.23, 0.58, 1.08, d + 0.05);
  svg.rect(
    bk[0],
    bk[1],
    bk[2],
    bk[3],
    svg.lin([
      [0, shade(c, 0.1)],
      [1, c],
    ]),
    `rx="${f1(bk[2] * 0.18)}"`,
  );
}

/** A meeting table running into the room, chairs on both sides, a screen on the back wall. */
function meetingTable(svg: Svg, r: Rng, R: Room, deskC: string, chairC: string): void {
  const cx = R.wm / 2 + r.range(-0.2, 0.2);
  const d0 = 0.8;
  const d1 = r.range(2.4, 2.7);
  // screen on a stand against the glazing
  const [sx, sy, sw, sh] = R.front(cx - 0.6, cx + 0.6, 0.95, 1.65, 0.15);
  const sb = R.p(cx, 0, 0.15);
  svg.rect(sb[0] - 4, sy + sh, 8, sb[1] - sy - sh, '#2a2c2e');
  svg.rect(sx, sy, sw, sh, '#222426', 'rx="4"');
  svg.rect(
    sx + 5,
    sy + 5,
    sw - 10,
    sh - 10,
    svg.lin(
      [
        [0, '#3c4a56'],
        [1, '#5d7282'],
      ],
      0,
      0,
      1,
      1,
    ),
  );
  floorShadow(svg, R, cx - 0.6, cx + 0.6, d0, d1, 0.2);
  const chairs: number[] = [];
  for (let d = d0 + 0.35; d < d1 - 0.2; d += 0.62) chairs.push(d);
  const side = (sgn: number, d: number) => {
    const x = cx + sgn * 0.78;
    const back = cx + sgn * 1.0;
    box(svg, R, Math.min(x, back) + (sgn < 0 ? 0 : 0), Math.max(x, back), 0.42, 0.48, d - 0.24, d + 0.24, shade(chairC, 0.05));
    const bx0 = sgn < 0 ? back - 0.05 : back;
    box(svg, R, bx0, bx0 + 0.05, 0.48, 1.0, d - 0.23, d + 0.23, chairC, { rx: 4 });
    for (const dd of [d - 0.2, d + 0.2]) {
      const b = R.p(x + sgn * 0.1, 0, dd);
      const t = R.p(x + sgn * 0.1, 0.42, dd);
      svg.stroke(`M${f1(b[0])} ${f1(b[1])}V${f1(t[1])}`, '#2a2c2e', 3);
    }
  };
  // chairs behind the table edge first, then the table, then the chairs in front of nothing
  for (const d of chairs) side(-1, d);
  for (const d of chairs) side(1, d);
  for (const lx of [cx - 0.55, cx + 0.51]) box(svg, R, lx, lx + 0.04, 0, 0.72, d1 - 0.1, d1 - 0.06, '#3a3c3e');
  box(svg, R, cx - 0.6, cx + 0.6, 0.72, 0.77, d0, d1, deskC);
  // a laptop and notebooks
  for (let i = 0; i < 3; i++) {
    const d = d0 + 0.4 + i * 0.6;
    const x = cx + (i % 2 ? 0.3 : -0.3);
    svg.poly(R.floorQuad(x - 0.15, x + 0.15, d - 0.1, d + 0.1, 0.771), r.pick(['#c9ccce', '#f4f1ea', '#2f3336']));
  }
  const pc = r.pick(['#2f2d2b', '#d9c9ad', '#efe8dc', '#8ea79c']);
  pendant(svg, R, cx, d0 + 0.45, 0.75, pc, true);
  pendant(svg, R, cx, d1 - 0.45, 0.75, pc, true);
}

function garageInterior(svg: Svg, r: Rng): void {
  const R = new Room(r, [0.62, 0.68]);
  const wall = r.pick(['#e6e4df', '#d9d7d1', '#ece9e2', '#cfd2d2']);
  shell(svg, R, { wall, back: wall, lightFrom: 'right' });
  // block-work joints on the walls
  const bw = 0.4 * R.M;
  const bh = 0.2 * R.M;
  const pat = svg.pattern(
    bw,
    bh * 2,
    `<path d="M0 .5H${f1(bw)}M0 ${f1(bh + 0.5)}H${f1(bw)}M.5 0V${f1(bh)}M${f1(bw / 2)} ${f1(bh)}V${f1(bh * 2)}" stroke="${shade(wall, -0.12)}" stroke-width="1.5"/>`,
  );
  svg.rect(R.bx0, R.by0, R.bx1 - R.bx0, R.by1 - R.by0, pat);
  floor(svg, r, R, 'concrete', r.pick(['#b9b6b0', '#a9a7a2', '#c4c0b8']));
  // sectional door
  const doorC = r.pick(['#eeeeea', '#4a4f54', '#7b8a94', '#b58e66', '#d8d5cf']);
  const dx0 = R.wm / 2 - 1.35;
  const dx1 = R.wm / 2 + 1.35;
  const dy1 = 2.2;
  const e = 0.1;
  svg.poly([R.p(dx0, dy1, 0), R.p(dx1, dy1, 0), R.p(dx1, dy1, -e), R.p(dx0, dy1, -e)], shade(wall, -0.25));
  if (R.cx > dx0) svg.poly([R.p(dx0, 0, 0), R.p(dx0, dy1, 0), R.p(dx0, dy1, -e), R.p(dx0, 0, -e)], shade(wall, -0.12));
  if (R.cx < dx1) svg.poly([R.p(dx1, 0, 0), R.p(dx1, dy1, 0), R.p(dx1, dy1, -e), R.p(dx1, 0, -e)], shade(wall, -0.12));
  const [x, y, w, h] = R.front(dx0, dx1, 0, dy1, -e);
  svg.rect(
    x,
    y,
    w,
    h,
    svg.lin([
      [0, shade(doorC, 0.08)],
      [1, shade(doorC, -0.08)],
    ]),
  );
  let grooves = '';
  for (let i = 1; i < 5; i++) grooves += `M${f1(x)} ${f1(y + (h * i) / 5)}h${f1(w)}`;
  for (let i = 0; i < 5; i++) grooves += `M${f1(x)} ${f1(y + (h * i) / 5 + h / 10)}h${f1(w)}`;
  svg.stroke(grooves, shade(doorC, -0.2), 2, 'opacity=".6"');
  if (r.chance(0.5)) {
    let wins = '';
    for (let i = 0; i < 4; i++) wins += `M${f1(x + w * (0.12 + i * 0.21))} ${f1(y + h * 0.25)}h${f1(w * 0.13)}v${f1(h * 0.08)}h${f1(-w * 0.13)}z`;
    svg.path(wins, '#d8e4ea', `stroke="${shade(doorC, -0.3)}" stroke-width="2"`);
  }
  svg.rect(x + w / 2 - 20, y + h * 0.86, 40, 8, shade(doorC, -0.5), 'rx="3"');
  // tracks along the ceiling
  for (const tx of [dx0 + 0.05, dx1 - 0.05]) svg.stroke(seg(R.p(tx, dy1 + 0.05, 0), R.p(tx, dy1 + 0.05, 2.4)), '#6c6f72', 5);
  // shelving on the left wall
  const shelfC = r.pick(['#8c8f93', '#b28c62', '#3e4246']);
  for (const sy of [0.05, 0.6, 1.15, 1.7]) {
    box(svg, R, 0, 0.5, sy, sy + 0.04, 0.3, 1.9, shelfC);
    let d = 0.4;
    while (d < 1.7 && sy < 1.6) {
      const bl = r.range(0.25, 0.45);
      const bh2 = r.range(0.2, 0.42);
      const c = r.pick(['#c9a77c', '#b88e60', '#5c7188', '#c44f3c', '#e3ddd2', '#6a7d5a', '#d9b35a']);
      box(svg, R, 0.05, 0.42, sy + 0.04, sy + 0.04 + bh2, d, d + bl, c);
      d += bl + r.range(0.05, 0.2);
    }
  }
  for (const d of [0.3, 1.9]) box(svg, R, 0.44, 0.5, 0, 2.0, d - 0.03, d, shelfC);
  // workbench and pegboard on the right wall
  const wb = R.wm;
  svg.poly([R.p(wb, 1.0, 0.55), R.p(wb, 1.75, 0.55), R.p(wb, 1.75, 1.95), R.p(wb, 1.0, 1.95)], r.pick(['#c9a77c', '#b8bcbf', '#8a9aa6']));
  let tools = '';
  for (let d = 0.7; d < 1.85; d += r.range(0.14, 0.24)) tools += seg(R.p(wb, 1.62, d), R.p(wb, 1.62 - r.range(0.18, 0.45), d));
  svg.stroke(tools, '#34383b', 0.03 * R.k(1.2), 'stroke-linecap="round"');
  const cab = r.pick(['#b5533f', '#3f5d7a', '#4a4f54', '#6f8a5a']);
  box(svg, R, wb - 0.6, wb, 0, 0.85, 1.35, 1.95, cab);
  box(svg, R, wb - 0.62, wb - 0.58, 0, 0.85, 0.58, 0.62, '#3a3d40');
  box(svg, R, wb - 0.65, wb, 0.85, 0.91, 0.5, 1.97, r.pick(WOODS));
  // tube light
  const tl = R.floorQuad(R.wm / 2 - 0.6, R.wm / 2 + 0.6, 1.5, 1.62, R.hm - 0.02);
  svg.poly(tl, '#fffdf4');
  // oil stain & tyres
  svg.poly(
    R.floorQuad(R.wm / 2 - 0.4, R.wm / 2 + 0.6, 1.1, 1.9),
    svg.rad([
      [0, '#5f5b55', 0.25],
      [1, '#5f5b55', 0],
    ]),
  );
  finish(svg, 'right', 0.03);
}

// ---------------------------------------------------------------------------------------------
// Exteriors

interface Style {
  wall: string;
  brick: boolean;
  trim: string;
  frame: string;
  door: string;
}

/** Vertical bars (railings) as a pattern. */
function bars(svg: Svg, spacing: number, width: number, c: string): string {
  return svg.pattern(spacing, 8, `<rect width="${width}" height="8" fill="${c}"/>`);
}

function brickFill(svg: Svg, c: string): string {
  const bw = 26;
  const bh = 9;
  const m = shade(c, 0.35);
  return svg.pattern(
    bw,
    bh * 2,
    `<rect width="${bw}" height="${bh * 2}" fill="${m}"/><path d="M1 1h${bw - 2}v${bh - 2}h${-(bw - 2)}zM${-bw / 2 + 1} ${bh + 1}h${bw - 2}v${bh - 2}h${-(bw - 2)}zM${bw / 2 + 1} ${bh + 1}h${bw - 2}v${bh - 2}h${-(bw - 2)}z" fill="${c}"/><path d="M14 ${bh + 1}h11v7h-11z" fill="${shade(c, -0.06)}"/>`,
  );
}

function randomStyle(r: Rng): Style {
  const brick = r.chance(0.5);
  return {
    brick,
    wall: brick
      ? r.pick(['#a65c45', '#8e5b46', '#b9774f', '#c7a077', '#9c4f3d', '#7e6253'])
      : r.pick(['#efe4cf', '#dedad2', '#f1ede6', '#e9d3c6', '#d6dccd', '#cdd6da', '#e6cf99', '#e3ddd0']),
    trim: r.pick(['#ece6da', '#f2efe8', '#d9d3c7', '#c9c5bd']),
    frame: r.pick(['#f4f2ed', '#f4f2ed', '#2f3134', '#3c4a3f', '#6b4a3a']),
    door: r.pick(['#2f4a3c', '#5b2a28', '#2a3950', '#2b2b2b', '#7a5436', '#3f5d62', '#8a8f5a']),
  };
}

/** A facade window: stone surround, glass with reflection, frame, sill, optional railing (drawn once per look, then reused). */
function facadeWindow(
  svg: Svg,
  r: Rng,
  x: number,
  y: number,
  w: number,
  h: number,
  st: Style,
  arch: boolean,
  railing: boolean,
  glass: string,
  simple = false,
): void {
  const curtain = r.chance(0.4) && !simple;
  if (x + w + 20 < svg.view[0] || x - 20 > svg.view[1]) return;
  w = Math.round(w);
  h = Math.round(h);
  const key = ['fw', w, h, arch, railing, simple, st.brick, st.wall, st.trim, st.frame, glass].join('|');
  const id = svg.template(key, () => {
    const sr = st.brick ? st.trim : shade(st.wall, -0.05);
    if (st.brick) svg.rect(-10, -20, w + 20, 20, sr);
    else svg.rect(-9, -9, w + 18, h + 9, sr);
    const ar = w / 2;
    const shape = arch ? `M0 ${h}V${f1(ar * 0.5)}Q${f1(w / 2)} ${f1(-ar * 0.35)} ${w} ${f1(ar * 0.5)}V${h}Z` : `M0 0h${w}v${h}h${-w}Z`;
    svg.path(shape, glass);
    if (!simple) {
      const refl = `M${f1(w * 0.55)} 0L${w} 0L${w} ${f1(h * 0.35)}L${f1(w * 0.2)} ${h}L0 ${h}Z`;
      svg.path(refl, '#ffffff', `opacity=".1"${arch ? ` clip-path="${svg.clip(`<path d="${shape}"/>`)}"` : ''}`);
    }
    const fw = Math.max(4, w * 0.07);
    svg.path(shape, 'none', `stroke="${st.frame}" stroke-width="${f1(fw)}"`);
    svg.stroke(`M${f1(w / 2)} ${f1(h * 0.28)}V${h}M0 ${f1(h * 0.28)}H${w}`, st.frame, fw * 0.75);
    svg.rect(-10, h, w + 20, 9, st.trim);
    if (!simple) svg.rect(-10, h + 9, w + 20, 7, INK, 'opacity=".16"');
    if (railing) {
      const ry = h - h * 0.32;
      let d = `M-6 ${f1(ry)}H${w + 6}M-6 ${h - 3}H${w + 6}`;
      for (let bx = 4; bx < w; bx += 9) d += `M${bx} ${f1(ry)}V${h - 3}`;
      svg.stroke(d, '#2a2a2a', 2.5);
    }
  });
  svg.use(id, x, y);
  if (curtain) svg.rect(x + 5, y + h * 0.3, w - 10, h * 0.7 - 5, '#f4efe4', 'opacity=".5"');
}

interface HouseOpts {
  floors: number;
  gh: number;
  uh: number;
  shop?: boolean;
  detail: boolean;
}

function townhouse(svg: Svg, r: Rng, x0: number, x1: number, base: number, st: Style, o: HouseOpts, pal: readonly string[]): number {
  const w = x1 - x0;
  const top = base - o.gh - o.floors * o.uh - 34;
  svg.rect(x0, top, w, base - top, st.brick ? brickFill(svg, st.wall) : st.wall);
  if (!st.brick) {
    let rust = '';
    for (let yy = base - o.gh + 26; yy < base - 40; yy += 26) rust += `M${f1(x0)} ${f1(yy)}h${f1(w)}`;
    svg.stroke(rust, shade(st.wall, -0.12), 1.5);
  }
  // light across the facade and a soft shadow at the party walls
  svg.rect(
    x0,
    top,
    w,
    base - top,
    svg.lin(
      [
        [0, '#ffffff', 0.1],
        [0.5, '#ffffff', 0],
        [0.92, INK, 0.05],
        [1, INK, 0.16],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  svg.rect(x0, base - 46, w, 46, BLUESTONE);
  svg.rect(x0, base - 46, w, 4, shade(BLUESTONE, 0.15));
  const cols = Math.max(1, Math.round(w / 215));
  const cw = w / cols;
  const glass = svg.lin([
    [0, mix('#3d4b57', pal[0], 0.3)],
    [1, '#56646e'],
  ]);
  // string courses
  for (let f = 0; f < o.floors; f++) {
    const fy = base - o.gh - f * o.uh;
    svg.rect(x0, fy - 8, w, 10, st.trim);
    svg.rect(x0, fy + 2, w, 4, INK, 'opacity=".1"');
  }
  // ground floor
  const doorCol = r.chance(0.5) ? 0 : cols - 1;
  if (o.shop) {
    shopfront(svg, r, x0 + 14, x1 - 14, base - 46, base - o.gh + 6);
  } else {
    for (let c = 0; c < cols; c++) {
      const cx = x0 + cw * (c + 0.5);
      if (c === doorCol) door(svg, cx, base - 46, Math.min(100, cw * 0.5), o.gh - 70, st, glass);
      else facadeWindow(svg, r, cx - Math.min(60, cw * 0.3), base - o.gh + 42, Math.min(120, cw * 0.6), o.gh - 130, st, false, false, glass, !o.detail);
    }
  }
  // upper floors
  const bay = o.detail && !o.shop && cols >= 2 && r.chance(0.35);
  const arch = st.brick && r.chance(0.5);
  const balcony = r.chance(0.5);
  for (let f = 0; f < o.floors; f++) {
    const fy = base - o.gh - (f + 1) * o.uh;
    const tall = f === 0 ? 0.68 : f === o.floors - 1 ? 0.52 : 0.6;
    const wh = o.uh * tall;
    const ww = Math.min(92, cw * 0.44);
    const wy = fy + o.uh * 0.16;
    if (bay && f === 0) {
      const bx0 = x0 + cw * 0.5 - ww * 0.9;
      const bx1 = x1 - cw * 0.5 + ww * 0.9;
      oriel(svg, r, bx0, bx1, fy + 6, fy + o.uh - 6, st, glass);
      continue;
    }
    for (let c = 0; c < cols; c++) {
      const cx = x0 + cw * (c + 0.5);
      facadeWindow(svg, r, cx - ww / 2, wy, ww, wh, st, arch, f === 0 && balcony && !o.detail, glass, !o.detail);
    }
    if (f === 0 && balcony && o.detail) {
      const bxa = x0 + cw * 0.5 - ww * 0.75;
      const bxb = x1 - cw * 0.5 + ww * 0.75;
      const by = wy + wh + 4;
      svg.rect(bxa, by, bxb - bxa, 12, st.trim);
      svg.rect(bxa, by + 12, bxb - bxa, 10, INK, 'opacity=".18"');
      svg.rect(bxa + 4, by - 64, bxb - bxa - 8, 64, bars(svg, 12, 2.5, '#262626'));
      let d = `M${f1(bxa + 3)} ${f1(by - 64)}H${f1(bxb - 3)}M${f1(bxa + 3)} ${f1(by - 6)}H${f1(bxb - 3)}`;
      for (let bx = bxa + 30; bx < bxb - 20; bx += 48) d += `M${f1(bx + 8)} ${f1(by - 35)}a8 8 0 1 0 0.1 0`;
      svg.stroke(d, '#262626', 2.5);
    }
  }
  // cornice
  const cy = top;
  svg.rect(x0, cy + 14, w, 20, st.trim);
  svg.rect(x0, cy + 34, w, 8, svg.pattern(16, 8, `<rect width="8" height="8" fill="${shade(st.trim, -0.08)}"/>`));
  svg.rect(x0 - 10, cy, w + 20, 16, shade(st.trim, 0.08));
  svg.rect(x0 - 10, cy + 16, w + 20, 6, INK, 'opacity=".2"');
  return top;
}

function door(svg: Svg, cx: number, base: number, w: number, h: number, st: Style, glass: string): void {
  const x = cx - w / 2;
  const y = base - h;
  svg.rect(x - 14, y - 14, w + 28, h + 14, st.trim);
  svg.path(`M${f1(x)} ${f1(y + w / 2)}a${f1(w / 2)} ${f1(w / 2)} 0 0 1 ${f1(w)} 0z`, glass);
  svg.path(`M${f1(x)} ${f1(y + w / 2)}a${f1(w / 2)} ${f1(w / 2)} 0 0 1 ${f1(w)} 0z`, 'none', `stroke="${st.frame}" stroke-width="4"`);
  const dy = y + w / 2 + 4;
  svg.rect(
    x,
    dy,
    w,
    base - dy,
    svg.lin(
      [
        [0, shade(st.door, 0.08)],
        [1, shade(st.door, -0.1)],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  const ph = (base - dy - 30) / 2;
  let panels = '';
  for (const px of [x + 8, x + w / 2 + 4])
    for (let i = 0; i < 2; i++) panels += `M${f1(px)} ${f1(dy + 10 + i * (ph + 10))}h${f1(w / 2 - 12)}v${f1(ph)}h${f1(-(w / 2 - 12))}z`;
  svg.path(panels, 'none', `stroke="${shade(st.door, -0.3)}" stroke-width="2.5"`);
  svg.circle(x + w - 14, dy + (base - dy) / 2, 4, '#c8a85a');
  svg.rect(x - 18, base - 8, w + 36, 10, shade(BLUESTONE, -0.1));
}

function oriel(svg: Svg, r: Rng, x0: number, x1: number, y0: number, y1: number, st: Style, glass: string): void {
  const c = st.brick ? st.trim : shade(st.wall, 0.25);
  softShadow(svg, x0 + 10, y0 + 14, x1 - x0, y1 - y0, 0.24);
  svg.rect(x0, y0, x1 - x0, y1 - y0, c);
  svg.rect(x0 - 10, y0 - 12, x1 - x0 + 20, 14, shade(c, -0.05));
  svg.path(`M${f1(x0)} ${f1(y1)}L${f1(x0 + 30)} ${f1(y1 + 30)}H${f1(x1 - 30)}L${f1(x1)} ${f1(y1)}Z`, shade(c, -0.12));
  const n = 3;
  const gap = 14;
  const ww = (x1 - x0 - gap * (n + 1)) / n;
  for (let i = 0; i < n; i++) {
    const wx = x0 + gap + i * (ww + gap);
    svg.rect(wx, y0 + 18, ww, y1 - y0 - 60, glass);
    svg.rect(wx, y0 + 18, ww, y1 - y0 - 60, 'none', `stroke="${st.frame}" stroke-width="5"`);
    svg.stroke(`M${f1(wx)} ${f1(y0 + 18 + (y1 - y0 - 60) * 0.3)}h${f1(ww)}`, st.frame, 4);
    if (r.chance(0.5)) svg.rect(wx + 3, y0 + 18 + (y1 - y0 - 60) * 0.35, ww - 6, (y1 - y0 - 60) * 0.6, '#f4efe4', 'opacity=".5"');
  }
  svg.rect(x0, y1 - 36, x1 - x0, 8, shade(c, -0.08));
}

function shopfront(svg: Svg, r: Rng, x0: number, x1: number, base: number, top: number): void {
  const brand = r.pick(['#2f4a3c', '#7a2f2a', '#2a3950', '#1f1f1f', '#8a6a3a', '#3f5d62', '#b4573e']);
  // fascia
  svg.rect(x0 - 6, top, x1 - x0 + 12, 52, brand);
  svg.circle(x0 + 40, top + 26, 15, 'none', 'stroke="#f2e9d8" stroke-width="3"');
  svg.rect(x0 + 70, top + 22, Math.min(220, (x1 - x0) * 0.35), 8, '#f2e9d8', 'opacity=".85"');
  const gy = top + 52;
  const gh = base - gy;
  const doorW = 92;
  const doorLeft = r.chance(0.5);
  const dx = doorLeft ? x0 + 12 : x1 - 12 - doorW;
  const wx0 = doorLeft ? dx + doorW + 14 : x0 + 12;
  const wx1 = doorLeft ? x1 - 12 : dx - 14;
  // warm interior
  const inside = svg.lin([
    [0, '#f6e7c8'],
    [1, '#d8b98d'],
  ]);
  svg.rect(x0, gy, x1 - x0, gh, shade(brand, -0.2));
  svg.rect(wx0, gy + 10, wx1 - wx0, gh - 40, inside);
  svg.rect(dx, gy + 10, doorW, gh - 10, inside);
  svg.open(`clip-path="${svg.clip(`<rect x="${f1(wx0)}" y="${f1(gy + 10)}" width="${f1(wx1 - wx0)}" height="${f1(gh - 40)}"/>`)}"`);
  // shelves of goods: one pattern tile of products, repeated
  const shopKind = r.int(0, 2);
  let goods = '<rect y="43" width="240" height="5" fill="#8a6a4a"/>';
  for (let x = 6; x < 225;) {
    const bw = Math.round(shopKind === 0 ? r.range(10, 18) : r.range(22, 40));
    const bh = Math.round(shopKind === 0 ? r.range(26, 36) : r.range(14, 32));
    if (x + bw > 236) break;
    const c = r.pick(['#b5533f', '#e0b04f', '#5c7a8c', '#6f8a5a', '#efe6d6', '#8a5a7a', '#d98c5f']);
    goods += `<rect x="${x}" y="${43 - bh}" width="${bw}" height="${bh}" fill="${c}"${shopKind === 2 ? ` rx="${f1(bw / 2)}"` : ''}/>`;
    x += bw + Math.round(r.range(2, 10));
  }
  svg.rect(wx0, gy + 24, wx1 - wx0, Math.max(0, base - 96 - gy), svg.pattern(240, 56, goods));
  // display table with items in the window
  const tx = (wx0 + wx1) / 2;
  svg.rect(tx - 90, base - 100, 180, 12, '#7a5a3e');
  svg.rect(tx - 80, base - 88, 8, 50, '#6a4a30');
  svg.rect(tx + 72, base - 88, 8, 50, '#6a4a30');
  for (let i = 0; i < 3; i++) svg.rect(tx - 70 + i * 50, base - 130 - i * 10, 34, 30 + i * 10, r.pick(['#efe6d6', '#5c7a8c', '#b5533f', '#e0b04f']), 'rx="3"');
  for (let i = 0; i < 3; i++) {
    const lx = wx0 + ((wx1 - wx0) * (i + 0.5)) / 3;
    svg.circle(
      lx,
      gy + 26,
      40,
      svg.rad([
        [0, '#fff5d8', 0.9],
        [1, '#fff5d8', 0],
      ]),
    );
  }
  svg.close();
  svg.rect(wx0, gy + 10, wx1 - wx0, gh - 40, 'none', `stroke="${shade(brand, -0.3)}" stroke-width="6"`);
  svg.path(
    `M${f1(wx0 + (wx1 - wx0) * 0.5)} ${f1(gy + 10)}L${f1(wx0 + (wx1 - wx0) * 0.8)} ${f1(gy + 10)}L${f1(wx0 + (wx1 - wx0) * 0.4)} ${f1(base - 30)}L${f1(wx0 + (wx1 - wx0) * 0.1)} ${f1(base - 30)}Z`,
    '#ffffff',
    'opacity=".12"',
  );
  svg.rect(dx, gy + 10, doorW, gh - 10, 'none', `stroke="${shade(brand, -0.3)}" stroke-width="8"`);
  svg.rect(dx + doorW - 20, gy + gh / 2, 6, 50, '#c8a85a', 'rx="3"');
  svg.rect(wx0 - 4, base - 30, wx1 - wx0 + 8, 30, shade(brand, -0.1));
  // awning
  if (r.chance(0.75)) {
    const a = r.pick(['#2f4a3c', '#7a2f2a', '#2a3950', '#c9a24a', '#3f5d62', brand]);
    const ay = gy + 2;
    const ah = Math.min(78, gh * 0.24);
    const stripes = svg.pattern(44, 10, `<rect width="44" height="10" fill="${a}"/><rect width="22" height="10" fill="${shade(a, 0.82)}"/>`);
    svg.rect(
      wx0 - 22,
      ay + ah,
      wx1 - wx0 + 44,
      40,
      svg.lin([
        [0, INK, 0.28],
        [1, INK, 0],
      ]),
    );
    svg.poly(
      [
        [wx0, ay],
        [wx1, ay],
        [wx1 + 22, ay + ah],
        [wx0 - 22, ay + ah],
      ],
      stripes,
    );
    svg.poly(
      [
        [wx0, ay],
        [wx1, ay],
        [wx1 + 22, ay + ah],
        [wx0 - 22, ay + ah],
      ],
      svg.lin([
        [0, INK, 0.12],
        [1, '#ffffff', 0.08],
      ]),
    );
    let val = `M${f1(wx0 - 22)} ${f1(ay + ah)}`;
    const n = Math.round((wx1 - wx0 + 44) / 22);
    const sw = (wx1 - wx0 + 44) / n;
    for (let i = 0; i < n; i++) val += `q${f1(sw / 2)} 22 ${f1(sw)} 0`;
    svg.path(val + 'z', a);
  }
}

function street(svg: Svg, r: Rng, base: number, vx: number, vy: number): void {
  const curb = base + 70;
  const pave = r.pick(['#cfc9bf', '#c4c0b8', '#d6cfc2']);
  svg.rect(
    0,
    base,
    W,
    curb - base,
    svg.lin([
      [0, shade(pave, -0.08)],
      [1, pave],
    ]),
  );
  let j = '';
  for (let x = -1000; x < W + 1000; x += 90) {
    const t = (base - vy) / (curb - vy);
    j += `M${f1(vx + (x - vx) * t)} ${f1(base)}L${f1(x)} ${f1(curb)}`;
  }
  for (let y = base + 12; y < curb; y += (y - base) * 0.35 + 12) j += `M0 ${f1(y)}H${W}`;
  svg.stroke(j, shade(pave, -0.14), 1.5);
  svg.rect(0, base, W, 10, INK, 'opacity=".12"');
  svg.rect(0, curb, W, 9, '#b9b6b0');
  svg.rect(
    0,
    curb + 9,
    W,
    H - curb - 9,
    svg.lin([
      [0, '#5b5e62'],
      [1, '#6c6f72'],
    ]),
  );
  svg.rect(0, curb + 9, W, 8, INK, 'opacity=".2"');
}

function facade(svg: Svg, r: Rng): void {
  const pal = r.pick(SKIES);
  sky(svg, r, pal, 760);
  const base = 890;
  const greens = r.pick(GREENS);
  if (r.chance(0.3)) {
    apartmentBlock(svg, r, base, pal, greens);
  } else {
    const mw = r.range(560, 700);
    const x0 = W / 2 - mw / 2 + r.range(-60, 60);
    const x1 = x0 + mw;
    const floors = r.int(2, 3);
    const uh = floors === 3 ? 168 : 192;
    const gh = 220;
    // neighbours
    let lx = x0;
    while (lx > 0) {
      const nw = r.range(420, 560);
      const f = r.int(2, 3);
      const st = randomStyle(r);
      const t = townhouse(svg, r, lx - nw, lx, base, st, { floors: f, gh: 210, uh: f === 3 ? 160 : 185, detail: false }, pal);
      svg.rect(lx - nw, t, nw, base - t, mix(pal[2], '#ffffff', 0.3), 'opacity=".3"');
      lx -= nw;
    }
    let rx = x1;
    while (rx < W) {
      const nw = r.range(420, 560);
      const f = r.int(2, 3);
      const st = randomStyle(r);
      const t = townhouse(svg, r, rx, rx + nw, base, st, { floors: f, gh: 210, uh: f === 3 ? 160 : 185, detail: false }, pal);
      svg.rect(rx, t, nw, base - t, mix(pal[2], '#ffffff', 0.3), 'opacity=".3"');
      rx += nw;
    }
    const st = randomStyle(r);
    const top = townhouse(svg, r, x0, x1, base, st, { floors, gh, uh, detail: true }, pal);
    if (r.chance(0.5)) {
      // mansard roof with dormers
      const rh = 95;
      const slate = r.pick(['#4d5158', '#5b5552', '#3f4347']);
      svg.poly(
        [
          [x0 - 4, top],
          [x1 + 4, top],
          [x1 - 40, top - rh],
          [x0 + 40, top - rh],
        ],
        svg.lin([
          [0, shade(slate, 0.1)],
          [1, slate],
        ]),
      );
      for (const dx of [x0 + mw * 0.3, x0 + mw * 0.7]) {
        svg.rect(dx - 34, top - rh + 14, 68, 72, st.trim);
        svg.rect(dx - 22, top - rh + 28, 44, 58, '#4a5660', `stroke="${st.frame}" stroke-width="4"`);
        svg.poly(
          [
            [dx - 44, top - rh + 16],
            [dx, top - rh - 14],
            [dx + 44, top - rh + 16],
          ],
          shade(slate, -0.1),
        );
      }
    }
  }
  street(svg, r, base, W / 2, 560);
  // street tree in front
  if (r.chance(0.6)) {
    const left = r.chance(0.5);
    const tx = left ? r.range(40, 200) : W - r.range(40, 200);
    svg.ellipse(tx + 60, base + 55, 150, 18, INK, 'opacity=".15"');
    tree(svg, r, tx, base + 60, r.range(620, 760), greens);
  }
  finish(svg, 'left', 0.04);
}

function apartmentBlock(svg: Svg, r: Rng, base: number, pal: readonly string[], greens: readonly string[]): void {
  const bw = r.range(1000, 1250);
  const x0 = W / 2 - bw / 2 + r.range(-80, 80);
  const x1 = x0 + bw;
  const floors = r.int(4, 5);
  const fh = floors === 5 ? 128 : 150;
  const gh = 175;
  const top = base - gh - floors * fh - 20;
  // neighbour houses on both sides
  for (const [a, b] of [
    [x0 - 560, x0],
    [x1, x1 + 560],
  ]) {
    const st = randomStyle(r);
    const t = townhouse(svg, r, a, b, base, st, { floors: 2, gh: 200, uh: 175, detail: false }, pal);
    svg.rect(a, t, b - a, base - t, mix(pal[2], '#ffffff', 0.3), 'opacity=".3"');
  }
  const brick = r.chance(0.5);
  const wallC = brick ? r.pick(['#c9b79c', '#b98a6a', '#8e8580', '#d8cdb8']) : r.pick(['#efeee9', '#e4e0d8', '#d5d8d6']);
  svg.rect(x0, top, bw, base - top, brick ? brickFill(svg, wallC) : wallC);
  svg.rect(
    x0,
    top,
    bw,
    base - top,
    svg.lin(
      [
        [0, '#ffffff', 0.1],
        [0.6, '#ffffff', 0],
        [1, INK, 0.12],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  svg.rect(x0 - 8, top - 6, bw + 16, 16, shade(wallC, -0.3));
  const frame = r.pick(['#2f3134', '#5a5f63', '#e9e7e2']);
  const glass = svg.lin([
    [0, mix('#3d4b57', pal[0], 0.3)],
    [1, '#5a6873'],
  ]);
  const cols = 4;
  const cw = bw / cols;
  const glassRail = r.chance(0.5);
  for (let f = 0; f < floors; f++) {
    const fy = base - gh - (f + 1) * fh;
    for (let c = 0; c < cols; c++) {
      const wx = x0 + c * cw + cw * 0.12;
      const ww = Math.round(cw * 0.76);
      const wh = Math.round(fh * 0.72);
      const wy = fy + fh * 0.14;
      const win = svg.template(`aw${ww}|${wh}`, () => {
        svg.rect(0, 0, ww, wh, glass);
        svg.path(`M${f1(ww * 0.5)} 0h${f1(ww * 0.3)}l${f1(-ww * 0.35)} ${wh}h${f1(-ww * 0.3)}z`, '#ffffff', 'opacity=".1"');
        svg.rect(0, 0, ww, wh, 'none', `stroke="${frame}" stroke-width="6"`);
        svg.stroke(`M${f1(ww / 3)} 0v${wh}M${f1((2 * ww) / 3)} 0v${wh}`, frame, 4);
      });
      svg.use(win, wx, wy);
      if (r.chance(0.4)) svg.rect(wx + 4, wy + 4, ww * 0.3, wh - 8, '#f3ede2', 'opacity=".5"');
      if ((c + f) % 2 === 0) {
        const bal = svg.template(`ab${ww}`, () => {
          svg.rect(-14, -8, ww + 28, 12, '#d7d5d0');
          svg.rect(-14, 4, ww + 28, 10, INK, 'opacity=".2"');
          if (glassRail) {
            svg.rect(-12, -62, ww + 24, 54, '#dbe8ec', 'opacity=".45"');
            svg.stroke(`M-12 -62h${ww + 24}`, '#555a5e', 4);
          } else {
            svg.rect(-12, -60, ww + 24, 52, bars(svg, 11, 2.5, '#3a3c3e'));
            svg.stroke(`M-12 -60h${ww + 24}`, '#3a3c3e', 3);
          }
        });
        svg.use(bal, wx, fy + fh);
      }
    }
  }
  // ground floor: entrance and plinth
  svg.rect(x0, base - gh, bw, gh, shade(wallC, -0.12));
  svg.rect(x0, base - gh, bw, 10, shade(wallC, -0.3));
  const ex = x0 + cw * r.int(1, 2) - 90;
  svg.rect(ex, base - gh + 30, 180, gh - 30, glass);
  svg.rect(ex, base - gh + 30, 180, gh - 30, 'none', `stroke="${frame}" stroke-width="7"`);
  svg.stroke(`M${f1(ex + 90)} ${f1(base - gh + 30)}V${f1(base)}`, frame, 5);
  svg.rect(ex + 40, base - gh + 40, 100, gh - 40, '#f1e3c4', 'opacity=".35"');
  for (let c = 0; c < cols; c++) {
    const wx = x0 + c * cw + cw * 0.15;
    if (Math.abs(wx + cw * 0.35 - (ex + 90)) < cw * 0.6) continue;
    svg.rect(wx, base - gh + 40, cw * 0.7, gh - 90, glass, `stroke="${frame}" stroke-width="5"`);
  }
  svg.rect(x0, base - 30, bw, 30, BLUESTONE);
  for (const bx of [x0 + 60, x1 - 60]) bush(svg, r, bx, base, 110, greens);
}

function shop(svg: Svg, r: Rng): void {
  const pal = r.pick(SKIES);
  // A street-level view: the scene is drawn at 1.3× around the pavement line, so the shop window fills the frame.
  const base = 890;
  const z = 1.5;
  sky(svg, r, pal, 800);
  svg.open(`transform="translate(${f1(W / 2 - (W / 2) * z)} ${f1(935 - base * z)}) scale(${z})"`);
  svg.view = [W / 2 - W / 2 / z, W / 2 + W / 2 / z];
  const mw = r.range(640, 760);
  const x0 = W / 2 - mw / 2 + r.range(-40, 40);
  const x1 = x0 + mw;
  const neighbour = (a: number, b: number) => {
    const f = r.int(1, 2);
    const t = townhouse(svg, r, a, b, base, randomStyle(r), { floors: f, gh: 240, uh: 185, detail: false, shop: r.chance(0.6) }, pal);
    svg.rect(a, t, b - a, base - t, INK, 'opacity=".08"');
  };
  for (let lx = x0; lx > 260;) {
    const nw = r.range(420, 520);
    neighbour(lx - nw, lx);
    lx -= nw;
  }
  for (let rx = x1; rx < W - 260;) {
    const nw = r.range(420, 520);
    neighbour(rx, rx + nw);
    rx += nw;
  }
  townhouse(svg, r, x0, x1, base, randomStyle(r), { floors: 2, gh: 300, uh: 190, detail: true, shop: true }, pal);
  street(svg, r, base, W / 2, 560);
  // planters and an A-board in front
  const g = r.pick(GREENS);
  plant(svg, r, x0 + 40, base + 24, 0.8, r.pick(POTS), g);
  plant(svg, r, x1 - 40, base + 24, 0.8, r.pick(POTS), g);
  const ax = r.chance(0.5) ? x0 + 140 : x1 - 140;
  svg.poly(
    [
      [ax - 40, base + 50],
      [ax - 28, base - 60],
      [ax + 28, base - 60],
      [ax + 40, base + 50],
    ],
    '#2b2b2b',
  );
  svg.poly(
    [
      [ax - 33, base + 40],
      [ax - 23, base - 50],
      [ax + 23, base - 50],
      [ax + 33, base + 40],
    ],
    '#3a3d3b',
  );
  svg.rect(ax - 18, base - 30, 36, 4, '#e9e3d6');
  svg.rect(ax - 14, base - 18, 28, 4, '#e9e3d6');
  svg.close();
  finish(svg, 'left', 0.04);
}

function garden(svg: Svg, r: Rng): void {
  const pal = r.pick(SKIES);
  const hz = r.range(500, 560);
  const vx = W / 2 + r.range(-200, 200);
  sky(svg, r, pal, hz + 40);
  const greens = r.pick(GREENS);
  // rear facades of the houses beyond
  let x = -r.range(0, 120);
  while (x < W) {
    const w = r.range(220, 360);
    const h = r.range(180, 300);
    const c = mix(r.pick(['#b98c70', '#d9cdb6', '#a86b52', '#e6ded0', '#c9b8a2']), pal[2], 0.25);
    const top = hz - h + 60;
    svg.rect(x, top, w, h, c);
    svg.poly(
      [
        [x - 6, top],
        [x + w / 2, top - r.range(50, 110)],
        [x + w + 6, top],
      ],
      mix('#5b5552', pal[2], 0.3),
    );
    let wins = '';
    for (let wy = top + 30; wy < hz - 20; wy += 80) for (let wx = x + 30; wx < x + w - 50; wx += 80) wins += `M${f1(wx)} ${f1(wy)}h34v50h-34z`;
    svg.path(wins, mix('#4f5a63', pal[2], 0.35));
    x += w;
  }
  // trees behind the wall
  for (let i = 0; i < 4; i++) tree(svg, r, r.range(0, W), hz + 70, r.range(300, 460), greens, 0.15, pal[2]);
  // back boundary: hedge, fence or wall
  const bType = r.int(0, 2);
  const by0 = hz - 10;
  const by1 = hz + 80;
  if (bType === 0) {
    svg.rect(
      0,
      by0,
      W,
      by1 - by0,
      svg.lin([
        [0, greens[1]],
        [1, greens[0]],
      ]),
    );
    let bumps = `M0 ${f1(by0 + 10)}`;
    for (let bx = 0; bx < W; bx += 60) bumps += `q30 -26 60 0`;
    svg.path(bumps + `V${f1(by1)}H0z`, greens[1]);
  } else if (bType === 1) {
    const wood = r.pick(['#9a7a5a', '#7d6a58', '#b0916d', '#6e6a64']);
    const fp = svg.pattern(
      36,
      10,
      `<rect width="36" height="10" fill="${wood}"/><rect x="34" width="2" height="10" fill="${shade(wood, -0.3)}"/><rect width="14" height="10" fill="${shade(wood, 0.06)}"/>`,
    );
    svg.rect(0, by0, W, by1 - by0, fp);
    svg.rect(0, by0, W, 6, shade(wood, -0.2));
  } else {
    svg.rect(0, by0, W, by1 - by0, brickFill(svg, r.pick(['#a65c45', '#8e5b46', '#b9774f'])));
    svg.rect(0, by0 - 8, W, 10, '#cfc9bd');
    // climbing ivy
    for (let i = 0; i < 3; i++) bush(svg, r, r.range(100, W - 100), by1, r.range(120, 220), greens);
  }
  // lawn with mowing stripes
  const lawn = greens[1];
  svg.rect(
    0,
    by1,
    W,
    H - by1,
    svg.lin([
      [0, shade(lawn, 0.1)],
      [1, shade(lawn, -0.12)],
    ]),
  );
  let stripes = '';
  for (let i = -12; i < 12; i += 2) {
    const a = vx + i * 70;
    const b = vx + (i + 1) * 70;
    const t = (H - hz) / (by1 - hz);
    stripes += `M${f1(a)} ${f1(by1)}L${f1(b)} ${f1(by1)}L${f1(vx + (b - vx) * t)} ${H}L${f1(vx + (a - vx) * t)} ${H}z`;
  }
  svg.path(stripes, '#ffffff', 'opacity=".06"');
  // flower bed along the back
  svg.rect(0, by1, W, 26, '#6b5443');
  for (let bx = 40; bx < W; bx += r.range(160, 260)) bush(svg, r, bx, by1 + 18, r.range(90, 160), greens);
  let fl = '';
  const fc = r.pick([
    ['#e9c46a', '#f4f1de'],
    ['#e07a8a', '#f6d6dc'],
    ['#9b8ec9', '#f4f1de'],
    ['#e76f51', '#f4a261'],
  ]);
  for (let i = 0; i < 40; i++) fl += `M${f1(r.range(0, W))} ${f1(by1 + r.range(-30, 20))}h.1`;
  svg.stroke(fl, fc[0], 12, 'stroke-linecap="round"');
  fl = '';
  for (let i = 0; i < 30; i++) fl += `M${f1(r.range(0, W))} ${f1(by1 + r.range(-30, 20))}h.1`;
  svg.stroke(fl, fc[1], 10, 'stroke-linecap="round"');
  // large tree in the foreground on one side, with its shadow
  const left = r.chance(0.5);
  const tx = left ? r.range(120, 300) : W - r.range(120, 300);
  svg.ellipse(
    tx + 120,
    930,
    340,
    70,
    svg.rad([
      [0, INK, 0.2],
      [0.7, INK, 0.12],
      [1, INK, 0],
    ]),
  );
  tree(svg, r, tx, 960, r.range(880, 1000), greens);
  // stepping stones or a patio with chairs
  if (r.chance(0.5)) {
    for (let i = 0; i < 7; i++) {
      const t = i / 7;
      const y = H - 30 - (H - by1 - 60) * (1 - Math.pow(1 - t, 1.6));
      const s = (y - hz) / (H - hz);
      const cx = vx + (W / 2 - vx) * s + (i % 2 ? 18 : -18) * s;
      svg.ellipse(cx, y + 6 * s, 95 * s, 24 * s, INK, 'opacity=".15"');
      svg.ellipse(cx, y, 95 * s, 24 * s, r.pick(['#d6d0c4', '#cbc4b6', '#bfb8ab']));
    }
  } else {
    const py = 880;
    const pc = r.pick(['#d8d0c2', '#c9bfb0', '#b9b3aa']);
    svg.rect(0, py, W, H - py, pc);
    let j = '';
    for (let gx = -1600; gx < W + 1600; gx += 120) j += `M${f1(vx + (gx - vx) * ((py - hz) / (H - hz)))} ${py}L${f1(gx)} ${H}`;
    j += `M0 ${py + 50}H${W}M0 ${py + 115}H${W}`;
    svg.stroke(j, shade(pc, -0.15), 2);
    const cx = left ? W * 0.62 : W * 0.38;
    const fc2 = r.pick(['#2f3336', '#a9805a', '#f0ede6', '#4f6d5a']);
    // table and two chairs, drawn around their footprint and scaled into the foreground
    svg.open(`transform="translate(${f1(cx)} 1010) scale(1.7)"`);
    svg.ellipse(
      0,
      0,
      170,
      22,
      svg.rad([
        [0, INK, 0.25],
        [1, INK, 0],
      ]),
    );
    svg.rect(-6, -112, 12, 112, shade(fc2, -0.1));
    svg.ellipse(0, -2, 40, 7, shade(fc2, -0.1));
    svg.ellipse(0, -114, 100, 16, shade(fc2, 0.1));
    for (const sg of [-1, 1]) {
      const chx = sg * 165;
      svg.rect(chx - 42, -165, 84, 84, fc2, 'rx="8"');
      svg.rect(chx - 48, -86, 96, 13, shade(fc2, -0.15), 'rx="4"');
      svg.stroke(`M${chx - 40} -73v73M${chx + 40} -73v73`, shade(fc2, -0.2), 5);
    }
    svg.close();
  }
  finish(svg, 'left', 0.05);
}

function terrace(svg: Svg, r: Rng): void {
  const R = new Room(r, [0.62, 0.68], [500, 560], 160);
  const pal = r.pick(SKIES);
  const greens = r.pick(GREENS);
  // sky and the city skyline
  sky(svg, r, pal, R.by1 + 20);
  const far = mix('#8d9aa6', pal[2], 0.45);
  let d = `M0 ${f1(R.vy)}`;
  for (let x = 0; x < W; x += r.range(40, 110)) d += `V${f1(R.vy - r.range(10, 70))}h${f1(r.range(30, 90))}`;
  svg.path(d + `V${H}H0z`, far);
  if (r.chance(0.6)) {
    const sx = r.range(200, W - 200);
    svg.path(`M${f1(sx - 22)} ${f1(R.vy - 60)}V${f1(R.vy - 170)}L${f1(sx)} ${f1(R.vy - 270)}L${f1(sx + 22)} ${f1(R.vy - 170)}V${f1(R.vy - 60)}z`, far);
  }
  let x = -50;
  while (x < W) {
    const w = r.range(120, 220);
    const h = r.range(30, 130);
    const c = mix(r.pick(['#b88a6e', '#d8cbb4', '#a86b52', '#e2dccf', '#c9b6a0']), pal[2], 0.2);
    const top = R.vy - h + 40;
    svg.rect(x, top, w, R.by1 - top + 40, c);
    const roof = mix(r.pick(['#5b5552', '#4d5158', '#8a4f3c']), pal[2], 0.2);
    if (r.chance(0.6))
      svg.poly(
        [
          [x - 4, top],
          [x + w * 0.2, top - 40],
          [x + w * 0.8, top - 40],
          [x + w + 4, top],
        ],
        roof,
      );
    if (r.chance(0.5)) svg.rect(x + w * 0.7, top - 62, 16, 40, mix('#8a5a48', pal[2], 0.2));
    let wins = '';
    for (let wx = x + 18; wx < x + w - 24; wx += 38) wins += `M${f1(wx)} ${f1(top + 18)}h16v26h-16z`;
    svg.path(wins, mix('#4f5a63', pal[2], 0.3));
    x += w + r.range(0, 20);
  }
  for (let i = 0; i < 3; i++) tree(svg, r, r.range(0, W), R.by1 + 30, r.range(180, 260), greens, 0.2, pal[2]);
  // the building wall with a glazed door on the wide side
  const side: 'L' | 'R' = R.vx > W / 2 ? 'L' : 'R';
  const wx = side === 'L' ? 0 : R.wm;
  const wallC = r.pick(['#e8e2d6', '#d9cfc0', '#efebe4', '#c9b8a2']);
  const brick = r.chance(0.4);
  const wall = [R.p(wx, 0, 0), R.p(wx, 4, 0), R.p(wx, 4, R.dm * 1.2), R.p(wx, 0, R.dm * 1.2)];
  svg.poly(wall, brick ? '#a4644c' : shade(wallC, -0.06));
  if (brick) {
    let jd = '';
    for (let y = 0.08; y < 4; y += 0.08) jd += seg(R.p(wx, y, 0), R.p(wx, y, R.dm * 1.2));
    svg.stroke(jd, '#c99a86', 1.2, 'opacity=".6"');
  }
  // floor
  const deck = r.chance(0.6);
  floor(svg, r, R, deck ? 'planks' : 'tiles', deck ? r.pick(['#b08a64', '#9c7b5e', '#c4a27e', '#8f8579']) : r.pick(['#cfc8bc', '#bdb6ab', '#d8d2c8']));
  // sliding door in the wall
  const frame = r.pick(['#2f3134', '#5a5f63', '#e9e7e2']);
  const door = [R.p(wx, 0, 0.6), R.p(wx, 2.3, 0.6), R.p(wx, 2.3, 2.4), R.p(wx, 0, 2.4)];
  svg.poly(
    door,
    svg.lin([
      [0, mix('#4b5a66', pal[0], 0.3)],
      [1, '#7b8a94'],
    ]),
    `stroke="${frame}" stroke-width="8"`,
  );
  svg.stroke(seg(R.p(wx, 0, 1.5), R.p(wx, 2.3, 1.5)), frame, 7);
  svg.poly([R.p(wx, 2.3, 0.9), R.p(wx, 2.3, 1.3), R.p(wx, 0, 0.95), R.p(wx, 0, 0.6)], '#ffffff', 'opacity=".12"');
  // a low parapet along the open side
  const ox = side === 'L' ? R.wm : 0;
  const parapet = [R.p(ox, 0, 0), R.p(ox, 1.05, 0), R.p(ox, 1.05, R.dm * 1.3), R.p(ox, 0, R.dm * 1.3)];
  svg.poly(
    parapet,
    svg.lin(
      [
        [0, shade(wallC, -0.04)],
        [1, shade(wallC, -0.14)],
      ],
      side === 'L' ? 0 : 1,
      0,
      side === 'L' ? 1 : 0,
      0,
    ),
  );
  svg.stroke(seg(R.p(ox, 1.05, 0), R.p(ox, 1.05, R.dm * 1.3)), shade(wallC, 0.3), 6);
  // railing at the edge
  const railC = r.pick(['#2f3134', '#4a4d50', '#c9ccce']);
  const glassRail = r.chance(0.5);
  const [rx0, ry0, rw, rh] = R.front(0, R.wm, 0, 1.05, 0);
  if (glassRail) {
    svg.rect(rx0, ry0, rw, rh, '#dceaf0', 'opacity=".35"');
    let posts = '';
    for (let i = 0; i <= 6; i++) posts += `M${f1(rx0 + (rw * i) / 6)} ${f1(ry0)}v${f1(rh)}`;
    svg.stroke(posts, railC, 4);
  } else {
    let bars = '';
    for (let bx = rx0 + 6; bx < rx0 + rw; bx += 14) bars += `M${f1(bx)} ${f1(ry0)}v${f1(rh)}`;
    svg.stroke(bars, railC, 3);
  }
  svg.rect(rx0, ry0 - 5, rw, 8, railC);
  svg.rect(rx0, ry0 + rh - 8, rw, 8, shade(railC, 0.2));
  // planters along the railing
  const pc = r.pick(['#6e6a64', '#c27a56', '#e9e4dc', '#4a4a48']);
  const pl0 = side === 'L' ? R.wm - 1.5 : 0.1;
  box(svg, R, pl0, pl0 + 1.4, 0, 0.45, 0.05, 0.45, pc);
  const pt = R.front(pl0, pl0 + 1.4, 0, 0.45, 0.25);
  for (let i = 0; i < 4; i++) bush(svg, r, pt[0] + (pt[2] * (i + 0.5)) / 4, pt[1] + 8, pt[2] / 4, greens);
  let grass = '';
  for (let i = 0; i < 30; i++) {
    const gx = pt[0] + r.range(0, pt[2]);
    grass += `M${f1(gx)} ${f1(pt[1] + 6)}q${f1(r.range(-10, 10))} -40 ${f1(r.range(-25, 25))} ${f1(-r.range(50, 110))}`;
  }
  svg.stroke(grass, greens[2], 3);
  // table, chairs and parasol
  const tx = side === 'L' ? R.wm * 0.58 : R.wm * 0.42;
  const td = r.range(1.4, 1.7);
  const fc = r.pick(['#2f3336', '#a9805a', '#f0ede6', '#4f6d5a', '#c0b8aa']);
  floorShadow(svg, R, tx - 0.9, tx + 0.9, td - 0.3, td + 0.8, 0.22);
  const seatC = r.pick(['#e9e3d6', '#c9d3cf', '#d9b48a', '#b5533f', '#5f718c']);
  for (const s of [-1, 1]) {
    const cx = tx + s * 0.62;
    box(svg, R, cx - 0.24, cx + 0.24, 0.44, 0.95, td - 0.05, td, fc, { rx: 4 });
    box(svg, R, cx - 0.24, cx + 0.24, 0.42, 0.48, td - 0.05, td + 0.45, seatC);
    for (const lxx of [cx - 0.23, cx + 0.2]) box(svg, R, lxx, lxx + 0.03, 0, 0.42, td + 0.41, td + 0.44, shade(fc, -0.1));
  }
  const tt = R.p(tx, 0.74, td + 0.4);
  const tk = R.k(td + 0.4);
  const tb = R.p(tx, 0, td + 0.4);
  svg.rect(tt[0] - 5, tt[1], 10, tb[1] - tt[1], shade(fc, -0.15));
  svg.ellipse(tb[0], tb[1], 0.22 * tk, 0.04 * tk, shade(fc, -0.15));
  svg.ellipse(tt[0], tt[1], 0.45 * tk, 0.09 * tk, fc);
  svg.rect(tt[0] - 0.1 * tk, tt[1] - 0.1 * tk, 0.06 * tk, 0.1 * tk, '#f0eee8', 'rx="3"');
  svg.rect(tt[0] + 0.04 * tk, tt[1] - 0.13 * tk, 0.05 * tk, 0.13 * tk, '#c98a68', 'rx="3"');
  if (r.chance(0.6)) {
    const pc2 = r.pick(['#efe8da', '#c9a24a', '#3f5d62', '#b5533f', '#e3ddd0']);
    const top = R.p(tx, 2.55, td + 0.4);
    svg.stroke(`M${f1(tt[0])} ${f1(tt[1])}V${f1(top[1])}`, '#5a4a3c', 5);
    const pw = 1.3 * tk;
    svg.path(
      `M${f1(top[0] - pw)} ${f1(top[1] + 0.45 * tk)}Q${f1(top[0] - pw * 0.5)} ${f1(top[1] - 0.1 * tk)} ${f1(top[0])} ${f1(top[1] - 0.12 * tk)}Q${f1(top[0] + pw * 0.5)} ${f1(top[1] - 0.1 * tk)} ${f1(top[0] + pw)} ${f1(top[1] + 0.45 * tk)}Z`,
      svg.lin(
        [
          [0, shade(pc2, 0.1)],
          [1, shade(pc2, -0.12)],
        ],
        0,
        0,
        1,
        0,
      ),
    );
  }
  // potted plant by the door
  const pb = R.p(side === 'L' ? 0.45 : R.wm - 0.45, 0, 2.6);
  plant(svg, r, pb[0], pb[1], R.k(2.6) / 200, r.pick(POTS), greens);
  finish(svg, side === 'L' ? 'right' : 'left', 0.05);
}

function plot(svg: Svg, r: Rng): void {
  const pal = r.pick(SKIES);
  const hz = r.range(540, 600);
  const vx = W / 2 + r.range(-250, 250);
  sky(svg, r, pal, hz + 20, r.int(2, 5));
  const greens = r.pick(GREENS);
  // far tree line and a few houses
  const farC = mix(greens[0], pal[2], 0.45);
  let d = `M0 ${f1(hz)}`;
  for (let x = 0; x <= W; x += 40) d += `L${x} ${f1(hz - r.range(10, 50))}`;
  svg.path(d + `V${f1(hz + 20)}H0z`, farC);
  for (let i = 0; i < r.int(2, 5); i++) {
    const hx = r.range(50, W - 150);
    const hw = r.range(60, 120);
    const c = mix(r.pick(['#e9e3d6', '#c9a58a', '#b87a5e']), pal[2], 0.3);
    svg.rect(hx, hz - 40, hw, 45, c);
    svg.poly(
      [
        [hx - 5, hz - 40],
        [hx + hw / 2, hz - 75],
        [hx + hw + 5, hz - 40],
      ],
      mix('#6b4f45', pal[2], 0.4),
    );
  }
  for (let i = 0; i < r.int(2, 4); i++) tree(svg, r, r.range(0, W), hz + 15, r.range(120, 200), greens, 0.3, pal[2]);
  // fields in bands
  const fieldC = [shade(greens[2], 0.05), mix(greens[1], '#c9b77a', 0.4), greens[1], mix(greens[2], '#d8c68a', 0.3)];
  let y = hz;
  let i = 0;
  while (y < H) {
    const h = (y - hz) * 0.45 + 14;
    svg.rect(0, y, W, h + 1, fieldC[i % fieldC.length]);
    y += h;
    i++;
    if (i > 3) break;
  }
  const plotTop = y;
  // the plot itself: meadow with grass texture
  const mead = greens[1];
  svg.rect(
    0,
    plotTop,
    W,
    H - plotTop,
    svg.lin([
      [0, shade(mead, 0.12)],
      [1, shade(mead, -0.1)],
    ]),
  );
  const gp = svg.pattern(
    60,
    30,
    `<path d="M5 28l3-12M10 28l-2-10M30 14l3-10M35 14l-3-9M48 29l2-11" stroke="${shade(mead, -0.18)}" stroke-width="2" fill="none"/>`,
  );
  svg.rect(0, plotTop, W, H - plotTop, gp, 'opacity=".6"');
  // hedge along one side, in perspective, with a bumpy top
  const hedgeL = r.chance(0.5);
  const dir = hedgeL ? -1 : 1;
  const far: Pt = [vx + dir * 60, hz - 8];
  const near: Pt = [W / 2 + dir * 1200, hz - 150];
  let hp = `M${f1(far[0])} ${f1(hz + 4)}L${f1(far[0])} ${f1(far[1])}`;
  const n = 14;
  let prev = far;
  for (let j = 1; j <= n; j++) {
    const t = (j / n) ** 2;
    const q: Pt = [far[0] + (near[0] - far[0]) * t, far[1] + (near[1] - far[1]) * t];
    const bump = 6 + 70 * t;
    hp += `Q${f1((prev[0] + q[0]) / 2)} ${f1((prev[1] + q[1]) / 2 - bump)} ${f1(q[0])} ${f1(q[1])}`;
    prev = q;
  }
  hp += `L${f1(near[0])} ${H + 60}Z`;
  svg.path(
    hp,
    svg.lin(
      [
        [0, greens[0]],
        [1, shade(greens[0], -0.15)],
      ],
      hedgeL ? 1 : 0,
      0,
      hedgeL ? 0 : 1,
      0,
    ),
  );
  svg.path(`M${f1(far[0])} ${f1(hz + 4)}L${f1(near[0])} ${H + 60}L${f1(near[0])} ${H + 200}Z`, INK, 'opacity=".12"');
  // track through the grass
  if (r.chance(0.6)) {
    const tc = mix('#b39b7a', mead, 0.25);
    for (const o of [-1, 1])
      svg.path(`M${f1(vx + o * 8)} ${f1(hz + 8)}L${f1(vx + o * 22)} ${f1(hz + 8)}L${f1(vx + o * 420)} ${H}L${f1(vx + o * 320)} ${H}Z`, tc, 'opacity=".75"');
  }
  // wild flowers
  let fl = '';
  for (let j = 0; j < 60; j++) {
    const fy = r.range(plotTop + 10, H);
    fl += `M${f1(r.range(0, W))} ${f1(fy)}h.1`;
  }
  svg.stroke(fl, r.pick(['#f4f1de', '#e9c46a', '#e8a0b4']), 7, 'stroke-linecap="round"');
  // boundary stakes
  let st = '';
  let tips = '';
  const sx = hedgeL ? W * 0.8 : W * 0.2;
  for (let j = 0; j < 4; j++) {
    const t = 0.25 + j * 0.25;
    const py = hz + (H - 40 - hz) * t;
    const px = vx + (sx - vx) * t;
    const h = 90 * t;
    st += `M${f1(px)} ${f1(py)}v${f1(-h)}`;
    tips += `M${f1(px)} ${f1(py - h)}v${f1(h * 0.25)}`;
  }
  svg.stroke(st, '#c9a77a', 8);
  svg.stroke(tips, '#c7463a', 8);
  // a blank agency board on two posts
  if (r.chance(0.7)) {
    const bx = hedgeL ? r.range(1050, 1250) : r.range(350, 550);
    const by = r.range(760, 820);
    const bc = r.pick(['#1f3b5c', '#2f4a3c', '#7a2f2a', '#b4573e']);
    svg.rect(bx - 95, by - 10, 14, 190, '#8a6a4a');
    svg.rect(bx + 81, by - 10, 14, 190, '#8a6a4a');
    svg.rect(bx - 110, by - 130, 220, 140, '#f4f1ea');
    svg.rect(bx - 110, by - 130, 220, 42, bc);
    svg.rect(bx - 90, by - 70, 140, 12, bc, 'opacity=".7"');
    svg.rect(bx - 90, by - 48, 100, 10, '#9a958c');
    svg.rect(bx - 110, by + 10, 220, 10, INK, 'opacity=".15"');
  }
  finish(svg, 'left', 0.05);
}

function garageExterior(svg: Svg, r: Rng): void {
  const pal = r.pick(SKIES);
  const base = r.range(720, 770);
  sky(svg, r, pal, base);
  const greens = r.pick(GREENS);
  for (let i = 0; i < 4; i++) tree(svg, r, r.range(0, W), base - 180, r.range(300, 420), greens, 0.2, pal[2]);
  // houses behind
  let x = -60;
  while (x < W) {
    const w = r.range(300, 420);
    const st = randomStyle(r);
    const top = base - r.range(420, 520);
    svg.rect(x, top, w, base - top, st.brick ? brickFill(svg, st.wall) : st.wall);
    svg.poly(
      [
        [x - 6, top],
        [x + w * 0.25, top - 70],
        [x + w * 0.75, top - 70],
        [x + w + 6, top],
      ],
      r.pick(['#4d5158', '#5b5552', '#8a4f3c']),
    );
    let wins = '';
    for (let wy = top + 40; wy < base - 300; wy += 110) for (let wx = x + 50; wx < x + w - 80; wx += 120) wins += `M${f1(wx)} ${f1(wy)}h54v76h-54z`;
    svg.path(wins, '#56636d', `stroke="${st.trim}" stroke-width="6"`);
    svg.rect(x, top - 70, w, base - top + 70, mix(pal[2], '#ffffff', 0.2), 'opacity=".3"');
    x += w;
  }
  // garage block
  const n = r.int(2, 3);
  const dw = 290;
  const gap = 44;
  const bw = n * dw + (n + 1) * gap;
  const bx = W / 2 - bw / 2 + r.range(-80, 80);
  const top = base - 330;
  const brick = r.chance(0.6);
  const wc = brick ? r.pick(['#a65c45', '#8e5b46', '#b9774f', '#c7a077']) : r.pick(['#e4e0d8', '#d5d2cc', '#efeae0']);
  svg.rect(bx, top, bw, base - top, brick ? brickFill(svg, wc) : wc);
  svg.rect(
    bx,
    top,
    bw,
    base - top,
    svg.lin(
      [
        [0, '#ffffff', 0.08],
        [1, INK, 0.12],
      ],
      0,
      0,
      1,
      0,
    ),
  );
  svg.rect(bx - 10, top - 16, bw + 20, 20, '#cfcbc4');
  svg.rect(bx - 10, top + 4, bw + 20, 8, INK, 'opacity=".2"');
  const doorCs = [r.pick(['#eeeeea', '#4a4f54', '#7b8a94', '#b58e66', '#3f5d62', '#8c3b32'])];
  for (let i = 0; i < n; i++) {
    const dx = bx + gap + i * (dw + gap);
    const dy = top + 70;
    const dc = r.chance(0.7) ? doorCs[0] : r.pick(['#eeeeea', '#4a4f54', '#7b8a94', '#b58e66']);
    svg.rect(dx - 10, dy - 10, dw + 20, base - dy + 10, shade(wc, -0.25));
    svg.rect(
      dx,
      dy,
      dw,
      base - dy,
      svg.lin([
        [0, shade(dc, 0.1)],
        [1, shade(dc, -0.1)],
      ]),
    );
    let gr = '';
    const h = base - dy;
    for (let k = 1; k < 5; k++) gr += `M${f1(dx)} ${f1(dy + (h * k) / 5)}h${dw}`;
    for (let k = 0; k < 5; k++) gr += `M${f1(dx)} ${f1(dy + (h * k) / 5 + h / 10)}h${dw}`;
    svg.stroke(gr, shade(dc, -0.22), 2, 'opacity=".7"');
    svg.rect(dx + dw / 2 - 22, base - 40, 44, 8, shade(dc, -0.5), 'rx="3"');
    svg.rect(dx, dy, dw, 14, INK, 'opacity=".18"');
    svg.circle(dx + dw / 2, dy - 36, 9, '#f3ecd6', 'stroke="#3a3a3a" stroke-width="3"');
  }
  // paved forecourt in perspective
  const vx = W / 2;
  const vy = base - 170;
  const pc = r.pick(['#bdb8ae', '#c9c2b4', '#a9a49b']);
  svg.rect(
    0,
    base,
    W,
    H - base,
    svg.lin([
      [0, shade(pc, -0.05)],
      [1, pc],
    ]),
  );
  let j = '';
  for (let gx = -2400; gx < W + 2400; gx += 70) j += `M${f1(vx + (gx - vx) * ((base - vy) / (H - vy)))} ${f1(base)}L${f1(gx)} ${H}`;
  for (let y = base + 10, s = 10; y < H; s *= 1.35, y += s) j += `M0 ${f1(y)}H${W}`;
  svg.stroke(j, shade(pc, -0.15), 1.5);
  svg.rect(0, base, W, 12, INK, 'opacity=".12"');
  for (const [gx, w] of [
    [bx - 40, 120],
    [bx + bw + 40, 140],
  ])
    bush(svg, r, gx, base + 6, w, greens);
  finish(svg, 'left', 0.04);
}

function garage(svg: Svg, r: Rng): void {
  if (r.chance(0.5)) garageInterior(svg, r);
  else garageExterior(svg, r);
}

// ---------------------------------------------------------------------------------------------

const SCENES: Record<PhotoKind, (svg: Svg, r: Rng) => void> = {
  facade,
  living,
  kitchen,
  bedroom,
  bathroom,
  garden,
  terrace,
  plot,
  office,
  shop,
  garage,
};

/**
 * A deterministic SVG (viewBox 0 0 1600 1067, width/height 1600×1067) for one photo. The caller folds
 * the listing id and the photo index into `seed`; the kind picks the scene, the seed everything else.
 */
export function photoSvg(seed: number, kind: PhotoKind): string {
  const draw = Object.prototype.hasOwnProperty.call(SCENES, kind) ? SCENES[kind] : SCENES.facade;
  const r = new Rng(hashString(`${String(seed)}:${kind}`));
  const svg = new Svg();
  draw(svg, r);
  return svg.toString();
}
