/**
 * What the editor and the server say to each other about the media library (GET/POST/PATCH/DELETE
 * /api/admin/media…): an item, where it is used, an item in the trash, the limits.
 */

type Text = Record<string, string>;

/** A place an image is used, named as staff know it (the editor puts it in words). */
export type UsePlace =
  | { kind: 'page'; id: number; title: Text; modules: Array<{ view: string; title?: Text }> }
  | { kind: 'article'; id: string; title: Text; category?: string }
  | {
      kind: 'setting';
      doc: 'site' | 'header' | 'footer' | 'banner' | 'popup' | 'cookieConsent' | 'languages' | 'renovation' | 'valuation' | 'buyingCosts' | 'redirects';
    }
  | { kind: 'dictionary'; lang: string };

/** An image of the library. */
export interface MediaView {
  id: string;
  /** Its public address (`/media/library/…`), what a Media field or a text's image holds. */
  url: string;
  /** A name staff give it (first the uploaded file's name). */
  name: string;
  /** What it shows, per language: the alt text offered where it is inserted. */
  alt: Text;
  width: number;
  height: number;
  bytes: number;
  uploadedAt: string;
  by: string;
  usedIn: UsePlace[];
}

/** An image in the trash: gone for good at `purgeAt`. */
export interface TrashView {
  id: string;
  url: string;
  name: string;
  width: number;
  height: number;
  deletedAt: string;
  deletedBy: string;
  purgeAt: string;
}

/** What the library accepts (stated by the server). */
export interface MediaLimits {
  maxBytes: number;
  /** Longest side kept, in pixels. */
  maxSide: number;
  maxWidth: number;
  trashDays: number;
  types: string[];
}
