import { defineModule } from '../../renderer/module-api.ts';
import { Img, Link, MODULE_LIMITS, useI18n } from '../../renderer/ui.tsx';
import type { ListViewModule } from '../../schemas/types.gen.ts';
import type { ListViewData } from './load.server.ts';
import schema from './schema.json';
import './list-view.css';

function View({ module, data }: { module: ListViewModule; data: ListViewData }) {
  const { t } = useI18n();
  const perRow = module.numberItemOfRow ?? MODULE_LIMITS.services.numberItemOfRow;
  return (
    <ul className="article-list" style={{ '--per-row': perRow } as React.CSSProperties}>
      {data.items.map((a) => (
        <li key={a.id} className="article-list__item">
          {module.showImage !== false && a.image && <Img src={a.image.url} alt="" width={320} height={180} className="article-list__image" />}
          <div className="article-list__text">
            <h3 className="article-list__title">{a.path ? <Link href={a.path}>{a.title}</Link> : a.title}</h3>
            <p>{a.summary}</p>
            {a.path && (
              <Link href={a.path} className="more-link" aria-hidden="true" tabIndex={-1}>
                {t('list.readMore')}
              </Link>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}

export default defineModule<ListViewModule, ListViewData>({
  view: 'list-view',
  version: 1,
  schema,
  uiSchema: {
    showImage: {
      'ui:description': {
        nl: 'De kaart van elk artikel toont zijn afbeelding.',
        fr: 'La carte de chaque article affiche son image.',
        en: 'Each article’s card shows its picture.',
      },
    },
  },
  meta: {
    title: { nl: 'Artikellijst', fr: "Liste d'articles", en: 'Article list' },
    description: { nl: 'De artikels van een categorie', fr: "Les articles d'une catégorie", en: "A category's articles" },
    icon: 'list',
    category: 'content',
  },
  defaults: { status: 'Published', span: 12, relations: [{ type: 'category', id: 'services' }], ...MODULE_LIMITS.services },
  View,
});
