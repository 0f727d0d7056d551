import { it } from 'vitest';
import { registry } from '../modules/index.ts';
import { SchemaRegistry } from '../server/config/schemas.ts';
import { editorRegistry } from '../server/editor-api/editor-schemas.ts';
import { prepareSchema } from '../editor/schema.ts';
import { validate } from '../editor/validation.ts';
it('times', () => {
  const schemas = new SchemaRegistry(registry);
  const editor = editorRegistry(registry, schemas.ajv);
  const types = editor.modules.map((t) => ({ form: prepareSchema(t.schema, 'fr'), rec: { ...t.defaults, id: 1 } }));
  for (let round = 0; round < 3; round++) {
    const t0 = performance.now();
    for (let i = 0; i < 30; i++) { const t = types[i % types.length]; validate(t.form, t.rec, ['nl', 'fr', 'en'], 'fr'); }
    console.log('30 validations', (performance.now() - t0).toFixed(1), 'ms');
  }
});
