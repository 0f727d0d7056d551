// The suite hashes passwords at a low cost (SCRYPT_LOG2_N in vitest.config.ts); the production cost is checked here.
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../server/auth/passwords.ts';
import { SCRYPT_LOG2_N_MAX, SCRYPT_LOG2_N_MIN, scryptN } from '../../server/auth/password-cost.ts';

describe('the cost of password hashes', () => {
  it('is the OWASP scrypt cost (N=2^17, r=8, p=1) when SCRYPT_LOG2_N is unset or blank', () => {
    expect(scryptN({})).toBe(131072);
    expect(scryptN({ SCRYPT_LOG2_N: ' ' })).toBe(131072);
  });

  it('hashes at the production cost a password that then checks, and refuses another', async () => {
    const stored = await hashPassword('correct horse battery', scryptN({}));
    expect(stored).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{86}$/);
    expect(await verifyPassword('correct horse battery', stored)).toBe(true);
    expect(await verifyPassword('correct horse batterY', stored)).toBe(false);
  }, 30_000);

  it('checks a hash by the cost written in it: one made at the test cost and one at the production cost both check', async () => {
    const cheap = await hashPassword('même mot de passe', 2 ** 10);
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('même mot de passe', cheap)).toBe(true);
    expect(await verifyPassword('meme mot de passe', cheap)).toBe(false);
  });

  it('takes a whole power of two within bounds, and names the variable, the value and what is expected otherwise', () => {
    expect(scryptN({ SCRYPT_LOG2_N: String(SCRYPT_LOG2_N_MIN) })).toBe(1024);
    expect(scryptN({ SCRYPT_LOG2_N: String(SCRYPT_LOG2_N_MAX) })).toBe(2 ** 20);
    for (const bad of [String(SCRYPT_LOG2_N_MIN - 1), String(SCRYPT_LOG2_N_MAX + 1), '12.5', 'fast', '1e1'])
      expect(() => scryptN({ SCRYPT_LOG2_N: bad })).toThrow(`SCRYPT_LOG2_N: expected a whole number from 10 to 20, got "${bad}"`);
  });
});
