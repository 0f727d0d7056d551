// The server entry: renders a page document with React 19. The Koa server loads this
// module (bundled in production, through Vite's ssrLoadModule in development).
import { renderToString } from 'react-dom/server';
import { Root, type Assets } from './App.tsx';
import { registry } from '../modules/server.ts';
import { INITIAL_DATA_GLOBAL, safeJson, type InitialData } from './page-data.ts';

export { registry };

/** The page data for the browser, without the dictionary (loaded from its own URL, cached for good). */
function bootScript(initial: InitialData, assets: Assets): string {
  const { messages: _, ...shell } = initial.shell;
  return `self.${INITIAL_DATA_GLOBAL}=${safeJson({ initial: { ...initial, shell }, assets })}`;
}

/** The document as one string (the page is complete before its answer starts: its policy hashes its inline scripts). */
export function renderHtml(initial: InitialData, assets: Assets): string {
  const html = renderToString(<Root initial={initial} assets={assets} registry={registry} />);
  const script = `<script>${bootScript(initial, assets)}</script>${assets.js ? `<script type="module" src="${assets.js}" async=""></script>` : ''}`;
  // Spliced, not String.replace: the page data may hold `$&` or `$'`, which replace() would expand.
  const at = html.lastIndexOf('</body>');
  return at < 0 ? `<!DOCTYPE html>${html}${script}` : `<!DOCTYPE html>${html.slice(0, at)}${script}${html.slice(at)}`;
}
