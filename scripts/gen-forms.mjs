// Writes schemas/form-{kind}.json from the one definition of the forms (shared/form-kinds.ts and
// shared/form-fields.ts, by shared/form-schema.ts), then schemas/types.gen.ts from every schema (npm run gen:forms). With
// --check it only compares and exits 1 when a committed schema has drifted from the definition.
import { runnerImport } from 'vite';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './schema-files.mjs';

const { module: defs } = await runnerImport(join(root, 'shared/form-schema.ts'));
const { module: fields } = await runnerImport(join(root, 'shared/form-kinds.ts'));
const check = process.argv.includes('--check');
let stale = 0;
for (const kind of fields.FORM_KINDS) {
  const file = join(root, 'schemas', `form-${kind}.json`);
  const text = defs.formSchemaText(kind);
  const old = existsSync(file) ? readFileSync(file, 'utf8') : '';
  if (old === text) continue;
  stale++;
  if (check) console.error(`schemas/form-${kind}.json differs from shared/form-kinds.ts: run npm run gen:forms`);
  else {
    writeFileSync(file, text);
    console.log(`wrote schemas/form-${kind}.json`);
  }
}
if (check) {
  if (stale) process.exit(1);
  console.log(`the ${fields.FORM_KINDS.length} form schemas are up to date`);
} else {
  const { generateTypes } = await import('./gen-types.mjs');
  writeFileSync(join(root, 'schemas', 'types.gen.ts'), await generateTypes());
  console.log(`${stale} form schema(s) written; wrote schemas/types.gen.ts`);
}
