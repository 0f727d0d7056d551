import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { TEST_SCRYPT_LOG2_N } from './tests/helpers/password-cost.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    // Passwords hashed at scrypt N=2^10 instead of 2^17 (server/auth/password-cost.ts): each server start, account
    // and login costs milliseconds, not most of a second of a core. The production cost has tests of its own.
    env: { SCRYPT_LOG2_N: TEST_SCRYPT_LOG2_N },
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node', setupFiles: ['tests/helpers/editor-catalogues.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['tests/integration/**/*.test.ts'],
          environment: 'node',
          // One PostgreSQL cluster for the run's files, started by the first that needs it (tests/helpers/pg.ts).
          globalSetup: ['tests/helpers/pg-global.ts'],
          testTimeout: 20_000,
          hookTimeout: 30_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['tests/e2e/global-setup.ts', 'tests/helpers/pg-global.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          fileParallelism: false,
          // One retry for a browser test that trips over a busy 2-core machine (a real failure fails twice).
          retry: 1,
          // After unit and integration, so that the browser does not compete with them for the 2 cores.
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
