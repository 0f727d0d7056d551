import { Img, Link, MODULE_LIMITS, useI18n } from '../../renderer/ui.tsx';
import type { ListViewModule } from '../../schemas/types.gen.ts';
import type { ListViewData } from './load.server.ts';
import './list-view.css';

export default function View({ module, data }: { module: ListViewModule; data: ListViewData }) {
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
