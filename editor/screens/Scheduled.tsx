/**
 * Scheduled changes (issue 38, point 4), for editors and admins: every change waiting to be made —
 * its document by title, what it does, when (in the editor's language, Brussels time), who planned
 * it, and a cancel button for those who may change that document — and the recent ones that were
 * made, not made or cancelled, with what happened in words. Looked at again every 30 seconds.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { localize } from '../../shared/localize.ts';
import { useContentLang, useIsAdmin, useSession } from '../store.ts';
import { formatWhen, useT, useUiLang } from '../i18n/index.ts';
import { actionLabel, docHref, outcomeText, refusalText, scheduleApi, type ScheduledChange } from '../schedule-api.ts';
import '../components/schedule.css';

/** How often the screen asks again (changes are made every 15 s on the server). */
const REFRESH_MS = 30_000;

export default function Scheduled() {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const lang = useContentLang();
  const admin = useIsAdmin();
  const expired = useSession((s) => s.expired);
  const [data, setData] = useState<{ waiting: ScheduledChange[]; finished: ScheduledChange[] } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const [busy, setBusy] = useState<string | null>(null);

  const load = useCallback(async () => {
    try {
      setData(await scheduleApi.list());
      setError(null);
    } catch (e) {
      if (!expired(e)) setError(t('schedule.loadFailed', { error: refusalText(e, ui) }));
    }
  }, [expired, t, ui]);
  useEffect(() => {
    void load();
    const timer = setInterval(() => void load(), REFRESH_MS);
    return () => clearInterval(timer);
  }, [load]);

  const name = (c: ScheduledChange) => {
    if (c.key === 'popup') return t('settings.popup');
    if (c.key === 'banner') return t('nav.banner');
    const title = localize(c.title, lang) || t('scheduled.untitled');
    return t(c.key.startsWith('page:') ? 'where.pageNamed' : 'where.articleNamed', { title });
  };
  const mayChange = (c: ScheduledChange) => c.key !== 'popup' || admin;
  const cancel = async (c: ScheduledChange) => {
    setBusy(c.id);
    try {
      await scheduleApi.cancel(c.id);
      setStatus(t('schedule.cancelled'));
    } catch (e) {
      if (!expired(e)) setStatus(refusalText(e, ui));
    } finally {
      setBusy(null);
      await load();
    }
  };

  const item = (c: ScheduledChange, finished: boolean) => {
    const what = actionLabel(c.key, c.action, ui);
    const when = formatWhen(c.at, ui);
    return (
      <li key={c.id} className="ed-scheduled__item" data-key={c.key} data-state={c.state}>
        <span className="ed-scheduled__doc">{mayChange(c) ? <Link href={docHref(c.key)}>{name(c)}</Link> : name(c)}</span>
        <p className="ed-scheduled__meta">
          <strong>{what}</strong> · <time dateTime={c.at}>{t('scheduled.at', { when })}</time> ·{' '}
          <span className="ed-muted">{t('scheduled.byWho', { who: c.createdByName ?? c.createdBy })}</span>
        </p>
        {finished && (
          <p className="ed-scheduled__outcome" data-state={c.state}>
            {outcomeText(c, ui)}
          </p>
        )}
        {!finished && mayChange(c) && (
          <div className="ed-scheduled__actions">
            <button
              type="button"
              className="ed-button ed-button--small"
              disabled={busy === c.id}
              aria-label={t('schedule.cancelLabel', { what, when })}
              onClick={() => void cancel(c)}
            >
              {t('schedule.cancel')}
            </button>
          </div>
        )}
      </li>
    );
  };

  return (
    <div className="ed-scheduled">
      <div className="ed-screen-head">
        <h1>{t('schedule.list')}</h1>
        <p className="ed-help">{t('scheduled.help')}</p>
        <p className="ed-help">{t('scheduled.howTo')}</p>
      </div>
      <p className="ed-status" role="status" aria-live="polite">
        {status}
      </p>
      {error && (
        <p className="ed-alert ed-alert--error" role="alert">
          {error}
        </p>
      )}
      {!data && !error && <p className="ed-loading">{t('common.loading')}</p>}
      {data && (
        <>
          <section className="ed-card" aria-labelledby="ed-scheduled-waiting">
            <h2 id="ed-scheduled-waiting">
              {t('scheduled.waiting')} <span className="ed-badge">{data.waiting.length}</span>
            </h2>
            {data.waiting.length ? (
              <ul className="ed-scheduled__list">{data.waiting.map((c) => item(c, false))}</ul>
            ) : (
              <p className="ed-muted">{t('scheduled.noneWaiting')}</p>
            )}
          </section>
          <section className="ed-card" aria-labelledby="ed-scheduled-finished">
            <h2 id="ed-scheduled-finished">{t('scheduled.finished')}</h2>
            {data.finished.length ? (
              <ul className="ed-scheduled__list">{data.finished.map((c) => item(c, true))}</ul>
            ) : (
              <p className="ed-muted">{t('scheduled.noneFinished')}</p>
            )}
          </section>
        </>
      )}
    </div>
  );
}
