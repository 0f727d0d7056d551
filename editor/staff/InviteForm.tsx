/** Inviting someone: name, e-mail address, role and the language of the invitation mail. */
import { useId, useState, type FormEvent } from 'react';
import { UI_LANG_NAMES, UI_LANGS, useT, useUiLang, type UiLang } from '../i18n/index.ts';
import { isEmail } from '../../shared/formats.ts';
import { STAFF_NAME_MAX_LENGTH } from '../../shared/constants.ts';
import { staffApi, type StaffRole } from './api.ts';
import { RoleChoice } from './RoleChoice.tsx';
import { LINK_HOURS, refusalText, refusedField } from './staff-words.ts';

type Errors = Partial<Record<'name' | 'username' | 'form', string>>;

export function InviteForm({ onInvited }: { onInvited: (message: string) => void }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const id = useId();
  const [name, setName] = useState('');
  const [username, setUsername] = useState('');
  const [role, setRole] = useState<StaffRole>('editor');
  const [lang, setLang] = useState<UiLang>(ui);
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Errors = {};
    if (!name.trim() || name.trim().length > STAFF_NAME_MAX_LENGTH) found.name = t('staff.error.name', { max: STAFF_NAME_MAX_LENGTH });
    if (!isEmail(username.trim())) found.username = t('staff.error.email');
    setErrors(found);
    if (Object.keys(found).length) return;
    setBusy(true);
    try {
      const { account } = await staffApi.invite({ name: name.trim(), username: username.trim(), role, lang });
      setName('');
      setUsername('');
      setRole('editor');
      onInvited(t('staff.invitedNow', { email: account.username, hours: LINK_HOURS }));
    } catch (err) {
      const field = refusedField(err);
      setErrors({ [field === 'name' || field === 'username' ? field : 'form']: refusalText(t, err) });
    } finally {
      setBusy(false);
    }
  };

  const field = (key: 'name' | 'username', label: string, value: string, set: (v: string) => void, type = 'text') => (
    <div className="ed-staff__field">
      <label className="ed-label" htmlFor={`${id}-${key}`}>
        {label} <span aria-hidden="true">*</span>
      </label>
      <input
        id={`${id}-${key}`}
        className="ed-input"
        type={type}
        autoComplete="off"
        required
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={errors[key] ? true : undefined}
        aria-describedby={errors[key] ? `${id}-${key}-error` : undefined}
      />
      {errors[key] && (
        <p id={`${id}-${key}-error`} className="ed-inbox__field-error">
          {errors[key]}
        </p>
      )}
    </div>
  );

  return (
    <form className="ed-owners__add ed-staff__invite" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="ed-inbox__subtitle">
        {t('staff.invite.title')}
      </h2>
      <p className="ed-help">{t('staff.invite.help', { hours: LINK_HOURS })}</p>
      {errors.form && (
        <div className="ed-alert ed-alert--error" role="alert">
          {errors.form}
        </div>
      )}
      <div className="ed-staff__fields">
        {field('name', t('staff.name'), name, setName)}
        {field('username', t('staff.invite.email'), username, setUsername, 'email')}
        <div className="ed-staff__field">
          <label className="ed-label" htmlFor={`${id}-lang`}>
            {t('staff.invite.lang')}
          </label>
          <select id={`${id}-lang`} className="ed-input" value={lang} onChange={(e) => setLang(e.target.value as UiLang)}>
            {UI_LANGS.map((l) => (
              <option key={l} value={l} lang={l}>
                {UI_LANG_NAMES[l]}
              </option>
            ))}
          </select>
        </div>
      </div>
      <RoleChoice name={`${id}-role`} value={role} onChange={setRole} />
      <button type="submit" className="ed-button ed-button--primary" disabled={busy}>
        {busy ? t('staff.invite.sending') : t('staff.invite.submit')}
      </button>
    </form>
  );
}
