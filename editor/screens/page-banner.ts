/**
 * The page's banner fields (edited in a card of their own, apart from the page's settings): which
 * fields each kind of banner uses, the banner form's uiSchema, and the merging of the banner form's
 * and the settings form's changes into one page.
 */
import type { UiSchema } from '@rjsf/utils';
import type { PageDoc } from './page-doc.ts';

/** The page's banner fields, edited in a card of their own. */
export const BANNER_KEYS = [
  'showPageBanner',
  'bannerType',
  'bannerTitle',
  'bannerDescription',
  'bannerImage',
  'bannerImages',
  'bannerVideo',
  'bannerVideoPoster',
  'bannerVideoMobile',
  'bannerVideoMobilePoster',
  'bannerColor',
  'bannerTransparent',
];
/** Which banner fields each kind of banner uses (the others are not shown). */
const BANNER_FIELDS: Record<string, string[]> = {
  site: ['bannerTitle', 'bannerDescription', 'bannerTransparent'],
  image: ['bannerTitle', 'bannerDescription', 'bannerImage', 'bannerTransparent'],
  gallery: ['bannerTitle', 'bannerDescription', 'bannerImages', 'bannerTransparent'],
  video: ['bannerTitle', 'bannerDescription', 'bannerVideo', 'bannerVideoPoster', 'bannerVideoMobile', 'bannerVideoMobilePoster', 'bannerTransparent'],
  color: ['bannerTitle', 'bannerDescription', 'bannerColor', 'bannerTransparent'],
  properties: ['bannerTitle', 'bannerDescription', 'bannerTransparent'],
  none: [],
};

/** The entries of `o` whose key is among `keys`. */
export const pickKeys = (o: Record<string, unknown>, keys: string[]) => Object.fromEntries(Object.entries(o).filter(([k]) => keys.includes(k)));
/** The keys among `keys` that `before` had and `after` no longer has (a cleared banner field), set to undefined. */
export const dropped = (before: Record<string, unknown>, after: Record<string, unknown>, keys: string[]) =>
  Object.fromEntries(keys.filter((k) => k in before && !(k in after)).map((k) => [k, undefined]));

/** The banner's fields that its kind uses; the others stay out of the way. */
export function bannerUi(page: PageDoc): UiSchema {
  const type = page.bannerType ?? 'site';
  const shown = new Set(['showPageBanner', ...(page.showPageBanner ? ['bannerType', ...(BANNER_FIELDS[type] ?? BANNER_KEYS)] : [])]);
  const ui: UiSchema = { 'ui:order': BANNER_KEYS };
  for (const k of BANNER_KEYS) if (!shown.has(k)) ui[k] = { 'ui:field': 'HiddenField' };
  return ui;
}
