import { describe, expect, it } from 'vitest';
import { renderToString } from 'react-dom/server';
import { registry } from '../../modules/index.ts';
import { SchemaRegistry } from '../../server/config/schemas.ts';
import { editorRegistry } from '../../server/editor-api/editor-schemas.ts';
import { SchemaForm } from '../../editor/fields/SchemaForm.tsx';
import { localizeUi, prepareSchema } from '../../editor/schema.ts';
import { listErrors, validate } from '../../editor/validation.ts';
import type { Lang } from '../../shared/constants.ts';

const schemas = new SchemaRegistry(registry);
const editor = editorRegistry(registry, schemas.ajv);
const langs: Lang[] = ['nl', 'fr', 'en'];
const context = { langs, defaultLang: 'nl' as Lang };
const HIDDEN = new Set(['id', 'view', 'version']);

describe('the editor’s form of every registered module type', () => {
  it('gets self-contained schemas: no $ref is left for RJSF to resolve', () => {
    for (const type of editor.modules) expect(JSON.stringify(type.schema), type.view).not.toContain('"$ref"');
    for (const [key, schema] of Object.entries(editor.schemas)) expect(JSON.stringify(schema), key).not.toContain('"$ref"');
  });

  for (const type of editor.modules) {
    describe(type.view, () => {
      const schema = prepareSchema(type.schema);
      const record = { ...type.defaults, id: 1 };

      it('renders a form with an input for each of its params, localized texts once per language', () => {
        const html = renderToString(
          <SchemaForm schema={schema} uiSchema={localizeUi(type.uiSchema, 'en') as Record<string, unknown>} data={record} idPrefix="ed" context={context} />,
        );
        expect(html).toMatch(/^<form/);
        for (const [key, prop] of Object.entries(schema.properties as Record<string, Record<string, unknown>>)) {
          // A common field the type says it does not use (what it shows, how many) is kept, not drawn.
          if (HIDDEN.has(key) || (type.uiSchema as Record<string, Record<string, unknown> | undefined>)[key]?.['ui:field'] === 'HiddenField') continue;
          if (prop['x-localized']) for (const l of langs) expect(html, `${key} (${l})`).toContain(`id="ed_${key}_${l}"`);
          // Rich text: its editor is a chunk of its own; until it arrives the field is there, under its label.
          else if (prop['x-richtext']) expect(html, key).toContain(`id="ed_${key}"`);
          else expect(html, key).toMatch(new RegExp(`id="ed_${key}(_[^"]*)?"`));
        }
      });

      it('starts from defaults that both the editor and the server accept', () => {
        // Only the texts a new module asks the staff member to write (the Text module's body) are left to fill.
        expect(listErrors(validate(schema, record, langs)).filter((e) => !/^is required in /.test(e.message))).toEqual([]);
        expect(schemas.validate(type.view, record, 'defaults')).toEqual([]);
      });

      it('marks a span of 13 at its field', () => {
        expect(listErrors(validate(schema, { ...record, span: 13 }, langs)).filter((e) => !/^is required in /.test(e.message))).toEqual([
          expect.objectContaining({ pointer: '/span' }),
        ]);
      });
    });
  }
});

describe('the editor’s document forms', () => {
  it('asks for a page title in each language in use, at that language’s input', () => {
    const page = prepareSchema(editor.schemas.page);
    const record = {
      id: 99,
      parentId: null,
      name: 'x',
      path: '/x/',
      localizedPath: { nl: 'x', fr: 'x', en: 'x' },
      status: 'Hidden',
      type: 'page',
      sort: 1,
      title: { nl: 'X', fr: '', en: 'X' },
    };
    expect(listErrors(validate(page, record, langs))).toEqual([expect.objectContaining({ pointer: '/title/fr' })]);
  });

  for (const key of Object.keys(editor.schemas)) {
    it(`renders the ${key} form`, () => {
      const html = renderToString(
        <SchemaForm schema={prepareSchema(editor.schemas[key as keyof typeof editor.schemas])} data={{}} idPrefix="ed" context={context} />,
      );
      expect(html).toMatch(/^<form/);
    });
  }
});
