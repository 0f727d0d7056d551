import { describe, expect, it } from 'vitest';
import { FillTokens } from '../../server/forms/fill-token.ts';
import { FORM_MIN_FILL_MS, FORM_TOKEN_MAX_AGE_MS } from '../../shared/constants.ts';

const tokens = new FillTokens(Buffer.from('b2'.repeat(32), 'hex'));
const shownAt = Date.UTC(2026, 10, 23, 9, 30);

describe('fill-time tokens', () => {
  it('are all different, even when made in the same millisecond, and each one checks', () => {
    const made = Array.from({ length: 50 }, () => tokens.issue(shownAt));
    expect(new Set(made).size).toBe(made.length);
    for (const t of made) {
      expect(t.length).toBeLessThanOrEqual(64);
      expect(tokens.check(t, shownAt + FORM_MIN_FILL_MS)).toBe('ok');
    }
  });

  it('are shared by the answers of one tenth of a second, and all different across 300 of those (the pool of random bytes refilled)', () => {
    const t = new FillTokens(Buffer.from('d4'.repeat(32), 'hex'));
    const first = t.forAnswer(shownAt);
    expect(t.forAnswer(shownAt + 99)).toBe(first);
    expect(t.forAnswer(shownAt + 100)).not.toBe(t.forAnswer(shownAt + 99));
    const made = Array.from({ length: 300 }, (_, i) => t.forAnswer(shownAt + 1000 + i * 100));
    expect(new Set(made).size).toBe(300);
    expect(t.check(made[0], shownAt + 1000 + FORM_MIN_FILL_MS)).toBe('ok');
    // A clock set back does not keep handing out a token from the future.
    expect(t.check(t.forAnswer(shownAt), shownAt + FORM_MIN_FILL_MS)).toBe('ok');
  });

  it('are too fresh before the minimum fill time and expired after the maximum age', () => {
    const t = tokens.issue(shownAt);
    expect(tokens.check(t, shownAt + FORM_MIN_FILL_MS - 1)).toBe('tooFast');
    expect(tokens.check(t, shownAt + FORM_TOKEN_MAX_AGE_MS)).toBe('ok');
    expect(tokens.check(t, shownAt + FORM_TOKEN_MAX_AGE_MS + 1)).toBe('expired');
  });

  it('refuses a token whose time or nonce was changed, one signed with another key, and anything else', () => {
    const [issued, nonce, mac] = tokens.issue(shownAt).split('.');
    const later = shownAt + FORM_MIN_FILL_MS + 1;
    const earlier = (shownAt - 60_000).toString(36);
    const otherNonce = `${nonce.slice(1)}${nonce[0] === 'A' ? 'B' : 'A'}`;
    const otherKey = new FillTokens(Buffer.from('c3'.repeat(32), 'hex')).issue(shownAt);
    for (const bad of [
      `${earlier}.${nonce}.${mac}`,
      `${issued}.${otherNonce}.${mac}`,
      otherKey,
      `${issued}.${mac}`,
      `${issued}.${nonce}.${mac}x`,
      '',
      null,
      42,
      'x'.repeat(65),
    ]) {
      expect(tokens.check(bad, later), String(bad)).toBe('missing');
    }
  });
});
