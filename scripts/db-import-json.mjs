// npm run db:import-json -- DATA_DIR: copies the embedded store of a data folder (what `npm start`
// wrote, default ./var) into DATABASE_URL's database. Stop the server first. It can be run again:
// what the database has already is skipped. Prints what was copied.
import { join, resolve } from 'node:path';
import { root } from './schema-files.mjs';
import { buildAll, buildIsCurrent } from './build.mjs';
import { readSettings } from './settings.mjs';

const dir = process.argv[2];
if (!dir || dir.startsWith('-')) {
  console.error('usage: DATABASE_URL=postgres://… npm run db:import-json -- DATA_DIR');
  process.exit(2);
}
if (!buildIsCurrent()) buildAll({ quiet: true });
const main = await import(join(root, 'dist/server/main.js'));
const settings = main.pgSettingsOf(readSettings(main));
if (!settings) {
  console.error('DATABASE_URL: set it to the database to copy into (postgres://user:password@host:5432/name)');
  process.exit(2);
}
try {
  const counts = await main.importJsonStore(resolve(dir), settings, join(root, 'var'));
  const names = Object.keys(counts);
  for (const name of names)
    console.log(`${name.padEnd(14)} ${String(counts[name].copied).padStart(6)} copied  ${String(counts[name].skipped).padStart(6)} already there`);
  if (!names.length) console.log('the data folder holds nothing to copy');
} catch (e) {
  console.error(`cannot copy: ${e?.message ?? e}`);
  process.exit(1);
}
