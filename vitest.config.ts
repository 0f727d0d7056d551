import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { TEST_SCRYPT_LOG2_N } from './tests/helpers/password-cost.ts';
import TiersSequencer from './tests/helpers/sequencer.ts';

export default defineConfig({
  plugins: [react()],
  test: {
    // Passwords hashed at scrypt N=2^10 instead of 2^17 (server/auth/password-cost.ts): each server start, account
    // and login costs milliseconds, not most of a second of a core. The production cost has tests of its own.
    env: { SCRYPT_LOG2_N: TEST_SCRYPT_LOG2_N },
    // Three test files at a time, of any tier, on the 2-core machine: most of a file's time is spent waiting on a
    // server, a browser, PostgreSQL or a mail peer, so one file at a time left a core idle. Each e2e worker has a
    // built server of its own (tests/e2e/global-setup.ts), so files side by side never share a store.
    maxWorkers: 3,
    sequence: { sequencer: TiersSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.{ts,tsx}'],
          environment: 'node',
          setupFiles: ['tests/helpers/editor-catalogues.ts'],
        },
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
          // Each file waits there for its worker's built server, which the global setup builds and starts in the background.
          setupFiles: ['tests/e2e/suite-ready.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // One retry for a browser test that trips over a busy 2-core machine (a real failure fails twice).
          retry: 1,
        },
      },
    ],
  },
});
