/**
 * A failing module never takes its page with it (issue 41, point 1). Each module is rendered inside
 * a Suspense boundary of its own (renderer/hydration.tsx):
 *
 * - On the server, a view that throws makes React drop what the module had rendered and write the
 *   boundary's fallback instead, `ModuleFailed`: an empty marker on a public page (the visitor sees
 *   nothing of the module, title and all), a visible box in the editor's preview. The server finds
 *   the markers in the document (`failedModules`), and logs and counts each failure
 *   (server/site/module-failures.ts).
 * - In the browser, `ModuleErrorBoundary` catches a throw at hydration or after an update: the
 *   failed module shows nothing (its server HTML cannot be kept: React has already let it go to
 *   render the module anew), the rest of the page keeps working, and the failure is written once to
 *   the browser's console with the page, the module id and its type.
 */
import { Component, createContext, useContext, type ReactNode } from 'react';
import { useI18n } from './i18n.tsx';

/** The attribute of the marker that stands where a module failed to render on the server. */
export const FAILED_ATTRIBUTE = 'data-module-failed';

/** True while rendering the editor's preview: a failed module shows staff a box instead of nothing. */
export const PreviewContext = createContext(false);

/**
 * True while the server renders a failed module again, alone and without its boundaries, to learn
 * what it threw (React's string renderer keeps the errors its boundaries caught to itself).
 */
export const BareContext = createContext(false);

/** Where a module failed on the server: an empty marker, or the preview's box for staff. */
export function ModuleFailed({ id, view }: { id: string; view: string }) {
  const preview = useContext(PreviewContext);
  // In the browser the fallback only stands in while a module's view loads: nothing to show.
  if (typeof window !== 'undefined') return null;
  if (!preview) return <template {...{ [FAILED_ATTRIBUTE]: id, 'data-view': view }} />;
  return <FailedBox id={id} view={view} />;
}

function FailedBox({ id, view }: { id: string; view: string }) {
  const { t } = useI18n();
  return (
    <div role="note" className="notice module-failed" {...{ [FAILED_ATTRIBUTE]: id, 'data-view': view }}>
      {t('modules.failed', { view, id })}
    </div>
  );
}

/** A module the server could not render: its id, its type and, when this thread first met it, what it threw. */
export interface ModuleFailure {
  id: string;
  view: string;
  error?: string;
}

/** The most failures read from one document (a page has far fewer modules). */
export const MAX_FAILURES_PER_PAGE = 64;
/** The most failures (page and module) a thread remembers having explained; then it starts anew. */
export const MAX_EXPLAINED = 1000;
const explained = new Set<string>();

/**
 * The modules the server could not render, from the markers `ModuleFailed` wrote. `explain` finds
 * what one threw, once per page and module for this thread (the server logs each once anyway).
 */
export function failedModules(html: string, explain: (id: string) => string | undefined, page = ''): ModuleFailure[] {
  const found: ModuleFailure[] = [];
  const marker = `${FAILED_ATTRIBUTE}="`;
  for (let at = html.indexOf(marker); at >= 0 && found.length < MAX_FAILURES_PER_PAGE; at = html.indexOf(marker, at + marker.length)) {
    const start = at + marker.length;
    const id = html.slice(start, html.indexOf('"', start));
    const viewAt = html.indexOf('data-view="', start);
    const view = viewAt >= 0 && viewAt - start < 200 ? html.slice(viewAt + 11, html.indexOf('"', viewAt + 11)) : '';
    const failure: ModuleFailure = { id, view };
    const key = `${page} ${id}`;
    if (!explained.has(key)) {
      if (explained.size >= MAX_EXPLAINED) explained.clear();
      explained.add(key);
      failure.error = explain(id);
    }
    found.push(failure);
  }
  return found;
}

/**
 * A module's own error boundary in the browser. React asks a boundary of the server's renderer
 * nothing: there the Suspense boundary around it catches the throw.
 */
export class ModuleErrorBoundary extends Component<{ id: string; view: string; failed: () => void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError(): { failed: boolean } {
    return { failed: true };
  }

  override componentDidCatch(error: unknown): void {
    console.error(`module ${this.props.id} (${this.props.view}) failed in the browser on ${window.location.pathname}; left out`, error);
    this.props.failed();
  }

  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

/** Errors a module's own boundary caught: already written to the console by it, not again by React. */
export function caughtByModule(errorInfo: { errorBoundary?: unknown }): boolean {
  return errorInfo.errorBoundary instanceof ModuleErrorBoundary;
}
