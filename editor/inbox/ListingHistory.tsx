/**
 * The history of the listings: each import, sync, restore and publish with when, what was done and
 * by whom, the result, the counts, and its problems (record, field, what is wrong, what was done)
 * in the editor's language. On a phone each row is a card.
 */
import { useEffect, useState } from 'react';
import { formatWhen, useT } from '../i18n/index.ts';
import { listingsApi, type FeedProblem, type ImportEntry } from './listings-api.ts';
import { actionText, cap, countsText, errorText, fieldText, num, problemText, reasonText, recordText, whoText } from './listing-text.ts';

const BADGE: Record<ImportEntry['result'], string> = {
  accepted: 'ed-badge--ok',
  refused: 'ed-badge--error',
  failed: 'ed-badge--error',
  restored: 'ed-badge--changed',
  unchanged: 'ed-badge--hidden',
};

export function Problems({ entry }: { entry: ImportEntry }) {
  const t = useT();
  const [full, setFull] = useState<ImportEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    listingsApi.entry(entry.id).then(setFull, (e: unknown) => setError(errorText(e)));
  }, [entry.id]);
  if (error) return <p className="ed-alert ed-alert--error">{error}</p>;
  if (!full) return <p className="ed-loading">{t('common.loading')}</p>;
  const problems: FeedProblem[] = full.problems ?? [];
  return (
    <div className="ed-listings__problems">
      {problems.length === 0 ? (
        <p>{t('listings.noProblems')}</p>
      ) : (
        <table className="ed-table ed-listings__cards">
          <caption className="ed-visually-hidden">{t('listings.problemsOf', { when: formatWhen(entry.at) })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('listings.record')}</th>
              <th scope="col">{t('listings.field')}</th>
              <th scope="col">{t('listings.wrong')}</th>
              <th scope="col">{t('listings.done')}</th>
            </tr>
          </thead>
          <tbody>
            {problems.map((p, i) => (
              <tr key={i}>
                <td data-label={t('listings.record')}>{recordText(p)}</td>
                <td data-label={t('listings.field')}>{fieldText(p) || '—'}</td>
                <td data-label={t('listings.wrong')}>{problemText(p)}</td>
                <td data-label={t('listings.done')}>
                  {p.action === 'refused' ? t('listings.actionRefused') : p.action === 'left out' ? t('listings.actionLeftOut') : t('listings.actionInfo')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {full.problemCount > problems.length && (
        <p className="ed-help">{t('listings.firstProblems', { n: num(problems.length), total: num(full.problemCount) })}</p>
      )}
    </div>
  );
}

export function ListingHistory({ entries, live }: { entries: ImportEntry[]; live: string | null }) {
  const t = useT();
  const [open, setOpen] = useState<string | null>(null);
  if (!entries.length) return <p>{t('listings.noImport')}</p>;
  // The row of what visitors see now: the newest that made it live (an import, a restore, a publish).
  const shown = entries.findIndex((e) =>
    live
      ? (e.result === 'accepted' && e.id === live) || (e.result === 'restored' && e.restored === live)
      : e.result === 'restored' && e.code === 'restoredSample',
  );
  return (
    <table className="ed-table ed-listings__history ed-listings__cards">
      <thead>
        <tr>
          <th scope="col">{t('listings.when')}</th>
          <th scope="col">{t('listings.how')}</th>
          <th scope="col">{t('listings.result')}</th>
          <th scope="col">{t('listings.what')}</th>
          <th scope="col">{t('listings.problems')}</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e, i) => (
          <Row key={`${e.id}-${e.at}`} entry={e} open={open === e.id} onToggle={() => setOpen(open === e.id ? null : e.id)} live={i === shown} />
        ))}
      </tbody>
    </table>
  );
}

function Row({ entry: e, open, onToggle, live }: { entry: ImportEntry; open: boolean; onToggle: () => void; live: boolean }) {
  const t = useT();
  const who = whoText(e);
  const published = e.result === 'restored' && (e.code === 'publishedRefused' || !!e.forced);
  const reason = e.result === 'refused' || e.result === 'failed' || e.result === 'restored' ? reasonText(e.code, e.params, e.result) : '';
  return (
    <>
      <tr>
        <td data-label={t('listings.when')}>{formatWhen(e.at)}</td>
        <td data-label={t('listings.how')}>
          {actionText(e)}
          {who && <span className="ed-listings__who"> {who}</span>}
          {e.source && e.result !== 'restored' && (
            <>
              <br />
              <small className="ed-listings__source">{e.trigger === 'sync' ? t('listings.from', { source: e.source }) : e.source}</small>
            </>
          )}
        </td>
        <td data-label={t('listings.result')}>
          {published ? (
            <span className="ed-badge ed-badge--ok">{t('listings.result.published')}</span>
          ) : (
            <span className={`ed-badge ${BADGE[e.result]}`}>{t(`listings.result.${e.result}`)}</span>
          )}
          {live && <span className="ed-listings__live"> {t('listings.shownNow')}</span>}
          {e.repeated ? <span className="ed-listings__repeated"> {t('listings.times', { n: e.repeated })}</span> : null}
        </td>
        <td data-label={t('listings.what')}>
          {countsText(e).join(' · ')}
          {e.forced && e.result === 'accepted' ? ` · ${t('listings.forced')}` : ''}
          {reason && <div className={e.result === 'restored' ? undefined : 'ed-listings__reason'}>{cap(reason)}</div>}
        </td>
        <td data-label={t('listings.problems')}>
          {e.problemCount > 0 ? (
            <button type="button" className="ed-button ed-button--small ed-button--ghost" aria-expanded={open} onClick={onToggle}>
              {t(open ? 'listings.hide' : 'listings.show', { n: num(e.problemCount) })}
            </button>
          ) : (
            t('listings.none')
          )}
        </td>
      </tr>
      {open && (
        <tr className="ed-listings__problem-row">
          <td colSpan={5}>
            <Problems entry={e} />
          </td>
        </tr>
      )}
    </>
  );
}
