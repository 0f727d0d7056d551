import { Link, useI18n } from '../../renderer/ui.tsx';
import type { BuyingCostsTeaser as Teaser } from './buying-costs.server.ts';

/**
 * The property page's buying costs (issue 39), rendered on the server with no script of its own:
 * about how much comes on top of the price, and the calculator's page prefilled with the property;
 * outside Belgium, that the calculator covers Belgium.
 */
export function BuyingCostsTeaser({ teaser }: { teaser: Teaser }) {
  const { t, formatPrice } = useI18n();
  return (
    <section className="detail-section buying-costs-teaser" aria-labelledby="buying-costs-title">
      <h2 id="buying-costs-title">{t('costs.teaser.title')}</h2>
      {teaser.abroad !== undefined ? (
        <p>{t('costs.teaser.abroad', { country: teaser.abroad })}</p>
      ) : (
        <>
          {teaser.total !== undefined && teaser.region && (
            <p>
              {t('costs.teaser.total', { amount: formatPrice(teaser.total).replace(' ', '\u00a0'), region: t(`region.${teaser.region}`) })}{' '}
              {teaser.newBuild ? `${t('costs.teaser.newBuild')} ` : ''}({t('costs.teaser.indicative')})
            </p>
          )}
          {teaser.path && (
            <p>
              <Link href={teaser.path}>{t('costs.teaser.link')}</Link>
            </p>
          )}
        </>
      )}
    </section>
  );
}
