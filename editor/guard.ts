/**
 * Nothing typed is lost by leaving (issue 14, point 2). Every screen with unsaved edits says so
 * here (`useUnsaved`); leaving it — a link or a button of the editor, the browser's Back and
 * Forward, logging out, closing or reloading the tab — asks first. The edits are also kept in this
 * browser (local-drafts.ts), so that whoever leaves anyway finds them offered back.
 */
import { useEffect } from 'react';
import { create } from 'zustand';
import { navigate as browserNavigate, useBrowserLocation } from 'wouter/use-browser-location';

interface GuardState {
  /** Who has unsaved edits (an id per screen part) and what it is, in words. */
  dirty: Record<string, string>;
  /** A move waiting for the staff member's answer. */
  asking: { proceed: () => void } | null;
}

export const useGuard = create<GuardState>(() => ({ dirty: {}, asking: null }));

export const hasUnsaved = () => Object.keys(useGuard.getState().dirty).length > 0;

/** Runs `go` at once, or once the staff member chose to leave their unsaved edits. */
export function leaveThen(go: () => void): void {
  if (!hasUnsaved()) go();
  else useGuard.setState({ asking: { proceed: go } });
}

/** The answer to the question: leave (the edits stay in this browser) or stay. */
export function answerLeave(leave: boolean): void {
  const asking = useGuard.getState().asking;
  useGuard.setState({ asking: null });
  if (leave && asking) {
    // What the screen had is not "unsaved" any more once the staff member chose to leave it.
    useGuard.setState({ dirty: {} });
    asking.proceed();
  }
}

/** Says, while `dirty`, that this part of a screen has unsaved edits (`label`: what, in words). */
export function useUnsaved(id: string, dirty: boolean, label: string): void {
  useEffect(() => {
    if (!dirty) return;
    useGuard.setState((s) => ({ dirty: { ...s.dirty, [id]: label } }));
    return () =>
      useGuard.setState((s) => {
        const { [id]: _gone, ...rest } = s.dirty;
        return { dirty: rest };
      });
  }, [id, dirty, label]);
}

/** wouter's browser location whose navigation asks first (the editor's <Router hook>). */
export function useGuardedLocation(): [string, (to: string, opts?: { replace?: boolean }) => void] {
  const [location] = useBrowserLocation();
  return [location, (to, opts) => leaveThen(() => browserNavigate(to, opts))];
}

if (typeof window !== 'undefined') {
  // Closing or reloading the tab: the browser's own question.
  window.addEventListener('beforeunload', (e) => {
    if (hasUnsaved()) e.preventDefault();
  });
  // Back and Forward: the address is put back at once, and changed only if the staff member chooses to leave.
  let here = location.pathname + location.search;
  for (const type of ['pushState', 'replaceState']) window.addEventListener(type, () => void (here = location.pathname + location.search));
  window.addEventListener(
    'popstate',
    (e) => {
      if (!hasUnsaved()) {
        here = location.pathname + location.search;
        return;
      }
      // Captured before the router hears of it: it keeps showing the screen with the edits.
      e.stopImmediatePropagation();
      const target = location.pathname + location.search;
      history.pushState(history.state, '', here);
      leaveThen(() => browserNavigate(target));
    },
    { capture: true },
  );
}
