/**
 * The media library in the editor's words: the server's refusals (a `media.…` code with its figures)
 * as sentences in the staff member's language, where an image is used ("page “Home” (Text module)"),
 * and file sizes. Shared by the Media screen and the pickers of Media fields and rich text.
 */
import { ApiError, type MediaLimits, type Registry, type UsePlace } from '../api.ts';
import { langName, tr, type MessageKey, type UiLang, hasMessage } from '../i18n/index.ts';
import { localize } from '../../shared/localize.ts';
import type { Lang } from '../../shared/constants.ts';

const KINDS = [
  'pdf',
  'word',
  'excel',
  'powerpoint',
  'office',
  'opendocument',
  'archive',
  'video',
  'audio',
  'gif',
  'svg',
  'bmp',
  'raw',
  'psd',
  'html',
  'text',
  'program',
  'unknown',
] as const;

/** A size in the editor's language (12,5 Mo; 12.5 MB; 840 kB). */
export function fileSize(bytes: number, ui: UiLang): string {
  const locale = ui === 'nl' ? 'nl-BE' : ui === 'fr' ? 'fr-BE' : 'en-GB';
  if (bytes >= 1024 * 1024) return tr('mediaSize.mb', { n: new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(bytes / 1024 / 1024) }, ui);
  return tr('mediaSize.kb', { n: new Intl.NumberFormat(locale).format(Math.max(1, Math.round(bytes / 1024))) }, ui);
}

const titleOf = (t: Record<string, string> | undefined, ui: UiLang) =>
  localize(t, ui as Lang) || Object.values(t ?? {}).find(Boolean) || tr('mediaPlace.untitled', undefined, ui);

/** Where an image is used, in words. */
export function placeText(p: UsePlace, ui: UiLang, registry?: Registry | null): string {
  if (p.kind === 'page') {
    const title = titleOf(p.title, ui);
    if (!p.modules.length) return tr('mediaPlace.page', { title }, ui);
    const modules = p.modules.map((m) => {
      const type = localize(registry?.modules.find((x) => x.view === m.view)?.title, ui as Lang) || tr('mediaPlace.aModule', undefined, ui);
      const own = m.title ? localize(m.title, ui as Lang) : '';
      return own ? tr('mediaPlace.moduleTitled', { type, title: own }, ui) : tr('mediaPlace.module', { type }, ui);
    });
    return tr('mediaPlace.pageModules', { title, modules: modules.join(', ') }, ui);
  }
  if (p.kind === 'article') return tr('mediaPlace.article', { title: titleOf(p.title, ui) }, ui);
  if (p.kind === 'setting') return tr('mediaPlace.setting', { name: tr(`settings.${p.doc}` as MessageKey, undefined, ui) }, ui);
  return tr('mediaPlace.dictionary', { lang: langName(p.lang, ui) }, ui);
}

/** Where the place is edited in the editor (under /admin), when this staff member may open it. */
export function placeHref(p: UsePlace, isAdmin: boolean): string | undefined {
  if (p.kind === 'page') return `/pages/${p.id}`;
  if (p.kind === 'article') return `/articles/${encodeURIComponent(p.id)}`;
  if (p.kind === 'dictionary') return `/dictionaries/${p.lang}`;
  if (p.doc === 'banner') return '/banner';
  return isAdmin ? `/settings/${p.doc}` : undefined;
}

/** A refusal of the media library in the editor's language (else the server's words). */
export function mediaErrorText(e: unknown, ui: UiLang, registry?: Registry | null): string {
  if (!(e instanceof ApiError)) return e instanceof Error ? e.message : String(e);
  const code = e.body.code;
  if (typeof code !== 'string' || !code.startsWith('media.')) return e.message;
  const key = `mediaError.${code.slice(6)}` as MessageKey;
  if (!hasMessage(key)) return e.message;
  const p = (e.body.params ?? {}) as Record<string, unknown>;
  const values: Record<string, string | number> = {};
  for (const [k, v] of Object.entries(p)) if (typeof v === 'string' || typeof v === 'number') values[k] = v;
  if (typeof p.kind === 'string')
    values.kind = tr(`mediaKind.${(KINDS as readonly string[]).includes(p.kind) ? p.kind : 'unknown'}` as MessageKey, undefined, ui);
  if (typeof p.lang === 'string') values.lang = langName(p.lang, ui);
  if (Array.isArray(p.usedIn)) values.places = (p.usedIn as UsePlace[]).map((x) => placeText(x, ui, registry)).join(' ; ');
  return tr(key, values, ui);
}

/** A file refused before it is sent (too large), said as the server would say it. */
export function tooLargeText(file: File, limits: MediaLimits | null | undefined, ui: UiLang): string | null {
  const max = limits?.maxBytes;
  if (!max || file.size <= max) return null;
  return tr('mediaError.tooLarge', { maxMB: Math.round(max / 1024 / 1024) }, ui);
}
