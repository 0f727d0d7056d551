import { defineModule, type LoadContext } from '../../renderer/module-api.ts';
import { Link, useI18n } from '../../renderer/ui.tsx';
import type { ProjectDetailModule } from '../../schemas/types.gen.ts';
import { photoSet } from '../lib/photo-set.ts';
import { listingPhotos } from '../../shared/listing-photos.ts';
import { Photos, type PhotoSet } from '../lib/Photos.tsx';
import { LazyDetailMap } from '../lib/LazyDetailMap.tsx';
import schema from './schema.json';


interface ProjectDetailData {
  id: number;
  name: string;
  address: string;
  photos: PhotoSet[];
  location: { lat: number; lng: number } | null;
  types: string[];
  description: string;
  facts: Array<{ key: string; text: string }>;
  units: Array<{ id: number; name: string; path?: string; status: string; price: number | null; surface: number | null; bedrooms: number | null; floor: number | null; type: number | null }>;
  externalUrl: string | null;
}

function load(_module: ProjectDetailModule, ctx: LoadContext): ProjectDetailData | null {
  const id = ctx.params.projectId;
  const p = id !== undefined ? ctx.listings.project(id, ctx.lang) : undefined;
  if (!p) return null;
  return {
    id: p.ID,
    name: p.Name,
    address: p.PublicAddress !== false ? [[p.Street, p.HouseNumber].filter(Boolean).join(' '), [p.Zip, p.City].filter(Boolean).join(' ')].filter(Boolean).join(', ') : [p.Zip, p.City].filter(Boolean).join(' '),
    photos: listingPhotos('project', p, ctx.pictureGone).map((pic) => photoSet('project', p.ID, pic, pic.name || `${p.Name} (${pic.n})`)),
    location: p.Latitude != null && p.Longitude != null ? { lat: p.Latitude, lng: p.Longitude } : null,
    types: (p.WebIDName ?? '').split(' ; ').filter(Boolean),
    description: p.Description ?? '',
    facts: (['Status', 'Delivery', 'Constructions', 'Situation', 'Requirement'] as const).filter((k) => p[k]).map((k) => ({ key: k, text: String(p[k]) })),
    units: p.Units.map((u) => {
      const rec = ctx.listings.property(u.PropertyID, ctx.lang);
      return {
        id: u.PropertyID,
        name: u.Name || (rec ? ctx.propertyTitle(rec) : String(u.PropertyID)),
        path: rec ? ctx.listingPaths.property(u.PropertyID) : undefined,
        status: u.Status,
        price: u.Price ?? null,
        surface: u.Surface ?? null,
        bedrooms: u.Bedrooms ?? null,
        floor: u.Floor ?? null,
        type: u.WebID ?? rec?.WebID ?? null,
      };
    }),
    externalUrl: p.ExternalUrl ?? null,
  };
}

function View({ data }: { module: ProjectDetailModule; data: ProjectDetailData | null }) {
  const { t, formatPrice } = useI18n();
  if (!data) return null;
  return (
    <article className="project-detail">
      <h1>{data.name}</h1>
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
                    <td>{u.surface ? t('unit.m2', { value: u.surface }) : '–'}</td>
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
          <p>{f.text}</p>
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

export default defineModule<ProjectDetailModule, ProjectDetailData | null>({
  view: 'project-detail',
  version: 1,
  schema,
  meta: { title: { nl: 'Detail van een project', fr: "Détail d'un projet", en: 'Project detail' }, icon: 'building', category: 'listings' },
  defaults: { view: 'project-detail', version: 1, status: 'Published', span: 12 },
  load: import.meta.env.SSR ? load : undefined,
  View,
});
