/**
 * The e-mail and password of a login, the login screen's and the question after a session ended
 * (issue 38, point 5): one form state, one way of sending it and of saying a refusal.
 */
import { useState, type FormEvent, type ReactNode } from 'react';
import { api, type Me } from '../api.ts';
import { useT, type Translate } from '../i18n/index.ts';

/** Why a login was refused, in the editor's language. */
export function loginError(err: unknown, t: Translate): string {
  const status = (err as { status?: number }).status;
  return status === 401
    ? t('login.wrong')
    : status === 429
      ? t('login.tooMany')
      : status === 503
        ? t('login.busy')
        : status === 422
          ? t('login.missing')
          : (err as Error).message;
}

export interface LoginForm {
  username: string;
  setUsername: (v: string) => void;
  password: string;
  setPassword: (v: string) => void;
  error: string | null;
  busy: boolean;
  submit: (e: FormEvent) => Promise<void>;
}

/** A login's state; `done` takes who logged in. */
export function useLoginForm(done: (me: Me) => void, initialUsername = ''): LoginForm {
  const t = useT();
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      done(await api.login(username.trim(), password));
    } catch (err) {
      setError(loginError(err, t));
    } finally {
      setBusy(false);
    }
  };
  return { username, setUsername, password, setPassword, error, busy, submit };
}

/** The two fields and the refusal; `afterEmail` shows under the e-mail address. */
export function LoginFields({
  form,
  idPrefix,
  focusPassword,
  afterEmail,
}: {
  form: LoginForm;
  idPrefix: string;
  focusPassword?: boolean;
  afterEmail?: ReactNode;
}) {
  const t = useT();
  return (
    <>
      <label className="ed-label" htmlFor={`${idPrefix}-user`}>
        {t('login.email')}
      </label>
      <input
        id={`${idPrefix}-user`}
        className="ed-input"
        type="email"
        autoComplete="username"
        required
        value={form.username}
        onChange={(e) => form.setUsername(e.target.value)}
      />
      {afterEmail}
      <label className="ed-label" htmlFor={`${idPrefix}-password`}>
        {t('login.password')}
      </label>
      <input
        id={`${idPrefix}-password`}
        className="ed-input"
        type="password"
        autoComplete="current-password"
        required
        data-autofocus={focusPassword || undefined}
        value={form.password}
        onChange={(e) => form.setPassword(e.target.value)}
      />
      {form.error && (
        <p className="ed-alert ed-alert--error" role="alert">
          {form.error}
        </p>
      )}
    </>
  );
}
