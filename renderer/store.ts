import { createStore, useStore } from 'zustand';
import type { ConsentState } from './consent/consent.ts';
import { BACK_TO_TOP_DEBOUNCE_MS, BACK_TO_TOP_OFFSET, BREAKPOINT_DESKTOP, BREAKPOINT_TABLET, HEADER_SCROLL_OFFSET } from '../shared/constants.ts';

export type Device = 'mobile' | 'tablet' | 'desktop';

/** Device class by viewport width (SPEC §4): mobile < 767, tablet 767–1279, desktop ≥ 1280. */
export function deviceOf(width: number): Device {
  if (width < BREAKPOINT_TABLET) return 'mobile';
  if (width < BREAKPOINT_DESKTOP) return 'tablet';
  return 'desktop';
}

export interface SettingsState {
  isMobile: boolean;
  isTablet: boolean;
  isDesktop: boolean;
  /** Past the header offset: logo shrinks, header may become fixed. */
  headerScrolled: boolean;
  /** Past the back-to-top offset (debounced). */
  showBackToTop: boolean;
  drawerOpen: boolean;
  setDrawer: (open: boolean) => void;
  /** The visitor's stored consent: undefined until read in the browser, null when not decided. */
  consent: ConsentState | null | undefined;
  consentOpen: boolean;
}

/**
 * Settings state shared by the chrome. The server renders with the initial values (no device, no
 * scroll), and the client starts listening after hydration, so both first renders agree.
 */
export const settings = createStore<SettingsState>((set) => ({
  isMobile: false,
  isTablet: false,
  isDesktop: true,
  headerScrolled: false,
  showBackToTop: false,
  drawerOpen: false,
  setDrawer: (open) => set({ drawerOpen: open }),
  consent: undefined,
  consentOpen: false,
}));

export function useSettings<T>(selector: (s: SettingsState) => T): T {
  return useStore(settings, selector);
}

let started = false;
/** Starts the one passive scroll listener and the resize listener (client only, once). */
export function startSettingsListeners(win: Window = window): void {
  if (started) return;
  started = true;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const onResize = () => {
    const d = deviceOf(win.innerWidth);
    const s = settings.getState();
    if (s.isMobile !== (d === 'mobile') || s.isTablet !== (d === 'tablet')) {
      settings.setState({ isMobile: d === 'mobile', isTablet: d === 'tablet', isDesktop: d === 'desktop' });
    }
    if (d === 'desktop' && s.drawerOpen) settings.setState({ drawerOpen: false });
  };
  const onScroll = () => {
    const y = win.scrollY;
    const scrolled = y > HEADER_SCROLL_OFFSET;
    if (settings.getState().headerScrolled !== scrolled) settings.setState({ headerScrolled: scrolled });
    clearTimeout(timer);
    timer = setTimeout(() => {
      const show = win.scrollY >= BACK_TO_TOP_OFFSET;
      if (settings.getState().showBackToTop !== show) settings.setState({ showBackToTop: show });
    }, BACK_TO_TOP_DEBOUNCE_MS);
  };
  win.addEventListener('scroll', onScroll, { passive: true });
  win.addEventListener('resize', onResize, { passive: true });
  onResize();
  onScroll();
}
