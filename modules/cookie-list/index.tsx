import { defineModule } from '../../renderer/module-api.ts';
import { Link, useI18n, useShell } from '../../renderer/ui.tsx';
import type { CookieListModule } from '../../schemas/types.gen.ts';
import schema from './schema.json';
import './cookie-list.css';
import { unusedFields } from '../lib/editor-ui.ts';

function View() {
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

export default defineModule<CookieListModule, null>({
  view: 'cookie-list',
  version: 1,
  schema,
  uiSchema: {
    ...unusedFields('relations', 'maxItems', 'numberItemOfRow'),
  },
  meta: { title: { nl: 'Cookiecategorieën', fr: 'Catégories de cookies', en: 'Cookie categories' }, icon: 'cookie', category: 'content' },
  defaults: { status: 'Published', span: 12 },
  View,
});
