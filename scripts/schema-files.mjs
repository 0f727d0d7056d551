// The list of schema files: core schemas in schemas/, one per module type in modules/<view>/schema.json.
// Shared by the type generator (scripts/gen-types.mjs) and its drift test.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');

export function loadSchemaFiles() {
  const files = [];
  for (const f of readdirSync(join(root, 'schemas')).sort()) {
    if (f.endsWith('.json')) files.push(join(root, 'schemas', f));
  }
  for (const d of readdirSync(join(root, 'modules'), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
    const p = join(root, 'modules', d.name, 'schema.json');
    if (d.isDirectory() && existsSync(p)) files.push(p);
  }
  return files.map((file) => ({ file, schema: JSON.parse(readFileSync(file, 'utf8')) }));
}
