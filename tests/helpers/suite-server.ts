// The e2e suite's built servers (tests/e2e/global-setup.ts): one per vitest worker, each with its own
// data folder, so that two test files running side by side never meet in one store — a file sees its
// server as it did when the files ran one at a time. tests/e2e/suite-ready.ts (a setup file of the e2e
// project) waits for them before a file's tests are loaded; these read what it found.
export type SuiteState = { servers: Array<{ baseUrl: string; dataDir: string }> } | { error: string };

let servers: Array<{ baseUrl: string; dataDir: string }> | undefined;

/** Called by tests/e2e/suite-ready.ts once the servers answer. */
export function setSuiteServers(found: Array<{ baseUrl: string; dataDir: string }>) {
  servers = found;
}

function mine() {
  if (!servers?.length) throw new Error('the suite servers are not known here: run this file in the e2e project (tests/e2e/suite-ready.ts)');
  // VITEST_POOL_ID: the worker's number, 1 to maxWorkers (vitest.config.ts).
  const n = Number(process.env.VITEST_POOL_ID ?? '1');
  return servers[(Number.isInteger(n) && n > 0 ? n - 1 : 0) % servers.length]!;
}

/** The address of this worker's suite server, e.g. http://127.0.0.1:41234. */
export const suiteUrl = (): string => mine().baseUrl;
/** The DATA_DIR of this worker's suite server. */
export const suiteDataDir = (): string => mine().dataDir;
