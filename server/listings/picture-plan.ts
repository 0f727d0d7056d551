/**
 * Which pictures of a listing set are made ahead, and at which widths: every width a page's first
 * view asks for, so that no visitor waits for a picture to be fetched, resized or drawn. That is,
 * for photo 1, its result card (CARD_WIDTHS), the first photo of its detail page (SLIDE_WIDTHS) and
 * its thumbnail (the owner portal, the gallery); for every other photo, its gallery thumbnail (the
 * strip under the first photo, which a phone's browser loads with the page: lazy images that
 * close are fetched at once). The larger widths of photos 2+ are asked for only when a visitor
 * turns to them.
 */
import { CARD_WIDTHS, IMAGE_WIDTH, LANGUAGES, SLIDE_WIDTHS } from '../../shared/constants.ts';
import { listingPhotos, type ListingKind } from '../../shared/listing-photos.ts';
import type { ListingSource, ProjectRecord, PropertyRecord } from '../../renderer/listing-types.ts';

/** Widths made ahead for photo 1 of each listing. */
export const FIRST_PHOTO_WIDTHS = [...new Set([IMAGE_WIDTH.thumb, ...CARD_WIDTHS, ...SLIDE_WIDTHS])].sort((a, b) => a - b);
/** Widths made ahead for the other photos. */
export const OTHER_PHOTO_WIDTHS = [IMAGE_WIDTH.thumb];

/** A picture to have ahead: the widths to make, and the listing it belongs to (what a drawn picture is drawn for). */
export interface PlannedPicture {
  widths: Set<number>;
  listing: { kind: ListingKind; webId?: number };
  drawn: boolean;
}

export interface PicturePlan {
  /** By source URL; a refused picture is in `refused`, not here. */
  wanted: Map<string, PlannedPicture>;
  /** Every source some listing shows (drawn, refused or not): what the cache keeps. */
  used: Set<string>;
  /** Refused sources, and the reasons (for one log line). */
  refused: Set<string>;
  reasons: Set<string>;
}

export interface PlanOptions {
  /** Whether the photo source draws this picture. */
  drawn: (source: string) => boolean;
  /** Draw the drawn pictures ahead too (else they are drawn on request). */
  drawAhead: boolean;
  /** Why a picture may not be fetched, or null. */
  refusal: (source: string) => string | null;
  /** Waits between steps, so that a large set does not hold the event loop; false: the walk was cancelled. */
  pause: () => Promise<boolean>;
}

/** The walk over a listing set waits for a quiet moment after this many listings. */
const YIELD_EVERY = 100;

/** The plan of a listing set, or undefined when the walk was cancelled. */
export async function planPictures(listings: ListingSource, o: PlanOptions): Promise<PicturePlan | undefined> {
  const plan: PicturePlan = { wanted: new Map(), used: new Set(), refused: new Set(), reasons: new Set() };
  const add = (kind: ListingKind, rec: PropertyRecord | ProjectRecord) => {
    const webId = kind === 'property' ? (rec as PropertyRecord).WebID : undefined;
    for (const p of listingPhotos(kind, rec)) {
      plan.used.add(p.source);
      const drawn = o.drawn(p.source);
      if (drawn && !o.drawAhead) continue;
      const refusal = drawn ? null : o.refusal(p.source);
      if (refusal) {
        plan.refused.add(p.source);
        plan.reasons.add(refusal);
        continue;
      }
      let planned = plan.wanted.get(p.source);
      if (!planned) plan.wanted.set(p.source, (planned = { widths: new Set(), listing: { kind, webId }, drawn }));
      for (const w of p.n === 1 ? FIRST_PHOTO_WIDTHS : OTHER_PHOTO_WIDTHS) planned.widths.add(w);
    }
  };
  const ids = [...listings.propertyIds().map((id) => ['property', id] as const), ...listings.projectIds().map((id) => ['project', id] as const)];
  for (let i = 0; i < ids.length; i++) {
    // 100,000 listings must not hold the event loop: a few milliseconds at a time, between visitors' requests.
    if (i % YIELD_EVERY === YIELD_EVERY - 1 && !(await o.pause())) return undefined;
    const [kind, id] = ids[i];
    const seen = new Set<unknown>();
    for (const lang of LANGUAGES) {
      const rec = kind === 'property' ? listings.property(id, lang) : listings.project(id, lang);
      if (rec && !seen.has(rec)) add(kind, (seen.add(rec), rec));
    }
  }
  return plan;
}
