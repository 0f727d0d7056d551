/**
 * One request opened in the leads inbox: everything the visitor sent, what the request's tool
 * computed, the mails it sent and their state, and the staff's actions on it (mark handled or not,
 * approve, reject or withdraw a testimonial, download a CV).
 */
import type { RefObject } from 'react';
import { inboxApi, type LeadDetail, type LeadRow } from './api.ts';
import { formatWhen, useT, useUiLang } from '../i18n/index.ts';
import { fieldName, kindLabel, showValue, testimonialLabel } from './lead-text.ts';
import { useStaffName } from '../staff/names.ts';

export interface LeadDetailPanelProps {
  /** The section's id (the rows' buttons control it). */
  id: string;
  /** The request, null while it loads. */
  detail: LeadDetail | null;
  error: string | null;
  /** An action is under way: the buttons wait. */
  busy: boolean;
  /** The heading, focused when the request has loaded. */
  headingRef: RefObject<HTMLHeadingElement | null>;
  onClose: () => void;
  /** Runs an action on the request; `message` says its outcome. */
  act: (fn: () => Promise<{ lead: LeadRow }>, message: (row: LeadRow) => string) => Promise<void>;
}

export function LeadDetailPanel({ id, detail, error, busy, headingRef, onClose, act }: LeadDetailPanelProps) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  // Staff by name, not by e-mail address.
  const nameOf = useStaffName();
  return (
    <section id={id} className="ed-inbox__detail" aria-labelledby={`${id}-title`}>
      {!detail && !error && <p>{t('leads.loadingOne')}</p>}
      {error && (
        <div className="ed-alert ed-alert--error" role="alert">
          {error}
        </div>
      )}
      {detail && (
        <>
          <div className="ed-inbox__detail-head">
            <h2 id={`${id}-title`} ref={headingRef} tabIndex={-1}>
              {kindLabel(detail.kind, ui)}
              {detail.name ? ` — ${detail.name}` : ''}
            </h2>
            <button type="button" className="ed-button ed-button--ghost ed-button--small" onClick={onClose}>
              {t('common.close')}
            </button>
          </div>
          <p className="ed-muted">
            {detail.propertyId
              ? t('leads.receivedAbout', { when: formatWhen(detail.at, ui), lang: detail.lang.toUpperCase(), id: detail.propertyId })
              : t('leads.receivedIn', { when: formatWhen(detail.at, ui), lang: detail.lang.toUpperCase() })}
            {detail.page ? (
              <>
                {' '}
                {t('leads.fromPage')} <span className="ed-inbox__break">{detail.page}</span>
              </>
            ) : null}
          </p>
          {detail.about && (
            <p className="ed-inbox__about">
              {t('leads.about')}{' '}
              {detail.about.path ? (
                <a href={detail.about.path} target="_blank" rel="noopener">
                  {detail.about.title}
                </a>
              ) : (
                detail.about.title
              )}
            </p>
          )}

          <div className="ed-inbox__actions">
            <button
              type="button"
              className={`ed-button${detail.handled ? '' : ' ed-button--primary'}`}
              disabled={busy}
              onClick={() =>
                act(
                  () => inboxApi.setHandled(detail.id, !detail.handled),
                  (r) => (r.handled ? t('leads.markedHandled') : t('leads.markedNotHandled')),
                )
              }
            >
              {detail.handled ? t('leads.markNotHandled') : t('leads.markHandled')}
            </button>
            {detail.testimonial && detail.testimonial !== 'published' && (
              <button
                type="button"
                className="ed-button ed-button--primary"
                disabled={busy}
                onClick={() =>
                  act(
                    () => inboxApi.reviewTestimonial(detail.id, 'publish'),
                    () => t('leads.testimonialPublished'),
                  )
                }
              >
                {t('leads.approve')}
              </button>
            )}
            {detail.testimonial && detail.testimonial !== 'rejected' && (
              <button
                type="button"
                className="ed-button"
                disabled={busy}
                onClick={() =>
                  act(
                    () => inboxApi.reviewTestimonial(detail.id, 'reject'),
                    () => (detail.testimonial === 'published' ? t('leads.testimonialWithdrawn') : t('leads.testimonialRejected')),
                  )
                }
              >
                {detail.testimonial === 'published' ? t('leads.withdraw') : t('leads.reject')}
              </button>
            )}
            {detail.cv && (
              <a className="ed-button" href={inboxApi.cvUrl(detail.id)} download>
                {t('leads.downloadCv')}
              </a>
            )}
          </div>
          {detail.handled && detail.handledBy && (
            <p className="ed-muted">
              {detail.handledAt
                ? t('leads.handledByAt', { by: nameOf(detail.handledBy), when: formatWhen(detail.handledAt, ui) })
                : t('leads.handledBy', { by: nameOf(detail.handledBy) })}
            </p>
          )}
          {detail.testimonial && (
            <p className="ed-muted">
              {t('leads.testimonialState', { state: testimonialLabel(detail.testimonial, ui) })}
              {detail.reviewedBy ? ` (${nameOf(detail.reviewedBy)}${detail.reviewedAt ? `, ${formatWhen(detail.reviewedAt, ui)}` : ''})` : ''}
            </p>
          )}

          <h3 className="ed-inbox__subtitle">{t('leads.sent')}</h3>
          <dl className="ed-inbox__fields">
            {Object.entries(detail.fields).map(([k, v]) => (
              <div key={k} className="ed-inbox__field">
                <dt>{fieldName(k, ui)}</dt>
                <dd>{showValue(v, ui)}</dd>
              </div>
            ))}
            {detail.appointment && (
              <div className="ed-inbox__field">
                <dt>{t('leads.appointment')}</dt>
                <dd>
                  {detail.appointment.slot.replace('T', ' ')} ({detail.appointment.status})
                </dd>
              </div>
            )}
            {detail.alert && (
              <div className="ed-inbox__field">
                <dt>{t('leads.mailing')}</dt>
                <dd>
                  {detail.alert.active
                    ? t('leads.subscribed')
                    : detail.alert.unsubscribedAt
                      ? t('leads.unsubscribedAt', { when: formatWhen(detail.alert.unsubscribedAt, ui) })
                      : t('leads.unsubscribed')}
                </dd>
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
                    {t('leads.openTool')}
                  </a>
                </p>
              )}
            </>
          )}

          {detail.mails.length > 0 && (
            <>
              <h3 className="ed-inbox__subtitle">{t('leads.mails')}</h3>
              <ul className="ed-inbox__mails">
                {detail.mails.map((m, i) => (
                  <li key={i}>
                    <strong>{m.to}</strong> — {m.subject}:{' '}
                    {m.sentAt
                      ? t('leads.mailSent', { when: formatWhen(m.sentAt, ui) })
                      : m.attempts
                        ? t('leads.mailNotYet', { n: m.attempts }) + (m.lastError ? `: ${m.lastError}` : '')
                        : t('leads.mailWaiting')}
                  </li>
                ))}
              </ul>
            </>
          )}
        </>
      )}
    </section>
  );
}
