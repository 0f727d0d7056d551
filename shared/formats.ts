/**
 * The string formats our schemas use (date, date-time, email, uri, web-link), each checked in linear time:
 * they replace ajv-formats' "full" definitions, whose e-mail and URI expressions backtrack
 * polynomially on hostile input. Pure: shared by the server's registry and the browser's
 * validators (compiled at build time, see vite.config.ts).
 */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2}):(\d{2})(?:\.\d{1,9})?(?:[zZ]|[+-](\d{2}):?(\d{2}))$/;
const DAYS = [0, 31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const LOCAL_PART = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]{1,64}$/;
const DOMAIN_LABEL = /^[A-Za-z0-9-]{1,63}$/;
const URI_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const URI_FORBIDDEN = /[\s<>"{}|\\^`\u0000-\u001f\u007f]/;

export function isDate(s: string): boolean {
  const m = DATE.exec(s);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const leap = y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return mo >= 1 && mo <= 12 && d >= 1 && d <= (mo === 2 && !leap ? 28 : DAYS[mo]);
}

export function isDateTime(s: string): boolean {
  if (s.length > 40) return false;
  const at = s.search(/[Tt ]/);
  if (at !== 10) return false;
  const m = TIME.exec(s.slice(11));
  return (
    !!m &&
    isDate(s.slice(0, 10)) &&
    Number(m[1]) <= 23 &&
    Number(m[2]) <= 59 &&
    Number(m[3]) <= 60 &&
    (m[4] === undefined || (Number(m[4]) <= 23 && Number(m[5]) <= 59))
  );
}

/** name@domain.tld: the characters RFC 5321 allows unquoted, dot-separated domain labels, at least two. */
export function isEmail(s: string): boolean {
  if (s.length > 254) return false;
  const at = s.lastIndexOf('@');
  if (at < 1 || s.indexOf('@') !== at) return false;
  const local = s.slice(0, at);
  const labels = s.slice(at + 1).split('.');
  return (
    LOCAL_PART.test(local) &&
    !local.startsWith('.') &&
    !local.endsWith('.') &&
    !local.includes('..') &&
    labels.length >= 2 &&
    labels.every((l) => DOMAIN_LABEL.test(l) && !l.startsWith('-') && !l.endsWith('-'))
  );
}

/** An absolute URI: a scheme, no spaces or characters URIs never hold, and the URL parser agrees. */
export function isUri(s: string): boolean {
  if (s.length > 2048 || !URI_SCHEME.test(s) || URI_FORBIDDEN.test(s)) return false;
  try {
    new URL(s);
    return true;
  } catch {
    return false;
  }
}

/**
 * A link the site may offer (issue 40, point 6: a CRM document link `data:text/html,<script>…` was
 * offered as a download): an absolute http or https address, or a path of this site (`/media/…`,
 * not `//host`). Any other scheme (data:, javascript:, file:, …) is not one. Empty means no link.
 */
export function isWebLink(s: string): boolean {
  if (s === '') return true;
  if (s.length > 2048 || URI_FORBIDDEN.test(s)) return false;
  if (s.startsWith('/')) return !s.startsWith('//');
  if (!/^https?:\/\//i.test(s)) return false;
  try {
    const u = new URL(s);
    return (u.protocol === 'http:' || u.protocol === 'https:') && u.hostname !== '';
  } catch {
    return false;
  }
}

/** The formats as AJV takes them (ajv.addFormat(name, definition)). */
export const LINEAR_FORMATS = {
  date: { type: 'string', validate: isDate },
  'date-time': { type: 'string', validate: isDateTime },
  email: { type: 'string', validate: isEmail },
  uri: { type: 'string', validate: isUri },
  'web-link': { type: 'string', validate: isWebLink },
} as const;
