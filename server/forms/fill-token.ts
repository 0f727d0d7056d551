/**
 * The minimum fill time of a form, measured by the server: each answer that shows a form carries
 * a token with the time it was made and a random nonce, signed (HMAC-SHA-256) with the data
 * folder's key. A post is accepted from FORM_MIN_FILL_MS after that time until
 * FORM_TOKEN_MAX_AGE_MS; a missing, forged, too fresh or too old token is refused. Nothing the
 * browser says about time is trusted. The nonce makes every token its own, also two made in the
 * same millisecond (one answer's token says nothing about another's).
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { FORM_MIN_FILL_MS, FORM_TOKEN_MAX_AGE_MS } from '../../shared/constants.ts';

export type FillCheck = 'ok' | 'missing' | 'tooFast' | 'expired';

/** Random bytes in each token (16 characters of base64url). */
const NONCE_BYTES = 12;
/** `{issued, base 36}.{nonce}.{signature}` */
const TOKEN = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{32})$/;

export class FillTokens {
  /** key: 32 bytes, the data folder's secret for forms. */
  constructor(private readonly key: Buffer) {}

  private mac(issued: string, nonce: string): string {
    return createHmac('sha256', this.key).update(`fill:${issued}.${nonce}`).digest('base64url').slice(0, 32);
  }

  /** A token made now (or at `now`). */
  issue(now = Date.now()): string {
    const issued = Math.floor(now).toString(36);
    const nonce = randomBytes(NONCE_BYTES).toString('base64url');
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
