/** Changing an account's name and role (an admin does not take the role from themselves: the server refuses, so the choice is not offered). */
import { useId, useState, type FormEvent } from 'react';
import { useT } from '../i18n/index.ts';
import { STAFF_NAME_MAX_LENGTH } from '../../shared/constants.ts';
import { staffApi, type StaffRole, type StaffView } from './api.ts';
import { RoleChoice } from './RoleChoice.tsx';
import { refusalText, refusedField } from './staff-words.ts';

export function EditStaff({ s, onCancel, onSaved }: { s: StaffView; onCancel: () => void; onSaved: () => void }) {
  const t = useT();
  const id = useId();
  const [name, setName] = useState(s.name ?? '');
  const [role, setRole] = useState<StaffRole>(s.role);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ field?: string; text: string } | null>(null);

  const save = async (e: FormEvent) => {
    e.preventDefault();
    const clean = name.trim();
    if (!clean || clean.length > STAFF_NAME_MAX_LENGTH) return setError({ field: 'name', text: t('staff.error.name', { max: STAFF_NAME_MAX_LENGTH }) });
    const change = { ...(clean !== (s.name ?? '') ? { name: clean } : {}), ...(role !== s.role ? { role } : {}) };
    if (!Object.keys(change).length) return onCancel();
    setBusy(true);
    setError(null);
    try {
      await staffApi.change(s.id, change);
      onSaved();
    } catch (err) {
      setError({ field: refusedField(err), text: refusalText(t, err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="ed-staff__edit" onSubmit={save} aria-labelledby={`${id}-title`} noValidate>
      <h3 id={`${id}-title`} className="ed-staff__edit-title">
        {t('staff.changeTitle', { name: s.name ?? s.username })}
      </h3>
      <label className="ed-label" htmlFor={`${id}-name`}>
        {t('staff.name')}
      </label>
      <input
        id={`${id}-name`}
        className="ed-input"
        value={name}
        maxLength={STAFF_NAME_MAX_LENGTH + 20}
        autoComplete="off"
        onChange={(e) => setName(e.target.value)}
        aria-invalid={error?.field === 'name' ? true : undefined}
        aria-describedby={error?.field === 'name' ? `${id}-error` : undefined}
      />
      {!s.you && <RoleChoice name={`${id}-role`} value={role} onChange={setRole} />}
      {error && (
        <p id={`${id}-error`} className="ed-inbox__field-error" role="alert">
          {error.text}
        </p>
      )}
      <div className="ed-inbox__actions">
        <button type="submit" className="ed-button ed-button--primary ed-button--small" disabled={busy}>
          {busy ? t('staff.saving') : t('staff.save')}
        </button>
        <button type="button" className="ed-button ed-button--small" onClick={onCancel}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
