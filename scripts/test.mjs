// npm test: type check, lint, the formatter's check, then every vitest project (unit, integration, e2e in real Chromium).
// Ends with one plain line: `N passed, N failed`.
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './schema-files.mjs';

const bin = (name) => join(root, 'node_modules', '.bin', name);
let passed = 0;
let failed = 0;

console.log('› tsc --noEmit');
const tsc = spawnSync(bin('tsc'), ['--noEmit', '-p', '.'], { cwd: root, stdio: 'inherit' });
tsc.status === 0 ? passed++ : failed++;

// The linter's verdict (eslint.config.js, zero warnings; as `npm run lint`, with its cache): one check, like the type check.
console.log('› eslint . --max-warnings 0');
const eslint = spawnSync(bin('eslint'), ['.', '--max-warnings', '0', '--cache', '--cache-location', 'node_modules/.cache/eslint/'], {
  cwd: root,
  stdio: 'inherit',
});
eslint.status === 0 ? passed++ : failed++;

// The formatter's verdict (.prettierrc.json): a file written by hand in another style fails here; `npm run format` fixes it.
console.log('› prettier --check .');
const prettier = spawnSync(bin('prettier'), ['--check', '--log-level', 'warn', '.'], { cwd: root, stdio: 'inherit' });
prettier.status === 0 ? passed++ : failed++;

// The run's temporary folders (tests/helpers/tmp.ts) and its report, removed when the run ends.
const runDir = mkdtempSync(join(tmpdir(), 'vitrine-test-run-'));
const report = join(runDir, 'vitest.json');
const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
console.log(`› vitest ${args.join(' ')}`);
const vitest = spawnSync(bin('vitest'), args, { cwd: root, stdio: 'inherit', env: { ...process.env, VITRINE_TEST_TMP: runDir } });
try {
  const r = JSON.parse(readFileSync(report, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  // A suite that failed to load counts as a failure even though none of its tests ran.
  failed += r.testResults.filter((f) => f.status === 'failed' && f.assertionResults.length === 0).length;
} catch {
  failed++;
}
if (vitest.status !== 0 && failed === 0) failed++;
rmSync(runDir, { recursive: true, force: true });
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
