// npm test: type check, lint and the formatter's check, beside every vitest project (unit, integration, e2e in real Chromium).
// Ends with one plain line: `N passed, N failed`.
import { spawn } from 'node:child_process';
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { root } from './schema-files.mjs';

const bin = (name) => join(root, 'node_modules', '.bin', name);
let passed = 0;
let failed = 0;

// The checks keep what they learnt in node_modules/.cache/vitrine (a second run checks only what changed: tsc
// 38 s -> 7 s of a core, prettier 23 s -> 2 s), and run beside vitest, which leaves a core mostly free on a
// 2-core machine (one test file at a time). Their output is printed when they end, not inside vitest's.
const cache = join(root, 'node_modules', '.cache', 'vitrine');
const check = (title, name, args) =>
  new Promise((resolve) => {
    const child = spawn(bin(name), args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (e) => resolve({ title, ok: false, out: `${out}${e.message}\n` }));
    child.on('close', (code) => resolve({ title, ok: code === 0, out }));
  });
const checks = (async () => [
  await check('tsc --noEmit', 'tsc', ['--noEmit', '-p', '.', '--incremental', '--tsBuildInfoFile', join(cache, 'tsc.tsbuildinfo')]),
  // The linter's verdict (eslint.config.js, zero warnings; as `npm run lint`, with its cache): one check, like the type check.
  await check('eslint . --max-warnings 0', 'eslint', ['.', '--max-warnings', '0', '--cache', '--cache-location', 'node_modules/.cache/eslint/']),
  // The formatter's verdict (.prettierrc.json): a file written by hand in another style fails here; `npm run format` fixes it.
  await check('prettier --check .', 'prettier', [
    '--check',
    '--log-level',
    'warn',
    '--cache',
    '--cache-strategy',
    'content',
    '--cache-location',
    join(cache, 'prettier'),
    '.',
  ]),
])();

// The run's temporary folders (tests/helpers/tmp.ts) and its report, removed when the run ends.
const runDir = mkdtempSync(join(tmpdir(), 'vitrine-test-run-'));
const report = join(runDir, 'vitest.json');
const args = ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...process.argv.slice(2)];
console.log(`› vitest ${args.join(' ')} (tsc --noEmit and prettier --check beside it)`);
const vitest = await new Promise((resolve) => {
  const child = spawn(bin('vitest'), args, { cwd: root, stdio: 'inherit', env: { ...process.env, VITRINE_TEST_TMP: runDir } });
  child.on('error', () => resolve({ status: 1 }));
  child.on('close', (status) => resolve({ status }));
});
for (const c of await checks) {
  console.log(`› ${c.title}${c.ok ? '' : ': failed'}`);
  if (c.out) process.stdout.write(c.out);
  c.ok ? passed++ : failed++;
}
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
