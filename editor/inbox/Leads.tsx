/**
 * The leads inbox: the visitors' requests, newest first, filtered by kind, language, property and
 * whether they were handled. A row opens the request with everything the visitor sent; from there
 * staff mark it handled, approve or reject a testimonial, or download a CV.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Me } from '../api.ts';
import { useSession } from '../store.ts';
import { LEAD_KINDS, formatWhen, inboxApi, type LeadDetail, type LeadFilter, type LeadKind, type LeadPage, type LeadRow } from './api.ts';
import './inbox.css';

const KIND_LABELS: Record<LeadKind, string> = {
  'site-contact': 'Contact',
  'contact-me': 'Property request',
  'send-to-friend': 'Sent to a friend',
  'document-request': 'Documents',
  'sign-newsletter': 'Newsletter',
  'contact-demand': 'Valuation request',
  'demand-register': 'Search alert',
  'purchase-offer': 'Purchase offer',
  'contact-appointment': 'Appointment',
  'rental-application': 'Rental application',
  testimonial: 'Testimonial',
  'job-application': 'Job application',
};
const TESTIMONIAL_LABELS = { pending: 'Awaiting approval', published: 'Published', rejected: 'Rejected' } as const;

/** A value the visitor sent, in words. */
function show(v: unknown): string {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'boolean') return v ? 'Yes' : 'No';
  if (Array.isArray(v)) return v.map(show).join(', ');
  if (typeof v === 'object') {
    const o = v as { name?: unknown; size?: unknown; type?: unknown };
    if (typeof o.name === 'string') return `${o.name}${typeof o.size === 'number' ? ` (${Math.max(1, Math.round(o.size / 1024))} KB${o.type ? `, ${String(o.type)}` : ''})` : ''}`;
    return JSON.stringify(v);
  }
  return String(v);
}

const FIELD_LABELS: Record<string, string> = { cv: 'CV', url: 'Website', about: 'About them', propertyId: 'Property id', advanceAmount: 'Advance at signing' };
const humanize = (k: string) => FIELD_LABELS[k] ?? k.replace(/([a-z])([A-Z])/g, '$1 $2').replace(/^./, (c) => c.toUpperCase());

export default function Leads({ me }: { me: Me }) {
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

  const load = useCallback(async (f: LeadFilter) => {
    setLoading(true);
    try {
      const page = await inboxApi.leads(f);
      setData(page);
      setError(null);
      setStatus(`${page.total} request${page.total === 1 ? '' : 's'}${page.pages > 1 ? `, page ${page.page} of ${page.pages}` : ''}.`);
    } catch (e) {
      if (!expired(e)) setError((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [expired]);

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
      setPropertyError('Enter a property id (a whole number), or leave it empty.');
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
      <h1 className="ed-inbox__title">Leads</h1>
      <p className="ed-inbox__status" role="status" aria-live="polite">
        {loading ? 'Loading…' : status}
      </p>

      <form
        className="ed-inbox__filters"
        aria-label="Filter the requests"
        onSubmit={(e) => {
          e.preventDefault();
          applyProperty();
        }}
      >
        <div className="ed-inbox__filter">
          <label className="ed-label" htmlFor={ids.kind}>
            Kind
          </label>
          <select id={ids.kind} className="ed-input" value={filter.kind ?? ''} onChange={(e) => change({ kind: (e.target.value || undefined) as LeadKind | undefined })}>
            <option value="">All kinds{data ? ` (${totalAll})` : ''}</option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {KIND_LABELS[k]} ({data?.counts[k] ?? 0})
              </option>
            ))}
          </select>
        </div>
        <div className="ed-inbox__filter">
          <label className="ed-label" htmlFor={ids.lang}>
            Language
          </label>
          <select id={ids.lang} className="ed-input" value={filter.lang ?? ''} onChange={(e) => change({ lang: (e.target.value || undefined) as LeadFilter['lang'] })}>
            <option value="">All languages</option>
            {me.langs.map((l) => (
              <option key={l} value={l}>
                {l.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
        <div className="ed-inbox__filter">
          <label className="ed-label" htmlFor={ids.property}>
            Property id
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
              Apply
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
            Handled
          </label>
          <select id={ids.handled} className="ed-input" value={filter.handled ?? ''} onChange={(e) => change({ handled: (e.target.value || undefined) as LeadFilter['handled'] })}>
            <option value="">All</option>
            <option value="no">Not handled</option>
            <option value="yes">Handled</option>
          </select>
        </div>
      </form>

      {error && (
        <div className="ed-alert ed-alert--error" role="alert">
          {error}{' '}
          <button type="button" className="ed-button ed-button--small" onClick={() => void load(filter)}>
            Try again
          </button>
        </div>
      )}

      <div className={`ed-inbox__split${openId ? ' ed-inbox__split--open' : ''}`}>
        <div className="ed-inbox__list">
          {data && data.items.length === 0 && !loading && <p className="ed-inbox__empty">No request matches these filters.</p>}
          {data && data.items.length > 0 && (
            <table className="ed-table ed-inbox__table" aria-describedby={ids.caption}>
              <caption id={ids.caption} className="ed-inbox__caption">
                Requests, newest first{data.pages > 1 ? ` (page ${data.page} of ${data.pages})` : ''}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Received</th>
                  <th scope="col">Kind</th>
                  <th scope="col">From</th>
                  <th scope="col">Property</th>
                  <th scope="col">Message</th>
                  <th scope="col">Status</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((row) => (
                  <tr
                    key={row.id}
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
                        <time dateTime={row.at}>{formatWhen(row.at)}</time>
                        <span className="ed-visually-hidden">: open the request{row.name ? ` from ${row.name}` : ''}</span>
                      </button>
                    </td>
                    <td>
                      {KIND_LABELS[row.kind] ?? row.kind} <span className="ed-inbox__lang">{row.lang.toUpperCase()}</span>
                    </td>
                    <td>
                      <div>{row.name ?? '—'}</div>
                      {row.email && <div className="ed-muted">{row.email}</div>}
                      {row.phone && <div className="ed-muted">{row.phone}</div>}
                    </td>
                    <td>{row.propertyId ?? '—'}</td>
                    <td className="ed-inbox__excerpt">{row.excerpt || '—'}</td>
                    <td>
                      <div className="ed-inbox__badges">
                        {row.handled ? <span className="ed-badge ed-inbox__badge--done">Handled</span> : <span className="ed-badge ed-inbox__badge--new">New</span>}
                        {row.testimonial && <span className={`ed-badge ed-inbox__badge--${row.testimonial}`}>{TESTIMONIAL_LABELS[row.testimonial]}</span>}
                        {row.cv && <span className="ed-badge">CV</span>}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {data && data.pages > 1 && (
            <nav className="ed-inbox__pager" aria-label="Pages">
              <button type="button" className="ed-button ed-button--small" disabled={data.page <= 1} onClick={() => change({ page: data.page - 1 })}>
                Newer
              </button>
              <span>
                Page {data.page} of {data.pages}
              </span>
              <button type="button" className="ed-button ed-button--small" disabled={data.page >= data.pages} onClick={() => change({ page: data.page + 1 })}>
                Older
              </button>
            </nav>
          )}
        </div>

        {openId && (
          <section id={ids.detail} className="ed-inbox__detail" aria-labelledby={`${ids.detail}-title`}>
            {!detail && !detailError && <p>Loading the request…</p>}
            {detailError && (
              <div className="ed-alert ed-alert--error" role="alert">
                {detailError}
              </div>
            )}
            {detail && (
              <>
                <div className="ed-inbox__detail-head">
                  <h2 id={`${ids.detail}-title`} ref={detailHeading} tabIndex={-1}>
                    {KIND_LABELS[detail.kind] ?? detail.kind}
                    {detail.name ? ` — ${detail.name}` : ''}
                  </h2>
                  <button type="button" className="ed-button ed-button--ghost ed-button--small" onClick={() => setOpenId(null)}>
                    Close
                  </button>
                </div>
                <p className="ed-muted">
                  Received {formatWhen(detail.at)} in {detail.lang.toUpperCase()}
                  {detail.propertyId ? ` about property ${detail.propertyId}` : ''}
                  {detail.page ? (
                    <>
                      {' '}from <span className="ed-inbox__break">{detail.page}</span>
                    </>
                  ) : null}
                </p>

                <div className="ed-inbox__actions">
                  <button
                    type="button"
                    className={`ed-button${detail.handled ? '' : ' ed-button--primary'}`}
                    disabled={busy}
                    onClick={() => act(() => inboxApi.setHandled(detail.id, !detail.handled), (r) => (r.handled ? 'Marked as handled.' : 'Marked as not handled.'))}
                  >
                    {detail.handled ? 'Mark not handled' : 'Mark handled'}
                  </button>
                  {detail.testimonial && detail.testimonial !== 'published' && (
                    <button
                      type="button"
                      className="ed-button ed-button--primary"
                      disabled={busy}
                      onClick={() => act(() => inboxApi.reviewTestimonial(detail.id, 'publish'), () => 'The testimonial is published.')}
                    >
                      Approve and publish
                    </button>
                  )}
                  {detail.testimonial && detail.testimonial !== 'rejected' && (
                    <button
                      type="button"
                      className="ed-button"
                      disabled={busy}
                      onClick={() => act(() => inboxApi.reviewTestimonial(detail.id, 'reject'), () => (detail.testimonial === 'published' ? 'The testimonial is withdrawn.' : 'The testimonial is rejected.'))}
                    >
                      {detail.testimonial === 'published' ? 'Withdraw' : 'Reject'}
                    </button>
                  )}
                  {detail.cv && (
                    <a className="ed-button" href={inboxApi.cvUrl(detail.id)} download>
                      Download CV
                    </a>
                  )}
                </div>
                {detail.handled && detail.handledBy && (
                  <p className="ed-muted">
                    Handled by {detail.handledBy}
                    {detail.handledAt ? ` on ${formatWhen(detail.handledAt)}` : ''}.
                  </p>
                )}
                {detail.testimonial && (
                  <p className="ed-muted">
                    Testimonial: {TESTIMONIAL_LABELS[detail.testimonial]}
                    {detail.reviewedBy ? ` (by ${detail.reviewedBy}${detail.reviewedAt ? `, ${formatWhen(detail.reviewedAt)}` : ''})` : ''}.
                  </p>
                )}

                <h3 className="ed-inbox__subtitle">What was sent</h3>
                <dl className="ed-inbox__fields">
                  {Object.entries(detail.fields).map(([k, v]) => (
                    <div key={k} className="ed-inbox__field">
                      <dt>{humanize(k)}</dt>
                      <dd>{show(v)}</dd>
                    </div>
                  ))}
                  {detail.appointment && (
                    <div className="ed-inbox__field">
                      <dt>Appointment</dt>
                      <dd>
                        {detail.appointment.slot.replace('T', ' ')} ({detail.appointment.status})
                      </dd>
                    </div>
                  )}
                  {detail.alert && (
                    <div className="ed-inbox__field">
                      <dt>Mailing</dt>
                      <dd>{detail.alert.active ? 'Subscribed' : `Unsubscribed${detail.alert.unsubscribedAt ? ` on ${formatWhen(detail.alert.unsubscribedAt)}` : ''}`}</dd>
                    </div>
                  )}
                </dl>

                {detail.tool && (
                  <>
                    <h3 className="ed-inbox__subtitle">{detail.tool.title}</h3>
                    <dl className="ed-inbox__fields ed-inbox__tool">
                      {detail.tool.rows.map(([k, v], i) => (
                        <div key={i} className="ed-inbox__field">
                          <dt>{k}</dt>
                          <dd>{v}</dd>
                        </div>
                      ))}
                    </dl>
                    {detail.tool.url && (
                      <p>
                        <a href={detail.tool.url} target="_blank" rel="noopener noreferrer">
                          Open it as the visitor saw it
                        </a>
                      </p>
                    )}
                  </>
                )}

                {detail.mails.length > 0 && (
                  <>
                    <h3 className="ed-inbox__subtitle">Mails</h3>
                    <ul className="ed-inbox__mails">
                      {detail.mails.map((m, i) => (
                        <li key={i}>
                          <strong>{m.to}</strong> — {m.subject}:{' '}
                          {m.sentAt ? `sent ${formatWhen(m.sentAt)}` : m.attempts ? `not sent yet (${m.attempts} attempt${m.attempts > 1 ? 's' : ''}${m.lastError ? `: ${m.lastError}` : ''})` : 'waiting to be sent'}
                        </li>
                      ))}
                    </ul>
                  </>
                )}
              </>
            )}
          </section>
        )}
      </div>
    </div>
  );
}
