/**
 * The session ended while someone works (idle for 30 minutes, 8 hours after the login, logged out
 * in another window; issue 38 point 5): a question over the screen, in the editor's language, says
 * so and asks for the password — the e-mail address filled in, changeable. Logging in carries on
 * where the person was (the draft in the form, an open dialog, the scroll position): the requests
 * that failed are sent again. Closing it keeps the screen as it is; the next thing the person does
 * asks again. Opened by the store (askLoginAgain) for every request answered 401 at once.
 */
import { useState, type FormEvent } from 'react';
import { api } from '../api.ts';
import { useSession } from '../store.ts';
import { useT } from '../i18n/index.ts';
import { loginError } from '../screens/Login.tsx';
import { Dialog } from './Dialog.tsx';

export function SessionDialog() {
  const asking = useSession((s) => s.askingLogin);
  return asking ? <LoginAgain /> : null;
}

function LoginAgain() {
  const t = useT();
  const me = useSession((s) => s.me);
  const answer = useSession((s) => s.answerLogin);
  const [username, setUsername] = useState(me?.user.username ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      answer(await api.login(username.trim(), password));
    } catch (err) {
      setError(loginError(err, t));
      setBusy(false);
    }
  };
  return (
    <Dialog title={t('session.title')} onClose={() => answer(null)} className="ed-session">
      <form className="ed-session__form" onSubmit={submit}>
        <p>{t('session.message')}</p>
        <label className="ed-label" htmlFor="ed-session-user">
          {t('login.email')}
        </label>
        <input
          id="ed-session-user"
          className="ed-input"
          type="email"
          autoComplete="username"
          required
          value={username}
          onChange={(e) => setUsername(e.target.value)}
        />
        {me && username.trim().toLowerCase() !== me.user.username.toLowerCase() && <p className="ed-help">{t('session.otherPerson')}</p>}
        <label className="ed-label" htmlFor="ed-session-password">
          {t('login.password')}
        </label>
        <input
          id="ed-session-password"
          className="ed-input"
          type="password"
          autoComplete="current-password"
          required
          data-autofocus
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
        {error && (
          <p className="ed-alert ed-alert--error" role="alert">
            {error}
          </p>
        )}
        <div className="ed-session__buttons">
          <button type="button" className="ed-button" onClick={() => answer(null)} disabled={busy}>
            {t('session.later')}
          </button>
          <button type="submit" className="ed-button ed-button--primary" disabled={busy}>
            {busy ? t('login.busyButton') : t('session.submit')}
          </button>
        </div>
        <p className="ed-help">{t('session.laterHelp')}</p>
      </form>
    </Dialog>
  );
}
