// The files of a new module type (npm run new:module, scripts/new-module.mjs): what they hold is
// the smallest working module, in the project's style, for the developer to edit.

/** JavaScript's reserved words: a scaffold's name (or its identifier) may not be one. */
export const RESERVED = new Set(
  'await break case catch class const continue debugger default delete do else enum export extends false finally for function if implements import in instanceof interface let new null package private protected public return static super switch this throw true try typeof var void while with yield'.split(
    ' ',
  ),
);

/** quote-box → QuoteBox */
export const pascal = (name) => name.replace(/(^|-)([a-z0-9])/g, (_, __, c) => c.toUpperCase());
/** quote-box → quoteBox */
export const camel = (name) => pascal(name).replace(/^./, (c) => c.toLowerCase());
/** quote-box → Quote box */
export const words = (name) => name.replace(/-/g, ' ').replace(/^./, (c) => c.toUpperCase());

/** The files of modules/<name>/, by file name. */
export function moduleFiles(name, { loader }) {
  const type = `${pascal(name)}Module`;
  const data = loader ? `${pascal(name)}Data` : 'null';
  const files = {};
  files['schema.json'] = `${JSON.stringify(
    {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      $id: `https://vitrine.invalid/schemas/modules/${name}.json`,
      title: type,
      description: `${words(name)}: a text written per language on the page.`,
      type: 'object',
      allOf: [{ $ref: '../module.json' }],
      properties: {
        view: { const: name },
        text: { $ref: '../common.json#/$defs/LocalizedText', description: 'The text the module shows, per language.' },
      },
      unevaluatedProperties: false,
    },
    null,
    2,
  )}\n`;

  files['index.ts'] = `/**
 * The ${words(name)} module: its schema (schema.json), its editor labels in nl, fr and en, the params a
 * new one starts with, and its view (View.tsx, which exports components only so that npm run dev
 * refreshes it in place).
 */
import { defineModule } from '../../renderer/module-api.ts';
import type { ${type} } from '../../schemas/types.gen.ts';${loader ? `\nimport type { ${data} } from './load.server.ts';` : ''}
import schema from './schema.json';
import { unusedFields } from '../lib/editor-ui.ts';
import View from './View.tsx';

export default defineModule<${type}, ${data}>({
  view: '${name}',
  version: 1,
  schema,
  uiSchema: {
    'ui:order': ['title', 'text', '*'],
    ...unusedFields('relations', 'maxItems', 'numberItemOfRow'),
    text: {
      'ui:title': { nl: 'Tekst', fr: 'Texte', en: 'Text' },
      'ui:widget': 'textarea',
      'ui:description': {
        nl: 'De tekst die de module toont, per taal.',
        fr: 'Le texte que le module affiche, par langue.',
        en: 'The text the module shows, per language.',
      },
    },
  },
  meta: {
    title: { nl: '${words(name)}', fr: '${words(name)}', en: '${words(name)}' },
    description: { nl: 'Een tekst per taal', fr: 'Un texte par langue', en: 'A text per language' },
    icon: 'text',
    category: 'content',
  },
  defaults: { status: 'Published', span: 12, text: {} },
  View,
});
`;

  files['View.tsx'] = `import { localize } from '../../renderer/ui.tsx';
import type { Lang } from '../../shared/constants.ts';
import type { ${type} } from '../../schemas/types.gen.ts';${loader ? `\nimport type { ${data} } from './load.server.ts';` : ''}
import './${name}.css';

/** The ${words(name)} module as visitors see it (the definition is in index.ts). */
export default function View({ module, ${loader ? 'data, ' : ''}lang }: { module: ${type}; data: ${data}; lang: Lang }) {
  const text = localize(module.text, lang);${
    loader
      ? `
  if (!text && !data.quote) return null;
  return (
    <div className="${name}">
      {text && <p className="${name}__text">{text}</p>}
      {data.quote && (
        <blockquote className="${name}__quote" lang={data.quote.lang}>
          <p>{data.quote.comment}</p>
          <footer>{data.quote.name}</footer>
        </blockquote>
      )}
    </div>
  );`
      : `
  if (!text) return null;
  return (
    <div className="${name}">
      <p className="${name}__text">{text}</p>
    </div>
  );`
  }
}
`;

  files[`${name}.css`] = `/* The ${words(name)} module (mobile first; tokens from renderer/styles/site.css). */
.${name} {
  padding: 1rem;
  border-radius: var(--radius);
}

.${name}__text {
  margin: 0;
}
${
  loader
    ? `
.${name}__quote {
  margin: 1rem 0 0;
  font-style: italic;
}
`
    : ''
}`;

  if (loader) {
    files['load.server.ts'] = `import { defineLoader, type LoadContext } from '../../renderer/module-api.ts';
import type { ${type} } from '../../schemas/types.gen.ts';
import ${camel(name)} from './index.ts';

/** What the server gives the view: here, the newest testimonial in the page's language, if any. */
export interface ${data} {
  quote?: { name: string; comment: string; lang: string };
}

async function load(_module: ${type}, ctx: LoadContext): Promise<${data}> {
  const newest = (await ctx.services.testimonials()).find((t) => t.lang === ctx.lang);
  return newest ? { quote: { name: newest.name, comment: newest.comment, lang: newest.lang } } : {};
}

export default defineLoader(${camel(name)}, load);
`;
  }
  return files;
}

/** modules/index.ts with the new type imported and listed (after the others). */
export function registryWithModule(source, name) {
  const imports = [...source.matchAll(/^import \w+ from '\.\/[a-z0-9-]+\/index\.ts';$/gm)];
  const list = /^export const modules = \[\n([\s\S]*?)\];$/m.exec(source);
  if (!imports.length || !list) throw new Error('modules/index.ts: the list of module types was not found (its imports and `export const modules = [...]`)');
  const last = imports.at(-1);
  const at = last.index + last[0].length;
  let out = `${source.slice(0, at)}\nimport ${camel(name)} from './${name}/index.ts';${source.slice(at)}`;
  out = out.replace(/^(export const modules = \[\n[\s\S]*?)\];$/m, `$1  ${camel(name)},\n];`);
  return out;
}
