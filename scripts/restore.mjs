// npm run restore -- DIR: puts a backup made by npm run backup into DATA_DIR (default ./var), which
// must be empty; a damaged backup or one of a newer format is refused (server/storage/backup/restore.ts).
import { join } from 'node:path';
import { root } from './schema-files.mjs';
import { buildAll, buildIsCurrent } from './build.mjs';
import { readSettings } from './settings.mjs';

if (!buildIsCurrent()) buildAll({ quiet: true });
const main = await import(join(root, 'dist/server/main.js'));
process.exit(await main.backupCommand('restore', process.argv.slice(2), readSettings(main), root));
