// The embedded store's counters (logins, forms, CSP reports) keep a bounded number of keys and of
// failures per key (issue 40, point 4): an attacker inventing addresses or usernames cannot grow them.
import { describe, expect, it } from 'vitest';
import { COUNTER_MAX_FAILURES_PER_KEY, COUNTER_MAX_KEYS, MemoryCounters } from '../../server/storage/file/small.ts';
import { loginDelayS, loginNeedsCaptcha } from '../../server/auth/login-throttle.ts';
import { LOGIN_ACCOUNT_CAPTCHA_AFTER, LOGIN_CAPTCHA_AFTER, LOGIN_DELAY_MAX_S, LOGIN_FREE_FAILURES } from '../../shared/constants.ts';

describe('memory counters', () => {
  it('keep at most their number of keys, the most recently touched staying', async () => {
    expect(COUNTER_MAX_KEYS).toBe(100_000);
    const c = new MemoryCounters(3);
    for (const k of ['a', 'b', 'c', 'd', 'e']) await c.fail(k, 60_000);
    await c.fail('c', 60_000); // touched again: c stays longest
    await c.fail('f', 60_000);
    expect(c.size.failures).toBe(3);
    expect(await c.fail('c', 60_000)).toBe(3); // its two failures kept, and this one
    expect(await c.fail('a', 60_000)).toBe(1); // forgotten when the map was full
    for (const k of ['w', 'x', 'y', 'z']) await c.hit(k, 60_000);
    expect(c.size.windows).toBe(3);
  });

  it('keep at most their number of failures per key', async () => {
    const c = new MemoryCounters();
    let n = 0;
    for (let i = 0; i < COUNTER_MAX_FAILURES_PER_KEY + 500; i++) n = await c.fail('one', 60_000);
    expect(n).toBe(COUNTER_MAX_FAILURES_PER_KEY);
  });
});

describe('the login throttle', () => {
  it('waits from the free failures on, doubling to its ceiling; a captcha per address, or for an account failing from many', () => {
    const waits = Array.from({ length: 12 }, (_, i) => loginDelayS(i));
    expect(waits.slice(0, LOGIN_FREE_FAILURES)).toEqual(Array(LOGIN_FREE_FAILURES).fill(0));
    expect(waits.slice(LOGIN_FREE_FAILURES, LOGIN_FREE_FAILURES + 4)).toEqual([1, 2, 4, 8]);
    expect(loginDelayS(100)).toBe(LOGIN_DELAY_MAX_S);
    expect(loginNeedsCaptcha(LOGIN_CAPTCHA_AFTER - 1, 0)).toBe(false);
    expect(loginNeedsCaptcha(LOGIN_CAPTCHA_AFTER, 0)).toBe(true);
    expect(loginNeedsCaptcha(0, LOGIN_ACCOUNT_CAPTCHA_AFTER)).toBe(true);
  });
});
