/**
 * The cost of new password hashes: scrypt's N, 2^17 (OWASP) unless SCRYPT_LOG2_N says otherwise.
 * The test suite sets it low (vitest.config.ts) so that each server start, account and login does
 * not spend most of a second of a core on hashing; the production cost keeps tests of its own
 * (tests/unit/password-cost.test.ts, and the files about the password gate's queue set 17 again).
 * A hash carries its own N, so hashes made at either cost are checked alike.
 */
import { SCRYPT_PARAMS } from '../../shared/constants.ts';

/** The lowest and highest log2(N) the variable may take: below 10 a hash is no protection at all. */
export const SCRYPT_LOG2_N_MIN = 10;
export const SCRYPT_LOG2_N_MAX = 20;

/** scrypt's N for new hashes. Throws a sentence naming the variable, the value and what is expected on a bad value. */
export function scryptN(env: NodeJS.ProcessEnv = process.env): number {
  const v = env.SCRYPT_LOG2_N?.trim();
  if (!v) return SCRYPT_PARAMS.N;
  const n = /^\d{1,2}$/.test(v) ? Number(v) : NaN;
  if (!(n >= SCRYPT_LOG2_N_MIN && n <= SCRYPT_LOG2_N_MAX))
    throw new Error(
      `SCRYPT_LOG2_N: must be a whole number from ${SCRYPT_LOG2_N_MIN} to ${SCRYPT_LOG2_N_MAX} (scrypt's N as a power of two; unset: 17), got "${v}"`,
    );
  return 2 ** n;
}
