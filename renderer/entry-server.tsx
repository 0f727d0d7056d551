// The server entry: renders a page document with React 19. The Koa server loads this
// module (bundled in production, through Vite's ssrLoadModule in development).
import { renderToString } from 'react-dom/server';
import { Root, SITE_STYLES_ID, type Assets } from './App.tsx';
import { registry } from '../modules/server.ts';
import { pageViews } from './module-api.ts';
import { INITIAL_DATA_ID, safeJson, type InitialData } from './page-data.ts';
import { LOADER_SCRIPT } from './inline-scripts.ts';
import { BareContext, PreviewContext, failedModules, type ModuleFailure } from './module-failure.tsx';

export { registry };

/**
 * The assets of a page: the entry's, plus the stylesheets of the page's module views (the browser
 * loads views per page; the loader names their chunks). Made once per set of views.
 */
const perViews = new WeakMap<Assets, Map<string, Assets>>();
function pageAssets(assets: Assets, views: string[]): Assets {
  const { modules } = assets;
  if (!modules) return assets;
  let made = perViews.get(assets);
  if (!made) perViews.set(assets, (made = new Map()));
  const key = views.join(' ');
  let page = made.get(key);
  if (!page) {
    let styles = assets.styles ?? '';
    const added = new Set<string>();
    // The site's own stylesheets are in the head too (a view's chunk may name them among its own).
    const css = new Set<string>(assets.css);
    for (const view of views) {
      for (const text of modules[view]?.styles ?? [])
        if (!added.has(text)) {
          added.add(text);
          styles += `\n${text}`;
        }
      for (const f of modules[view]?.css ?? []) css.add(f);
    }
    page = { ...assets, styles, pageCss: [...css] };
    if (made.size < 256) made.set(key, page);
  }
  return page;
}

/**
 * The page data for the browser, without the dictionary (loaded from its own URL, cached for good)
 * and without the stylesheet (the document's head has it).
 */
function bootData(initial: InitialData, assets: Assets): string {
  const { messages: _, ...shell } = initial.shell;
  const { styles: _styles, modules: _modules, pageCss: _pageCss, ...files } = assets;
  return `<script type="application/json" id="${INITIAL_DATA_ID}">${safeJson({ initial: { ...initial, shell }, assets: files })}</script>`;
}

/**
 * The page's module stylesheets, already written into the head, linked again disabled: the
 * browser neither fetches nor applies them, and loading a view finds them there (Vite's preload
 * looks for a stylesheet link of the same address) instead of fetching them and waiting. In the
 * document rather than added by the loader: they cost its tasks nothing.
 */
function disabledStylesheets(assets: Assets): string {
  return (assets.pageCss ?? []).map((href) => `<link rel="stylesheet" href="${escapeAttribute(href)}" disabled>`).join('');
}

const escapeAttribute = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/**
 * The browser's part, asked for once the page has been painted: the script, the chunks it imports
 * and the page's dictionary (none: a preview that stays still). Linked from the head, they were
 * fetched while the page was still to be painted and shared a slow line with the photo; now the
 * first paint and the largest picture come first, and hydration follows (a hidden tab, which paints
 * nothing, asks at once). One element per task: starting a request costs the browser's main thread
 * one to several milliseconds, and a page's twenty in one task took about 50 ms here, 200 ms on a
 * phone's slower processor (Lighthouse's 4×).
 * A page whose largest picture is marked (fetchpriority high: the banner, the first photo) asks
 * once that picture has come, or after LCP_WAIT_MS: on a slow line the scripts no longer share it
 * with the picture, which came about 2 s later on a just-started server (Lighthouse, slow 4G).
 * The chunks of a module far from the visible part are left out: it waits to hydrate
 * (renderer/hydration.tsx, by the same rule), and its view is asked for then. Measured once the
 * page is painted, when its layout is already known (a hidden tab asks for every chunk).
 * The loader's code is one fixed text (renderer/inline-scripts.ts: the policy allows it by its
 * hash); this page's files and modules are a JSON block just before it, which the browser never runs.
 */
function loader(initial: InitialData, assets: Assets, views: string[]): string {
  if (!assets.js) return '';
  const modules = initial.page.modules.map((m) => [String(m.record.id), m.record.view]);
  const chunks = Object.fromEntries(views.map((v) => [v, assets.modules?.[v]?.preload ?? []]));
  const files = safeJson({ js: assets.js, chunks: assets.preload, modules, views: chunks, messages: initial.shell.messagesUrl });
  return `<script type="application/json">${files}</script><script>${LOADER_SCRIPT}</script>`;
}

/**
 * The document before `</body>` and from it: the page is complete before its answer starts, so
 * that its policy can hash its inline styles; the first part is kept by the page cache and
 * compressed once, each answer's own bits go after it. The first part comes as the strings it is
 * made of (the doctype, React's document up to `</body>`, the page's data and loader), which the
 * server encodes and searches one by one: joined, V8 would copy the whole ~100 KB document once
 * more before encoding or searching it (about a third of a render's cost beside React's own).
 * The site's stylesheet (about 22 KB) is one of those strings too: React renders its element
 * empty, and it is put back in its place. React's document is a rope of thousands of pieces, and
 * V8 copies it into one string before anything can be searched or encoded; with the stylesheet
 * in it, a list page's copy was over V8's 128 KB limit for an ordinary object (two bytes a
 * character once a price has a €), and such a string has memory of its own, mapped and unmapped
 * for each page: about 0.9 ms of a list page's 3 ms here, nearly as much as React's own work.
 */
export interface DocumentParts {
  prefix: string[];
  end: string;
  /** The modules whose view threw: left out of the document (renderer/module-failure.tsx), for the server to log and count. */
  failed?: ModuleFailure[];
  /** Which of `prefix` are the same string for every page of the same assets (the stylesheet): encoded and hashed once. */
  constant?: number[];
}

/** `preview`: the editor's preview, where a failed module shows staff a box. */
export function renderParts(initial: InitialData, siteAssets: Assets, timing?: { react: number }, options?: { preview?: boolean }): DocumentParts {
  const views = pageViews(initial.page.modules);
  const assets = pageAssets(siteAssets, views);
  const styles = withoutStyles(assets);
  const started = performance.now();
  const root = <Root initial={initial} assets={styles?.assets ?? assets} registry={registry} />;
  const html = renderToString(options?.preview ? <PreviewContext value>{root}</PreviewContext> : root);
  // React's own part of the work (Server-Timing: the bench sets it beside the whole answer's time).
  if (timing) timing.react = performance.now() - started;
  const failed = failedModules(html, (id) => explainFailure(initial, assets, id), String(initial.page.page.id));
  const script = `${disabledStylesheets(assets)}${bootData(failed.length ? withoutFailed(initial, failed) : initial, assets)}${loader(initial, assets, views)}`;
  // Spliced, not String.replace: the page data may hold `$&` or `$'`, which replace() would expand.
  let at = html.lastIndexOf('</body>');
  if (at < 0) at = html.length;
  // The head comes before anything a page's content can write, so the first such element is React's.
  const hole = styles ? html.indexOf(EMPTY_STYLES) : -1;
  const parts: DocumentParts =
    hole < 0
      ? { prefix: [DOCTYPE, html.slice(0, at), script], end: html.slice(at) }
      : { prefix: [DOCTYPE, html.slice(0, hole), styles!.element, html.slice(hole + EMPTY_STYLES.length, at), script], end: html.slice(at), constant: [2] };
  if (failed.length) parts.failed = failed;
  return parts;
}

/** The page data with the failed modules' records and data left out: the browser leaves them out too. */
function withoutFailed(initial: InitialData, failed: ModuleFailure[]): InitialData {
  const ids = new Set(failed.map((f) => f.id));
  const modules = initial.page.modules.map((m) =>
    ids.has(String(m.record.id))
      ? { record: { id: m.record.id, view: m.record.view, position: m.record.position } as typeof m.record, data: null, failed: true as const }
      : m,
  );
  return { ...initial, page: { ...initial.page, modules } };
}

/**
 * What a failed module threw: it is rendered again alone, without its boundaries, so that the throw
 * reaches here (only for a failure this thread has not explained yet: see failedModules).
 */
function explainFailure(initial: InitialData, assets: Assets, id: string): string | undefined {
  const item = initial.page.modules.find((m) => String(m.record.id) === id);
  if (!item) return undefined;
  try {
    const alone = { ...initial, page: { ...initial.page, modules: [item] } };
    renderToString(
      <BareContext value>
        <Root initial={alone} assets={assets} registry={registry} />
      </BareContext>,
    );
    return undefined;
  } catch (e) {
    return e instanceof Error ? (e.stack ?? e.message) : String(e);
  }
}

/** What React writes for the stylesheet's element when it is rendered empty (`withoutStyles`). */
const EMPTY_STYLES = `<style id="${SITE_STYLES_ID}"> </style>`;

/**
 * A page's assets with its stylesheet left for the server to put in, and the stylesheet's element:
 * one of each per page's assets (the same string each time, which the server encodes once).
 */
const holed = new WeakMap<Assets, { assets: Assets; element: string }>();
function withoutStyles(assets: Assets): { assets: Assets; element: string } | undefined {
  if (!assets.styles) return undefined;
  let made = holed.get(assets);
  if (!made) holed.set(assets, (made = { assets: { ...assets, styles: ' ' }, element: `<style id="${SITE_STYLES_ID}">${assets.styles}</style>` }));
  return made;
}

const DOCTYPE = '<!DOCTYPE html>';

/** The whole document. */
export function renderHtml(initial: InitialData, assets: Assets, timing?: { react: number }, options?: { preview?: boolean }): string {
  const { prefix, end } = renderParts(initial, assets, timing, options);
  return prefix.join('') + end;
}
