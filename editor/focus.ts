/**
 * Brings a field into view and focuses it, given the RJSF id prefix of its form and its path. A
 * path deeper than what is drawn (a closed group, a not-yet-added object) falls back to the
 * nearest drawn ancestor; closed <details> on the way are opened.
 */
export function focusField(idPrefix: string, path: Array<string | number>, attempts = 10): void {
  const tryOnce = () => {
    for (let n = path.length; n >= 0; n--) {
      const id = [idPrefix, ...path.slice(0, n)].join('_');
      const el = document.getElementById(id);
      if (!el) continue;
      for (let p = el.parentElement; p; p = p.parentElement) if (p instanceof HTMLDetailsElement) p.open = true;
      const target = el.matches('input, select, textarea, button, [tabindex]') ? el : (el.querySelector<HTMLElement>('input, select, textarea') ?? el);
      target.scrollIntoView({ block: 'center' });
      target.focus({ preventScroll: true });
      return true;
    }
    return false;
  };
  // The form may still be opening: retry over a few frames.
  const loop = (left: number) => {
    if (tryOnce() || left <= 0) return;
    requestAnimationFrame(() => loop(left - 1));
  };
  requestAnimationFrame(() => loop(attempts));
}
