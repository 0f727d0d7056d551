// What counts as "English left on a French or Dutch editor screen" (issue 38, point 6), for
// tests/unit/editor-words.test.ts and tests/e2e/editor-words-{fr,nl}.test.ts: every English text the
// editor can show — its catalogues (en.ts, words/en.ts), the field and choice names of fields.ts, the module
// types' names and hints, the schemas' own titles and descriptions, the words a field's key would
// be shown as if nobody named it ("Tile url"), and the form library's (RJSF) own — unless the same text is also one of the
// target language's own, or is made only of the words that are the same in every language below.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TYPE, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import en from '../../editor/i18n/en.ts';
import fr from '../../editor/i18n/fr.ts';
import nl from '../../editor/i18n/nl.ts';
import wordsEn from '../../editor/i18n/words/en.ts';
import wordsFr from '../../editor/i18n/words/fr.ts';
import wordsNl from '../../editor/i18n/words/nl.ts';
import { ENUM_LABELS, FIELD_HELP, FIELD_LABELS } from '../../editor/i18n/fields.ts';
import { humanize } from '../../editor/schema.ts';
import { registry } from '../../modules/index.ts';
import { TranslatableString } from '@rjsf/utils';

export type Target = 'nl' | 'fr';
const root = join(import.meta.dirname, '../..');

/**
 * Words that are the same in English, French and Dutch (or that are names): a text made only of
 * these (and figures, signs, placeholders) is never English left behind. Keep it short: a word
 * belongs here only if staff would write it so in all three languages.
 */
export const SAME_WORDS = new Set(
  [
    // Brands, products and their codes
    'Vitrine',
    'Atrium',
    'Immo',
    'SRL',
    'Google',
    'Analytics',
    'Ads',
    'Tag',
    'Manager',
    'Meta',
    'Facebook',
    'Instagram',
    'LinkedIn',
    'YouTube',
    'X',
    'Twitter',
    'OpenStreetMap',
    'JSON-LD',
    'HTML',
    'CSS',
    'PDF',
    'DOCX',
    'Word',
    'CV',
    'CRM',
    'IPI',
    'BIV',
    'EPC',
    'PEB',
    'EPB',
    'JPEG',
    'PNG',
    'WebP',
    'kWp',
    'kWh',
    'm²',
    'm',
    'km',
    'KB',
    'MB',
    'H1',
    'H2',
    'H3',
    'H4',
    'H5',
    'H6',
    'A++',
    'A+',
    'A',
    'B',
    'C',
    'D',
    'E',
    'F',
    'G',
    // Language names in their own language (the language switch)
    'Nederlands',
    'Français',
    'English',
    'Deutsch',
    'NL',
    'FR',
    'EN',
    'DE',
    'nl',
    'fr',
    'en',
    'de',
    // Words spelt the same in the three languages
    'E-mail',
    'Contact',
    'Blog',
    'Logo',
    'Favicon',
    'Menu',
    'Media',
    'Team',
    'Type',
    'Status',
    'Code',
    'Version',
    'Design',
    'Credits',
    'Budget',
    'Marketing',
    'Cookies',
    'Studio',
    'Garages',
    'Module',
    'Modules',
    'Banner',
    'Link',
    'Tablet',
    'Postcode',
    'Website',
    'Mailing',
    'Editor',
    'Record',
    'Pages',
    'Page',
    'Articles',
    'Article',
    'Image',
    'Date',
    'Actions',
    'Documents',
    'Message',
    'Conditions',
    'Condition',
    'Position',
    'Video',
    'Intro',
    'Euro',
    'Sessions',
    'Online',
    'Info',
    'Expertise',
    'Services',
    'Service',
    'Label',
    'Nr',
    'minutes',
    'Introduction',
    'Source',
    'Obligation',
    'Excellent',
    'Photo',
    'Server',
    'Mails',
    'per',
    // The same in English and one of the others: French Description, Document; Dutch Details, Project; pixels in both.
    'Description',
    'Document',
    'Details',
    'Project',
    'pixels',
  ].map((w) => w.toLowerCase()),
);

/** Is this text made only of words that are the same in every language (and figures, signs, placeholders)? */
export function sameInEveryLanguage(text: string): boolean {
  const words = text
    .replace(/\{[^{}]*\}/g, ' ')
    .split(/[\s.,;:!?()[\]«»“”"‘’'/|·–—…+=*#%&@<>→←↑↓▸▾×✓]+/)
    .filter((w) => /\p{L}/u.test(w));
  return words.every((w) => SAME_WORDS.has(w.toLowerCase()) || SAME_WORDS.has(w.toLowerCase().replace(/’s$/, '')));
}

type L3 = Partial<Record<'en' | 'fr' | 'nl', unknown>>;
const isL3 = (v: unknown): v is L3 => !!v && typeof v === 'object' && !Array.isArray(v) && 'en' in v && ('fr' in v || 'nl' in v);

/** Every `{ en, fr, nl }` text a module type carries: its name, description and uiSchema's titles and help. */
function moduleTexts(): L3[] {
  const out: L3[] = [];
  const walk = (v: unknown) => {
    if (isL3(v)) out.push(v);
    else if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') Object.values(v).forEach(walk);
  };
  for (const d of registry.all()) walk({ meta: d.meta, ui: d.uiSchema });
  return out;
}

/** The schemas' own words: titles, descriptions, and every property key as the editor would show it unnamed. */
function schemaWords(): string[] {
  const out: string[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) return v.forEach(walk);
    if (!v || typeof v !== 'object') return;
    for (const [k, x] of Object.entries(v)) {
      if ((k === 'title' || k === 'description') && typeof x === 'string') out.push(x);
      if (k === 'properties' && x && typeof x === 'object') for (const key of Object.keys(x)) out.push(humanize(key));
      if (k !== 'enum' && k !== 'const' && k !== 'examples' && k !== 'default') walk(x);
    }
  };
  const files = [
    ...readdirSync(join(root, 'schemas'))
      .filter((f) => f.endsWith('.json'))
      .map((f) => join(root, 'schemas', f)),
    ...readdirSync(join(root, 'modules'))
      .map((d) => join(root, 'modules', d, 'schema.json'))
      .filter((f) => {
        try {
          readFileSync(f);
          return true;
        } catch {
          return false;
        }
      }),
  ];
  for (const f of files) walk(JSON.parse(readFileSync(f, 'utf8')));
  return out;
}

/** A message as a pattern of what it can show: placeholders stand for anything, a plural for any of its forms. */
function messagePattern(message: string): RegExp | null {
  let els: MessageFormatElement[];
  try {
    els = parse(message, { ignoreTag: true });
  } catch {
    return null;
  }
  const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\s+/g, '\\s+');
  const walk = (list: MessageFormatElement[]): string =>
    list
      .map((el) => {
        if (el.type === TYPE.literal) return esc(el.value);
        if (el.type === TYPE.pound) return '[\\d\\s.,\u00a0\u202f]+';
        if (el.type === TYPE.plural || el.type === TYPE.select)
          return `(?:${Object.values(el.options)
            .map((o) => walk(o.value))
            .join('|')})`;
        if (el.type === TYPE.tag) return walk(el.children);
        return '.+?';
      })
      .join('');
  return new RegExp(`^\\s*${walk(els)}\\s*$`, 's');
}

const hasArgs = (m: string) => /[{}]/.test(m);
const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

export interface EnglishWords {
  /** English texts shown as they are. */
  texts: Set<string>;
  /** English messages with placeholders, as patterns, with the message they come from. */
  patterns: Array<{ re: RegExp; message: string }>;
  /** Is `s` English left on a screen of the target language? Returns the English text it is, or null. */
  english: (s: string) => string | null;
}

/** The English words of the editor that must not show on a screen in `target`. */
export function englishWords(target: Target): EnglishWords {
  const catalogue = { ...(target === 'fr' ? fr : nl), ...(target === 'fr' ? wordsFr : wordsNl) };
  const own = new Set<string>();
  const ownPatterns: RegExp[] = [];
  const addOwn = (s: unknown) => {
    if (typeof s !== 'string' || !s.trim()) return;
    // A message that is only placeholders ("{field} ({setting})") would match anything, and one with a
    // single word between them nearly anything (Dutch "{a} of {b}" is "3 of 668 keys shown"): it proves nothing.
    if (hasArgs(s) && (s.replace(/\{[^{}]*\}/g, ' ').match(/\p{L}{2,}/gu) ?? []).length >= 2) {
      const re = messagePattern(s);
      if (re) ownPatterns.push(re);
    }
    own.add(norm(s));
  };
  Object.values(catalogue).forEach(addOwn);
  for (const l of Object.values(FIELD_LABELS)) addOwn(l[target]);
  for (const l of Object.values(FIELD_HELP)) addOwn(l[target]);
  for (const values of Object.values(ENUM_LABELS)) for (const l of Object.values(values)) addOwn(l[target]);
  const modules = moduleTexts();
  for (const t of modules) addOwn(t[target]);

  const english = new Set<string>();
  const patterns: EnglishWords['patterns'] = [];
  const addEnglish = (s: unknown) => {
    if (typeof s !== 'string' || !norm(s)) return;
    const text = norm(s);
    if (own.has(text) || sameInEveryLanguage(text)) return;
    if (hasArgs(text)) {
      // One word between placeholders ("{n} of {total}") is in Dutch sentences too ("Elsene of Etterbeek"): it proves nothing.
      const re = (text.replace(/\{[^{}]*\}/g, ' ').match(/\p{L}{2,}/gu) ?? []).length >= 2 ? messagePattern(text) : null;
      if (re) patterns.push({ re, message: text });
      return;
    }
    english.add(text);
  };
  Object.values(en).forEach(addEnglish);
  Object.values(wordsEn).forEach(addEnglish);
  for (const l of Object.values(FIELD_LABELS)) addEnglish(l.en);
  for (const l of Object.values(FIELD_HELP)) addEnglish(l.en);
  for (const values of Object.values(ENUM_LABELS)) for (const l of Object.values(values)) addEnglish(l.en);
  for (const t of modules) addEnglish(t.en);
  for (const w of schemaWords()) if (!hasArgs(w)) addEnglish(w);
  // The form library's own words, should a form draw one the editor does not translate.
  for (const w of Object.values(TranslatableString)) if (!w.includes('%')) addEnglish(w);

  return {
    texts: english,
    patterns,
    english(s: string) {
      const whole = norm(s);
      // A label as a form draws it: with the required mark, a list member's number, a language ("Weekdays 2*", "Title (fr)").
      const bare = whole
        .replace(/\s*\*$/, '')
        .replace(/\s+\d+$/, '')
        .replace(/\s+\((nl|fr|en|de)\)$/, '');
      for (const text of new Set([whole, bare])) {
        if (!text || own.has(text) || sameInEveryLanguage(text)) continue;
        if (english.has(text)) return text;
        if (ownPatterns.some((re) => re.test(text))) continue;
        const found = patterns.find((p) => p.re.test(text))?.message;
        if (found) return found;
      }
      return null;
    },
  };
}
