// The suite's scrypt cost (server/auth/password-cost.ts): N=2^10 unless SCRYPT_LOG2_N is set for the run.
// vitest.config.ts gives it to every test process; the e2e global setup to the built server it starts.
export const TEST_SCRYPT_LOG2_N = process.env.SCRYPT_LOG2_N ?? '10';
