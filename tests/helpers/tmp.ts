import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A new temporary folder for a test. Under `npm test` it is inside the run's own folder
 * (VITRINE_TEST_TMP, made and removed by scripts/test.mjs): vitest ends its workers without an
 * `exit` event, so folders left to the workers' exit hooks stayed in the system's temporary
 * folder, about 150 MB per run. Run alone (`npx vitest`), the system's temporary folder.
 */
export function testDir(prefix: string): string {
  return mkdtempSync(join(process.env.VITRINE_TEST_TMP || tmpdir(), prefix));
}
