import { Link, useShell } from '../ui.tsx';
import { useI18n } from '../i18n.tsx';
import { SearchForm } from './SearchForm.tsx';
import type { PageData } from '../page-data.ts';

/** The 404 page: its title, a search form and a link home (SPEC §2). */
export function NotFound({ messageKey = 'notFound', elsewhere }: { messageKey?: string; elsewhere?: PageData['elsewhere'] }) {
  const { t } = useI18n();
  const { homePath } = useShell();
  return (
    <div className="container not-found">
      <p className="not-found__code" aria-hidden="true">
        404
      </p>
      <p className="not-found__text">{t(`${messageKey}.text`)}</p>
      {elsewhere && elsewhere.length > 0 && (
        <ul className="not-found__languages">
          {elsewhere.map((e) => (
            <li key={e.lang}>
              <a href={e.path} hrefLang={e.lang} lang={e.lang}>
                {e.name}
              </a>
            </li>
          ))}
        </ul>
      )}
      <SearchForm />
      <p>
        <Link href={homePath} className="button">
          {t('notFound.home')}
        </Link>
      </p>
    </div>
  );
}
