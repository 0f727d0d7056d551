/**
 * From which viewport width the header's menu fits on one bar beside the logo and the language
 * switch (issue 14, point 8): the first of MENU_BAR_WIDTHS where the estimated width of its items
 * fits, or null when it fits at none of them (the menu then lives in the drawer at every width).
 * Pure: the server decides before any pixel is drawn; the browser corrects by measuring.
 */
import { MENU_BAR_ESTIMATE as E, MENU_BAR_WIDTHS } from './constants.ts';

export interface MenuLabel {
  label: string;
  external?: boolean;
}

/** The estimated width (px) of the bar's items. */
export function menuBarWidth(items: MenuLabel[]): number {
  let w = 0;
  for (const i of items) w += [...i.label].length * E.charPx + E.itemPx + (i.external ? E.externalPx : 0);
  return Math.ceil(w);
}

export function menuBarFrom(items: MenuLabel[], languages: number): number | null {
  const needed = menuBarWidth(items) + E.logoPx + E.gapsPx + E.paddingPx + E.searchPx + (languages > 1 ? languages * E.languagePx : 0);
  for (const width of MENU_BAR_WIDTHS) if (needed <= width) return width;
  return null;
}
