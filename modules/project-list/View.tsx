import { Link, useI18n } from '../../renderer/ui.tsx';
import type { ProjectListModule } from '../../schemas/types.gen.ts';
import type { ProjectListData } from './load.server.ts';
import '../lib/property-card.css';

export default function View({ data }: { module: ProjectListModule; data: ProjectListData }) {
  const { t, formatPrice } = useI18n();
  if (!data.projects.length) return <p className="empty">{t('project.none')}</p>;
  return (
    <ul className="card-grid" style={{ '--per-row': 3 } as React.CSSProperties}>
      {data.projects.map((p) => (
        <li key={p.id}>
          <article className="property-card project-card">
            <div className="property-card__media">
              {p.image ? (
                <img
                  src={p.image.src}
                  srcSet={p.image.srcSet}
                  sizes="(min-width: 1280px) 380px, (min-width: 767px) 45vw, 100vw"
                  alt=""
                  width={400}
                  height={267}
                  loading="lazy"
                  decoding="async"
                />
              ) : (
                <div className="property-card__nophoto">{t('detail.noPhoto')}</div>
              )}
              {p.soldOut && <span className="badge badge--soldOut">{t('availability.soldOut')}</span>}
            </div>
            <div className="property-card__body">
              <p className="property-card__type">{p.city || t('project.locationTba')}</p>
              <h2 className="property-card__title">
                <Link href={p.path}>{p.name}</Link>
              </h2>
              {p.priceFrom !== null && !p.soldOut && <p className="property-card__price">{t('price.from', { price: formatPrice(p.priceFrom) })}</p>}
              <ul className="property-card__facts">
                {p.types && <li>{p.types.replace(/ ; /g, ' · ')}</li>}
                {p.delivery && <li>{t(p.delivered ? 'project.delivered' : 'project.deliveryOn', { date: p.delivery })}</li>}
                {p.units > 0 && !p.soldOut && <li>{t('project.unitsAvailable', { available: p.available, total: p.units })}</li>}
              </ul>
            </div>
          </article>
        </li>
      ))}
    </ul>
  );
}
