/** Password hashes (scrypt, OWASP parameters) and the small helpers of accounts. */
import { createHash, randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { SCRYPT_MAXMEM, SCRYPT_PARAMS } from '../../shared/constants.ts';
import { scryptN } from './password-cost.ts';

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, opts, (e, key) => (e ? reject(e) : resolve(key))));

/** `scrypt$N$r$p$salt$hash` (base64url); N from SCRYPT_LOG2_N (server/auth/password-cost.ts), 2^17 unless set. */
export async function hashPassword(password: string, N = scryptN()): Promise<string> {
  const { r, p, keyLength, saltLength } = SCRYPT_PARAMS;
  const salt = randomBytes(saltLength);
  const key = await scrypt(password.normalize('NFC'), salt, keyLength, { N, r, p, maxmem: SCRYPT_MAXMEM });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  const key = await scrypt(password.normalize('NFC'), salt, expected.length, { N, r, p, maxmem: SCRYPT_MAXMEM });
  return timingSafeEqual(key, expected);
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const normalizeUsername = (u: string) => u.trim().toLowerCase();

/** A wrong input to an account command (npm run owners / staff, the editor's owner screen). */
export class OwnerInputError extends Error {}
