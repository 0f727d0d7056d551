import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { Link, useI18n } from '../../renderer/ui.tsx';
import type { FavouritesModule } from '../../schemas/types.gen.ts';
import { CardGrid } from '../lib/PropertyCard.tsx';
import { ListedNotices } from '../lib/ListedNotices.tsx';
import { addFavourites, useDeviceList, useRunning } from '../lib/device-lists.ts';
import { FAVOURITES_MAX, idsQuery } from '../lib/property-ids.ts';
import { CopyButton } from '../lib/CopyButton.tsx';
import type { FavouritesData } from './load.server.ts';
import './favourites.css';

const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The list's address, to copy or send (the page's own address: the list is in it). */
function ShareList({ href }: { href: string }) {
  const { t } = useI18n();
  const [url, setUrl] = useState(href);
  useEffect(() => setUrl(new URL(href, window.location.href).href), [href]);
  return (
    <section className="favourites__share" aria-labelledby="favourites-share">
      <h2 id="favourites-share">{t('favourites.share')}</h2>
      <p>{t('favourites.shareHint')}</p>
      <p className="favourites__share-links">
        <Link href={href}>{t('favourites.shareLink')}</Link>
        <CopyButton text={url} label={t('favourites.copy')} done={t('favourites.copied')} />
        <a href={`mailto:?subject=${encodeURIComponent(t('favourites.mailSubject'))}&body=${encodeURIComponent(url)}`}>{t('favourites.shareEmail')}</a>
      </p>
    </section>
  );
}

export default function View({ data }: { module: FavouritesModule; data: FavouritesData }) {
  const { t, formatPrice } = useI18n();
  const [path, navigate] = useLocation();
  const running = useRunning();
  const saved = useDeviceList('favourites');
  const savedIds = saved.map((f) => f.id);
  // The visitor's own list: the page shows what the device keeps (the address without ids opens
  // it) and follows it when a heart is taken off here; a list someone shared stays as its link says.
  const mine = useRef<boolean | null>(null);
  useEffect(() => {
    if (!running) return;
    if (mine.current === null) {
      mine.current = same(data.ids, savedIds);
      if (!data.ids.length && !data.invalid.length && savedIds.length) navigate(path + idsQuery(savedIds), { replace: true });
    } else if (mine.current && !same(data.ids, savedIds)) navigate(path + idsQuery(savedIds), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- follows the device's list when its ids change, not each new array
  }, [running, savedIds.join(',')]);
  useEffect(() => {
    if (running) mine.current = same(data.ids, savedIds);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- asks again only when the page's ids change
  }, [data.ids.join(',')]);

  const drops = data.cards.flatMap((c) => {
    const before = saved.find((f) => f.id === c.id)?.price;
    return before != null && c.price !== null && c.price < before ? [{ card: c, before }] : [];
  });
  const missing = running && !same(data.ids, savedIds) ? data.cards.filter((c) => !savedIds.includes(c.id)) : [];
  return (
    <div className="favourites">
      <p className="favourites__intro">{t('favourites.intro')}</p>
      <ListedNotices went={data.went} gone={data.gone} invalid={data.invalid} truncated={data.truncated} max={FAVOURITES_MAX} list="favourites" />
      {drops.length > 0 && (
        <div className="notice favourites__drops" role="status">
          <ul>
            {drops.map(({ card, before }) => (
              <li key={card.id}>{t('favourites.priceDrop', { title: card.title, before: formatPrice(before), now: formatPrice(card.price) })}</li>
            ))}
          </ul>
        </div>
      )}
      {data.cards.length > 0 ? (
        <>
          {missing.length > 0 && (
            <p className="favourites__keep">
              {t('favourites.sharedList')}{' '}
              <button type="button" className="button button--ghost" onClick={() => addFavourites(missing.map((c) => ({ id: c.id, price: c.price })))}>
                {t('favourites.keepAll', { count: missing.length })}
              </button>
            </p>
          )}
          <CardGrid cards={data.cards} perRow={3} headingLevel="h2" />
          <ShareList href={path + idsQuery(data.ids)} />
        </>
      ) : (
        !data.went.length && <p className="empty">{t('favourites.empty')}</p>
      )}
    </div>
  );
}
