// The server entry: renders a page document with React 19 streaming. The Koa server loads this
// module (bundled in production, through Vite's ssrLoadModule in development).
import { PassThrough } from 'node:stream';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { Root, type Assets } from './App.tsx';
import { registry } from '../modules/server.ts';
import { INITIAL_DATA_GLOBAL, safeJson, type InitialData } from './page-data.ts';

export { registry };

function bootScript(initial: InitialData, assets: Assets): string {
  return `self.${INITIAL_DATA_GLOBAL}=${safeJson({ initial, assets })}`;
}

/** Streams the document; resolves when the shell is ready (so the status can still be set). */
export function renderStream(initial: InitialData, assets: Assets, onError: (e: unknown) => void): Promise<PassThrough> {
  return new Promise((resolve, reject) => {
    const body = new PassThrough();
    const stream = renderToPipeableStream(<Root initial={initial} assets={assets} registry={registry} />, {
      bootstrapScriptContent: bootScript(initial, assets),
      bootstrapModules: assets.js ? [assets.js] : [],
      onShellReady() {
        // React writes the <!DOCTYPE html> itself for a document rooted at <html>.
        stream.pipe(body);
        resolve(body);
      },
      onShellError: reject,
      onError,
    });
  });
}

/** The same document as one string (used by the benchmark's baseline and by tests). */
export function renderHtml(initial: InitialData, assets: Assets): string {
  const html = renderToString(<Root initial={initial} assets={assets} registry={registry} />);
  const script = `<script>${bootScript(initial, assets)}</script>${assets.js ? `<script type="module" src="${assets.js}" async=""></script>` : ''}`;
  return `<!DOCTYPE html>${html.replace('</body>', `${script}</body>`)}`;
}
