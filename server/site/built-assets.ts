/** The client's built files as the server hands them to pages (dist/client and Vite's manifest). */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Assets } from '../../renderer/App.tsx';

/**
 * The built assets of a client entry: its script, the chunks it imports (preloaded) and their CSS;
 * for the site, the CSS itself too (written into each page's head: one request fewer before the
 * first paint, about 8 KB of Brotli in the page), and each module view's chunk and CSS (a page
 * names its own views' chunks and writes their CSS after the site's: renderer/entry-server.tsx).
 */
export function prodAssets(root: string, entryName = 'renderer/entry-client.tsx', inlineStyles = false): Assets {
  // The editor is built apart, with a manifest of its own (vite.config.ts).
  const manifestPath = join(root, 'dist/client/.vite', entryName.startsWith('editor/') ? 'editor-manifest.json' : 'manifest.json');
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;
  const entry = manifest[entryName];
  if (!entry) throw new Error(`${manifestPath} has no entry ${entryName}`);
  /** The chunk files and CSS files that `keys` import, beyond those in `seen`. */
  const walk = (keys: string[] | undefined, seen: Set<string>, out: { files: string[]; css: string[] }) => {
    for (const k of keys ?? []) {
      const chunk = manifest[k];
      if (!chunk || seen.has(`/${chunk.file}`)) continue;
      seen.add(`/${chunk.file}`);
      out.files.push(`/${chunk.file}`);
      for (const c of chunk.css ?? [])
        if (!seen.has(c)) {
          seen.add(c);
          out.css.push(c);
        }
      walk(chunk.imports, seen, out);
    }
    return out;
  };
  const own = walk(entry.imports, new Set([`/${entry.file}`, ...(entry.css ?? [])]), { files: [], css: [...(entry.css ?? [])] });
  const warm = manifest['renderer/intl-warm.ts'];
  const files = { js: `/${entry.file}`, css: own.css.map((c) => `/${c}`), preload: own.files, ...(warm ? { intlWarm: `/${warm.file}` } : {}) };
  if (!inlineStyles) return files;
  const read = (c: string) => readFileSync(join(root, 'dist/client', c), 'utf8');
  const styles = own.css.map(read).join('\n');
  const modules: NonNullable<Assets['modules']> = {};
  for (const key of Object.keys(manifest)) {
    const view = /^modules\/([^/]+)\/index\.ts$/.exec(key)?.[1];
    if (!view) continue;
    // Beyond what the entry brings: the view's chunk, the shared chunks it imports, their CSS.
    const seen = new Set([`/${entry.file}`, ...own.files, ...own.css]);
    const mine = walk([key], seen, { files: [], css: [] });
    modules[view] = { preload: mine.files, css: mine.css.map((c) => `/${c}`), styles: mine.css.map(read) };
  }
  // A stylesheet that could close its own element stays a linked file (and module views bring theirs with their chunks).
  const texts = [styles, ...Object.values(modules).flatMap((m) => m.styles)];
  return texts.some((t) => /<\/style/i.test(t)) ? files : { ...files, styles, modules };
}

/** The editor's assets: built, or in development through Vite; none when tests run from source. */
export function editorAssets(opts: { root: string; assets?: Assets; dev?: { assets: () => Promise<Assets> } }): () => Promise<Assets> {
  if (opts.dev) {
    const dev = opts.dev;
    return async () => ({ ...(await dev.assets()), js: '/editor/main.tsx', css: [] });
  }
  if (opts.assets) return async () => ({ js: '', css: [], preload: [] });
  const built = prodAssets(opts.root, 'editor/main.tsx');
  return async () => built;
}
