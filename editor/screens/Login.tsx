/** Staff login: e-mail and password; the server's refusal is shown as it says it. */
import { useState, type FormEvent } from 'react';
import { api } from '../api.ts';
import { useSession } from '../store.ts';
import { useT } from '../i18n/index.ts';
import { LanguageChoice } from '../components/LanguageChoice.tsx';

export default function Login() {
  const t = useT();
  const setMe = useSession((s) => s.setMe);
  const ended = useSession((s) => s.ended);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      setMe(await api.login(username.trim(), password));
    } catch (err) {
      const status = (err as { status?: number }).status;
      setError(
        status === 401
          ? t('login.wrong')
          : status === 429
            ? t('login.tooMany')
            : status === 503
              ? t('login.busy')
              : status === 422
                ? t('login.missing')
                : (err as Error).message,
      );
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="ed-login">
      <form className="ed-login__card" onSubmit={submit} aria-labelledby="ed-login-title">
        <h1 id="ed-login-title">{t('login.title')}</h1>
        <p className="ed-help">{t('login.help')}</p>
        {ended && (
          <p className="ed-alert ed-alert--info" role="alert">
            {t('staff.sessionEnded')}
          </p>
        )}
        <label className="ed-label" htmlFor="ed-login-user">
          {t('login.email')}
        </label>
        <input
          id="ed-login-user"
          className="ed-input"
          type="email"
          autoComplete="username"
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        <label className="ed-label" htmlFor="ed-login-password">
          {t('login.password')}
        </label>
        <input
          id="ed-login-password"
          className="ed-input"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && (
          <p className="ed-alert ed-alert--error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="ed-button ed-button--primary ed-login__submit" disabled={busy}>
          {busy ? t('login.busyButton') : t('login.submit')}
        </button>
        <LanguageChoice />
      </form>
    </main>
  );
}
