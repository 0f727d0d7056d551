import { benchEditorOpen, editorBundle } from '../bench/editor.mjs';
const root = '/work/wt-14';
process.env.NODE_ENV = 'production';
const bundle = editorBundle({ root });
console.log(`first screen ${bundle.initialKb.toFixed(1)} KB; with every lazy screen ${bundle.allKb.toFixed(1)} KB in ${bundle.chunks} files; never loaded by the public site ${bundle.ownKb.toFixed(1)} KB`);
for (const s of bundle.screens) console.log(`  screen ${s.name.padEnd(28)} +${s.kb.toFixed(1)} KB`);
const open = await benchEditorOpen({ root });
console.log(open);
