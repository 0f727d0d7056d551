/**
 * The minimum fill time of a form, measured by the server: each answer that shows a form carries
 * a token with the time it was made and a random nonce, signed (HMAC-SHA-256) with the data
 * folder's key. A post is accepted from FORM_MIN_FILL_MS after that time until
 * FORM_TOKEN_MAX_AGE_MS; a missing, forged, too fresh or too old token is refused. Nothing the
 * browser says about time is trusted. The nonce makes every token its own, also two made in the
 * same millisecond. Pages share one token per SHARE_MS (`forAnswer`): signing one per answer was an
 * eighth of a cached page's cost, and a token at most 100 ms older than its page only shortens the
 * 2.5-s minimum by that much.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { FORM_MIN_FILL_MS, FORM_TOKEN_MAX_AGE_MS } from '../../shared/constants.ts';

export type FillCheck = 'ok' | 'missing' | 'tooFast' | 'expired';

/** Random bytes in each token (16 characters of base64url). */
const NONCE_BYTES = 12;
/** `{issued, base 36}.{nonce}.{signature}` */
const TOKEN = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{32})$/;

/** How long answers share one token. */
const SHARE_MS = 100;

/** Random bytes are drawn this many tokens at a time (one call to the system per 256 answers). */
const POOL_TOKENS = 256;

export class FillTokens {
  private pool = Buffer.alloc(0);
  private used = 0;
  private shared = { at: -Infinity, token: '' };

  /** key: 32 bytes, the data folder's secret for forms. */
  constructor(private readonly key: Buffer) {}

  private nonce(): string {
    if (this.used + NONCE_BYTES > this.pool.length) {
      this.pool = randomBytes(NONCE_BYTES * POOL_TOKENS);
      this.used = 0;
    }
    const n = this.pool.subarray(this.used, (this.used += NONCE_BYTES));
    return n.toString('base64url');
  }

  private mac(issued: string, nonce: string): string {
    return createHmac('sha256', this.key).update(`fill:${issued}.${nonce}`).digest('base64url').slice(0, 32);
  }

  /** The token for a page answered now: the one of the last SHARE_MS, else a new one. */
  forAnswer(now = Date.now()): string {
    if (now - this.shared.at >= SHARE_MS || now < this.shared.at) this.shared = { at: now, token: this.issue(now) };
    return this.shared.token;
  }

  /** A token made now (or at `now`). */
  issue(now = Date.now()): string {
    const issued = Math.floor(now).toString(36);
    const nonce = this.nonce();
    return `${issued}.${nonce}.${this.mac(issued, nonce)}`;
  }

  check(token: unknown, now = Date.now()): FillCheck {
    if (typeof token !== 'string' || token.length > 64) return 'missing';
    const m = TOKEN.exec(token);
    if (!m) return 'missing';
    const a = Buffer.from(m[3]);
    const b = Buffer.from(this.mac(m[1], m[2]));
    if (!timingSafeEqual(a, b)) return 'missing';
    const age = now - parseInt(m[1], 36);
    if (age < FORM_MIN_FILL_MS) return 'tooFast';
    if (age > FORM_TOKEN_MAX_AGE_MS) return 'expired';
    return 'ok';
  }
}
