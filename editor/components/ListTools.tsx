/**
 * Lists that scale (issue 38, point 9): the pages or the articles found by a word of their title in
 * any language, filtered by state (on the site, draft, taken off, hidden, to repair) and by a
 * language that is missing or older; the ones ticked published or taken off the site at once.
 */
import '../content.css';
import { useId, useState } from 'react';
import type { Lang } from '../../shared/constants.ts';
import { api, type DocKey, type LangState } from '../api.ts';
import { langName, useT, useUiLang } from '../i18n/index.ts';
import { useMe, useSession } from '../store.ts';
// Its styles (.ed-filters, .ed-bulk): also on a screen opened first, before any other loaded them.
import '../content.css';

export interface Listed {
  key: DocKey;
  title?: Record<string, string>;
  status?: string;
  draft?: boolean;
  offline?: boolean;
  repair?: boolean;
  langs?: Partial<Record<Lang, LangState>>;
}

export type StateFilter = 'all' | 'live' | 'draft' | 'offline' | 'hidden' | 'repair';
export interface Filters {
  text: string;
  state: StateFilter;
  /** `missing:fr`, `older:en`, or '' */
  lang: string;
}
export const NO_FILTER: Filters = { text: '', state: 'all', lang: '' };
export const filtering = (f: Filters) => !!f.text.trim() || f.state !== 'all' || !!f.lang;

const fold = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

/** Whether an item passes the filters (a word of the search in its title in any language). */
export function passes(item: Listed, f: Filters): boolean {
  const words = fold(f.text).split(/\s+/).filter(Boolean);
  const titles = fold(Object.values(item.title ?? {}).join(' '));
  if (words.some((w) => !titles.includes(w))) return false;
  const live = !item.offline && item.status !== 'Hidden';
  if (f.state === 'live' && !live) return false;
  if (f.state === 'draft' && !item.draft) return false;
  if (f.state === 'offline' && !item.offline) return false;
  if (f.state === 'hidden' && item.status !== 'Hidden') return false;
  if (f.state === 'repair' && !item.repair) return false;
  if (f.lang) {
    const [state, lang] = f.lang.split(':');
    if (item.langs?.[lang as Lang] !== state) return false;
  }
  return true;
}

export function FilterBar({ value, onChange, count, total }: { value: Filters; onChange: (f: Filters) => void; count: number; total: number }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const me = useMe();
  const id = useId();
  const others = me.langs.filter((l) => l !== me.defaultLang);
  return (
    <div className="ed-filters" role="search">
      <div className="ed-filters__field">
        <label className="ed-label" htmlFor={`${id}-q`}>
          {t('list.search')}
        </label>
        <input
          id={`${id}-q`}
          className="ed-input"
          type="search"
          value={value.text}
          maxLength={100}
          onChange={(e) => onChange({ ...value, text: e.target.value })}
        />
      </div>
      <div className="ed-filters__field">
        <label className="ed-label" htmlFor={`${id}-s`}>
          {t('list.state')}
        </label>
        <select id={`${id}-s`} className="ed-input" value={value.state} onChange={(e) => onChange({ ...value, state: e.target.value as StateFilter })}>
          {(['all', 'live', 'draft', 'offline', 'hidden', 'repair'] as const).map((s) => (
            <option key={s} value={s}>
              {t(`list.state.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="ed-filters__field">
        <label className="ed-label" htmlFor={`${id}-l`}>
          {t('list.lang')}
        </label>
        <select id={`${id}-l`} className="ed-input" value={value.lang} onChange={(e) => onChange({ ...value, lang: e.target.value })}>
          <option value="">{t('list.lang.all')}</option>
          {others.flatMap((l) => [
            <option key={`missing:${l}`} value={`missing:${l}`}>
              {t('list.lang.missing', { lang: langName(l, ui) })}
            </option>,
            <option key={`older:${l}`} value={`older:${l}`}>
              {t('list.lang.older', { lang: langName(l, ui) })}
            </option>,
          ])}
        </select>
      </div>
      <p className="ed-muted ed-filters__count" aria-live="polite">
        {t('list.count', { n: count, total })}
      </p>
    </div>
  );
}

/** The ticked items published or taken off the site, each with its own checks; what was not done is said with why. */
export function BulkBar({ picked, names, onDone }: { picked: DocKey[]; names: (key: DocKey) => string; onDone: (message: string) => void }) {
  const t = useT();
  const expired = useSession((s) => s.expired);
  const [busy, setBusy] = useState(false);
  const run = async (action: 'publish' | 'unpublish') => {
    setBusy(true);
    try {
      const { results } = await api.bulk(action, picked);
      const done = results.filter((r) => r.ok).length;
      const refused = results.filter((r) => !r.ok);
      onDone(
        [
          t(action === 'publish' ? 'list.published' : 'list.unpublished', { n: done }),
          ...refused.map((r) => t('list.notDone', { name: names(r.key), why: t(`list.why.${whyOf(r.code)}`) })),
        ].join(' '),
      );
    } catch (e) {
      if (!expired(e)) onDone((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  if (!picked.length) return null;
  return (
    <div className="ed-bulk" role="region" aria-label={t('list.bulk')}>
      <span>{t('list.picked', { n: picked.length })}</span>
      <button type="button" className="ed-button ed-button--small" disabled={busy} onClick={() => void run('publish')}>
        {t('list.publish')}
      </button>
      <button type="button" className="ed-button ed-button--small" disabled={busy} onClick={() => void run('unpublish')}>
        {t('list.unpublish')}
      </button>
    </div>
  );
}

/** Why a bulk action left a document as it was, as a key of the editor's catalogue. */
function whyOf(code: string | undefined): 'noDraft' | 'system' | 'already' | 'problems' | 'role' | 'linked' | 'other' {
  if (code === 'publish.noDraft') return 'noDraft';
  if (code === 'unpublish.system' || code === 'unpublish.systemConfirm') return 'system';
  if (code === 'unpublish.already') return 'already';
  if (code === 'role.admin') return 'role';
  if (code === 'ref.page' || code === 'ref.article' || code === 'ref.team') return 'linked';
  if (code && /^(text|ajv|ref|path)\./.test(code)) return 'problems';
  return 'other';
}
