/** What a page's row says about it besides its name: hidden, an unpublished draft, marked for repair. */
import type { PageSummary } from '../api.ts';
import { useT } from '../i18n/index.ts';

export function PageBadges({ page: p }: { page: PageSummary }) {
  const t = useT();
  return (
    <>
      {p.status === 'Hidden' && <span className="ed-badge ed-badge--hidden">{t('status.hidden')}</span>}
      {p.draft && <span className="ed-badge ed-badge--draft">{t('pages.draft')}</span>}
      {p.repair && <span className="ed-badge ed-badge--error">{t('pages.repair')}</span>}
    </>
  );
}
