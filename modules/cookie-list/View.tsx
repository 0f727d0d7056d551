import { Link, useI18n, useShell } from '../../renderer/ui.tsx';
import './cookie-list.css';

export default function View() {
  const { consent } = useShell();
  const { t } = useI18n();
  return (
    <div className="cookie-list">
      <dl>
        {consent.categories.map((c) => (
          <div key={c.key}>
            <dt>
              {c.title}
              {c.key === 'necessary' && <em> ({t('consent.alwaysOn')})</em>}
            </dt>
            <dd>{c.description}</dd>
          </div>
        ))}
      </dl>
      <p>
        <Link href="?setcookies" className="button button--ghost">
          {t('footer.cookieSettings')}
        </Link>
      </p>
    </div>
  );
}
