/**
 * The Staff screen (admins only; issue 38, point 7): every account by name with its role, state and
 * last login; invite someone by e-mail; change a role or a name, disable or enable, send the
 * invitation again or a link to choose a new password; and the recent activity, in words.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Me } from '../api.ts';
import { useSession } from '../store.ts';
import { useT } from '../i18n/index.ts';
import { staffApi, type StaffList } from './api.ts';
import { useStaffNames } from './names.ts';
import { StaffTable } from './StaffTable.tsx';
import { InviteForm } from './InviteForm.tsx';
import { Activity } from './Activity.tsx';
import { refusalText } from './staff-words.ts';
import '../inbox/inbox.css';
import './staff.css';

export default function Staff({ me }: { me: Me }) {
  const t = useT();
  const expired = useSession((s) => s.expired);
  const isAdmin = me.user.role === 'admin';
  const [list, setList] = useState<StaffList | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState('');

  const load = useCallback(async () => {
    try {
      const r = await staffApi.list();
      setList(r);
      useStaffNames.getState().set(r.names);
      setError(null);
    } catch (e) {
      if (!expired(e)) setError(refusalText(t, e));
    }
  }, [expired, t]);

  useEffect(() => {
    if (isAdmin) void load();
  }, [isAdmin, load]);

  if (!isAdmin) {
    return (
      <div className="ed-inbox">
        <h1 className="ed-inbox__title">{t('staff.title')}</h1>
        <p>{t('staff.adminsOnly')}</p>
      </div>
    );
  }

  /** After an action: what happened (announced), and the list and activity as they are now. */
  const done = (message: string) => {
    setStatus(message);
    void load();
  };

  return (
    <div className="ed-inbox ed-staff">
      <h1 className="ed-inbox__title">{t('staff.title')}</h1>
      <p className="ed-help ed-staff__intro">{t('staff.intro')}</p>
      <p className="ed-inbox__status" role="status" aria-live="polite">
        {status}
      </p>
      {error && (
        <div className="ed-alert ed-alert--error" role="alert">
          {error}{' '}
          <button type="button" className="ed-button ed-button--small" onClick={() => void load()}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {!list && !error && <p>{t('common.loading')}</p>}
      {list && <StaffTable staff={list.staff} onDone={done} />}
      <InviteForm onInvited={done} />
      {list && <Activity entries={list.activity} names={list.names} />}
    </div>
  );
}
