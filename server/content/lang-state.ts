/**
 * Each language of a page or an article (issue 38, point 2): written (shown in it), missing (not
 * written: not listed in that language), or older (written, but the default language's texts
 * changed after this language's last change: its translation may be behind). Read from the
 * document's versions, oldest first.
 */
import { LANGUAGES, type Lang } from '../../shared/constants.ts';
import type { ContentStore, Revision } from './content-store.ts';
import type { DocKey } from './doc-key.ts';
import { writtenIn } from './doc-checks.ts';

export type LangState = 'written' | 'missing' | 'older';

const LANG_KEYS = new Set<string>([...LANGUAGES, ...LANGUAGES.map((l) => l.toUpperCase())]);
const fingerprints = new WeakMap<object, Partial<Record<Lang, string>>>();

/** Every text of a language in a version, joined with where it is (a change of any of them changes it). */
function fingerprint(data: unknown): Partial<Record<Lang, string>> {
  if (!data || typeof data !== 'object') return {};
  const known = fingerprints.get(data);
  if (known) return known;
  const parts: Partial<Record<Lang, string[]>> = {};
  const walk = (v: unknown, at: string, depth: number) => {
    if (!v || typeof v !== 'object' || depth > 30) return;
    const entries = Object.entries(v as Record<string, unknown>);
    if (!Array.isArray(v) && entries.length && entries.every(([k, x]) => LANG_KEYS.has(k) && typeof x === 'string')) {
      for (const [k, x] of entries) (parts[k.toLowerCase() as Lang] ??= []).push(`${at}=${x as string}`);
      return;
    }
    for (const [k, x] of entries) walk(x, `${at}/${k}`, depth + 1);
  };
  walk(data, '', 0);
  const out = Object.fromEntries(Object.entries(parts).map(([l, list]) => [l, list!.join('\u0000')])) as Partial<Record<Lang, string>>;
  fingerprints.set(data, out);
  return out;
}

export function langStates(store: ContentStore, key: DocKey, langs: Lang[], defaultLang: Lang): Partial<Record<Lang, LangState>> {
  if (!key.startsWith('page:') && !key.startsWith('article:')) return {};
  const versions: unknown[] = [];
  const file = store.fileVersion(key);
  if (file !== undefined) versions.push(file);
  for (const r of store.revisionsOf(key) as Revision[]) if (r.data !== null) versions.push(r.data);
  const current = versions.at(-1);
  if (current === undefined) return {};
  const lastChange: Partial<Record<Lang, number>> = {};
  let prev: Partial<Record<Lang, string>> = {};
  versions.forEach((v, i) => {
    const fp = fingerprint(v);
    for (const l of langs) if (i === 0 || fp[l] !== prev[l]) lastChange[l] = i;
    prev = fp;
  });
  const out: Partial<Record<Lang, LangState>> = {};
  for (const l of langs) {
    if (!writtenIn(key, current, l)) out[l] = 'missing';
    else if (l !== defaultLang && (lastChange[defaultLang] ?? 0) > (lastChange[l] ?? 0)) out[l] = 'older';
    else out[l] = 'written';
  }
  return out;
}
