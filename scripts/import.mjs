// npm run import -- FILE [--force]     imports the CRM's listings (preloaded-response JSON)
// npm run import -- --rollback         brings back the import that was live before the current one
//
// An import is read leniently, checked record by record, staged, and made live in one step; a
// running server switches to it within a second. It is refused (exit 1, nothing changed) when the
// file cannot be read, when no property in it can be shown, or when it would take more than the
// configured share of the live properties off the site (site.json → listings.maxRemovedShare,
// default 50 %) unless --force. On a terminal a progress line shows while records are checked.
import { join, resolve } from 'node:path';
import { root } from './schema-files.mjs';
import { buildAll, buildIsCurrent } from './build.mjs';
import { readSettings } from './settings.mjs';

const USAGE = 'usage: npm run import -- FILE [--force] [--problems N]\n       npm run import -- --rollback';
const args = process.argv.slice(2);
const flags = new Set(args.filter((a) => a.startsWith('--')));
const files = args.filter((a, i) => !a.startsWith('--') && args[i - 1] !== '--problems');
const problemsShown = args.includes('--problems') ? Number(args[args.indexOf('--problems') + 1]) : 50;
const known = new Set(['--force', '--rollback', '--problems']);
const unknown = [...flags].filter((f) => !known.has(f));
if (unknown.length || (flags.has('--rollback') ? files.length > 0 : files.length !== 1) || !Number.isInteger(problemsShown) || problemsShown < 0) {
  if (unknown.length) console.error(`unknown option ${unknown.join(', ')}`);
  console.error(USAGE);
  process.exit(2);
}

if (!buildIsCurrent()) buildAll({ quiet: true });
const main = await import(join(root, 'dist/server/main.js'));
const env = readSettings(main);
const dataDir = env.DATA_DIR ?? join(root, 'var');
const configDir = env.CONFIG_DIR;
const tty = process.stderr.isTTY;

function fail(e) {
  if (e instanceof main.ImportBusyError) console.error(`Not imported: ${e.message}. Try again when it has finished.`);
  else console.error(`Not imported: ${e?.message ?? e}`);
  process.exit(1);
}

if (flags.has('--rollback')) {
  const r = await main.rollbackImport({ root, dataDir, configDir }).catch(fail);
  if (!r.ok) {
    console.error(`Nothing restored: ${r.reason}.`);
    process.exit(1);
  }
  console.log(main.summaryLine(r.entry));
  process.exit(0);
}

const started = Date.now();
let lastDraw = 0;
let first;
const onProgress = tty
  ? (done, total, problems) => {
      const now = Date.now();
      first ??= { at: now, done };
      if (now - lastDraw < 200 && (done < total || !total)) return;
      lastDraw = now;
      const rate = done > first.done ? Math.round((done - first.done) / Math.max(0.001, (now - first.at) / 1000)) : 0;
      process.stderr.write(
        `\r\x1b[2K  checked ${done.toLocaleString('en')}${total ? ` of ${total.toLocaleString('en')}` : ''} records${rate ? ` · ${rate.toLocaleString('en')}/s` : ''} · ${problems.toLocaleString('en')} problems`,
      );
    }
  : undefined;

const { entry } = await main.importFile({ root, dataDir, configDir, file: resolve(files[0]), force: flags.has('--force'), onProgress }).catch(fail);
if (tty) process.stderr.write('\r\x1b[2K');
const shown = entry.problems.slice(0, problemsShown);
for (const p of shown) console.error(main.formatFeedProblem(p));
if (entry.problemCount > shown.length)
  console.error(`… and ${entry.problemCount - shown.length} more problems (--problems N shows more; the editor's Listings screen lists them too).`);
const secs = ((Date.now() - started) / 1000).toFixed(1);
const line = `${main.summaryLine(entry)} (${secs} s)`;
if (entry.result === 'accepted') {
  console.log(line);
  process.exit(0);
}
console.error(line);
if (entry.result === 'refused' && entry.removed)
  console.error('If the agency really took that many off the market: npm run import -- FILE --force, or "Publish anyway" in the editor (Listings).');
process.exit(1);
