// Generates schemas/types.gen.ts from every JSON Schema (npm run gen:types). With --check it only
// compares and exits 1 when the committed file has drifted.
import { compile } from 'json-schema-to-typescript';
import { readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadSchemaFiles, root } from './schema-files.mjs';

export async function generateTypes() {
  const schemas = loadSchemaFiles();
  const byId = new Map(schemas.map((s) => [s.schema.$id, s.schema]));
  const wrapper = {
    title: 'VitrineSchemas',
    description: 'Every schema of the registry, by title.',
    type: 'object',
    properties: Object.fromEntries(
      schemas
        .filter((s) => s.schema.title && (s.schema.type !== undefined || s.schema.allOf))
        .map((s) => [s.schema.title ?? s.schema.$id, { $ref: s.schema.$id }]),
    ),
    additionalProperties: false,
  };
  const ts = await compile(wrapper, 'VitrineSchemas', {
    bannerComment: '/* Generated from the JSON Schemas by `npm run gen:types`. Do not edit. */',
    additionalProperties: false,
    unknownAny: true,
    strictIndexSignatures: false,
    format: true,
    $refOptions: {
      resolve: {
        vitrine: {
          order: 1,
          canRead: /^https:\/\/vitrine\.invalid\//,
          read: (file) => {
            const s = byId.get(file.url);
            if (!s) throw new Error(`unknown schema ${file.url}`);
            return JSON.stringify(s);
          },
        },
        http: false,
        file: false,
      },
    },
  });
  return ts;
}

const target = join(root, 'schemas', 'types.gen.ts');
if (import.meta.url === `file://${process.argv[1]}`) {
  const ts = await generateTypes();
  if (process.argv.includes('--check')) {
    const old = existsSync(target) ? readFileSync(target, 'utf8') : '';
    if (old !== ts) {
      console.error('schemas/types.gen.ts is out of date: run npm run gen:types');
      process.exit(1);
    }
    console.log('schemas/types.gen.ts is up to date');
  } else {
    writeFileSync(target, ts);
    console.log(`wrote ${target}`);
  }
}
