/**
 * The leads inbox: the visitors' requests, newest first, filtered by kind, language, property and
 * whether they were handled. A row opens the request with everything the visitor sent; from there
 * staff mark it handled, approve or reject a testimonial, or download a CV.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Me } from '../api.ts';
import { useSession } from '../store.ts';
import { LEAD_KINDS, inboxApi, type LeadDetail, type LeadFilter, type LeadKind, type LeadPage, type LeadRow } from './api.ts';
import { formatWhen, tr, useT, useUiLang } from '../i18n/index.ts';
import { kindLabel, testimonialLabel } from './lead-text.ts';
import { LeadDetailPanel } from './LeadDetailPanel.tsx';
import './inbox.css';
import { displayPhone } from '../../shared/phone.ts';

export default function Leads({ me }: { me: Me }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const expired = useSession((s) => s.expired);
  const [filter, setFilter] = useState<LeadFilter>({});
  const [propertyInput, setPropertyInput] = useState('');
  const [propertyError, setPropertyError] = useState<string | null>(null);
  const [data, setData] = useState<LeadPage | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [openId, setOpenId] = useState<string | null>(null);
  const [detail, setDetail] = useState<LeadDetail | null>(null);
  const [detailError, setDetailError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const ids = { kind: useId(), lang: useId(), property: useId(), handled: useId(), caption: useId(), detail: useId() };

  const load = useCallback(
    async (f: LeadFilter) => {
      setLoading(true);
      try {
        const page = await inboxApi.leads(f);
        setData(page);
        setError(null);
        setStatus(page.pages > 1 ? tr('leads.countPaged', { n: page.total, page: page.page, pages: page.pages }) : tr('leads.count', { n: page.total }));
      } catch (e) {
        if (!expired(e)) setError((e as Error).message);
      } finally {
        setLoading(false);
      }
    },
    [expired],
  );
  // The count line speaks the editor's language when it changes.
  useEffect(() => {
    if (data) setStatus(data.pages > 1 ? t('leads.countPaged', { n: data.total, page: data.page, pages: data.pages }) : t('leads.count', { n: data.total }));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- says the count again when the language changes; a new count says itself
  }, [t]);

  useEffect(() => {
    void load(filter);
  }, [filter, load]);

  useEffect(() => {
    if (!openId) {
      setDetail(null);
      return;
    }
    let live = true;
    setDetailError(null);
    inboxApi.lead(openId).then(
      ({ lead }) => {
        if (!live) return;
        setDetail(lead);
        requestAnimationFrame(() => detailHeading.current?.focus());
      },
      (e) => live && !expired(e) && setDetailError((e as Error).message),
    );
    return () => {
      live = false;
    };
  }, [openId, expired]);

  const change = (next: Partial<LeadFilter>) => setFilter((f) => ({ ...f, ...next, page: next.page ?? 1 }));

  const applyProperty = () => {
    const v = propertyInput.trim();
    if (v && !/^[1-9]\d{0,8}$/.test(v)) {
      setPropertyError(t('leads.propertyBad'));
      return;
    }
    setPropertyError(null);
    change({ property: v ? Number(v) : undefined });
  };

  /** A row changed on the server: the list and the open request show it. */
  const updated = (row: LeadRow, message: string) => {
    setData((d) => (d ? { ...d, items: d.items.map((x) => (x.id === row.id ? row : x)) } : d));
    setDetail((d) => (d && d.id === row.id ? { ...d, ...row } : d));
    setStatus(message);
  };

  const act = async (fn: () => Promise<{ lead: LeadRow }>, message: (row: LeadRow) => string) => {
    setBusy(true);
    setDetailError(null);
    try {
      const { lead } = await fn();
      updated(lead, message(lead));
      // Under a "handled" filter the row may no longer belong to the list.
      if (filter.handled) void load(filter);
    } catch (e) {
      if (!expired(e)) setDetailError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const kinds = LEAD_KINDS.filter((k) => (data?.counts[k] ?? 0) > 0 || k === filter.kind);
  const totalAll = data ? Object.values(data.counts).reduce((a, b) => a + b, 0) : 0;

  return (
    <div className="ed-inbox">
      <h1 className="ed-inbox__title">{t('nav.leads')}</h1>
      <p className="ed-inbox__status" role="status" aria-live="polite">
        {loading ? t('common.loading') : status}
      </p>

      <form
        className="ed-inbox__filters"
        aria-label={t('leads.filters')}
        onSubmit={(e) => {
          e.preventDefault();
          applyProperty();
        }}
      >
        <div className="ed-inbox__filter">
          <label className="ed-label" htmlFor={ids.kind}>
            {t('leads.kind')}
          </label>
          <select
            id={ids.kind}
            className="ed-input"
            value={filter.kind ?? ''}
            onChange={(e) => change({ kind: (e.target.value || undefined) as LeadKind | undefined })}
          >
            <option value="">
              {t('leads.allKinds')}
              {data ? ` (${totalAll})` : ''}
            </option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {kindLabel(k, ui)} ({data?.counts[k] ?? 0})
              </option>
            ))}
          </select>
        </div>
        <div className="ed-inbox__filter">
          <label className="ed-label" htmlFor={ids.lang}>
            {t('leads.language')}
          </label>
          <select
            id={ids.lang}
            className="ed-input"
            value={filter.lang ?? ''}
            onChange={(e) => change({ lang: (e.target.value || undefined) as LeadFilter['lang'] })}
          >
            <option value="">{t('leads.allLanguages')}</option>
            {me.langs.map((l) => (
              <option key={l} value={l}>
                {l.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
        <div className="ed-inbox__filter">
          <label className="ed-label" htmlFor={ids.property}>
            {t('leads.propertyId')}
          </label>
          <div className="ed-inbox__inline">
            <input
              id={ids.property}
              className="ed-input ed-inbox__narrow"
              inputMode="numeric"
              value={propertyInput}
              aria-invalid={propertyError ? true : undefined}
              aria-describedby={propertyError ? `${ids.property}-error` : undefined}
              onChange={(e) => setPropertyInput(e.target.value)}
              onBlur={applyProperty}
            />
            <button type="submit" className="ed-button ed-button--small">
              {t('leads.apply')}
            </button>
          </div>
          {propertyError && (
            <p id={`${ids.property}-error`} className="ed-inbox__field-error">
              {propertyError}
            </p>
          )}
        </div>
        <div className="ed-inbox__filter">
          <label className="ed-label" htmlFor={ids.handled}>
            {t('leads.handled')}
          </label>
          <select
            id={ids.handled}
            className="ed-input"
            value={filter.handled ?? ''}
            onChange={(e) => change({ handled: (e.target.value || undefined) as LeadFilter['handled'] })}
          >
            <option value="">{t('leads.all')}</option>
            <option value="no">{t('leads.notHandled')}</option>
            <option value="yes">{t('leads.handledYes')}</option>
          </select>
        </div>
      </form>

      {error && (
        <div className="ed-alert ed-alert--error" role="alert">
          {error}{' '}
          <button type="button" className="ed-button ed-button--small" onClick={() => void load(filter)}>
            {t('common.retry')}
          </button>
        </div>
      )}

      <div className={`ed-inbox__split${openId ? ' ed-inbox__split--open' : ''}`}>
        <div className="ed-inbox__list">
          {data && data.items.length === 0 && !loading && <p className="ed-inbox__empty">{t('leads.none')}</p>}
          {data && data.items.length > 0 && (
            <table className="ed-table ed-inbox__table" aria-describedby={ids.caption}>
              <caption id={ids.caption} className="ed-inbox__caption">
                {data.pages > 1 ? t('leads.captionPaged', { page: data.page, pages: data.pages }) : t('leads.caption')}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t('leads.received')}</th>
                  <th scope="col">{t('leads.kind')}</th>
                  <th scope="col">{t('leads.from')}</th>
                  <th scope="col">{t('leads.property')}</th>
                  <th scope="col">{t('leads.message')}</th>
                  <th scope="col">{t('leads.status')}</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((row) => (
                  <tr
                    key={row.id}
                    data-lead={row.id}
                    className={`ed-inbox__row${row.id === openId ? ' ed-inbox__row--open' : ''}${row.handled ? ' ed-inbox__row--handled' : ''}`}
                    onClick={() => setOpenId(row.id)}
                  >
                    <td>
                      <button
                        type="button"
                        className="ed-inbox__open"
                        aria-expanded={row.id === openId}
                        aria-controls={ids.detail}
                        onClick={(e) => {
                          e.stopPropagation();
                          setOpenId(row.id === openId ? null : row.id);
                        }}
                      >
                        <time dateTime={row.at}>{formatWhen(row.at, ui)}</time>
                        <span className="ed-visually-hidden">{row.name ? t('leads.openFrom', { name: row.name }) : t('leads.open')}</span>
                      </button>
                    </td>
                    <td>
                      {kindLabel(row.kind, ui)} <span className="ed-inbox__lang">{row.lang.toUpperCase()}</span>
                    </td>
                    <td>
                      <div>{row.name ?? '—'}</div>
                      {row.email && <div className="ed-muted">{row.email}</div>}
                      {row.phone && <div className="ed-muted">{displayPhone(row.phone)}</div>}
                    </td>
                    <td data-label={t('leads.property')} data-label-inline data-none={row.propertyId ? undefined : true}>
                      {row.propertyId ?? '—'}
                    </td>
                    <td className="ed-inbox__excerpt">{row.excerpt || '—'}</td>
                    <td>
                      <div className="ed-inbox__badges">
                        {row.handled ? (
                          <span className="ed-badge ed-inbox__badge--done">{t('leads.handledYes')}</span>
                        ) : (
                          <span className="ed-badge ed-inbox__badge--new">{t('leads.new')}</span>
                        )}
                        {row.testimonial && <span className={`ed-badge ed-inbox__badge--${row.testimonial}`}>{testimonialLabel(row.testimonial, ui)}</span>}
                        {row.cv && <span className="ed-badge">CV</span>}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {data && data.pages > 1 && (
            <nav className="ed-inbox__pager" aria-label={t('leads.pages')}>
              <button type="button" className="ed-button ed-button--small" disabled={data.page <= 1} onClick={() => change({ page: data.page - 1 })}>
                {t('leads.newer')}
              </button>
              <span>{t('leads.page', { page: data.page, pages: data.pages })}</span>
              <button type="button" className="ed-button ed-button--small" disabled={data.page >= data.pages} onClick={() => change({ page: data.page + 1 })}>
                {t('leads.older')}
              </button>
            </nav>
          )}
        </div>

        {openId && (
          <LeadDetailPanel
            id={ids.detail}
            detail={detail}
            error={detailError}
            busy={busy}
            headingRef={detailHeading}
            onClose={() => {
              // The focus goes back to the request in the list (on a phone, the list is above it).
              const id = openId;
              setOpenId(null);
              requestAnimationFrame(() => document.querySelector<HTMLElement>(`tr[data-lead="${CSS.escape(id)}"] .ed-inbox__open`)?.focus());
            }}
            act={act}
          />
        )}
      </div>
    </div>
  );
}
