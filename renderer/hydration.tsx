/**
 * Hydration in parts (issue 19: less script on a page's first load). Each module is rendered
 * inside a Suspense boundary of its own, on the server as in the browser, so React hydrates each
 * apart, in its own short tasks, instead of the whole page in one commit.
 *
 * The browser's boot holds the modules that are not near the screen: React keeps their server
 * HTML as it is (readable; its links and forms work as plain HTML) and does not load their view's
 * chunk yet. A held module hydrates once it comes within a screen of the visible part, once the
 * visitor touches or focuses it, or, one after the other, once the browser is idle after the load.
 * A property page's five request forms, 7,000 px down on a phone, no longer take part in its load.
 *
 * The document gets HYDRATED_ATTRIBUTE when the page's chrome and all its modules answer.
 */
import { Suspense, use, useContext, useEffect, type ReactNode } from 'react';
import { BareContext, ModuleErrorBoundary, ModuleFailed } from './module-failure.tsx';

/** Events inside a held module that make it hydrate at once. */
const TRIGGERS = ['pointerdown', 'focusin', 'keydown'] as const;

interface Hold {
  /** Suspends the module until it may hydrate; never settles when its view could not be loaded. */
  ready: Promise<void>;
  /** Settles when `ready` does or its view could not be loaded. */
  settled: Promise<void>;
  start: () => void;
}

const holds = new Map<string, Hold>();
/** The modules the page was served with that have not hydrated yet (held or not). */
const unhydrated = new Set<string>();
let rootDone = false;
let markDocument: (() => void) | undefined;

function maybeDone(): void {
  if (rootDone && unhydrated.size === 0) markDocument?.();
}

/** How far beyond the visible part a module hydrates at once, and when a held one starts: one screen. */
const NEAR_MARGIN = '100% 0px';

/**
 * A module is far when its section starts more than two screens below the top of the window
 * (more than a screen below the visible part) or ends more than a screen above it. The page's
 * loader (renderer/entry-server.tsx) preloads only the chunks of the modules that are not.
 */
export const FAR_BELOW_SCREENS = 2;
export const FAR_ABOVE_SCREENS = 1;

/** A module's section when it is far from the visible part (the page is painted, its layout known). */
function farSection(id: string): Element | null {
  const section = document.querySelector(`section[data-module-id="${CSS.escape(id)}"]`);
  if (!section) return null;
  const box = section.getBoundingClientRect();
  const screen = window.innerHeight;
  return box.top > FAR_BELOW_SCREENS * screen || box.bottom < -FAR_ABOVE_SCREENS * screen ? section : null;
}

/**
 * Boot, before hydrating: `ids` are the page's modules; those far from the visible part are held,
 * and `prepare` loads a held module's view when it may hydrate. `mark` marks the document once the
 * modules and the chrome have hydrated. Returns the ids held.
 */
export function planHydration(ids: string[], prepare: (id: string) => Promise<void>, mark: () => void): Set<string> {
  markDocument = mark;
  for (const id of ids) {
    unhydrated.add(id);
    const section = farSection(id);
    if (!section) continue;
    let start!: () => void;
    const started = new Promise<void>((resolve) => (start = resolve));
    const loaded = started.then(() => prepare(id));
    const ready = loaded.then(
      () => undefined,
      // Without its view the module stays as the server wrote it.
      () => new Promise<void>(() => undefined),
    );
    const settled = loaded.then(
      () => undefined,
      () => undefined,
    );
    const near = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), { rootMargin: NEAR_MARGIN });
    const go = () => {
      near.disconnect();
      for (const t of TRIGGERS) section.removeEventListener(t, go, true);
      start();
    };
    near.observe(section);
    for (const t of TRIGGERS) section.addEventListener(t, go, { capture: true, passive: true });
    holds.set(id, { ready, settled, start: go });
  }
  return new Set(holds.keys());
}

/** The chrome (the root) has hydrated: held modules follow one by one while the browser is idle. */
export function rootHydrated(): void {
  if (rootDone) return;
  rootDone = true;
  maybeDone();
  const queue = [...holds.values()];
  const idle = (f: () => void) => (typeof requestIdleCallback === 'function' ? requestIdleCallback(f, { timeout: 2000 }) : setTimeout(f, 50));
  const next = () => {
    const h = queue.shift();
    if (h) idle(() => (h.start(), void h.settled.then(() => idle(next))));
  };
  next();
}

/** Before the page changes (a client-side navigation): every held module hydrates now. */
export function releaseHydration(): Promise<void> {
  const all = [...holds.values()];
  for (const h of all) h.start();
  return Promise.all(all.map((h) => h.settled)).then(() => undefined);
}

/** A module has hydrated, or failed and is left out: the document is marked once all have. */
function settle(id: string): void {
  holds.delete(id);
  if (unhydrated.delete(id)) maybeDone();
}

/**
 * What a module that is not held waits for: nothing. Marked settled as React marks the promises it
 * has read, so that `use` returns at once instead of suspending for a turn.
 */
const NOT_HELD: Promise<void> = Object.assign(Promise.resolve(), { status: 'fulfilled', value: undefined });

function Held({ id, children }: { id: string; children: ReactNode }) {
  // Always `use`, and the same promise until the module has hydrated: the hold used to be dropped
  // as soon as it was ready, so the render that finished a held module called no `use` after the
  // one that suspended on it, which React reports in development ("called use() to suspend in a
  // previous render but did not call use() when it finished"). Dropped once the module has hydrated.
  use(holds.get(id)?.ready ?? NOT_HELD);
  useEffect(() => settle(id), [id]);
  return children;
}

/**
 * A module's own Suspense boundary; it waits while held (never on the server, nor after the first
 * page). A view that throws is left out: on the server the boundary writes `ModuleFailed` instead,
 * in the browser the module's error boundary shows nothing (renderer/module-failure.tsx).
 */
export function HydrationBoundary({ id, view, children }: { id: string; view: string; children: ReactNode }) {
  if (useContext(BareContext)) return children;
  return (
    <Suspense fallback={<ModuleFailed id={id} view={view} />}>
      <ModuleErrorBoundary id={id} view={view} failed={() => settle(id)}>
        <Held id={id}>{children}</Held>
      </ModuleErrorBoundary>
    </Suspense>
  );
}
