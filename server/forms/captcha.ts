/**
 * A self-hosted captcha: a few characters drawn as distorted strokes (no font, no third party),
 * rasterised to PNG by sharp. The answer travels sealed (AES-256-GCM with the data folder's key)
 * in a token the form sends back, so nothing is kept per image drawn; an answered image is
 * recorded in the store until it expires (shared by every node: issue 40, point 6), so each image
 * answers once, on whichever node.
 */
import { createCipheriv, createDecipheriv, randomBytes, randomInt } from 'node:crypto';
import sharp from 'sharp';
import { CAPTCHA_LENGTH, CAPTCHA_TTL_MS } from '../../shared/constants.ts';
import type { SpentCaptchaRepository } from '../storage/index.ts';

type Stroke = Array<[number, number]>;
/** Glyphs on a 10×14 grid; letters and digits people do not confuse (no 0/O, 1/I, 2/Z, 5/S, 8/B). */
const P: Stroke = [
  [0, 14],
  [0, 0],
  [8, 0],
  [10, 2],
  [10, 5],
  [8, 7],
  [0, 7],
];
const GLYPHS: Record<string, Stroke[]> = {
  A: [
    [
      [0, 14],
      [5, 0],
      [10, 14],
    ],
    [
      [2, 9],
      [8, 9],
    ],
  ],
  C: [
    [
      [10, 2],
      [8, 0],
      [2, 0],
      [0, 3],
      [0, 11],
      [2, 14],
      [8, 14],
      [10, 12],
    ],
  ],
  E: [
    [
      [10, 0],
      [0, 0],
      [0, 14],
      [10, 14],
    ],
    [
      [0, 7],
      [7, 7],
    ],
  ],
  F: [
    [
      [10, 0],
      [0, 0],
      [0, 14],
    ],
    [
      [0, 7],
      [7, 7],
    ],
  ],
  H: [
    [
      [0, 0],
      [0, 14],
    ],
    [
      [10, 0],
      [10, 14],
    ],
    [
      [0, 7],
      [10, 7],
    ],
  ],
  K: [
    [
      [0, 0],
      [0, 14],
    ],
    [
      [10, 0],
      [0, 8],
    ],
    [
      [3, 6],
      [10, 14],
    ],
  ],
  L: [
    [
      [0, 0],
      [0, 14],
      [10, 14],
    ],
  ],
  M: [
    [
      [0, 14],
      [0, 0],
      [5, 8],
      [10, 0],
      [10, 14],
    ],
  ],
  N: [
    [
      [0, 14],
      [0, 0],
      [10, 14],
      [10, 0],
    ],
  ],
  P: [P],
  R: [
    P,
    [
      [5, 7],
      [10, 14],
    ],
  ],
  T: [
    [
      [0, 0],
      [10, 0],
    ],
    [
      [5, 0],
      [5, 14],
    ],
  ],
  U: [
    [
      [0, 0],
      [0, 11],
      [2, 14],
      [8, 14],
      [10, 11],
      [10, 0],
    ],
  ],
  V: [
    [
      [0, 0],
      [5, 14],
      [10, 0],
    ],
  ],
  W: [
    [
      [0, 0],
      [2, 14],
      [5, 5],
      [8, 14],
      [10, 0],
    ],
  ],
  X: [
    [
      [0, 0],
      [10, 14],
    ],
    [
      [10, 0],
      [0, 14],
    ],
  ],
  Y: [
    [
      [0, 0],
      [5, 7],
      [10, 0],
    ],
    [
      [5, 7],
      [5, 14],
    ],
  ],
  '3': [
    [
      [0, 1],
      [2, 0],
      [8, 0],
      [10, 2],
      [10, 5],
      [7, 7],
      [10, 9],
      [10, 12],
      [8, 14],
      [2, 14],
      [0, 13],
    ],
    [
      [3, 7],
      [7, 7],
    ],
  ],
  '4': [
    [
      [7, 14],
      [7, 0],
      [0, 10],
      [10, 10],
    ],
  ],
  '7': [
    [
      [0, 0],
      [10, 0],
      [4, 14],
    ],
  ],
  '9': [
    [
      [10, 7],
      [2, 7],
      [0, 5],
      [0, 2],
      [2, 0],
      [8, 0],
      [10, 2],
      [10, 12],
      [8, 14],
      [2, 14],
    ],
  ],
};
const ALPHABET = Object.keys(GLYPHS);
const WIDTH = 220;
const HEIGHT = 70;

const jitter = (n: number) => (randomInt(0, 2001) / 1000 - 1) * n;

function drawing(text: string): string {
  const parts: string[] = [];
  [...text].forEach((ch, i) => {
    const x = 22 + i * 38 + jitter(4);
    const y = 14 + jitter(5);
    const rot = jitter(18);
    const scale = 2.5 + jitter(0.3);
    const d = GLYPHS[ch].map((s) => `M${s.map(([a, b]) => `${(a + jitter(0.5)).toFixed(1)} ${(b + jitter(0.5)).toFixed(1)}`).join('L')}`).join('');
    parts.push(
      `<path transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${rot.toFixed(1)} 5 7) scale(${scale.toFixed(2)})" d="${d}" fill="none" stroke="#1f2a44" stroke-width="${(1.5 + jitter(0.2)).toFixed(2)}" stroke-linecap="round" stroke-linejoin="round"/>`,
    );
  });
  for (let i = 0; i < 3; i++) {
    parts.push(
      `<path d="M0 ${randomInt(10, 60)} C ${randomInt(40, 90)} ${randomInt(0, 70)}, ${randomInt(120, 180)} ${randomInt(0, 70)}, ${WIDTH} ${randomInt(10, 60)}" fill="none" stroke="#8a6d3b" stroke-width="2"/>`,
    );
  }
  for (let i = 0; i < 40; i++) parts.push(`<circle cx="${randomInt(0, WIDTH)}" cy="${randomInt(0, HEIGHT)}" r="1.4" fill="#5b6272"/>`);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}"><rect width="100%" height="100%" fill="#f3eee6"/>${parts.join('')}</svg>`;
}

export class Captcha {
  /** key: 32 bytes, the data folder's secret; spent: the store's record of answered images. */
  constructor(
    private readonly key: Buffer,
    private readonly spent: SpentCaptchaRepository,
  ) {}

  /** A new image and the token that carries its answer. */
  async issue(now = Date.now()): Promise<{ token: string; image: string; width: number; height: number }> {
    const answer = Array.from({ length: CAPTCHA_LENGTH }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    const png = await sharp(Buffer.from(drawing(answer)))
      .png({ palette: true })
      .toBuffer();
    return {
      token: this.seal({ a: answer, e: now + CAPTCHA_TTL_MS, n: randomBytes(8).toString('hex') }),
      image: `data:image/png;base64,${png.toString('base64')}`,
      width: WIDTH,
      height: HEIGHT,
    };
  }

  private seal(payload: { a: string; e: number; n: string }): string {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([c.update(JSON.stringify(payload), 'utf8'), c.final()]);
    return Buffer.concat([iv, c.getAuthTag(), body]).toString('base64url');
  }

  /** The sealed answer of a token, or undefined when it is not one of ours. */
  static open(key: Buffer, token: string): { a: string; e: number; n: string } | undefined {
    try {
      const raw = Buffer.from(token, 'base64url');
      const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      d.setAuthTag(raw.subarray(12, 28));
      return JSON.parse(Buffer.concat([d.update(raw.subarray(28)), d.final()]).toString('utf8'));
    } catch {
      return undefined;
    }
  }

  /**
   * True once for a token whose answer matches (case and spaces ignored) and has not expired, on
   * any node of the store. A token is spent by any attempt, right or wrong: a robot gets one guess
   * per image.
   */
  async redeem(token: unknown, answer: unknown, now = Date.now()): Promise<boolean> {
    if (typeof token !== 'string' || typeof answer !== 'string') return false;
    const p = Captcha.open(this.key, token);
    if (!p || typeof p.n !== 'string' || p.e < now) return false;
    if (!(await this.spent.spend(p.n, p.e))) return false;
    return answer.replace(/\s+/g, '').toUpperCase() === p.a;
  }
}
