/**
 * A listing's photos and their public URLs. Pure: no React, no Node APIs (server, modules and the
 * browser use the same code).
 *
 * The CRM gives pictures as URLs (absolute on its picture CDN with a version query, or site-relative
 * in the sample). The browser never sees those: photo n of a listing is always served by the site at
 * `/media/listings/{id}/{n}.jpg` (`project-{id}` for projects) with `v`, a short hash of the source
 * URL, so that a new version on the CDN is a new URL for the browser, and `w`, the width.
 */
import type { ProjectRecord, PropertyRecord } from '../renderer/listing-types.ts';

export type ListingKind = 'property' | 'project';

/** Photo n (from 1) of a listing and the URL the CRM gives for it. */
export interface ListingPhoto {
  n: number;
  source: string;
  name?: string;
}

/** The site path of photo n: /media/listings/{id}/{n}.jpg, /media/listings/project-{id}/{n}.jpg. */
export const LISTING_PHOTO_PATH = /^\/media\/listings\/(project-)?(\d{1,9})\/(\d{1,2})\.jpg$/;

/** File names CRMs use for "there is no photo" images. */
const PLACEHOLDER_FILE =
  /^(no[-_ ]?(image|photo|picture|pic|foto|img)s?|placeholder|image[-_ ]?(not[-_ ]?)?(found|available|unavailable)|dummy|blank|default[-_ ]?(image|photo|picture))([-_.@][^/]*)?\.(png|jpe?g|gif|svg|webp)$/i;

/**
 * Whether a picture value stands for "no photo": empty, not a URL or path at all ("placeholder",
 * "-", "none"), or a CRM's stock no-photo image (…/no-image.png, …/placeholder.jpg).
 */
export function isPlaceholderPicture(value: string | null | undefined): boolean {
  const v = (value ?? '').trim();
  if (!v) return true;
  if (!v.includes('/')) return true;
  const path = v.split(/[?#]/)[0];
  const file = path.slice(path.lastIndexOf('/') + 1);
  return PLACEHOLDER_FILE.test(decodeURIComponentSafe(file));
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

type PictureFields = Pick<PropertyRecord, 'Pictures' | 'SmallPictureItem' | 'XLargePictureItem'>;
type ProjectPictureFields = Pick<ProjectRecord, 'Pictures' | 'SmallPicture'>;

/**
 * The photos of a listing, numbered from 1: properties show `Pictures` when there are any, else the
 * large (or the small) picture; projects show `Pictures`, else `SmallPicture`. Empty values and
 * placeholders are not photos. Pictures for which `gone` is true (known to be gone from the CDN)
 * are left out, the others keep their number.
 */
export function listingPhotos(kind: ListingKind, record: PictureFields | ProjectPictureFields, gone?: (source: string) => boolean): ListingPhoto[] {
  const pics: Array<{ Url?: string | null; Name?: string }> = (record.Pictures ?? []).filter((p) => p && !isPlaceholderPicture(p.Url));
  let list: Array<{ source: string; name?: string }>;
  if (pics.length) list = pics.map((p) => ({ source: p.Url!.trim(), name: p.Name?.trim() || undefined }));
  else if (kind === 'property') {
    const r = record as PictureFields;
    const one = [r.XLargePictureItem?.Url, r.SmallPictureItem?.Url].find((u) => !isPlaceholderPicture(u));
    list = one ? [{ source: one.trim(), name: r.SmallPictureItem?.Name?.trim() || undefined }] : [];
  } else {
    const small = (record as ProjectPictureFields).SmallPicture;
    list = small && !isPlaceholderPicture(small) ? [{ source: small.trim() }] : [];
  }
  return list.map((p, i) => ({ n: i + 1, ...p })).filter((p) => !gone?.(p.source));
}

/** The first of `listingPhotos` (a card's photo) without numbering all the others. */
export function firstListingPhoto(
  kind: ListingKind,
  record: PictureFields | ProjectPictureFields,
  gone?: (source: string) => boolean,
): ListingPhoto | undefined {
  const pics = record.Pictures ?? [];
  let n = 0;
  for (const p of pics) {
    if (!p || isPlaceholderPicture(p.Url)) continue;
    n++;
    const source = p.Url!.trim();
    if (!gone?.(source)) return { n, source, name: p.Name?.trim() || undefined };
  }
  return n ? undefined : listingPhotos(kind, record, gone)[0];
}

/** A short, stable hash of a picture's source URL (53 bits, base 36): the `v` of its public URL. */
export function photoVersion(source: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < source.length; i++) {
    const c = source.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

/** The site path of photo n of a listing (no query). */
export function listingPhotoPath(kind: ListingKind, id: number, n: number): string {
  return `/media/listings/${kind === 'project' ? 'project-' : ''}${id}/${n}.jpg`;
}

/** The public URL of a listing photo, at `width` (one of the image route's widths) or the original. */
export function listingPhotoUrl(kind: ListingKind, id: number, photo: Pick<ListingPhoto, 'n' | 'source'>, width?: number): string {
  // v is base 36 and w a number: nothing in either needs escaping.
  return `${listingPhotoPath(kind, id, photo.n)}?v=${photoVersion(photo.source)}${width !== undefined ? `&w=${Math.trunc(width)}` : ''}`;
}

/** A `srcset` of a listing photo at these widths. */
export function listingPhotoSrcSet(kind: ListingKind, id: number, photo: Pick<ListingPhoto, 'n' | 'source'>, widths: readonly number[]): string {
  return widths.map((w) => `${listingPhotoUrl(kind, id, photo, w)} ${w}w`).join(', ');
}
