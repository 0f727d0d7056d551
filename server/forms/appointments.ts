/**
 * The agency's appointment calendar: slots come from the site configuration (days ahead, weekdays,
 * start times, in the agency's time zone); a slot is free until a confirmed booking holds it.
 */
import type { SiteInfo } from '../../schemas/types.gen.ts';

/** The calendar of site.json (schemas/site.json → appointments). */
export type AppointmentConfig = NonNullable<SiteInfo['appointments']>;

/** Offset (ms) of a time zone from UTC at an instant. */
function zoneOffset(tz: string, at: number): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(+parts.year, +parts.month - 1, +parts.day, +parts.hour, +parts.minute, +parts.second) - Math.floor(at / 1000) * 1000;
}

/** The instant of a local 'YYYY-MM-DDTHH:MM' in a time zone. */
export function slotInstant(slot: string, tz: string): number {
  const [d, t] = slot.split('T');
  const [y, m, day] = d.split('-').map(Number);
  const [h, mi] = t.split(':').map(Number);
  const guess = Date.UTC(y, m - 1, day, h, mi);
  const first = guess - zoneOffset(tz, guess);
  return guess - zoneOffset(tz, first); // second pass settles days when the clock changes
}

/** Every slot of the calendar from now on (booked or not), in order. */
export function calendarSlots(cfg: AppointmentConfig, now = Date.now()): string[] {
  const out: string[] = [];
  const earliest = now + cfg.minNoticeHours * 3_600_000;
  const today = new Date(now + zoneOffset(cfg.timeZone, now));
  for (let i = 0; i <= cfg.daysAhead; i++) {
    const day = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + i));
    const iso = ((day.getUTCDay() + 6) % 7) + 1;
    if (!cfg.weekdays.includes(iso)) continue;
    const date = day.toISOString().slice(0, 10);
    for (const time of [...cfg.times].sort()) {
      const slot = `${date}T${time}`;
      if (slotInstant(slot, cfg.timeZone) >= earliest) out.push(slot);
    }
  }
  return out;
}

/** The calendar's slots from now on that no confirmed booking holds (`held`: the repository's booked slots). */
export function freeSlots(cfg: AppointmentConfig, held: Set<string>, now = Date.now()): string[] {
  return calendarSlots(cfg, now).filter((s) => !held.has(s));
}
