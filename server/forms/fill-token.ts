/**
 * The minimum fill time of a form, measured by the server: each answer that shows a form carries
 * a token with the time it was made, signed (HMAC-SHA-256) with the data folder's key. A post is
 * accepted from FORM_MIN_FILL_MS after that time until FORM_TOKEN_MAX_AGE_MS; a missing, forged,
 * too fresh or too old token is refused. Nothing the browser says about time is trusted.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { FORM_MIN_FILL_MS, FORM_TOKEN_MAX_AGE_MS } from '../../shared/constants.ts';

export type FillCheck = 'ok' | 'missing' | 'tooFast' | 'expired';

export class FillTokens {
  /** key: 32 bytes, the data folder's secret for forms. */
  constructor(private readonly key: Buffer) {}

  private mac(issued: string): string {
    return createHmac('sha256', this.key).update(`fill:${issued}`).digest('base64url').slice(0, 32);
  }

  /** A token made now (or at `now`). */
  issue(now = Date.now()): string {
    const issued = Math.floor(now).toString(36);
    return `${issued}.${this.mac(issued)}`;
  }

  check(token: unknown, now = Date.now()): FillCheck {
    if (typeof token !== 'string' || token.length > 64) return 'missing';
    const m = /^([0-9a-z]{1,12})\.([A-Za-z0-9_-]{32})$/.exec(token);
    if (!m) return 'missing';
    const a = Buffer.from(m[2]);
    const b = Buffer.from(this.mac(m[1]));
    if (!timingSafeEqual(a, b)) return 'missing';
    const age = now - parseInt(m[1], 36);
    if (age < FORM_MIN_FILL_MS) return 'tooFast';
    if (age > FORM_TOKEN_MAX_AGE_MS) return 'expired';
    return 'ok';
  }
}
