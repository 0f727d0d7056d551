#!/usr/bin/env node
// Renders the EPC label images (SPEC §9: /images/epc/{region}/{label}.png) from SVG with sharp:
// one arrow-shaped badge per label of every regional scale in shared/epc-scales.json, written to
// public/images/epc/{region}/{label}.png. Usage: node scripts/gen-epc-images.mjs
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SCALES_FILE = join(root, 'shared/epc-scales.json');
const OUT_DIR = join(root, 'public/images/epc');

/** Badge size in px. */
const WIDTH = 180;
const HEIGHT = 60;
/** Each PNG must stay below this many bytes. */
const MAX_BYTES = 4096;

/** Conventional EPC colours by common letter (A++/A+ share dark green). */
const COLOURS = {
  'A++': '#00753b',
  'A+': '#00753b',
  A: '#1e9e3e',
  B: '#8cc63f',
  C: '#f2c500',
  D: '#f7a21b',
  E: '#ec6b1f',
  F: '#e2261c',
  G: '#a3151c',
};

/** 'a_plusplus' → { letter: 'A', common: 'A++', mark: '++' }, 'b_sub' → { letter: 'B', common: 'B', mark: '–' }. */
function parseLabel(label) {
  const m = /^([a-g])(?:_(plusplus|plus|sub))?$/.exec(label);
  if (!m) throw new Error(`unknown EPC label '${label}'`);
  const letter = m[1].toUpperCase();
  const mark = m[2] === 'plusplus' ? '++' : m[2] === 'plus' ? '+' : m[2] === 'sub' ? '–' : '';
  const common = letter === 'A' && (mark === '+' || mark === '++') ? `A${mark}` : letter;
  return { letter, common, mark };
}

/** The badge: a rounded arrow pointing right, the letter in bold white, the +/– mark small and raised. */
function badgeSvg(label) {
  const { letter, common, mark } = parseLabel(label);
  const fill = COLOURS[common];
  const text = mark ? `${letter}<tspan font-size="26" dy="-14">${mark}</tspan>` : letter;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <path d="M12 4 H142 L174 30 L142 56 H12 Q4 56 4 48 V12 Q4 4 12 4 Z" fill="${fill}" stroke="${fill}" stroke-width="4" stroke-linejoin="round"/>
  <text x="78" y="45" text-anchor="middle" font-family="DejaVu Sans, Liberation Sans, Arial, Helvetica, sans-serif" font-weight="bold" font-size="40"
    fill="#ffffff" stroke="rgba(0,0,0,0.28)" stroke-width="1.5" paint-order="stroke">${text}</text>
</svg>`;
}

async function main() {
  const scales = JSON.parse(await readFile(SCALES_FILE, 'utf8'));
  let count = 0;
  for (const [region, ranges] of Object.entries(scales)) {
    const dir = join(OUT_DIR, region);
    await mkdir(dir, { recursive: true });
    for (const { label } of ranges) {
      const png = await sharp(Buffer.from(badgeSvg(label)))
        .png({ palette: true, colours: 32, compressionLevel: 9, effort: 10 })
        .toBuffer();
      if (png.length >= MAX_BYTES) throw new Error(`${region}/${label}.png is ${png.length} bytes (limit ${MAX_BYTES})`);
      await writeFile(join(dir, `${label}.png`), png);
      count++;
    }
  }
  console.log(`wrote ${count} EPC images to ${OUT_DIR}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
