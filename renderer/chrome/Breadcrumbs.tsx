import { Link } from '../ui.tsx';
import { useI18n } from '../i18n.tsx';
import type { PageData } from '../page-data.ts';

export function Breadcrumbs({ items }: { items: PageData['breadcrumbs'] }) {
  const { t } = useI18n();
  if (items.length < 2) return null;
  return (
    <nav className="breadcrumbs container" aria-label={t('nav.breadcrumb')}>
      <ol>
        {items.map((b, i) => (
          <li key={i}>
            {b.path && i < items.length - 1 ? (
              <Link href={b.path}>{b.name}</Link>
            ) : (
              <span aria-current={i === items.length - 1 ? 'page' : undefined}>{b.name}</span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
