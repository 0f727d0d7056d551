import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// Two builds from one config: the client bundle (hashed assets + manifest) and, with `--ssr`,
// the server bundle (Koa server + renderer + modules; node_modules stay external).
export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react()],
  publicDir: false,
  build: isSsrBuild
    ? {
        outDir: 'dist/server',
        emptyOutDir: true,
        target: 'node20',
        // sample.js: the sample's drawn photos, passed to start() by scripts/start.mjs (the server never imports sample/).
        rollupOptions: { input: { main: 'server/main.ts', sample: 'sample/photo-source.ts' }, output: { entryFileNames: '[name].js' } },
      }
    : {
        outDir: 'dist/client',
        emptyOutDir: true,
        manifest: true,
        target: 'es2020',
        cssCodeSplit: true,
        // Two entries: the public site, and the staff editor (a public page never loads its chunks).
        rollupOptions: { input: ['renderer/entry-client.tsx', 'editor/main.tsx'] },
      },
}));
