import { formatNumber, Link, useI18n } from '../../renderer/ui.tsx';
import type { ProjectDetailModule } from '../../schemas/types.gen.ts';
import { Photos } from '../lib/Photos.tsx';
import { LazyDetailMap } from '../lib/LazyDetailMap.tsx';
import type { ProjectDetailData } from './load.server.ts';
import '../lib/detail.css';
import './project-detail.css';

export default function View({ data }: { module: ProjectDetailModule; data: ProjectDetailData | null }) {
  const { t, formatPrice } = useI18n();
  if (!data) return null;
  return (
    <article className="project-detail">
      {data.soldOut && (
        <p className="notice notice--gone" role="status">
          {t('project.soldOut')}
        </p>
      )}
      <h1>{data.name}</h1>
      {data.number && <p className="property-detail__ref">{t('project.number', { number: data.number })}</p>}
      {data.address && <p className="property-detail__address">{data.address}</p>}
      <Photos photos={data.photos} />
      {data.types.length > 0 && (
        <ul className="key-facts">
          {data.types.map((ty) => (
            <li key={ty}>{ty}</li>
          ))}
        </ul>
      )}
      {data.description && <p className="project-detail__description">{data.description}</p>}
      {data.externalUrl && (
        <p>
          <a className="button" href={data.externalUrl} target="_blank" rel="noopener noreferrer">
            {t('project.website')}
          </a>
        </p>
      )}
      <section className="detail-section">
        <h2>{t('project.priceList')}</h2>
        {data.units.length ? (
          <div className="table-scroll">
            <table className="price-list">
              <thead>
                <tr>
                  <th scope="col">{t('project.unit')}</th>
                  <th scope="col">{t('field.Floor')}</th>
                  <th scope="col">{t('field.NumberOfBedRooms')}</th>
                  <th scope="col">{t('field.NumberOfBathRooms')}</th>
                  <th scope="col">{t('field.SurfaceLiving')}</th>
                  <th scope="col">{t('field.Price')}</th>
                  <th scope="col">{t('project.status')}</th>
                </tr>
              </thead>
              <tbody>
                {data.units.map((u) => (
                  <tr key={u.id} data-status={u.status}>
                    <td>{u.path ? <Link href={u.path}>{u.name}</Link> : u.name}</td>
                    <td>{u.floor ?? '–'}</td>
                    <td>{u.bedrooms ?? '–'}</td>
                    <td>{u.bathrooms ?? '–'}</td>
                    <td>{u.surface ? t('unit.m2', { value: formatNumber(u.surface) }) : '–'}</td>
                    <td>{u.price !== null && u.status !== 'sold' ? formatPrice(u.price) : '–'}</td>
                    <td>{t(`availability.${u.status}`)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>{t('project.noConstruction')}</p>
        )}
      </section>
      {data.facts.map((f) => (
        <section key={f.key} className="detail-section">
          <h2>{t(`project.${f.key}`)}</h2>
          <p>{f.delivered ? t('project.delivered', { date: f.text }) : f.text}</p>
        </section>
      ))}
      {data.location && (
        <section className="detail-section location">
          <h2>{t('project.Situation')}</h2>
          <LazyDetailMap lat={data.location.lat} lng={data.location.lng} approximate={false} />
        </section>
      )}
    </article>
  );
}
