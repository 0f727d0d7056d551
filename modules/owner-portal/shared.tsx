/** What the owner portal's screens share: the API's shapes, the fetch helper, the URL fragment, the alert box. */
import type { ReactNode } from 'react';

export type FieldErrors = Array<{ field: string; message: string }>;
export interface Summary {
  id: number;
  title: string;
  path?: string;
  picture?: string;
  city: string;
}
export interface Me {
  loggedIn: boolean;
  username: string;
  lang: string;
  properties: Summary[];
}
export interface Paged<T> {
  page: number;
  pages: number;
  total: number;
  items: T[];
}
/** A request about the property: its kind, date and status (never the visitor's own words). */
export interface Communication {
  date: string;
  type: string;
  status: string;
}
export interface Appointment {
  start: string;
  status: string;
}
export interface DayVisits {
  date: string;
  visits: number;
}
export interface ChartSeries {
  source: string;
  points: DayVisits[];
}
export interface Figures {
  property: Summary;
  counters: { today: number; week: number; month: number; total: number };
  chart: { days: string[]; series: ChartSeries[] };
  media: Array<{ source: string; url?: string }>;
  communications: Paged<Communication>;
  calendar: Paged<Appointment>;
  visits: Paged<DayVisits>;
}

export type Screen = { name: 'login'; notice?: string } | { name: 'forgot' } | { name: 'reset'; token: string } | { name: 'home'; me: Me; propertyId?: number };

export async function call<T>(
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<{ status: number; data: T & { error?: string; message?: string; errors?: FieldErrors } }> {
  const r = await fetch(url, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
    credentials: 'same-origin',
  });
  let data = {} as T & { error?: string };
  try {
    data = await r.json();
  } catch {
    /* not JSON: the caller shows a general error */
  }
  return { status: r.status, data };
}

export const hashParam = (name: string): string | undefined => {
  const m = new RegExp(`[#&]${name}=([^&]+)`).exec(window.location.hash);
  return m ? decodeURIComponent(m[1]) : undefined;
};
export const setHash = (hash: string) => window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${hash}`);

export function Alert({ title, children, tone = 'error' }: { title?: string; children: ReactNode; tone?: 'error' | 'ok' }) {
  return (
    <div className={`portal-alert portal-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title && <strong>{title}</strong>}
      <p>{children}</p>
    </div>
  );
}
