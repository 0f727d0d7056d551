// npm run import -- FILE: validates a CRM preloaded response record by record and stores the good
// records as the site's listings (DATA_DIR, default ./var). Bad records are listed and skipped.
import { resolve, join } from 'node:path';
import { root } from './schema-files.mjs';
import { buildAll, buildIsCurrent } from './build.mjs';

const file = process.argv[2];
if (!file) {
  console.error('usage: npm run import -- FILE');
  process.exit(2);
}
if (!buildIsCurrent()) buildAll({ quiet: true });
const { importListings, formatRecordProblem, SchemaRegistry, rendererModule } = await import(join(root, 'dist/server/main.js'));
const dataDir = process.env.DATA_DIR ? resolve(process.env.DATA_DIR) : join(root, 'var');
const report = await importListings(resolve(file), dataDir, new SchemaRegistry(rendererModule.registry));
for (const p of report.problems) console.error(formatRecordProblem(p));
if (!report.ok) {
  console.error(`Nothing imported; the stored listings are unchanged.`);
  process.exit(1);
}
console.log(`Imported ${report.properties} properties and ${report.projects} projects into ${dataDir}${report.problems.length ? `; ${report.problems.length} problems, those records skipped` : ''}.`);
