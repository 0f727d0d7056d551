import { useI18n } from '../i18n.tsx';
import { useSettings } from '../store.ts';
import { SCROLL_TO_TOP_MS } from '../../shared/constants.ts';
import { Icon } from './Icon.tsx';

const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

/** Scrolls the window to the top in SCROLL_TO_TOP_MS (instantly when the visitor prefers less motion). */
export function scrollToTop(): void {
  const start = window.scrollY;
  if (start === 0) return;
  if (window.matchMedia('(prefers-reduced-motion: reduce)').matches) {
    window.scrollTo(0, 0);
    return;
  }
  const t0 = performance.now();
  const step = (now: number) => {
    const p = Math.min(1, (now - t0) / SCROLL_TO_TOP_MS);
    window.scrollTo(0, Math.round(start * (1 - easeInOutCubic(p))));
    if (p < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

export function BackToTop() {
  const { t } = useI18n();
  const show = useSettings((s) => s.showBackToTop);
  return (
    <button
      type="button"
      className="back-to-top"
      data-visible={show || undefined}
      aria-hidden={!show || undefined}
      tabIndex={show ? 0 : -1}
      aria-label={t('backToTop')}
      onClick={() => {
        scrollToTop();
        document.getElementById('skip-link')?.focus({ preventScroll: true });
      }}
    >
      <Icon name="up" />
    </button>
  );
}
