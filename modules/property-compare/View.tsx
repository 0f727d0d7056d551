import { epcNameKey } from '../../shared/epc.ts';
import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { Link, Price, useI18n } from '../../renderer/ui.tsx';
import type { PropertyCompareModule } from '../../schemas/types.gen.ts';
import { ListedNotices } from '../lib/ListedNotices.tsx';
import { setCompare, useDeviceList, useRunning } from '../lib/device-lists.ts';
import { COMPARE_MAX, idsQuery } from '../lib/property-ids.ts';
import type { Cell, CellKind, CompareColumn, CompareData } from './load.server.ts';
import './property-compare.css';

function Value({ kind, cell, column }: { kind: CellKind; cell: Cell; column: CompareColumn }) {
  const { t, formatPrice } = useI18n();
  const { goal } = column;
  if (kind === 'price') return <Price price={column.price} goal={goal} from={column.priceFrom} viager={column.viager} className="compare__price" />;
  if (cell === null || cell === '')
    return (
      <>
        <span aria-hidden="true">–</span>
        <span className="visually-hidden">{t('compare.missing')}</span>
      </>
    );
  if (typeof cell === 'object')
    return cell.image ? (
      <img src={cell.image} alt={t(epcNameKey(cell.region), { label: cell.text })} width={90} height={30} loading="lazy" />
    ) : (
      <>{t(epcNameKey(cell.region), { label: cell.text })}</>
    );
  switch (kind) {
    case 'eur':
      return <>{formatPrice(cell)}</>;
    case 'eurM2':
      return <>{t(goal === 'rent' ? 'compare.perM2.rent' : 'compare.perM2', { price: formatPrice(cell) })}</>;
    case 'm2':
      return <>{t('unit.m2', { value: Number(cell) })}</>;
    case 'kwh':
      return <>{t('unit.kwh', { value: Number(cell) })}</>;
    default:
      return <>{String(cell)}</>;
  }
}

export default function View({ data }: { module: PropertyCompareModule; data: CompareData }) {
  const { t } = useI18n();
  const [path, navigate] = useLocation();
  const running = useRunning();
  const device = useDeviceList('compare');
  // The address without ids opens the comparison the device keeps.
  useEffect(() => {
    if (running && !data.ids.length && !data.invalid.length && device.length) navigate(path + idsQuery(device), { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page starts running in the browser
  }, [running]);
  const mine = running && device.length === data.ids.length && device.every((id) => data.ids.includes(id));
  const cols = data.columns;
  return (
    <div className="compare">
      <ListedNotices went={data.went} gone={data.gone} invalid={data.invalid} truncated={data.truncated} max={COMPARE_MAX} list="compare" />
      {cols.length === 0 ? (
        <p className="empty">{t('compare.empty', { max: COMPARE_MAX })}</p>
      ) : (
        <>
          {cols.length === 1 && <p className="notice">{t('compare.onlyOne')}</p>}
          <div className="compare__scroll" role="region" aria-labelledby="compare-caption" tabIndex={0}>
            <table className="compare__table" style={{ '--cols': cols.length } as React.CSSProperties}>
              <caption id="compare-caption">{t('compare.caption', { count: cols.length })}</caption>
              <thead>
                <tr>
                  <td />
                  {cols.map((c) => {
                    const rest = data.ids.filter((id) => id !== c.id);
                    return (
                      <th key={c.id} scope="col">
                        {c.image ? (
                          <img src={c.image.src} srcSet={c.image.srcSet} sizes="240px" alt="" width={240} height={160} loading="lazy" decoding="async" />
                        ) : (
                          <span className="compare__nophoto" />
                        )}
                        <Link href={c.path}>{c.title}</Link>
                        <Link
                          href={path + idsQuery(rest)}
                          className="compare__remove"
                          aria-label={t('compare.remove', { title: c.title })}
                          onClick={() => mine && setCompare(device.filter((id) => id !== c.id))}
                        >
                          {t('compare.removeShort')}
                        </Link>
                      </th>
                    );
                  })}
                </tr>
              </thead>
              {data.groups.map((g) => (
                <tbody key={g.label}>
                  {g.label && (
                    <tr className="compare__group">
                      <th scope="rowgroup" colSpan={cols.length + 1}>
                        {t(g.label)}
                      </th>
                    </tr>
                  )}
                  {g.rows.map((r) => (
                    <tr key={r.label}>
                      <th scope="row">{t(r.label)}</th>
                      {r.cells.map((cell, i) => (
                        <td key={cols[i].id}>
                          <Value kind={r.kind} cell={cell} column={cols[i]} />
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              ))}
            </table>
          </div>
          <p className="compare__actions">
            <Link href={path + idsQuery(data.ids)}>{t('compare.shareLink')}</Link>
            {running && (
              <button type="button" className="button button--ghost" onClick={() => window.print()}>
                {t('compare.print')}
              </button>
            )}
          </p>
        </>
      )}
    </div>
  );
}
