// Builds the site when its sources changed, then starts the production server the way
// `npm start` does, on a loopback port the system picks, with its own data folder.
import type { TestProject } from 'vitest/node';
import { buildAll, buildIsCurrent } from '../../scripts/build.mjs';
import { seedFormKey } from '../helpers/fill-token.ts';
import { startBuiltServer, type BuiltServer } from '../helpers/built-server.ts';
import { testDir } from '../helpers/tmp.ts';
import { TEST_SCRYPT_LOG2_N } from '../helpers/password-cost.ts';

let server: BuiltServer | undefined;

export default async function setup(project: TestProject) {
  if (!buildIsCurrent()) buildAll({ quiet: true });
  const dataDir = testDir('vitrine-e2e-');
  seedFormKey(dataDir);
  server = await startBuiltServer({ DATA_DIR: dataDir, FORM_RATE_MAX: '100000', SCRYPT_LOG2_N: TEST_SCRYPT_LOG2_N });
  project.provide('baseUrl', server.url);
  project.provide('dataDir', dataDir);
  return () => server?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    dataDir: string;
  }
}
