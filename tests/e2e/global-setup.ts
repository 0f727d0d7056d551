// Builds the site when its sources changed, then starts the production server the way `npm start`
// does, once per test worker (vitest.config.ts, maxWorkers): each on a loopback port the system
// picks, with its own data folder. Neither is awaited here: the unit and integration files run while
// the build does (it needs nothing of theirs), and each e2e file waits for its worker's server in
// tests/e2e/suite-ready.ts (what it finds: tests/helpers/suite-server.ts).
import type { TestProject } from 'vitest/node';
import { renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildAllAsync, buildIsCurrent } from '../../scripts/build.mjs';
import { seedFormKey } from '../helpers/fill-token.ts';
import { startBuiltServer, type BuiltServer } from '../helpers/built-server.ts';
import { testDir } from '../helpers/tmp.ts';
import { TEST_SCRYPT_LOG2_N } from '../helpers/password-cost.ts';
import type { SuiteState } from '../helpers/suite-server.ts';

export default function setup(project: TestProject) {
  const servers: BuiltServer[] = [];
  const stateFile = join(testDir('vitrine-e2e-suite-'), 'servers.json');
  const workers = typeof project.config.maxWorkers === 'number' ? Math.max(1, project.config.maxWorkers) : 1;
  // Whole or not at all: a file polling for it never reads half of it.
  const write = (state: SuiteState) => {
    writeFileSync(`${stateFile}.part`, JSON.stringify(state));
    renameSync(`${stateFile}.part`, stateFile);
  };
  const ready = (async () => {
    if (!buildIsCurrent()) await buildAllAsync({ quiet: true });
    return Promise.all(
      Array.from({ length: workers }, async () => {
        const dataDir = testDir('vitrine-e2e-');
        seedFormKey(dataDir);
        const server = await startBuiltServer({ DATA_DIR: dataDir, FORM_RATE_MAX: '100000', SCRYPT_LOG2_N: TEST_SCRYPT_LOG2_N });
        servers.push(server);
        return { baseUrl: server.url, dataDir };
      }),
    );
  })().then(
    (started) => write({ servers: started }),
    (e: Error) => write({ error: e.message }),
  );
  project.provide('suiteStateFile', stateFile);
  return async () => {
    await ready;
    await Promise.all(servers.map((s) => s.stop()));
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where tests/e2e/global-setup.ts writes the suite's servers once they answer (or why they do not). */
    suiteStateFile: string;
  }
}
