/** Staff login: e-mail and password; the server's refusal is shown as it says it. */
import { useState, type FormEvent } from 'react';
import { api } from '../api.ts';
import { useSession } from '../store.ts';

export default function Login() {
  const setMe = useSession((s) => s.setMe);
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
      setError((err as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <main className="ed-login">
      <form className="ed-login__card" onSubmit={submit} aria-labelledby="ed-login-title">
        <h1 id="ed-login-title">Vitrine editor</h1>
        <p className="ed-help">Log in with your staff account.</p>
        <label className="ed-label" htmlFor="ed-login-user">
          E-mail
        </label>
        <input id="ed-login-user" className="ed-input" type="email" autoComplete="username" required value={username} onChange={(e) => setUsername(e.target.value)} />
        <label className="ed-label" htmlFor="ed-login-password">
          Password
        </label>
        <input id="ed-login-password" className="ed-input" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
        {error && (
          <p className="ed-alert ed-alert--error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" className="ed-button ed-button--primary ed-login__submit" disabled={busy}>
          {busy ? 'Logging in…' : 'Log in'}
        </button>
      </form>
    </main>
  );
}
