import { useId, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { formatNumber, Link, useI18n } from '../../renderer/ui.tsx';
import { EPC_LETTERS } from '../../shared/epc.ts';
import { SORTS } from '../../renderer/listing-types.ts';
import { queryString } from '../../shared/listing-query.ts';
import { formatBbox } from '../../shared/map-area.ts';
import type { PropertyListModule } from '../../schemas/types.gen.ts';
import { CardGrid } from '../lib/PropertyCard.tsx';
import { SaveSearch } from './SaveSearch.tsx';
import { AreaNote, MapBox } from './MapSearch.tsx';
import type { PropertyListData } from './load.server.ts';
import '../lib/map.css';
import './property-list.css';

const BEDROOM_CHOICES = [1, 2, 3, 4, 5];

function Filters({ data, path }: { data: PropertyListData; path: string }) {
  const { t } = useI18n();
  const [, navigate] = useLocation();
  const q = data.query;
  const toggle = useId();
  const active = [q.types?.length, q.cities?.length, q.minPrice, q.maxPrice, q.bedrooms, q.minSurface, q.maxEpc, q.q, q.garden, q.terrace, q.parking].filter(
    Boolean,
  ).length;
  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const params = new URLSearchParams();
    for (const [k, v] of form.entries()) if (typeof v === 'string' && v.trim() !== '') params.append(k, v.trim());
    const s = params.toString();
    navigate(`${path}${s ? `?${s}` : ''}`);
  };
  return (
    <div className="filters-wrap">
      {/* On phones the filters fold away behind a toggle that works without JavaScript too. */}
      <input type="checkbox" id={toggle} className="filters-toggle visually-hidden" />
      <label htmlFor={toggle} className="button button--ghost filters-toggle-label">
        {t('listing.filters')}
        {active ? ` (${active})` : ''}
      </label>
      <form className="filters" method="get" action={path} onSubmit={onSubmit} aria-label={t('listing.filters')} key={JSON.stringify(q)}>
        <fieldset className="filters__group">
          <legend>{t('listing.type')}</legend>
          <div className="chips">
            {data.types.map((ty) => (
              <label key={ty.value} className="chip">
                <input type="checkbox" name="type" value={ty.value} defaultChecked={q.types?.includes(ty.value)} />
                <span>{ty.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <details className="filters__group filters__cities" open={!!q.cities?.length}>
          <summary>
            {t('listing.city')}
            {q.cities?.length ? ` (${q.cities.length})` : ''}
          </summary>
          <div className="filters__city-list">
            {data.cities.map((c) => (
              <label key={c.value}>
                <input type="checkbox" name="city" value={c.value} defaultChecked={q.cities?.includes(c.value)} />
                <span>
                  {c.label} <small>({c.count})</small>
                </span>
              </label>
            ))}
          </div>
        </details>
        <div className="filters__row">
          <label>
            <span>{t('listing.minPrice')}</span>
            <input type="number" name="minPrice" inputMode="numeric" min={0} step={data.goal === 'rent' ? 50 : 10000} defaultValue={q.minPrice} />
          </label>
          <label>
            <span>{t('listing.maxPrice')}</span>
            <input type="number" name="maxPrice" inputMode="numeric" min={0} step={data.goal === 'rent' ? 50 : 10000} defaultValue={q.maxPrice} />
          </label>
          <label>
            <span>{t('listing.bedrooms')}</span>
            <select name="bedrooms" defaultValue={q.bedrooms ?? ''}>
              <option value="">{t('listing.any')}</option>
              {BEDROOM_CHOICES.map((n) => (
                <option key={n} value={n}>
                  {t('listing.atLeast', { count: n })}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('listing.minSurface')}</span>
            <input type="number" name="minSurface" inputMode="numeric" min={0} step={10} defaultValue={q.minSurface} />
          </label>
          <label>
            <span>{t('listing.maxEpc')}</span>
            <select name="maxEpc" defaultValue={q.maxEpc ?? ''}>
              <option value="">{t('listing.any')}</option>
              {EPC_LETTERS.map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>{t('listing.q')}</span>
            <input type="search" name="q" maxLength={100} defaultValue={q.q} placeholder={t('listing.qPlaceholder')} />
          </label>
        </div>
        <div className="filters__row filters__flags">
          {(['garden', 'terrace', 'parking'] as const).map((f) => (
            <label key={f} className="chip">
              <input type="checkbox" name={f} value="1" defaultChecked={!!q[f]} />
              <span>{t(`listing.${f}`)}</span>
            </label>
          ))}
        </div>
        {q.sort !== 'newest' && <input type="hidden" name="sort" value={q.sort} />}
        {data.view === 'map' && <input type="hidden" name="view" value="map" />}
        {/* The area chosen on the map stays while the other filters change (its note removes it). */}
        {q.bbox && <input type="hidden" name="bbox" value={formatBbox(q.bbox)} />}
        {q.bbox && q.zoom !== undefined && <input type="hidden" name="zoom" value={q.zoom} />}
        <div className="filters__actions">
          <button type="submit" className="button">
            {t('listing.search')}
          </button>
          <Link href={path} className="button button--ghost">
            {t('listing.reset')}
          </Link>
        </div>
      </form>
    </div>
  );
}

/** The URL of a search: path, query string, and the map view when it is on. */
function searchHref(path: string, data: PropertyListData, change: Partial<PropertyListData['query']>, view = data.view): string {
  const s = queryString({ ...data.query, ...change }, data.goal);
  return `${path}${view === 'map' ? (s ? `${s}&view=map` : '?view=map') : s}`;
}

function Pager({ data, path }: { data: PropertyListData; path: string }) {
  const { t } = useI18n();
  if (data.pages < 2) return null;
  const href = (page: number) => searchHref(path, data, { page });
  const around = [...new Set([1, data.page - 1, data.page, data.page + 1, data.pages])].filter((p) => p >= 1 && p <= data.pages).sort((a, b) => a - b);
  return (
    <nav className="pager" aria-label={t('listing.pages')}>
      {data.page > 1 && (
        <Link href={href(data.page - 1)} rel="prev" className="pager__step">
          {t('listing.previous')}
        </Link>
      )}
      <ul>
        {around.map((p, i) => (
          <li key={p}>
            {i > 0 && around[i - 1] !== p - 1 && <span aria-hidden="true">…</span>}
            {p === data.page ? (
              <span aria-current="page">{p}</span>
            ) : (
              <Link href={href(p)} aria-label={t('listing.pageN', { page: p })}>
                {p}
              </Link>
            )}
          </li>
        ))}
      </ul>
      {data.page < data.pages && (
        <Link href={href(data.page + 1)} rel="next" className="pager__step">
          {t('listing.next')}
        </Link>
      )}
    </nav>
  );
}

export default function View({ module, data }: { module: PropertyListModule; data: PropertyListData }) {
  const { t } = useI18n();
  const [location, navigate] = useLocation();
  const perRow = module.numberItemOfRow ?? 3;
  if (data.featured) {
    return (
      <div className="property-list property-list--featured">
        <CardGrid cards={data.cards} perRow={perRow} />
        {data.more && (
          <p className="news__more">
            <Link href={data.more} className="button button--ghost">
              {t(data.goal === 'rent' ? 'listing.allRent' : 'listing.allSale')}
            </Link>
          </p>
        )}
      </div>
    );
  }
  const path = location;
  const withView = (view: 'list' | 'map') => searchHref(path, data, { page: 1 }, view);
  return (
    <div className="property-list">
      {data.errors.length > 0 && (
        <div className="alert" role="alert">
          <p>{t('listing.badQuery')}</p>
          <ul>
            {data.errors.map((e) => (
              <li key={e.field}>{t('listing.badField', { field: t(`listing.${e.field}`) })}</li>
            ))}
          </ul>
        </div>
      )}
      {module.showFilters !== false && <Filters data={data} path={path} />}
      <div className="results-bar">
        <p className="results-bar__title" aria-live="polite">
          {t('listing.paging', { page: data.page, pages: data.pages, total: data.total, n: formatNumber(data.total) })}
        </p>
        <label className="results-bar__sort">
          <span>{t('listing.sort')}</span>
          <select value={data.query.sort} onChange={(e) => navigate(searchHref(path, data, { sort: e.target.value as (typeof SORTS)[number], page: 1 }))}>
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`sort.${s}`)}
              </option>
            ))}
          </select>
        </label>
        {module.showMap !== false && (
          <div className="view-toggle" role="group" aria-label={t('listing.viewAs')}>
            <Link href={withView('list')} aria-current={data.view === 'list' ? 'true' : undefined}>
              {t('listing.view.list')}
            </Link>
            <Link href={withView('map')} aria-current={data.view === 'map' ? 'true' : undefined}>
              {t('listing.view.map')}
            </Link>
          </div>
        )}
      </div>
      {data.query.bbox && <AreaNote removeHref={searchHref(path, data, { bbox: undefined, zoom: undefined, page: 1 })} />}
      {data.view === 'map' && (
        <MapBox
          filters={queryString({ ...data.query, bbox: undefined, zoom: undefined, sort: 'newest', page: 1 })}
          area={data.query.bbox}
          zoom={data.query.zoom}
          extent={data.map?.extent ?? null}
          onSearchArea={(bbox, zoom) => navigate(searchHref(path, data, { bbox, zoom, page: 1 }))}
        />
      )}
      {data.total === 0 ? (
        <p className="empty">{t('search.noResults')}</p>
      ) : (
        <CardGrid cards={data.cards} perRow={perRow} eagerFirst={data.view === 'map' ? 0 : 1} headingLevel="h2" />
      )}
      <Pager data={data} path={path} />
      {data.saveSearch && <SaveSearch data={data.saveSearch} empty={data.total === 0} />}
    </div>
  );
}
