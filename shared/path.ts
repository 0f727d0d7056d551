/**
 * Path building (SPEC §2): trim, strip accents and punctuation, lowercase, spaces become hyphens,
 * and paths end with a trailing slash.
 */
const LIGATURES: Record<string, string> = { œ: 'oe', æ: 'ae', ø: 'o', ß: 'ss', ł: 'l', đ: 'd' };

export function slugify(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[œæøßłđ]/g, (c) => LIGATURES[c])
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '') // accents
    .replace(/[’'`]/g, '') // apostrophes join words: l'achat → lachat
    .replace(/[^a-z0-9\s-]+/g, ' ') // other punctuation separates words
    .replace(/[\s-]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Joins segments into a site path with leading and trailing slash: ('nl','kopen') → /nl/kopen/. */
export function joinPath(...segments: Array<string | number | undefined | null>): string {
  const parts = segments
    .filter((s): s is string | number => s !== undefined && s !== null && `${s}` !== '')
    .flatMap((s) => `${s}`.split('/'))
    .filter(Boolean);
  return parts.length ? `/${parts.join('/')}/` : '/';
}

/** Splits a request path into clean segments; returns null when it cannot be decoded. */
export function splitPath(pathname: string): string[] | null {
  try {
    return pathname
      .split('/')
      .filter(Boolean)
      .map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}
