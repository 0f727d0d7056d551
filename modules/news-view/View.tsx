import { Img, Link, MODULE_LIMITS, useI18n } from '../../renderer/ui.tsx';
import type { NewsViewModule } from '../../schemas/types.gen.ts';
import type { ArticleCard } from '../lib/articles.ts';
import type { NewsViewData } from './load.server.ts';
import './news-view.css';

function Card({ a, showSummary }: { a: ArticleCard; showSummary: boolean }) {
  const { t, formatDate } = useI18n();
  return (
    <li className="news-card">
      {a.image && <Img src={a.image.url} alt="" width={400} height={225} className="news-card__image" />}
      <div className="news-card__body">
        {a.date && <time dateTime={a.date}>{formatDate(a.date)}</time>}
        <h3 className="news-card__title">{a.path ? <Link href={a.path}>{a.title}</Link> : a.title}</h3>
        {showSummary && <p>{a.summary}</p>}
        {a.column && <span className="tag">{t(`blog.column.${a.column}`)}</span>}
      </div>
    </li>
  );
}

export default function View({ module, data }: { module: NewsViewModule; data: NewsViewData }) {
  const { t } = useI18n();
  // Cards per row are per column: a subcategory's page shows one column across the width of them all.
  const spread = data.columns.length === 1 && (module.columns?.length ?? 0) > 1 ? module.columns!.length : 1;
  const perRow = (module.numberItemOfRow ?? MODULE_LIMITS.blog.numberItemOfRow) * spread;
  const showSummary = module.showSummary !== false;
  return (
    <div className={`news${data.columns.length > 1 ? ' news--columns' : ''}`}>
      {data.columns.map((c) => (
        <div key={c.key ?? 'all'} className="news__column">
          {c.key && <h2 className="news__column-title">{c.path ? <Link href={c.path}>{t(`blog.column.${c.key}`)}</Link> : t(`blog.column.${c.key}`)}</h2>}
          {c.items.length === 0 ? (
            <p>{t('blog.empty')}</p>
          ) : (
            <ul className="news__cards" style={{ '--per-row': perRow } as React.CSSProperties}>
              {c.items.map((a) => (
                <Card key={a.id} a={a} showSummary={showSummary} />
              ))}
            </ul>
          )}
        </div>
      ))}
      {data.more && (
        <p className="news__more">
          <Link href={data.more.path} className="button button--ghost">
            {t('blog.all', { count: data.total })}
          </Link>
        </p>
      )}
    </div>
  );
}
