import { Link, useShell } from '../ui.tsx';
import { useI18n } from '../i18n.tsx';
import type { PageData } from '../page-data.ts';

/** Links to the same page in the other enabled languages; hidden when only one is enabled. */
export function LanguageSwitcher({ page, variant }: { page: PageData; variant: 'header' | 'drawer' }) {
  const { languages } = useShell();
  const { t, lang } = useI18n();
  if (languages.length < 2) return null;
  return (
    <nav className={`lang-switch lang-switch--${variant}`} aria-label={t('nav.language')}>
      <ul>
        {languages.map((l) => {
          const href = page.alternates[l.code] ?? `/${l.code}/`;
          return (
            <li key={l.code}>
              {l.code === lang ? (
                <span aria-current="true" lang={l.code} title={l.label}>
                  {l.code.toUpperCase()}
                </span>
              ) : (
                // The name is the visible code and the language's name (a name without the code it shows
                // is one that a voice-control user cannot say).
                <Link href={href} hrefLang={l.code} lang={l.code} title={l.label}>
                  {l.code.toUpperCase()}
                  <span className="visually-hidden"> {l.label}</span>
                </Link>
              )}
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
