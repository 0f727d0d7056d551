// npm run db:migrate: brings DATABASE_URL's tables to this version (every start does it too, under a
// lock, so that nodes starting together migrate once). Prints the migrations it ran.
import { join } from 'node:path';
import { root } from './schema-files.mjs';
import { buildAll, buildIsCurrent } from './build.mjs';
import { readSettings } from './settings.mjs';

if (!buildIsCurrent()) buildAll({ quiet: true });
const main = await import(join(root, 'dist/server/main.js'));
const settings = main.pgSettingsOf(readSettings(main));
if (!settings) {
  console.error('DATABASE_URL: set it to the database to migrate (postgres://user:password@host:5432/name)');
  process.exit(2);
}
try {
  const ran = await main.migrateDatabase(settings.url, (line) => console.error(line));
  console.log(ran.length ? `ran ${ran.length} migration${ran.length === 1 ? '' : 's'}: ${ran.join(', ')}` : 'the database is up to date');
} catch (e) {
  console.error(`cannot migrate: ${e?.message ?? e}`);
  process.exit(1);
}
