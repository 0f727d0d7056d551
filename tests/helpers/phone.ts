// The editor on a phone (issue 38, point 10), for tests/e2e/editor-phone*.test.ts: the phone a
// staff member holds, whether a screen is wider than it (and what makes it so), and whether the
// screen's main action can be reached without scrolling sideways.
import { expect } from 'vitest';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';

/** A phone as staff hold it: 390 × 844 CSS pixels, touch. */
export const PHONE: BrowserContextOptions = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

export interface Width {
  scrollWidth: number;
  clientWidth: number;
  /** The element reaching furthest right, as a selector with its ancestors ("main > table.ed-table > tbody > tr"). */
  widest: string;
  right: number;
}

/** How wide the screen is drawn, and which element reaches furthest right (the deepest of those that do). */
export function measure(page: Page): Promise<Width> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const name = (el: Element) =>
      `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${[...el.classList]
        .slice(0, 2)
        .map((c) => `.${c}`)
        .join('')}`;
    const path = (el: Element) => {
      const parts: string[] = [];
      for (let a: Element | null = el; a && a !== document.body && parts.length < 5; a = a.parentElement) parts.unshift(name(a));
      return parts.join(' > ');
    };
    let widest: Element | null = null;
    let right = 0;
    for (const el of document.body.querySelectorAll('*')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 && r.height === 0) continue;
      // Inside a box that clips it (a preview's frame, a scrolling list), it does not widen the screen.
      let clipped = false;
      for (let a = el.parentElement; a && a !== document.body && !clipped; a = a.parentElement)
        clipped = getComputedStyle(a).overflowX !== 'visible' && a.getBoundingClientRect().right <= root.clientWidth + 0.5;
      if (clipped) continue;
      // The deepest of the furthest: a descendant reaching as far wins over its parent.
      if (r.right > right + 0.5 || (Math.abs(r.right - right) <= 0.5 && (widest as Element | null)?.contains(el))) {
        right = r.right;
        widest = el;
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth, widest: widest ? path(widest) : '', right: Math.round(right) };
  });
}

/** The screen is no wider than the phone: on failure, the element that reaches furthest right. */
export async function expectFits(page: Page, screen: string) {
  const w = await measure(page);
  expect(w.scrollWidth, `${screen} is ${w.scrollWidth} px wide on a ${w.clientWidth} px screen: ${w.widest} reaches ${w.right} px`).toBeLessThanOrEqual(
    w.clientWidth,
  );
}

/**
 * A screen's main action is there for a thumb: brought into view by scrolling up or down only, it
 * lies within the screen's width, is at least 44 px high, and nothing (the header, the save bar)
 * covers it.
 */
export async function expectReachable(action: Locator, what: string) {
  // Scrolled to as a thumb would: up or down until it is in the middle of the screen (a bar fixed to the screen stays).
  await action.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await action.boundingBox())!;
  const width = await action.page().evaluate(() => document.documentElement.clientWidth);
  expect(box.x, `${what}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${what}: right edge`).toBeLessThanOrEqual(width);
  expect(box.height, `${what}: height`).toBeGreaterThanOrEqual(44);
  const onTop = await action.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && (hit === el || el.contains(hit));
  });
  expect(onTop, `${what} is covered by something else`).toBe(true);
}
