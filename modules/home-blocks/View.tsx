import { formatNumber, Link, useI18n } from '../../renderer/ui.tsx';
import type { HomeBlocksModule } from '../../schemas/types.gen.ts';
import type { HomeBlocksData } from './load.server.ts';
import { TypeLinks } from './TypeLinks.tsx';
import './home-blocks.css';

export default function View({ data }: { module: HomeBlocksModule; data: HomeBlocksData }) {
  const { t } = useI18n();
  return (
    <div className="home-blocks">
      <ul className="home-blocks__list">
        <li className="home-block home-block--buy">
          <h2>{t('home.buy.title')}</h2>
          <p>{t('home.buy.text', { count: data.sale.count })}</p>
          <TypeLinks goal="sale" types={data.byType.sale} />
          {data.sale.path && (
            <Link href={data.sale.path} className="button">
              {t('home.buy.cta')}
            </Link>
          )}
        </li>
        <li className="home-block home-block--rent">
          <h2>{t('home.rent.title')}</h2>
          <p>{t('home.rent.text', { count: data.rent.count })}</p>
          <TypeLinks goal="rent" types={data.byType.rent} />
          {data.rent.path && (
            <Link href={data.rent.path} className="button">
              {t('home.rent.cta')}
            </Link>
          )}
        </li>
        <li className="home-block home-block--estimate">
          <h2>{t('home.estimate.title')}</h2>
          <p>{t('home.estimate.text')}</p>
          {data.estimatePath && (
            <Link href={data.estimatePath} className="button">
              {t('home.estimate.cta')}
            </Link>
          )}
        </li>
      </ul>
      {data.byRegion.length > 0 && (
        <section className="home-blocks__regions" aria-label={t('home.byRegion')}>
          {data.byRegion.map((r) => (
            <div key={r.region} className="home-blocks__region">
              <h3>{t(`region.${r.region}`)}</h3>
              <ul>
                {r.types.map((x) => (
                  <li key={x.type}>
                    {t(`type.${x.type}.plural`)} <span className="count">{formatNumber(x.count)}</span>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </section>
      )}
    </div>
  );
}
