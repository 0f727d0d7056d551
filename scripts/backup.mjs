// npm run backup -- DIR: a consistent copy of the embedded store in DATA_DIR (default ./var), taken
// while the server runs, into DIR (new or empty) with a manifest of checksums (server/storage/backup/backup.ts).
import { join } from 'node:path';
import { root } from './schema-files.mjs';
import { buildAll, buildIsCurrent } from './build.mjs';
import { readSettings } from './settings.mjs';

if (!buildIsCurrent()) buildAll({ quiet: true });
const main = await import(join(root, 'dist/server/main.js'));
process.exit(await main.backupCommand('backup', process.argv.slice(2), readSettings(main), root));
