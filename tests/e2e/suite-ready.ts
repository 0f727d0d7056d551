// A setup file of the e2e project: before a file's tests are loaded, waits for the suite's built
// servers that tests/e2e/global-setup.ts builds and starts in the background (a fresh clone builds
// first: a minute or two, while the unit and integration files run).
import { inject } from 'vitest';
import { existsSync, readFileSync } from 'node:fs';
import { setSuiteServers, type SuiteState } from '../helpers/suite-server.ts';

/** The longest a file waits for the build and the servers. */
const READY_MS = 10 * 60_000;

const file = inject('suiteStateFile');
const deadline = Date.now() + READY_MS;
while (!existsSync(file)) {
  if (Date.now() > deadline) throw new Error(`the suite's servers were not ready within ${READY_MS / 60_000} minutes`);
  await new Promise((r) => setTimeout(r, 200));
}
const state = JSON.parse(readFileSync(file, 'utf8')) as SuiteState;
if ('error' in state) throw new Error(`the suite's servers did not start: ${state.error}`);
setSuiteServers(state.servers);
