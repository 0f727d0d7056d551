import { useId, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useShell } from '../ui.tsx';
import { useI18n } from '../i18n.tsx';
import { Icon } from './Icon.tsx';
import { SEARCH_MIN_QUERY } from '../../shared/constants.ts';

/** The site search form: a plain GET form, so it works before (and without) JavaScript. */
export function SearchForm({ defaultValue = '' }: { defaultValue?: string }) {
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
  return (
    <form className="search-form" role="search" method="get" action={searchPath} onSubmit={onSubmit}>
      <label htmlFor={id}>{t('search.label')}</label>
      <div className="search-form__row">
        <input id={id} type="search" name="q" defaultValue={defaultValue} minLength={SEARCH_MIN_QUERY} required placeholder={t('search.placeholder')} />
        <button type="submit" className="button">
          <Icon name="search" size={18} />
          <span>{t('search.button')}</span>
        </button>
      </div>
    </form>
  );
}
