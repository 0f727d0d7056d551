/** What a favourites or compare link named that cannot be shown as asked (issue 39): sold or let, gone, unreadable, too many. */
import { Link, useI18n } from '../../renderer/ui.tsx';
import type { Went } from './listed.server.ts';
import './device-lists.css';

export function ListedNotices({
  went,
  gone,
  invalid,
  truncated,
  max,
  list,
}: {
  went: Went[];
  gone: number[];
  invalid: string[];
  truncated: boolean;
  max: number;
  list: 'favourites' | 'compare';
}) {
  const { t } = useI18n();
  return (
    <>
      {invalid.length > 0 && (
        <p className="alert" role="alert">
          {t('mylist.invalid', { count: invalid.length, entries: invalid.join(' · ') })}
        </p>
      )}
      {truncated && <p className="notice">{t(`${list}.truncated`, { max })}</p>}
      {gone.length > 0 && <p className="notice">{t('mylist.gone', { count: gone.length, ids: gone.join(', ') })}</p>}
      {went.length > 0 && (
        <section className="notice mylist-went" aria-labelledby="mylist-went">
          <h2 id="mylist-went">{t(`${list}.went`, { count: went.length })}</h2>
          <ul>
            {went.map((w) => (
              <li key={w.id}>
                <Link href={w.path}>{w.title}</Link> – {t(`availability.${w.availability}`)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
