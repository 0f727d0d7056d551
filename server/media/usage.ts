/**
 * Where the library's images are used: every content document is searched for their addresses
 * (`/media/library/{id}.…`, in Media fields and in rich text alike) — the newest version of each,
 * drafts included, and the published one (a draft may have dropped an image visitors still see).
 * A place is named as staff know it: a page by its title (and the modules on it), an article by its
 * title, a setting by which one — the editor turns these into words in its language.
 */
import type { ContentStore } from '../content/content-store.ts';
import type { ConfigDocs } from '../config/config.ts';
import { SINGLE_DOCS } from '../content/content-store.ts';
import type { UsePlace } from '../../shared/media-library.ts';

type Text = Record<string, string>;
export type { UsePlace };

const LIBRARY_ID = /\/media\/library\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\./g;

/** The library ids a value mentions (in any string inside it). */
function idsIn(value: unknown): Set<string> {
  const ids = new Set<string>();
  if (value === undefined || value === null) return ids;
  for (const m of JSON.stringify(value).matchAll(LIBRARY_ID)) ids.add(m[1]);
  return ids;
}

const text = (v: unknown): Text => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Text) : typeof v === 'string' ? { en: v } : {});

/** The documents the editor shows (newest, drafts included) and those visitors see. */
export function contentVersions(store: ContentStore): ConfigDocs[] {
  return [store.workingDocs(), store.liveDocs()];
}

/** Every library id in use, with its places (each place once). */
export function usageIndex(versions: ConfigDocs[]): Map<string, UsePlace[]> {
  const found = new Map<string, Map<string, UsePlace>>();
  const note = (ids: Set<string>, key: string, place: () => UsePlace) => {
    for (const id of ids) {
      let places = found.get(id);
      if (!places) found.set(id, (places = new Map()));
      const known = places.get(key);
      const next = place();
      // A page seen in both versions lists the modules of both.
      if (known?.kind === 'page' && next.kind === 'page') {
        for (const m of next.modules)
          if (!known.modules.some((k) => k.view === m.view && JSON.stringify(k.title) === JSON.stringify(m.title))) known.modules.push(m);
      } else if (!known) places.set(key, next);
    }
  };
  for (const docs of versions) {
    for (const page of (docs.single.pages as Array<Record<string, unknown>> | undefined) ?? []) {
      const ids = idsIn(page);
      if (!ids.size) continue;
      const modules = Array.isArray(page.modules) ? (page.modules as Array<Record<string, unknown>>) : [];
      for (const id of ids) {
        const on = modules.filter((m) => idsIn(m).has(id)).map((m) => ({ view: String(m.view), ...(m.title ? { title: text(m.title) } : {}) }));
        note(new Set([id]), `page:${page.id}`, () => ({ kind: 'page', id: Number(page.id), title: text(page.title), modules: on }));
      }
    }
    for (const f of docs.articles) {
      for (const a of Array.isArray(f.data) ? (f.data as Array<Record<string, unknown>>) : []) {
        note(idsIn(a), `article:${a.id}`, () => ({ kind: 'article', id: String(a.id), title: text(a.title), category: a.category as string | undefined }));
      }
    }
    for (const doc of SINGLE_DOCS) note(idsIn(docs.single[doc]), doc, () => ({ kind: 'setting', doc }));
    for (const [lang, dict] of Object.entries(docs.dictionaries)) note(idsIn(dict), `dictionary:${lang}`, () => ({ kind: 'dictionary', lang }));
  }
  return new Map([...found].map(([id, places]) => [id, [...places.values()]]));
}

const SETTING_WORDS: Record<(typeof SINGLE_DOCS)[number], string> = {
  site: 'Site info',
  languages: 'Languages',
  header: 'Header',
  footer: 'Footer',
  banner: 'Banner',
  popup: 'Popup',
  cookieConsent: 'Cookie consent',
  renovation: 'Renovation calculator',
  valuation: 'Online valuation',
  buyingCosts: 'Buying-cost calculator',
  redirects: 'Redirects',
};

/** The English words for places (the `error` sentence of a refused delete). */
export function placesInWords(places: UsePlace[]): string {
  const en = (t: Text) => t.en || Object.values(t).find(Boolean) || '(untitled)';
  return places
    .map((p) =>
      p.kind === 'page'
        ? `page “${en(p.title)}”${p.modules.length ? ` (${p.modules.map((m) => (m.title && en(m.title) !== '(untitled)' ? `“${en(m.title)}”` : `${m.view} module`)).join(', ')})` : ''}`
        : p.kind === 'article'
          ? `article “${en(p.title)}”`
          : p.kind === 'setting'
            ? `site setting “${SETTING_WORDS[p.doc]}”`
            : `${p.lang} dictionary`,
    )
    .join('; ');
}
