/**
 * The e-mail and password of a login, the login screen's and the question after a session ended
 * (issue 38, point 5): one form state, one way of sending it and of saying a refusal.
 */
import { useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { api, type Me } from '../api.ts';
import { useT, type Translate } from '../i18n/index.ts';

/** Why a login was refused, in the editor's language. */
export function loginError(err: unknown, t: Translate): string {
  const status = (err as { status?: number }).status;
  const body = (err as { body?: { captcha?: boolean; field?: string; wait?: number } }).body ?? {};
  // After several failures from this address: a wait, then the image's characters too (issue 40).
  if (status === 429 && typeof body.wait === 'number') return t('login.wait', { seconds: body.wait });
  if (status === 401 && body.field === 'captcha') return t('login.captcha');
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
  /** The captcha asked after several failed logins from this address: its image (new after each try) and what is typed. */
  captcha: { round: number; answer: string; setAnswer: (v: string) => void; token: string; setToken: (v: string) => void } | null;
}

/** A login's state; `done` takes who logged in. */
export function useLoginForm(done: (me: Me) => void, initialUsername = ''): LoginForm {
  const t = useT();
  const [username, setUsername] = useState(initialUsername);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [round, setRound] = useState(0);
  const [answer, setAnswer] = useState('');
  const [token, setToken] = useState('');
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      done(await api.login(username.trim(), password, round ? { captcha: answer, captchaToken: token } : undefined));
    } catch (err) {
      setError(loginError(err, t));
      // Each image answers once: a new one after every try, once the server asks for it.
      if ((err as { body?: { captcha?: boolean } }).body?.captcha || round) {
        setRound((r) => r + 1);
        setAnswer('');
      }
    } finally {
      setBusy(false);
    }
  };
  const captcha = round ? { round, answer, setAnswer, token, setToken } : null;
  return { username, setUsername, password, setPassword, error, busy, submit, captcha };
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
      {form.captcha && <LoginCaptcha idPrefix={idPrefix} captcha={form.captcha} />}
      {form.error && (
        <p className="ed-alert ed-alert--error" role="alert">
          {form.error}
        </p>
      )}
    </>
  );
}

/** The site's captcha (the one of the visitors' forms), asked after several failed logins from this address. */
function LoginCaptcha({ idPrefix, captcha }: { idPrefix: string; captcha: NonNullable<LoginForm['captcha']> }) {
  const t = useT();
  const [img, setImg] = useState<{ token: string; image: string; width: number; height: number } | null>(null);
  const [again, setAgain] = useState(0);
  const { round, setToken } = captcha;
  useEffect(() => {
    let gone = false;
    fetch('/api/captcha', { headers: { accept: 'application/json' }, credentials: 'same-origin' })
      .then((r) => r.json())
      .then((b: { token: string; image: string; width: number; height: number }) => {
        if (gone) return;
        setImg(b);
        setToken(b.token);
      })
      .catch(() => {});
    return () => {
      gone = true;
    };
  }, [round, again, setToken]);
  return (
    <>
      <label className="ed-label" htmlFor={`${idPrefix}-captcha`}>
        {t('login.captchaLabel')}
      </label>
      <div className="ed-login-captcha">
        {img ? <img src={img.image} width={img.width} height={img.height} alt={t('login.captchaAlt')} /> : null}
        <button type="button" className="ed-button ed-button--ghost" onClick={() => setAgain((x) => x + 1)}>
          {t('login.captchaNew')}
        </button>
      </div>
      <input
        id={`${idPrefix}-captcha`}
        className="ed-input"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={12}
        required
        value={captcha.answer}
        onChange={(e) => captcha.setAnswer(e.target.value)}
      />
    </>
  );
}
