/**
 * "Schedule…" in the save bar of a page, an article, the popup and the home banner (issue 38,
 * point 4): the changes planned for this document, each with its time in the editor's language and
 * a cancel button, and a dialog to plan one — publish, or take off the site — at a date and a time
 * in Brussels time. The server makes it at that time as the person who planned it.
 */
import { useCallback, useEffect, useState } from 'react';
import type { DocumentHandle } from '../useDocument.ts';
import { useIsAdmin, useSession } from '../store.ts';
import { formatWhen, tr, useT, useUiLang } from '../i18n/index.ts';
import { actionLabel, refusalText, schedulable, scheduleApi, type ScheduledChange } from '../schedule-api.ts';
import { ScheduleDialog } from './ScheduleDialog.tsx';
import './schedule.css';

export function ScheduleControl<T>({ doc }: { doc: DocumentHandle<T> }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const admin = useIsAdmin();
  const expired = useSession((s) => s.expired);
  const [waiting, setWaiting] = useState<ScheduledChange[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const shown = schedulable(doc.key) && !!doc.base && !doc.base.isNew && (doc.key !== 'popup' || admin);
  const rev = doc.base?.rev;

  const load = useCallback(async () => {
    try {
      setWaiting((await scheduleApi.list(doc.key)).waiting);
      setError(null);
    } catch (e) {
      if (!expired(e)) setError(tr('schedule.loadFailed', { error: refusalText(e, useUiLang.getState().lang) }));
    }
  }, [doc.key, expired]);
  // Again after each save: a change may have been made meanwhile.
  useEffect(() => {
    if (shown) void load();
  }, [shown, load, rev]);
  if (!shown) return null;

  const cancel = async (c: ScheduledChange) => {
    setBusy(c.id);
    try {
      await scheduleApi.cancel(c.id);
      doc.announce(t('schedule.cancelled'));
    } catch (e) {
      if (!expired(e)) doc.announce(refusalText(e, ui));
    } finally {
      setBusy(null);
      await load();
    }
  };

  return (
    <div className="ed-schedule">
      <button type="button" className="ed-button ed-button--small" onClick={() => setOpen(true)} title={t('schedule.openHelp')}>
        {t('schedule.open')}
      </button>
      {waiting.length > 0 && (
        <ul className="ed-schedule__list" aria-label={t('schedule.list')}>
          {waiting.map((c) => {
            const what = actionLabel(c.key, c.action, ui);
            const when = formatWhen(c.at, ui);
            return (
              <li key={c.id} className="ed-schedule__item" data-action={c.action}>
                <span className="ed-schedule__what">{t('schedule.item', { what, when })}</span>
                <span className="ed-muted">{t('schedule.by', { who: c.createdByName ?? c.createdBy })}</span>
                <button
                  type="button"
                  className="ed-button ed-button--ghost ed-button--small"
                  aria-label={t('schedule.cancelLabel', { what, when })}
                  disabled={busy === c.id}
                  onClick={() => void cancel(c)}
                >
                  {t('schedule.cancel')}
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {error && (
        <p className="ed-alert ed-alert--error" role="alert">
          {error}
        </p>
      )}
      {open && (
        <ScheduleDialog
          doc={doc}
          onClose={() => setOpen(false)}
          onPlanned={(message) => {
            setOpen(false);
            doc.announce(message);
            void load();
          }}
        />
      )}
    </div>
  );
}
