/**
 * Scheduled changes (issue 38, point 4): their bounds, named once, and the agency's wall clock
 * (Brussels) turned into instants and back, for the server and the editor alike.
 *
 * A time staff pick is a Brussels date and time (`2026-12-24T09:00`). On the night the clocks go
 * forward (last Sunday of March, 02:00 → 03:00) the times from 02:00 to 02:59 do not exist: they
 * are refused with a sentence. On the night they go back (last Sunday of October, 03:00 → 02:00)
 * the times from 02:00 to 02:59 happen twice: the first of the two (still summer time) is taken,
 * and said so. An ISO instant with its offset (`2026-10-25T02:30:00+01:00`) names either exactly.
 */
import { AGENCY_TIME_ZONE } from './constants.ts';

/** How often each node looks for due changes: a change happens at most this long after its time (plus the second the other nodes take to hear of it). */
export const SCHEDULE_TICK_MS = 15_000;
/** A change is scheduled at least this far ahead… */
export const SCHEDULE_MIN_AHEAD_MS = 60_000;
/** …and at most this far (two years). */
export const SCHEDULE_MAX_AHEAD_DAYS = 731;
/** Waiting changes in all, and per document. */
export const SCHEDULE_MAX_WAITING = 500;
export const SCHEDULE_MAX_WAITING_PER_DOC = 20;
/** Finished changes (done, failed, cancelled) kept to be listed, newest first; older ones are forgotten. */
export const SCHEDULE_FINISHED_KEPT = 200;
/** Finished changes the list shows. */
export const SCHEDULE_FINISHED_LISTED = 50;

export type ScheduleAction = 'publish' | 'unpublish';
export const SCHEDULE_ACTIONS: readonly ScheduleAction[] = ['publish', 'unpublish'];

/** The documents that can be scheduled: pages, articles, the popup and the home banner. */
export const schedulable = (key: string) => key.startsWith('page:') || key.startsWith('article:') || key === 'popup' || key === 'banner';

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: AGENCY_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/** The Brussels date and time of an instant, as `YYYY-MM-DDTHH:MM`. */
export function brusselsLocal(ms: number): string {
  const p = Object.fromEntries(parts.formatToParts(ms).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`;
}

/** How far the agency's clock is ahead of UTC at an instant (ms). */
function offsetAt(ms: number): number {
  const [d, t] = brusselsLocal(ms).split('T');
  const [y, mo, day] = d.split('-').map(Number);
  const [h, mi] = t.split(':').map(Number);
  return Date.UTC(y, mo - 1, day, h, mi) - Math.floor(ms / 60_000) * 60_000;
}

export type WhenRead =
  | { ok: true; at: number; /** A Brussels time that happens twice (the clocks went back): the first was taken. */ twice?: boolean }
  | { ok: false; reason: 'format' | 'gap' };

/**
 * When `text` means: a Brussels date and time (`YYYY-MM-DDTHH:MM`) or an ISO instant with its
 * offset. `gap`: a Brussels time that does not exist (the clocks went forward over it).
 */
export function readWhen(text: string): WhenRead {
  if (INSTANT.test(text)) {
    const at = Date.parse(text);
    return Number.isFinite(at) ? { ok: true, at } : { ok: false, reason: 'format' };
  }
  const m = LOCAL.exec(text);
  if (!m) return { ok: false, reason: 'format' };
  const [y, mo, d, h, mi] = m.slice(1).map(Number);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // Not a real date or time (31 February, 24:00): the wall clock comes back as another one.
  if (new Date(wall).toISOString().slice(0, 16) !== text) return { ok: false, reason: 'format' };
  // The zone's offsets a day before and a day after (two on a night the clocks change): of the
  // instants they give, those the zone shows as this time, earliest first.
  const offsets = [...new Set([wall - 86_400_000, wall + 86_400_000].map(offsetAt))].sort((a, b) => b - a);
  const found = offsets.map((o) => wall - o).filter((at) => brusselsLocal(at) === text);
  if (!found.length) return { ok: false, reason: 'gap' };
  return { ok: true, at: found[0], ...(found.length > 1 ? { twice: true } : {}) };
}
