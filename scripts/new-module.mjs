// npm run new:module -- NAME [--loader] [--page PAGE_ID]
// Creates a working module type in modules/NAME/: its JSON Schema (schema.json), its definition
// (index.ts: editor labels in nl/fr/en, the defaults a new one starts with), its view (View.tsx),
// its styles (NAME.css) and, with --loader, its server-side loader (load.server.ts); registers it
// in modules/index.ts and regenerates schemas/types.gen.ts. The editor's add-module list has it at
// once. With --page, an instance is placed at the end of that page of site-config/pages.json, with
// the next free module id (ids are unique across the site: check:config refuses a taken one).
// Prints the files it wrote; then edit them (README, "Adding a module type").
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { root } from './schema-files.mjs';
import { RESERVED, camel, moduleFiles, registryWithModule } from './new-module-files.mjs';

/** A module type's name: its folder, its `view` and its CSS block (kebab-case, at most 40 characters). */
const NAME = /^[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;
const MAX_NAME = 40;

const fail = (message) => {
  console.error(`new:module: ${message}`);
  process.exit(2);
};

const args = process.argv.slice(2);
const name = args.find((a, i) => !a.startsWith('--') && args[i - 1] !== '--page');
const loader = args.includes('--loader');
const pageArg = args.includes('--page') ? args[args.indexOf('--page') + 1] : undefined;
const unknown = args.filter((a, i) => a.startsWith('--') && !['--loader', '--page'].includes(a) && args[i - 1] !== '--page');
if (unknown.length) fail(`unknown option ${unknown[0]} (usage: npm run new:module -- NAME [--loader] [--page PAGE_ID])`);
if (!name) fail('usage: npm run new:module -- NAME [--loader] [--page PAGE_ID], NAME in kebab-case (quote-box)');
if (!NAME.test(name) || name.length > MAX_NAME) fail(`"${name}" is not a module name: kebab-case, a-z and digits, at most ${MAX_NAME} characters (quote-box)`);
const dir = join(root, 'modules', name);
if (existsSync(dir) || name === 'lib') fail(`"${name}" exists already (modules/${name}/): choose another name`);
// The name's identifier in modules/index.ts (quote-box → quoteBox) must be free and not a JavaScript word.
const registrySource = readFileSync(join(root, 'modules/index.ts'), 'utf8');
if (RESERVED.has(camel(name)) || new RegExp(`\\b${camel(name)}\\b`).test(registrySource))
  fail(`"${name}" cannot be a module name: its identifier ${camel(name)} is a JavaScript word or taken in modules/index.ts`);
const pagesFile = join(root, 'site-config/pages.json');
const pages = JSON.parse(readFileSync(pagesFile, 'utf8'));
let page;
if (args.includes('--page')) {
  if (!/^\d{1,9}$/.test(pageArg)) fail(`--page "${pageArg ?? ''}" is not a page id (a whole number from site-config/pages.json)`);
  page = pages.find((p) => p.id === Number(pageArg));
  if (!page) fail(`--page ${pageArg}: site-config/pages.json has no page with that id`);
}

const files = moduleFiles(name, { loader });
mkdirSync(dir);
const written = [];
for (const [file, text] of Object.entries(files)) {
  writeFileSync(join(dir, file), text);
  written.push(`modules/${name}/${file}`);
}
writeFileSync(join(root, 'modules/index.ts'), registryWithModule(registrySource, name));
written.push('modules/index.ts');

if (page) {
  // The next free id: module ids are unique across every page (server/config/cross-check.ts).
  const id = Math.max(0, ...pages.flatMap((p) => (p.modules ?? []).map((m) => m.id))) + 1;
  const instance = { id, view: name, version: 1, status: 'Published', span: 12, text: { nl: `Module ${name}`, fr: `Module ${name}`, en: `Module ${name}` } };
  page.modules = [...(page.modules ?? []), instance];
  writeFileSync(pagesFile, `${JSON.stringify(pages, null, 2)}\n`);
  written.push('site-config/pages.json');
  console.log(`Placed on page ${page.id} (${page.path}) as module ${id}.`);
}

const node = process.execPath;
execFileSync(node, [join(root, 'scripts/gen-types.mjs')], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
written.push('schemas/types.gen.ts');
execFileSync(node, [join(root, 'node_modules/prettier/bin/prettier.cjs'), '--write', '--log-level', 'warn', ...written], { cwd: root, stdio: 'inherit' });

console.log(`Module type "${name}" created; ${written.length} files written:`);
for (const f of written) console.log(`  ${f}`);
console.log(`Next: its fields in modules/${name}/schema.json (then npm run gen:types), its editor labels and meta in index.ts, its view in View.tsx.`);
