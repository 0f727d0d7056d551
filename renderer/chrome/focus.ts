import { useEffect, type RefObject } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

/**
 * While `active`: focus moves into `ref`, Tab and Shift+Tab stay inside it, Escape calls
 * `onEscape`; afterwards focus returns to where it was. `lockScroll`: the page behind does not
 * scroll. `afterPaint`: focus moves once the element has been drawn, for one that opens by itself
 * while the page loads (the consent dialog): focusing at once made the browser lay out the whole
 * page in the same task as React's render, one long task; after the frame the layout is done.
 */
export function useFocusTrap(
  ref: RefObject<HTMLElement | null>,
  active: boolean,
  onEscape: () => void,
  { lockScroll = true, afterPaint = false }: { lockScroll?: boolean; afterPaint?: boolean } = {},
): void {
  useEffect(() => {
    if (!active) return;
    const previous = document.activeElement as HTMLElement | null;
    const items = () =>
      [...(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? [])].filter((el) => el.offsetParent !== null || el === document.activeElement);
    const focusFirst = () => (ref.current?.querySelector<HTMLElement>('[data-autofocus]') ?? items()[0])?.focus();
    let frame = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    if (afterPaint) frame = requestAnimationFrame(() => (timer = setTimeout(focusFirst)));
    else focusFirst();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.preventDefault();
        onEscape();
      }
      if (e.key === 'Tab') {
        const list = items();
        const first = list[0];
        const last = list[list.length - 1];
        if (!first) return;
        if (e.shiftKey && (document.activeElement === first || !ref.current?.contains(document.activeElement))) {
          e.preventDefault();
          last.focus();
        } else if (!e.shiftKey && (document.activeElement === last || !ref.current?.contains(document.activeElement))) {
          e.preventDefault();
          first.focus();
        }
      }
    };
    document.addEventListener('keydown', onKey);
    if (lockScroll) document.documentElement.classList.add('no-scroll');
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      document.removeEventListener('keydown', onKey);
      if (lockScroll) document.documentElement.classList.remove('no-scroll');
      previous?.focus?.();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- traps focus once per opening: a new onEscape each render must not move focus again
  }, [active]);
}
