import { epcNameKey } from '../../shared/epc.ts';
import { useEffect, useState } from 'react';
import { Img, Link, Price, displayPhone, formatNumber, telHref, useI18n, useShell } from '../../renderer/ui.tsx';
import type { PropertyDetailModule } from '../../schemas/types.gen.ts';
import { AvailabilityBadge, CardGrid } from '../lib/PropertyCard.tsx';
import { PriceNotes } from '../lib/PriceNotes.tsx';
import { Photos, useMounted } from '../lib/Photos.tsx';
import { LazyDetailMap } from '../lib/LazyDetailMap.tsx';
import { BuyingCostsTeaser } from '../lib/BuyingCostsTeaser.tsx';
import type { PropertyDetailData } from './load.server.ts';
import type { Fact } from './facts.ts';
import { epcValueText, unitText } from './energy.ts';
import '../lib/detail.css';
import './property-detail.css';
import './print.css';
import { CopyButton } from '../lib/CopyButton.tsx';
import { DetailDeviceButtons } from '../lib/DeviceButtons.tsx';

function FactValue({ fact }: { fact: Fact }) {
  const { t, formatPrice, formatDate } = useI18n();
  const v = fact.value;
  switch (fact.kind) {
    case 'bool':
      return <>{t(v ? 'value.yes' : 'value.no')}</>;
    case 'm2':
    case 'm':
    case 'kwhM2':
    case 'kwhYear':
    case 'co2':
      return <>{unitText(fact.kind, v, t)}</>;
    case 'eur':
      return <>{formatPrice(v)}</>;
    case 'facades':
      return <>{t(`facades.${v}`)}</>;
    case 'date':
      return <>{/^\d{4}-\d{2}-\d{2}/.test(String(v)) ? formatDate(String(v)) : String(v)}</>;
    default:
      return <>{String(v)}</>;
  }
}

function Share({ data }: { data: PropertyDetailData }) {
  const { t } = useI18n();
  const mounted = useMounted();
  const [url, setUrl] = useState('');
  useEffect(() => setUrl(window.location.href.split('#')[0]), []);
  const canShare = mounted && typeof navigator !== 'undefined' && 'share' in navigator;
  const enc = encodeURIComponent;
  return (
    <div className="share">
      <h2 className="share__title">{t('detail.share')}</h2>
      <ul className="share__links">
        {canShare && (
          <li>
            <button type="button" className="button button--ghost" onClick={() => navigator.share({ title: data.title, url }).catch(() => {})}>
              {t('detail.shareNative')}
            </button>
          </li>
        )}
        <li>
          <a href={`mailto:?subject=${enc(data.title)}&body=${enc(url)}`}>{t('detail.shareEmail')}</a>
        </li>
        <li>
          <a href={`https://www.facebook.com/sharer/sharer.php?u=${enc(url)}`} target="_blank" rel="noopener noreferrer">
            Facebook
          </a>
        </li>
        <li>
          <a href={`https://www.linkedin.com/sharing/share-offsite/?url=${enc(url)}`} target="_blank" rel="noopener noreferrer">
            LinkedIn
          </a>
        </li>
        <li>
          <a href={`https://wa.me/?text=${enc(`${data.title} ${url}`)}`} target="_blank" rel="noopener noreferrer">
            WhatsApp
          </a>
        </li>
        <li>
          <CopyButton text={url} label={t('detail.copyLink')} done={t('detail.linkCopied')} />
        </li>
        <li>
          <button type="button" className="link-button" onClick={() => window.print()}>
            {t('detail.print')}
          </button>
        </li>
      </ul>
    </div>
  );
}

function Media({ data }: { data: PropertyDetailData }) {
  const { t } = useI18n();
  const [play, setPlay] = useState<string | null>(null);
  const items = [
    data.tour && { key: 'tour', label: t('detail.virtualTour'), info: data.tour },
    data.video && { key: 'video', label: t('detail.video'), info: data.video },
  ].filter(Boolean) as Array<{ key: string; label: string; info: NonNullable<PropertyDetailData['video']> }>;
  if (!items.length) return null;
  return (
    <section className="detail-section">
      {items.map((m) => (
        <div key={m.key} className="media-embed">
          <h2>{m.label}</h2>
          {m.info.kind === 'file' ? (
            // eslint-disable-next-line jsx-a11y/media-has-caption -- the CRM sends a video file without captions: there are none to link
            <video controls preload="none" src={m.info.url} />
          ) : play === m.key ? (
            <iframe src={m.info.embedUrl ?? m.info.url} title={m.label} allow="fullscreen; xr-spatial-tracking" allowFullScreen loading="lazy" />
          ) : (
            // Third-party players load only when asked for (no tracking before that).
            <button type="button" className="media-embed__start button" onClick={() => setPlay(m.key)}>
              {t('detail.play', { what: m.label })}
            </button>
          )}
        </div>
      ))}
    </section>
  );
}

export default function View({ data }: { module: PropertyDetailModule; data: PropertyDetailData | null }) {
  const { t } = useI18n();
  const { site } = useShell();
  if (!data) return null;
  const gone = data.availability === 'sold' || data.availability === 'soldOut' || data.availability === 'rented';
  return (
    <article className="property-detail">
      {gone && (
        <p className="notice notice--gone" role="status">
          {t(data.availability === 'rented' ? 'property.rented' : 'property.sold')}
        </p>
      )}
      <header className="property-detail__head">
        <p className="property-detail__type">
          {data.type ? t(`type.${data.type}`) : data.typeName}
          {data.type || data.typeName ? ' · ' : ''}
          {t(`goal.${data.goal}`)} <AvailabilityBadge availability={data.availability} marquee={data.marquee} />
        </p>
        <h1>{data.title}</h1>
        <p className="property-detail__address">{data.address.join(', ')}</p>
        <p className="property-detail__price">
          <Price price={data.price} goal={data.goal} from={data.priceFrom} viager={data.viager} />
        </p>
        <PriceNotes perM2={data.pricePerM2} drop={data.priceDrop} goal={data.goal} detail />
        <p className="property-detail__ref">{t('detail.reference', { ref: data.reference })}</p>
        <DetailDeviceButtons view={{ id: data.id, title: data.title, price: data.price, goal: data.goal, image: data.photos[0]?.thumb ?? null }} />
      </header>
      <Photos photos={data.photos} />
      <ul className="key-facts">
        {data.keyFacts.bedrooms ? <li>{t('card.bedrooms', { count: data.keyFacts.bedrooms })}</li> : null}
        {data.keyFacts.bathrooms ? <li>{t('card.bathrooms', { count: data.keyFacts.bathrooms })}</li> : null}
        {data.keyFacts.surface ? <li>{unitText('m2', data.keyFacts.surface, t)}</li> : null}
        {data.keyFacts.plot ? <li>{t('detail.plot', { value: formatNumber(data.keyFacts.plot) })}</li> : null}
        {data.epc && <li>{t(epcNameKey(data.epc.region), { label: data.epc.text })}</li>}
      </ul>
      {data.project && (
        <p className="property-detail__project">
          {t('detail.partOf')} <Link href={data.project.path}>{data.project.name}</Link>
        </p>
      )}
      <div className="property-detail__columns">
        <div className="property-detail__main">
          {data.description.length > 0 && (
            <section className="detail-section">
              <h2>{t('detail.description')}</h2>
              {data.description.map((para, i) => (
                <p key={i}>{para}</p>
              ))}
            </section>
          )}
          <section className="detail-section epc" aria-labelledby="epc-title">
            <h2 id="epc-title">{t(epcNameKey(data.epc?.region, 'detail.epc'))}</h2>
            {data.epc ? (
              <>
                {data.epc.image ? (
                  <img src={data.epc.image} alt={t(epcNameKey(data.epc.region), { label: data.epc.text })} width={180} height={60} />
                ) : (
                  <p className="epc__text">{t(epcNameKey(data.epc.region), { label: data.epc.text })}</p>
                )}
                {data.epc.value !== null && <p>{epcValueText(data.epc.region, data.epc.value, t)}</p>}
                {data.epc.region && <p className="epc__region">{t(`region.${data.epc.region}`)}</p>}
                {data.epc.notice && (
                  <div className="notice epc__renovation">
                    <p>{t('detail.renovationNotice')}</p>
                    {data.renovationPath && (
                      <p>
                        <Link href={data.renovationPath} className="button">
                          {t('detail.renovationCalculator')}
                        </Link>
                      </p>
                    )}
                  </div>
                )}
                {!data.epc.notice && data.renovationPath && (
                  <p>
                    <Link href={data.renovationPath}>{t('detail.renovationCalculator.link')}</Link>
                  </p>
                )}
              </>
            ) : (
              <p>{t('detail.noEpc')}</p>
            )}
          </section>
          {data.groups.map((g) => (
            <section key={g.key} className="detail-section facts">
              <h2>{t(`group.${g.key}`)}</h2>
              <dl>
                {g.facts.map((f) => (
                  <div key={f.field}>
                    <dt>{t(f.label ?? `field.${f.field}`)}</dt>
                    <dd>
                      <FactValue fact={f} />
                    </dd>
                  </div>
                ))}
              </dl>
            </section>
          ))}
          {data.buyingCosts && <BuyingCostsTeaser teaser={data.buyingCosts} />}
          <Media data={data} />
          <section className="detail-section documents">
            <h2>{t('detail.documents')}</h2>
            {data.documents.length ? (
              <ul>
                {data.documents.map((d) => (
                  <li key={d.url}>
                    <a href={d.url} download>
                      {d.name}
                    </a>
                    {d.size ? <small> ({Math.max(1, Math.round(d.size / 1024))} KB)</small> : null}
                  </li>
                ))}
              </ul>
            ) : (
              <p>{t('detail.noDocuments')}</p>
            )}
          </section>
          {data.location && (
            <section className="detail-section location">
              <h2>{t('detail.location')}</h2>
              <LazyDetailMap lat={data.location.lat} lng={data.location.lng} approximate={data.location.approximate} />
              {data.location.streetView ? (
                <p>
                  <a href={data.location.streetView} target="_blank" rel="noopener noreferrer">
                    {t('detail.streetView')}
                  </a>
                </p>
              ) : (
                <p>{t('detail.approximate')}</p>
              )}
            </section>
          )}
        </div>
        <aside className="property-detail__aside">
          {data.agent && (
            <section className="agent-card">
              <h2>{t('detail.agent')}</h2>
              {data.agent.image && <Img src={data.agent.image.url} alt={data.agent.image.alt} width={96} height={96} className="agent-card__photo" />}
              <p className="agent-card__name">{data.agent.path ? <Link href={data.agent.path}>{data.agent.name}</Link> : data.agent.name}</p>
              <p className="agent-card__role">{data.agent.role}</p>
              {data.agent.phone && (
                <p>
                  <a href={telHref(data.agent.phone)}>{displayPhone(data.agent.phone)}</a>
                </p>
              )}
              {data.agent.email && (
                <p>
                  <a href={`mailto:${data.agent.email}?subject=${encodeURIComponent(`${data.title} (${data.reference})`)}`}>{data.agent.email}</a>
                </p>
              )}
            </section>
          )}
          {!data.agent && (
            <section className="agent-card">
              <h2>{t('detail.agent')}</h2>
              <p>
                <a href={telHref(site.phone)}>{displayPhone(site.phone)}</a>
              </p>
            </section>
          )}
          {data.contactPath && (
            <p>
              <Link href={data.contactPath} className="button">
                {t('detail.contactUs')}
              </Link>
            </p>
          )}
          <Share data={data} />
        </aside>
      </div>
      {data.similar.length > 0 && (
        <section className="detail-section similar">
          <h2>{t('detail.similar')}</h2>
          <CardGrid cards={data.similar} perRow={4} />
        </section>
      )}
    </article>
  );
}
