/**
 * A new-build project's delivery as the CRM writes it (SPEC §3 projects: "Q3 2027"; also "T3 2027", "K3 2027",
 * "2027", "2027-06" or "2027-06-30"), read against the server's date: once the whole period is
 * over, the project is delivered (issue 39). A text it cannot read stays as it is, neither past nor
 * future.
 */

/** The last day of the period a delivery text names (UTC, as 'YYYY-MM-DD'), or null. */
export function deliveryEnd(text: string | null | undefined): string | null {
  if ((text ?? '').length > 40) return null;
  const s = (text ?? '').trim().replace(/\s+/g, ' ');
  if (!s) return null;
  const quarter = /^(?:Q|T|K)([1-4])[ /-]?(\d{4})$/i.exec(s) ?? /^(\d{4})[ /-]?(?:Q|T|K)([1-4])$/i.exec(s);
  if (quarter) {
    const [q, y] = /^\d{4}$/.test(quarter[1]) ? [Number(quarter[2]), Number(quarter[1])] : [Number(quarter[1]), Number(quarter[2])];
    return lastDay(y, q * 3);
  }
  const month = /^(\d{4})-(\d{2})(?:-(\d{2}))?$/.exec(s);
  if (month) {
    const [y, m] = [Number(month[1]), Number(month[2])];
    if (m < 1 || m > 12) return null;
    return month[3] ? `${month[1]}-${month[2]}-${month[3]}` : lastDay(y, m);
  }
  if (/^\d{4}$/.test(s)) return lastDay(Number(s), 12);
  return null;
}

const lastDay = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).toISOString().slice(0, 10);

/** Whether the delivery's period is over on `today` ('YYYY-MM-DD', the server's date). */
export function isDelivered(text: string | null | undefined, today: string): boolean {
  const end = deliveryEnd(text);
  return end !== null && end < today;
}

/** The server's date as 'YYYY-MM-DD' (UTC). */
export const todayOf = (now: Date = new Date()) => now.toISOString().slice(0, 10);
