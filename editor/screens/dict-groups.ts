/**
 * Where the texts of the site's dictionaries show, for the dictionary screen (issue 38, point 6):
 * a key goes to the group of its longest known prefix (`owner.mail.reset.text` → Mails, before
 * `owner` → Owner portal); a key no prefix here knows goes to "Other". Each group is named in the
 * editor's catalogue (`dict.group.{group}`). Pure.
 */
export const DICT_GROUPS = ['header', 'footer', 'pages', 'search', 'property', 'forms', 'mails', 'owner', 'cookies', 'tools', 'errors', 'other'] as const;
export type DictGroup = (typeof DICT_GROUPS)[number];

const PREFIXES: Record<string, DictGroup> = {
  nav: 'header',
  banner: 'header',
  backToTop: 'header',
  lang: 'header',
  popup: 'header',
  footer: 'footer',
  home: 'pages',
  article: 'pages',
  blog: 'pages',
  team: 'pages',
  list: 'pages',
  testimonials: 'pages',
  path: 'pages',
  search: 'search',
  listing: 'search',
  sort: 'search',
  card: 'search',
  goal: 'search',
  map: 'search',
  type: 'search',
  availability: 'search',
  marquee: 'search',
  price: 'search',
  region: 'search',
  detail: 'property',
  property: 'property',
  project: 'property',
  field: 'property',
  group: 'property',
  value: 'property',
  facades: 'property',
  unit: 'property',
  documents: 'property',
  form: 'forms',
  appointment: 'forms',
  testimonial: 'forms',
  mail: 'mails',
  alert: 'mails',
  'owner.mail': 'mails',
  'testimonial.review': 'mails',
  'testimonial.reviewLink': 'mails',
  owner: 'owner',
  consent: 'cookies',
  tool: 'tools',
  calc: 'tools',
  valuation: 'tools',
  notFound: 'errors',
  'property.notFound': 'errors',
};

/** The group of a dictionary key. */
export function groupOf(key: string): DictGroup {
  const parts = key.split('.');
  for (let n = parts.length; n > 0; n--) {
    const g = PREFIXES[parts.slice(0, n).join('.')];
    if (g) return g;
  }
  return 'other';
}

/** A text made comparable for searching: lower case, without accents, spaces squeezed. */
export function searchable(s: string): string {
  return s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .join(' ');
}
