import { useId, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useShell } from '../ui.tsx';
import { useI18n } from '../i18n.tsx';
import { Icon } from './Icon.tsx';
import { SEARCH_MAX_QUERY, SEARCH_MIN_QUERY } from '../../shared/constants.ts';

/**
 * The site search form: a plain GET form, so it works before (and without) JavaScript. `header`:
 * the header's compact form (its label read by screen readers only, a shorter placeholder).
 */
export function SearchForm({ defaultValue = '', variant }: { defaultValue?: string; variant?: 'header' }) {
  const { t } = useI18n();
  const { searchPath } = useShell();
  const id = useId();
  const [, navigate] = useLocation();
  if (!searchPath) return null;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    const q = String(new FormData(e.currentTarget).get('q') ?? '').trim();
    e.preventDefault();
    navigate(`${searchPath}?q=${encodeURIComponent(q)}`);
  };
  const header = variant === 'header';
  return (
    <form className={header ? 'search-form search-form--header' : 'search-form'} role="search" method="get" action={searchPath} onSubmit={onSubmit}>
      <label htmlFor={id} className={header ? 'visually-hidden' : undefined}>
        {t('search.label')}
      </label>
      <div className="search-form__row">
        <input
          id={id}
          type="search"
          name="q"
          defaultValue={defaultValue}
          minLength={SEARCH_MIN_QUERY}
          maxLength={SEARCH_MAX_QUERY}
          required
          placeholder={t(header ? 'search.headerPlaceholder' : 'search.placeholder')}
        />
        <button type="submit" className="button">
          <Icon name="search" size={18} />
          <span>{t('search.button')}</span>
        </button>
      </div>
    </form>
  );
}
