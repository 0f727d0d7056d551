import { useI18n } from '../../renderer/ui.tsx';
import type { PriceDrop } from '../../shared/price.ts';
import './price-notes.css';

/**
 * What a card or a detail page says under a price (issue 39): "Price lowered" with the price before
 * struck through (named for screen readers), and the price per m² of living surface. Server-rendered,
 * no script.
 */
export function PriceNotes({ perM2, drop, goal, detail }: { perM2: number | null; drop: PriceDrop | null; goal: 'sale' | 'rent'; detail?: boolean }) {
  const { t, formatPrice, formatDate } = useI18n();
  if (perM2 === null && !drop) return null;
  const money = (v: number) => (goal === 'rent' ? t('unit.perMonth', { price: formatPrice(v) }) : formatPrice(v));
  return (
    <p className={detail ? 'price-notes price-notes--detail' : 'price-notes'}>
      {drop && (
        <span className="price-drop">
          <span className="price-drop__badge">{detail ? t('price.drop.on', { date: formatDate(drop.at) }) : t('price.drop.badge')}</span>{' '}
          <s className="price-drop__was">
            <span className="visually-hidden">{t('price.drop.previous')} </span>
            {money(drop.from)}
          </s>
        </span>
      )}
      {perM2 !== null && <span className="price-notes__m2">{t(detail ? 'price.perM2.detail' : 'price.perM2', { price: formatPrice(perM2) })}</span>}
    </p>
  );
}
