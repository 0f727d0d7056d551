import { epcNameKey } from '../../shared/epc.ts';
import { formatNumber, Link, Price, useI18n } from '../../renderer/ui.tsx';
import type { PropertyCardData } from './property-card.ts';
import { PriceNotes } from './PriceNotes.tsx';
import './property-card.css';
import { CardDeviceButtons, CompareTray } from './DeviceButtons.tsx';

export function AvailabilityBadge({ availability, marquee }: { availability: PropertyCardData['availability']; marquee: string | null }) {
  const { t } = useI18n();
  if (availability !== 'available') return <span className={`badge badge--${availability}`}>{t(`availability.${availability}`)}</span>;
  return marquee ? <span className="badge badge--marquee">{marquee}</span> : null;
}

export function PropertyCard({ card, headingLevel = 'h3', eager }: { card: PropertyCardData; headingLevel?: 'h2' | 'h3'; eager?: boolean }) {
  const { t } = useI18n();
  const H = headingLevel;
  return (
    <article className="property-card" data-property-id={card.id}>
      <div className="property-card__media">
        {card.image ? (
          <img
            src={card.image.src}
            srcSet={card.image.srcSet}
            sizes="(min-width: 1280px) 380px, (min-width: 767px) 45vw, 100vw"
            alt=""
            width={400}
            height={267}
            loading={eager ? 'eager' : 'lazy'}
            decoding="async"
          />
        ) : (
          <div className="property-card__nophoto">{t('detail.noPhoto')}</div>
        )}
        <AvailabilityBadge availability={card.availability} marquee={card.marquee} />
        <CardDeviceButtons id={card.id} price={card.price} title={card.title} />
      </div>
      <div className="property-card__body">
        <p className="property-card__type">{[card.type ? t(`type.${card.type}`) : card.typeName, card.city].filter(Boolean).join(' · ')}</p>
        <H className="property-card__title">
          <Link href={card.path}>{card.title}</Link>
        </H>
        <p className="property-card__price">
          <Price price={card.price} goal={card.goal} from={card.priceFrom} viager={card.viager} />
        </p>
        <PriceNotes perM2={card.pricePerM2} drop={card.priceDrop} goal={card.goal} />
        <ul className="property-card__facts">
          {card.bedrooms ? <li>{t('card.bedrooms', { count: card.bedrooms })}</li> : null}
          {card.surface ? <li>{t('unit.m2', { value: formatNumber(card.surface) })}</li> : null}
          {card.epc && (
            <li className="property-card__epc">
              {card.epc.image ? (
                <img src={card.epc.image} alt={t(epcNameKey(card.epc.region), { label: card.epc.text })} width={60} height={20} loading="lazy" />
              ) : (
                t(epcNameKey(card.epc.region), { label: card.epc.text })
              )}
            </li>
          )}
        </ul>
      </div>
    </article>
  );
}

/** Cards in a grid; `headingLevel` h2 where the cards follow the page's h1 directly (a list page). */
export function CardGrid({
  cards,
  perRow = 3,
  eagerFirst = 0,
  headingLevel = 'h3',
}: {
  cards: PropertyCardData[];
  perRow?: number;
  eagerFirst?: number;
  headingLevel?: 'h2' | 'h3';
}) {
  return (
    <>
      <ul className="card-grid" style={{ '--per-row': perRow } as React.CSSProperties}>
        {cards.map((c, i) => (
          <li key={c.id}>
            <PropertyCard card={c} eager={i < eagerFirst} headingLevel={headingLevel} />
          </li>
        ))}
      </ul>
      <CompareTray />
    </>
  );
}
