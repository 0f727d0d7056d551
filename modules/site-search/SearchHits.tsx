/** The site search's results, one group each: properties, projects, pages and articles (compact rows, a thumbnail and the facts). */
import { Link, Price, useI18n } from '../../renderer/ui.tsx';
import type { ArticleCard } from '../lib/articles.ts';
import type { ProjectHit, PropertyHit } from './load.server.ts';
import '../lib/property-card.css';

function Thumb({ image }: { image: { src: string; srcSet: string } | null }) {
  const { t } = useI18n();
  return image ? (
    <img className="search-hit__photo" src={image.src} srcSet={image.srcSet} sizes="120px" alt="" width={120} height={80} loading="lazy" decoding="async" />
  ) : (
    <span className="search-hit__photo search-hit__photo--none">{t('detail.noPhoto')}</span>
  );
}

export function PropertyHits({ hits }: { hits: PropertyHit[] }) {
  const { t } = useI18n();
  return (
    <ol className="site-search__results site-search__results--listings">
      {hits.map((h) => (
        <li key={h.id} className="search-hit" data-property-id={h.id}>
          <Thumb image={h.image} />
          <div className="search-hit__body">
            <p className="search-hit__meta">
              {[h.type ? t(`type.${h.type}`) : h.typeName, [h.zip, h.city].filter(Boolean).join(' ')].filter(Boolean).join(' · ')}
            </p>
            <h3>
              <Link href={h.path}>{h.title}</Link>
            </h3>
            <p className="search-hit__facts">
              <Price price={h.price} goal={h.goal} from={h.priceFrom} viager={h.viager} />
              {h.availability !== 'available' && <span className={`badge badge--${h.availability}`}>{t(`availability.${h.availability}`)}</span>}
              {h.reference && <span className="search-hit__ref">{t('search.reference', { reference: h.reference })}</span>}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function ProjectHits({ hits }: { hits: ProjectHit[] }) {
  const { t } = useI18n();
  return (
    <ol className="site-search__results site-search__results--listings">
      {hits.map((h) => (
        <li key={h.id} className="search-hit">
          <Thumb image={h.image} />
          <div className="search-hit__body">
            <p className="search-hit__meta">{h.city || t('project.locationTba')}</p>
            <h3>
              <Link href={h.path}>{h.name}</Link>
            </h3>
            <p className="search-hit__facts">
              {h.types && <span>{h.types}</span>}
              {h.soldOut && <span className="badge badge--soldOut">{t('availability.soldOut')}</span>}
            </p>
          </div>
        </li>
      ))}
    </ol>
  );
}

export function PageHits({ hits }: { hits: ArticleCard[] }) {
  return (
    <ol className="site-search__results">
      {hits.map((r) => (
        <li key={r.id}>
          <h3>{r.path ? <Link href={r.path}>{r.title}</Link> : r.title}</h3>
          {r.summary && <p>{r.summary}</p>}
        </li>
      ))}
    </ol>
  );
}
