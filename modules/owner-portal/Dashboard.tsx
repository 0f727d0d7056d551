/** The logged-in owner's screens (property choice, counters, chart, history lists): a chunk loaded only after login. */
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { Link, useI18n } from '../../renderer/ui.tsx';
import { OWNER_CHART_DAYS, OWNER_SITE_SOURCE } from '../../shared/constants.ts';
import { Alert, call, type Figures, type Me, type Paged, type Communication, type Appointment, type DayVisits } from './shared.tsx';

const Chart = lazy(() => import('./Chart.tsx'));

function useLabel() {
  const { t } = useI18n();
  return (prefix: string, value: string) => {
    const key = `${prefix}.${value}`;
    const text = t(key);
    return text === key ? value : text;
  };
}

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (n: number) => void }) {
  const { t } = useI18n();
  if (pages <= 1) return null;
  return (
    <div className="portal-pager">
      <button type="button" className="button button--ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('owner.previous')}
      </button>
      <span>{t('owner.pager', { page, pages })}</span>
      <button type="button" className="button button--ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('owner.next')}
      </button>
    </div>
  );
}

/** One history list with its own paging (fetched page by page from the API). */
function History<T>({
  id,
  title,
  list,
  first,
  head,
  row,
}: {
  id: number;
  title: string;
  list: string;
  first: Paged<T>;
  head: string[];
  row: (item: T) => ReactNode[];
}) {
  const { t, lang } = useI18n();
  const [data, setData] = useState(first);
  useEffect(() => setData(first), [first]);
  const go = async (n: number) => {
    const r = await call<Paged<T>>('GET', `/api/owner/properties/${id}/${list}?page=${n}&lang=${lang}`);
    if (r.status === 200) setData(r.data);
  };
  return (
    <section className="portal-section" data-list={list}>
      <h3>
        {title} <span className="portal-count">({data.total})</span>
      </h3>
      {data.items.length === 0 ? (
        <p className="portal-empty">{t('owner.empty')}</p>
      ) : (
        <div className="portal-table-wrap">
          <table className="portal-table">
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.items.map((item, i) => (
                <tr key={i}>
                  {row(item).map((cell, j) => (
                    <td key={j} data-label={head[j]}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={data.page} pages={data.pages} onPage={go} />
    </section>
  );
}

function PropertyFigures({ id, onSessionEnd }: { id: number; onSessionEnd: () => void }) {
  const { t, lang, formatDate } = useI18n();
  const label = useLabel();
  const [state, setState] = useState<{ status: 'loading' } | { status: 'error'; message: string } | { status: 'ok'; figures: Figures }>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    call<Figures>('GET', `/api/owner/properties/${id}?lang=${lang}`)
      .then((r) => {
        if (!live) return;
        if (r.status === 401) return onSessionEnd();
        setState(r.status === 200 ? { status: 'ok', figures: r.data } : { status: 'error', message: r.data.error ?? t('owner.error') });
      })
      .catch(() => live && setState({ status: 'error', message: t('owner.error') }));
    return () => {
      live = false;
    };
  }, [id, lang, onSessionEnd, t]);
  if (state.status === 'loading') return <p className="portal-empty">{t('owner.loading')}</p>;
  if (state.status === 'error') return <Alert>{state.message}</Alert>;
  const f = state.figures;
  const dateTime = (iso: string) => `${formatDate(iso)} ${new Date(iso).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' })}`;
  const sourceName = (s: string) => (s === OWNER_SITE_SOURCE ? t('owner.source.site') : s);
  return (
    <div className="portal-property" data-property={f.property.id}>
      <h2>{f.property.title}</h2>
      {f.property.path && (
        <p>
          <Link href={f.property.path}>{t('owner.viewPage')}</Link>
        </p>
      )}
      <dl className="portal-counters">
        {(['today', 'week', 'month', 'total'] as const).map((k) => (
          <div key={k} className="portal-counter" data-counter={k}>
            <dt>{t(`owner.visits.${k}`)}</dt>
            <dd>{f.counters[k]}</dd>
          </div>
        ))}
      </dl>
      <section className="portal-section portal-chart">
        <h3>{t('owner.chart.title', { days: OWNER_CHART_DAYS })}</h3>
        <Suspense fallback={<p className="portal-empty">{t('owner.chart.loading')}</p>}>
          <Chart
            series={f.chart.series.map((s) => ({ ...s, source: sourceName(s.source) }))}
            formatDay={(d) => formatDate(d).slice(0, 5)}
            visitsLabel={t('owner.col.visits')}
          />
        </Suspense>
      </section>
      <History
        id={f.property.id}
        title={t('owner.communications')}
        list="communications"
        first={f.communications}
        head={[t('owner.col.date'), t('owner.col.type'), t('owner.col.status')]}
        row={(c: Communication) => [formatDate(c.date), label('owner.kind', c.type), label('owner.status', c.status)]}
      />
      <History
        id={f.property.id}
        title={t('owner.calendar')}
        list="calendar"
        first={f.calendar}
        head={[t('owner.col.time'), t('owner.col.status')]}
        row={(a: Appointment) => [dateTime(a.start), label('owner.status', a.status)]}
      />
      <section className="portal-section" data-list="media">
        <h3>{t('owner.media')}</h3>
        {f.media.length === 0 ? (
          <p className="portal-empty">{t('owner.empty')}</p>
        ) : (
          <ul className="portal-media">
            {f.media.map((m) => (
              <li key={m.source}>{m.url ? <Link href={m.url}>{m.source}</Link> : m.source}</li>
            ))}
          </ul>
        )}
      </section>
      <History
        id={f.property.id}
        title={t('owner.pageVisits')}
        list="visits"
        first={f.visits}
        head={[t('owner.col.date'), t('owner.col.visits')]}
        row={(v: DayVisits) => [formatDate(v.date), v.visits]}
      />
    </div>
  );
}

function Home({
  me,
  propertyId,
  onPick,
  onLogout,
  onSessionEnd,
}: {
  me: Me;
  propertyId?: number;
  onPick: (id?: number) => void;
  onLogout: () => void;
  onSessionEnd: () => void;
}) {
  const { t } = useI18n();
  return (
    <div className="portal">
      <div className="portal-bar">
        <span>{me.username}</span>
        <button type="button" className="button button--ghost" onClick={onLogout}>
          {t('owner.logout')}
        </button>
      </div>
      <nav className="portal-properties" aria-label={t('owner.properties')}>
        <h2>{t('owner.properties')}</h2>
        {me.properties.length === 0 && <p>{t('owner.noProperties')}</p>}
        <ul>
          {me.properties.map((p) => (
            <li key={p.id}>
              <button type="button" className="portal-pick" aria-pressed={p.id === propertyId} onClick={() => onPick(p.id)}>
                {p.picture && <img src={p.picture} alt="" width={96} height={64} loading="lazy" />}
                <span>
                  <strong>{p.title}</strong>
                  <small>{p.city}</small>
                </span>
              </button>
            </li>
          ))}
        </ul>
        {propertyId !== undefined && (
          <button type="button" className="portal-link" onClick={() => onPick(undefined)}>
            {t('owner.allProperties')}
          </button>
        )}
      </nav>
      {propertyId !== undefined && <PropertyFigures id={propertyId} onSessionEnd={onSessionEnd} />}
    </div>
  );
}

export default Home;
