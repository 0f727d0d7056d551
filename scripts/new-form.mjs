// npm run new:form -- NAME [--fields a,b,c]
// Creates a working form kind NAME: its entry in KINDS (shared/form-kinds.ts) with the given fields of
// the catalogue (shared/form-fields.ts; by default firstName, lastName, email, phone, message), its
// schema and types (npm run gen:forms), its texts in nl, fr, en and de (its name, which heads and
// subjects the agency's mail, and the visitor's confirmation), its name in the editor's inbox
// (editor/i18n), its thank-you page and article (site-config), and its valid body in the bad-input
// test. At once, POST /api/forms/NAME accepts a valid request, refuses an invalid one in the
// visitor's language, mails the agency every field labelled and answers with its thank-you page;
// the form module (contact) offers it in the editor. Prints the files it wrote; then edit them
// (README, "A new form kind").
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { runnerImport } from 'vite';
import { root } from './schema-files.mjs';
import { RESERVED, camel } from './new-module-files.mjs';
import {
  DEFAULT_FIELDS,
  badInputWithKind,
  editorTextsWithKind,
  kindTexts,
  kindsWithKind,
  schemaTitle,
  thankYouPage,
  thanksKey,
  unsupported,
  withKeys,
} from './new-form-files.mjs';

/** A kind's name: its URL (/api/forms/NAME), its schema file and its thank-you path (kebab-case, at most 40 characters). */
const NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const MAX_NAME = 40;
const USAGE = 'usage: npm run new:form -- NAME [--fields a,b,c], NAME in kebab-case (quote-request)';

const fail = (message) => {
  console.error(`new:form: ${message}`);
  process.exit(2);
};

const args = process.argv.slice(2);
const name = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--fields');
const fieldsArg = args.includes('--fields') ? (args[args.indexOf('--fields') + 1] ?? '') : undefined;
const unknown = args.filter((a, i) => a.startsWith('--') && a !== '--fields' && args[i - 1] !== '--fields');
if (unknown.length) fail(`unknown option ${unknown[0]} (${USAGE})`);
if (!name) fail(USAGE);
if (!NAME.test(name) || name.length > MAX_NAME)
  fail(`"${name}" is not a form kind name: kebab-case, a-z and digits, at most ${MAX_NAME} characters (quote-request)`);
if (RESERVED.has(name) || RESERVED.has(camel(name))) fail(`"${name}" cannot be a form kind name: it is a JavaScript word`);

const { module: fieldsModule } = await runnerImport(join(root, 'shared/form-fields.ts'));
const { module: kindsModule } = await runnerImport(join(root, 'shared/form-kinds.ts'));
const { FIELDS } = fieldsModule;
const { KINDS } = kindsModule;

const read = (f) => readFileSync(join(root, f), 'utf8');
const readJson = (f) => JSON.parse(read(f));
const LANGS = ['nl', 'fr', 'en', 'de'];
const dictionaries = Object.fromEntries(LANGS.map((l) => [l, readJson(`site-config/dictionaries/${l}.json`)]));
const pages = readJson('site-config/pages.json');
const articles = readJson('site-config/articles/general.json');
const title = schemaTitle(name);

// Taken: a kind, its schema, its type, its texts, or its thank-you page (an existing feedback page: thank-you-test).
const thanksParent = pages.find((p) => p.type === 'feedback' && p.name === 'thank-you');
const taken =
  (Object.hasOwn(KINDS, name) && 'a form kind in shared/form-kinds.ts') ||
  (existsSync(join(root, `schemas/form-${name}.json`)) && `schemas/form-${name}.json exists`) ||
  (Object.values(KINDS).some((k) => k.title === title) && `its schema title ${title} is another kind's`) ||
  (new RegExp(`\\b${title}\\b`).test(read('schemas/types.gen.ts')) && `the type ${title} is in schemas/types.gen.ts`) ||
  (LANGS.some((l) => dictionaries[l][`form.kind.${name}`] || dictionaries[l][thanksKey(name)]) && `its texts form.kind.${name} are in the dictionaries`) ||
  (pages.some((p) => p.name === `thank-you-${name}` || (p.parentId === thanksParent?.id && Object.values(p.localizedPath ?? {}).includes(name))) &&
    `a thank-you page thank-you-${name} (or its path) is in site-config/pages.json`) ||
  (articles.some((a) => a.id === `thank-you-${name}`) && `the article thank-you-${name} is in site-config/articles/general.json`);
if (taken) fail(`"${name}" is taken: ${taken}; choose another name`);

// The fields: names of the catalogue, each once, with the e-mail address (the agency answers to it, the receipt goes to it).
const fields = fieldsArg === undefined ? DEFAULT_FIELDS : fieldsArg.split(',').map((f) => f.trim());
if (fields.length > Object.keys(FIELDS).length || fields.some((f) => !f)) fail(`--fields "${fieldsArg}" is not a list of field names (a,b,c)`);
for (const [i, f] of fields.entries()) {
  if (!Object.hasOwn(FIELDS, f)) fail(`--fields: "${f}" is not a field of the catalogue (shared/form-fields.ts, FIELDS); add it there first`);
  const why = unsupported(f, FIELDS[f]);
  if (why) fail(`--fields: "${f}" cannot be in a new kind: ${why}`);
  if (fields.indexOf(f) !== i) fail(`--fields: "${f}" is listed twice`);
}
if (!fields.includes('email')) fail('--fields: the list needs email (the agency answers to it and the visitor gets a receipt at it)');

// Everything is checked: now the files.
const written = [];
const write = (f, text) => {
  writeFileSync(join(root, f), text);
  written.push(f);
};
const writeJson = (f, data) => write(f, `${JSON.stringify(data, null, 2)}\n`);

write('shared/form-kinds.ts', kindsWithKind(read('shared/form-kinds.ts'), name, fields));
const texts = kindTexts(name);
for (const l of LANGS)
  writeJson(
    `site-config/dictionaries/${l}.json`,
    withKeys(dictionaries[l], 'form.kind.', { [`form.kind.${name}`]: texts.title[l], [thanksKey(name)]: texts.thanks[l] }),
  );
for (const l of ['nl', 'fr', 'en']) write(`editor/i18n/${l}.ts`, editorTextsWithKind(read(`editor/i18n/${l}.ts`), name, texts.title[l]));
const { page, article } = thankYouPage(name, pages, articles);
writeJson('site-config/pages.json', [...pages, page]);
writeJson('site-config/articles/general.json', [...articles, article]);
const badInput = 'tests/integration/forms-bad-input.test.ts';
if (existsSync(join(root, badInput))) write(badInput, badInputWithKind(read(badInput), name, fields));

const node = process.execPath;
execFileSync(node, [join(root, 'scripts/gen-forms.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
written.push(`schemas/form-${name}.json`, 'schemas/types.gen.ts');
execFileSync(node, [join(root, 'node_modules/prettier/bin/prettier.cjs'), '--write', '--log-level', 'warn', ...written], { cwd: root, stdio: 'inherit' });

console.log(`Form kind "${name}" created (POST /api/forms/${name}, thank-you page ${page.path}); ${written.length} files written:`);
for (const f of written) console.log(`  ${f}`);
console.log(
  `Next: its fields, what is required and its guard in shared/form-kinds.ts (then npm run gen:forms); its texts form.kind.${name} and ${thanksKey(name)} in site-config/dictionaries/*.json; its thank-you page (page ${page.id}) and article ${article.id} in site-config; a form module of kind ${name} on a page, in the editor.`,
);
