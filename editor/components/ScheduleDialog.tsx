/**
 * Planning a change of one document (issue 38, point 4): what should happen (publish, or take off
 * the site, in words fit for the document), what that means for it now (unsaved edits, no draft
 * yet), a date and a time in Brussels time. A page the site needs asks an admin to confirm; every
 * refusal is a sentence in the editor's language.
 */
import { useId, useState } from 'react';
import { ApiError } from '../api.ts';
import type { DocumentHandle } from '../useDocument.ts';
import { useIsAdmin, useSession } from '../store.ts';
import { formatWhen, useT, useUiLang, type MessageKey } from '../i18n/index.ts';
import { brusselsLocal, SCHEDULE_MAX_AHEAD_DAYS, SCHEDULE_MIN_AHEAD_MS } from '../../shared/schedule.ts';
import { actionLabel, refusalText, scheduleApi, type ScheduleAction } from '../schedule-api.ts';
import { Dialog } from './Dialog.tsx';

const DAY_MS = 24 * 3600_000;

export function ScheduleDialog<T>({ doc, onClose, onPlanned }: { doc: DocumentHandle<T>; onClose: () => void; onPlanned: (message: string) => void }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const admin = useIsAdmin();
  const expired = useSession((s) => s.expired);
  const id = useId();
  const key = doc.key;
  const stored = doc.base?.data as { isPublished?: string } | null | undefined;
  const offline = !!(doc.base as { offline?: boolean } | null)?.offline;
  const popupOff = key === 'popup' && stored?.isPublished === 'no';
  const now = Date.now();
  const [action, setAction] = useState<ScheduleAction>(doc.hasDraft || doc.dirty || offline || popupOff ? 'publish' : 'unpublish');
  const [date, setDate] = useState(brusselsLocal(now + DAY_MS).slice(0, 10));
  const [time, setTime] = useState('09:00');
  const [error, setError] = useState<string | null>(null);
  const [confirm, setConfirm] = useState(false);
  const [busy, setBusy] = useState(false);

  const hint: MessageKey =
    action === 'publish'
      ? key === 'popup'
        ? 'schedule.hint.popup.publish'
        : 'schedule.hint.publish'
      : key === 'popup'
        ? 'schedule.hint.popup.unpublish'
        : key === 'banner'
          ? 'schedule.hint.banner.unpublish'
          : 'schedule.hint.unpublish';
  const warning: MessageKey | undefined =
    action !== 'publish' ? undefined : doc.dirty ? 'schedule.hint.unsaved' : !doc.hasDraft && !offline && !popupOff ? 'schedule.hint.noDraft' : undefined;

  const submit = async (force = false) => {
    if (!date || !time) {
      setError(t('schedule.refused.atFormat'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const { entry, twice } = await scheduleApi.create(key, action, `${date}T${time}`, force);
      const planned = t('schedule.planned', { what: actionLabel(key, action, ui), when: formatWhen(entry.at, ui) });
      onPlanned(twice ? `${planned} ${t('schedule.twice', { time })}` : planned);
    } catch (e) {
      if (expired(e)) return;
      if (e instanceof ApiError && e.body.code === 'unpublish.systemConfirm' && admin) setConfirm(true);
      else setError(refusalText(e, ui));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title={t('schedule.dialogTitle')}
      onClose={onClose}
      className="ed-schedule-dialog"
      footer={
        <>
          <button type="button" className="ed-button" onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </button>
          {confirm ? (
            <button type="button" className="ed-button ed-button--danger" disabled={busy} onClick={() => void submit(true)}>
              {t('schedule.confirmSystemButton')}
            </button>
          ) : (
            <button type="submit" form={`${id}-form`} className="ed-button ed-button--primary" disabled={busy}>
              {busy ? t('schedule.saving') : t('schedule.submit')}
            </button>
          )}
        </>
      }
    >
      <form
        id={`${id}-form`}
        className="ed-schedule-form"
        onSubmit={(e) => {
          e.preventDefault();
          void submit();
        }}
      >
        <fieldset className="ed-schedule-form__what">
          <legend className="ed-label">{t('schedule.what')}</legend>
          {(['publish', 'unpublish'] as const).map((a) => (
            <label key={a} className="ed-check">
              <input
                type="radio"
                name={`${id}-action`}
                value={a}
                checked={action === a}
                onChange={() => {
                  setAction(a);
                  setConfirm(false);
                }}
              />
              {actionLabel(key, a, ui)}
            </label>
          ))}
        </fieldset>
        <p className="ed-help">{t(hint)}</p>
        {warning && <p className="ed-alert ed-alert--warning">{t(warning)}</p>}
        <div className="ed-schedule-form__when">
          <div>
            <label className="ed-label" htmlFor={`${id}-date`}>
              {t('schedule.date')}
            </label>
            <input
              id={`${id}-date`}
              className="ed-input"
              type="date"
              required
              value={date}
              min={brusselsLocal(now).slice(0, 10)}
              max={brusselsLocal(now + SCHEDULE_MAX_AHEAD_DAYS * DAY_MS - SCHEDULE_MIN_AHEAD_MS).slice(0, 10)}
              onChange={(e) => setDate(e.target.value)}
            />
          </div>
          <div>
            <label className="ed-label" htmlFor={`${id}-time`}>
              {t('schedule.time')} <span className="ed-muted">({t('schedule.brussels')})</span>
            </label>
            <input id={`${id}-time`} className="ed-input" type="time" required step={60} value={time} onChange={(e) => setTime(e.target.value)} />
          </div>
        </div>
        {confirm && (
          <p className="ed-alert ed-alert--warning" role="alert">
            {t('schedule.confirmSystem')}
          </p>
        )}
        {error && (
          <p className="ed-alert ed-alert--error" role="alert">
            {error}
          </p>
        )}
      </form>
    </Dialog>
  );
}
