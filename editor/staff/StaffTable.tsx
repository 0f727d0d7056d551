/**
 * The staff accounts as a table (stacked on a phone): name and e-mail, role and state in words,
 * last login in Brussels time, and what an admin can do to each account. A refusal is said in the
 * row it concerns.
 */
import { useState } from 'react';
import { formatWhen, langName, useT, useUiLang } from '../i18n/index.ts';
import { ConfirmDialog } from '../components/Dialog.tsx';
import { staffApi, type StaffView } from './api.ts';
import { EditStaff } from './EditStaff.tsx';
import { LINK_HOURS, refusalText, roleWord, stateWord } from './staff-words.ts';

const BADGE: Record<StaffView['state'], string> = {
  active: 'ed-badge--ok',
  invited: 'ed-badge--changed',
  inviteExpired: 'ed-badge--draft',
  disabled: 'ed-badge--error',
};

export function StaffTable({ staff, onDone }: { staff: StaffView[]; onDone: (message: string) => void }) {
  const t = useT();
  return (
    <table className="ed-table ed-inbox__table ed-staff__table">
      <caption className="ed-visually-hidden">{t('staff.title')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('staff.col.person')}</th>
          <th scope="col">{t('staff.col.role')}</th>
          <th scope="col">{t('staff.col.state')}</th>
          <th scope="col">{t('staff.col.lastLogin')}</th>
          <th scope="col">{t('common.actions')}</th>
        </tr>
      </thead>
      <tbody>
        {staff.map((s) => (
          <StaffRow key={s.id} s={s} onDone={onDone} />
        ))}
      </tbody>
    </table>
  );
}

type Asking = 'disable' | 'reset' | null;

function StaffRow({ s, onDone }: { s: StaffView; onDone: (message: string) => void }) {
  const t = useT();
  const ui = useUiLang((l) => l.lang);
  const [editing, setEditing] = useState(false);
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const name = s.name ?? s.username;
  const invited = s.state === 'invited' || s.state === 'inviteExpired';

  const run = async (fn: () => Promise<{ account: StaffView }>, message: (a: StaffView) => string) => {
    setBusy(true);
    setError(null);
    try {
      const { account } = await fn();
      onDone(message(account));
    } catch (e) {
      setError(refusalText(t, e));
    } finally {
      setBusy(false);
      setAsking(null);
    }
  };

  const toggle = () =>
    s.state === 'disabled'
      ? run(
          () => staffApi.change(s.id, { disabled: false }),
          (a) => t(a.state === 'active' ? 'staff.enabledNow' : 'staff.enabledInvite', { name }),
        )
      : setAsking('disable');

  return (
    <tr className={s.state === 'disabled' ? 'ed-inbox__row--handled' : undefined}>
      <td data-label={t('staff.col.person')}>
        <strong className={`ed-staff__name${s.name ? '' : ' ed-staff__email'}`}>{name}</strong>
        {s.you && <span className="ed-badge">{t('staff.you')}</span>}
        {s.name && <div className="ed-muted ed-staff__email">{s.username}</div>}
        {s.lang && <div className="ed-muted">{t('staff.mailsIn', { lang: langName(s.lang, ui) })}</div>}
      </td>
      <td data-label={t('staff.col.role')}>{roleWord(t, s.role)}</td>
      <td data-label={t('staff.col.state')}>
        <span className={`ed-badge ed-staff__state ${BADGE[s.state]}`}>{stateWord(t, s.state)}</span>
        {s.link && (
          <div className="ed-muted">
            {s.link.expired
              ? t('staff.linkExpiredOn', { when: formatWhen(s.link.expiresAt, ui) })
              : t(s.link.kind === 'reset' ? 'staff.resetPending' : 'staff.linkUntil', { when: formatWhen(s.link.expiresAt, ui) })}
          </div>
        )}
      </td>
      <td data-label={t('staff.col.lastLogin')}>{s.lastLoginAt ? formatWhen(s.lastLoginAt, ui) : <span className="ed-muted">{t('staff.never')}</span>}</td>
      <td data-label={t('common.actions')}>
        <div className="ed-inbox__actions ed-staff__actions">
          <button type="button" className="ed-button ed-button--small" aria-expanded={editing} onClick={() => setEditing(!editing)}>
            {t('staff.change')}
            <span className="ed-visually-hidden"> {name}</span>
          </button>
          {!s.you && (
            <button type="button" className="ed-button ed-button--small" disabled={busy} onClick={() => void toggle()}>
              {s.state === 'disabled' ? t('staff.enable') : t('staff.disable')}
              <span className="ed-visually-hidden"> {name}</span>
            </button>
          )}
          {invited && (
            <button
              type="button"
              className="ed-button ed-button--small"
              disabled={busy}
              onClick={() =>
                void run(
                  () => staffApi.resend(s.id),
                  (a) => t('staff.resentNow', { email: a.username }),
                )
              }
            >
              {t('staff.resend')}
              <span className="ed-visually-hidden"> {name}</span>
            </button>
          )}
          {s.state === 'active' && (
            <button type="button" className="ed-button ed-button--small ed-button--ghost" disabled={busy} onClick={() => setAsking('reset')}>
              {t('staff.reset')}
              <span className="ed-visually-hidden"> {name}</span>
            </button>
          )}
        </div>
        {error && (
          <p className="ed-alert ed-alert--error" role="alert">
            {error}
          </p>
        )}
        {editing && (
          <EditStaff
            s={s}
            onCancel={() => setEditing(false)}
            onSaved={() => {
              setEditing(false);
              onDone(t('staff.savedNow', { name }));
            }}
          />
        )}
        {asking === 'disable' && (
          <ConfirmDialog
            title={t('staff.disableTitle', { name })}
            message={<p>{t('staff.disableMessage', { name })}</p>}
            confirmLabel={t('staff.disable')}
            danger
            onClose={() => setAsking(null)}
            onConfirm={() =>
              run(
                () => staffApi.change(s.id, { disabled: true }),
                () => t('staff.disabledNow', { name }),
              )
            }
          />
        )}
        {asking === 'reset' && (
          <ConfirmDialog
            title={t('staff.resetTitle', { name })}
            message={<p>{t('staff.resetMessage', { name, hours: LINK_HOURS })}</p>}
            confirmLabel={t('staff.resetConfirm')}
            onClose={() => setAsking(null)}
            onConfirm={() =>
              run(
                () => staffApi.reset(s.id),
                (a) => t('staff.resetNow', { email: a.username }),
              )
            }
          />
        )}
      </td>
    </tr>
  );
}
