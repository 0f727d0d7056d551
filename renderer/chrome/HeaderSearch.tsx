import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import { useShell } from '../ui.tsx';
import { useI18n } from '../i18n.tsx';
import { Icon } from './Icon.tsx';
import { SearchForm } from './SearchForm.tsx';

/**
 * The header's search (issue 39): a button that opens the site search's form under the header.
 * A <details> element, so that it opens and sends without JavaScript; with it, the field takes the
 * focus when it opens, and the panel closes when the visitor goes to another page or presses Escape.
 */
export function HeaderSearch() {
  const { searchPath } = useShell();
  const { t } = useI18n();
  const box = useRef<HTMLDetailsElement>(null);
  const [location] = useLocation();
  useEffect(() => {
    if (box.current) box.current.open = false;
  }, [location]);
  if (!searchPath) return null;
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- Escape closes the open search box and gives focus back to its summary
    <details
      className="header-search"
      ref={box}
      onToggle={(e) => e.currentTarget.open && e.currentTarget.querySelector('input')?.focus()}
      onKeyDown={(e) => {
        if (e.key !== 'Escape' || !box.current?.open) return;
        box.current.open = false;
        box.current.querySelector('summary')?.focus();
      }}
    >
      <summary className="icon-button header-search__toggle">
        <Icon name="search" />
        <span className="visually-hidden">{t('search.label')}</span>
      </summary>
      <div className="header-search__panel">
        <SearchForm variant="header" />
      </div>
    </details>
  );
}
