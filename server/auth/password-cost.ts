/**
 * The cost of new password hashes: scrypt's N, 2^17 (OWASP) unless SCRYPT_LOG2_N (server/env.ts)
 * says otherwise. The test suite sets it low (vitest.config.ts) so that each server start, account
 * and login does not spend most of a second of a core on hashing; the production cost keeps tests of
 * its own (tests/unit/password-cost.test.ts, and the files about the password gate's queue set a
 * higher one). A hash carries its own N, so hashes made at either cost are checked alike.
 */
import { readEnv } from '../env.ts';

export { SCRYPT_LOG2_N_MAX, SCRYPT_LOG2_N_MIN } from '../env.ts';

/** scrypt's N for new hashes, from the settings (default: this process's environment); a bad value throws a SettingsError naming it. */
export function scryptN(source?: Record<string, string | undefined>): number {
  return 2 ** readEnv(source).SCRYPT_LOG2_N;
}
