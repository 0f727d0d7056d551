/** The two roles as a choice, each with what it may do in one line. */
import { useT } from '../i18n/index.ts';
import type { StaffRole } from './api.ts';
import { roleWord } from './staff-words.ts';

export function RoleChoice({ name, value, onChange }: { name: string; value: StaffRole; onChange: (r: StaffRole) => void }) {
  const t = useT();
  return (
    <fieldset className="ed-staff__roles">
      <legend className="ed-label">{t('staff.col.role')}</legend>
      {(['editor', 'admin'] as const).map((r) => (
        <label key={r} className="ed-staff__role">
          <input type="radio" name={name} value={r} checked={value === r} onChange={() => onChange(r)} />
          <span>
            <strong>{roleWord(t, r)}</strong>
            <span className="ed-muted"> — {t(r === 'admin' ? 'staff.roleHelp.admin' : 'staff.roleHelp.editor')}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
