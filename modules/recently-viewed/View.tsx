import { Link, Price, useI18n, useShell } from '../../renderer/ui.tsx';
import { clearRecent, useDeviceList, useRunning } from '../lib/device-lists.ts';
import { idsQuery } from '../lib/property-ids.ts';
import './recently-viewed.css';

/**
 * The properties this device last opened, as a strip: drawn in the browser only (the server knows
 * nothing of them), where nothing on screen moves when it appears (placed below the content the
 * page opens on), and with the visitor's favourites a tap away.
 */
export default function View() {
  const { t } = useI18n();
  const { favouritesPath } = useShell();
  const running = useRunning();
  const recent = useDeviceList('recent');
  const favourites = useDeviceList('favourites');
  if (!running || recent.length === 0) return null;
  return (
    <section className="recent" aria-labelledby="recent-title">
      <div className="recent__head">
        <h2 id="recent-title">{t('recent.title')}</h2>
        {favouritesPath && favourites.length > 0 && (
          <Link href={favouritesPath + idsQuery(favourites.map((f) => f.id))}>{t('recent.favourites', { count: favourites.length })}</Link>
        )}
        <button type="button" className="link-button" onClick={clearRecent}>
          {t('recent.clear')}
        </button>
      </div>
      <ul className="recent__list">
        {recent.map((r) => (
          <li key={r.id} className="recent__item">
            {r.image ? <img src={r.image} alt="" width={120} height={80} loading="lazy" decoding="async" /> : <span className="recent__nophoto" />}
            <Link href={r.path}>{r.title}</Link>
            <Price price={r.price} goal={r.goal} className="recent__price" />
          </li>
        ))}
      </ul>
    </section>
  );
}
