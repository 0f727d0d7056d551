import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * `virtual:form-validators`: the visitors' form schemas (schemas/form-*.json) compiled by AJV into
 * plain functions when the bundle is built, so the browser validates with the server's schemas
 * without compiling code from strings at run time (no 'unsafe-eval' in the Content-Security-Policy).
 * The formats come from shared/formats.ts (the same linear checks the server uses).
 */
function formValidators(): Plugin {
  const id = 'virtual:form-validators';
  const resolved = `\0${id}`;
  return {
    name: 'vitrine-form-validators',
    resolveId: (source) => (source === id ? resolved : undefined),
    async load(source) {
      if (source !== resolved) return undefined;
      const { Ajv2020 } = await import('ajv/dist/2020.js');
      const { _ } = await import('ajv');
      const standalone = (await import('ajv/dist/standalone/index.js')).default;
      const { LINEAR_FORMATS } = await import('./shared/formats.ts');
      const ajv = new Ajv2020({ allErrors: true, strict: false, code: { source: true, esm: true, formats: _`__formats` } });
      for (const [name, def] of Object.entries(LINEAR_FORMATS)) ajv.addFormat(name, def);
      const dir = join(import.meta.dirname, 'schemas');
      const exports: Record<string, string> = {};
      const kinds: string[] = [];
      for (const file of readdirSync(dir)
        .filter((f) => /^form-[a-z-]+\.json$/.test(f))
        .sort()) {
        const schema = JSON.parse(readFileSync(join(dir, file), 'utf8'));
        ajv.addSchema(schema);
        const kind = file.slice(5, -5);
        kinds.push(kind);
        exports[`v${kinds.length}`] = schema.$id;
        this.addWatchFile(join(dir, file));
      }
      const code = standalone(ajv, exports);
      return [
        `import { LINEAR_FORMATS as __formats } from '/shared/formats.ts';`,
        code.replace(/^"use strict";/, ''),
        `export default { ${kinds.map((k, i) => `${JSON.stringify(k)}: v${i + 1}`).join(', ')} };`,
      ].join('\n');
    },
  };
}

/**
 * Server-only files (`*.server.ts`: the modules' loaders and what only they use) never enter a
 * browser bundle: a view may import their types (`import type`, erased), and the build stops when
 * anything else of them is imported for the browser.
 */
export function serverOnly(): Plugin {
  return {
    name: 'vitrine-server-only',
    load(id, options) {
      if (!options?.ssr && /\.server\.tsx?$/.test(id.split('?')[0])) {
        this.error(`${id} is server-only and cannot be part of the browser bundle (a view imports its types with \`import type\`)`);
      }
      return undefined;
    },
  };
}

/**
 * The staff editor is built apart from the public site (VITRINE_CLIENT=editor, scripts/build.mjs),
 * into the same folder with a manifest of its own. Built together, every module the two entries
 * share (React, the JSX runtime, Vite's preload helper, small helpers) became a chunk of its own,
 * and a public page asked for a dozen files where six hold the same code. The editor now has its
 * own copy of what it shares with the site; a public page never loads the editor's files either way.
 */
const editor = process.env.VITRINE_CLIENT === 'editor';

// Three builds from one config: the site's client bundle (hashed assets + manifest), the editor's,
// and, with `--ssr`, the server bundle (Koa server + renderer + modules; node_modules stay external).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), formValidators(), serverOnly()],
  publicDir: false,
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        target: 'node20',
        // sample.js: the sample's drawn photos, passed to start() by scripts/start.mjs (the server never imports sample/).
        // render-worker.js: the worker threads that render pages (server/site/render.ts), started by main.js.
        rollupOptions: {
          input: { main: 'server/main.ts', sample: 'sample/photo-source.ts', 'render-worker': 'server/site/render-worker.ts' },
          output: { entryFileNames: '[name].js' },
        },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: !editor,
        manifest: editor ? '.vite/editor-manifest.json' : true,
        target: 'es2020',
        cssCodeSplit: true,
        // The public site and the worker that loads the browser's Intl data off the page's main
        // thread (renderer/intl-warm.ts); or the staff editor.
        rollupOptions: { input: editor ? ['editor/main.tsx'] : ['renderer/entry-client.tsx', 'renderer/intl-warm.ts'] },
      },
}));
