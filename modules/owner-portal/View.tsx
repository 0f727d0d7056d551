import { lazy, Suspense, useCallback, useEffect, useState, type FormEvent } from 'react';
import { useI18n } from '../../renderer/ui.tsx';
import { Alert, call, hashParam, setHash, type FieldErrors, type Me, type Screen } from './shared.tsx';
import '../lib/forms.css';
import './owner-portal.css';
import { CaptchaField } from '../lib/CaptchaField.tsx';
import type { FormKind } from '../../shared/forms.ts';

// Everything after login (and its chart) is a chunk of its own: public pages never load it.
const Home = lazy(() => import('./Dashboard.tsx'));

function Field({ id, label, type, autoComplete, error }: { id: string; label: string; type: string; autoComplete: string; error?: string }) {
  return (
    <div className="form-field" data-invalid={error ? '' : undefined}>
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={id.replace(/^owner-/, '')}
        type={type}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <p className="form-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function LoginForm({ notice, onDone, onForgot }: { notice?: string; onDone: () => void; onForgot: () => void }) {
  const { t, lang } = useI18n();
  const [errors, setErrors] = useState<FieldErrors>([]);
  const [failure, setFailure] = useState<{ title: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // After several failed logins from this address the server asks the site's captcha too (issue 40): a new image after each try.
  const [captchaRound, setCaptchaRound] = useState(0);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    setBusy(true);
    try {
      const r = await call<{ ok: boolean; captcha?: boolean }>('POST', '/api/owner/login', {
        username: String(fd.get('username') ?? ''),
        password: String(fd.get('password') ?? ''),
        ...(captchaRound ? { captcha: String(fd.get('captcha') ?? ''), captchaToken: String(fd.get('captchaToken') ?? '') } : {}),
        lang,
      });
      if (r.status === 200) return onDone();
      if (r.data.captcha || captchaRound) setCaptchaRound((n) => n + 1);
      setErrors(r.data.errors ?? []);
      setFailure(
        r.data.errors
          ? null
          : { title: r.data.message ? (r.data.error ?? '') : t('owner.login.failed'), text: r.data.message ?? r.data.error ?? t('owner.error') },
      );
    } catch {
      setFailure({ title: t('owner.login.failed'), text: t('owner.error') });
    } finally {
      setBusy(false);
    }
  };
  const err = (f: string) => errors.find((x) => x.field === f)?.message;
  return (
    <form className="portal-form" onSubmit={submit} noValidate data-form="owner-login">
      <h2>{t('owner.login.title')}</h2>
      {notice && <Alert tone="ok">{notice}</Alert>}
      {failure && <Alert title={failure.title}>{failure.text}</Alert>}
      <Field id="owner-username" label={t('owner.username')} type="email" autoComplete="username" error={err('username')} />
      <Field id="owner-password" label={t('owner.password')} type="password" autoComplete="current-password" error={err('password')} />
      {captchaRound > 0 && <CaptchaField kind={'owner-login' as FormKind} round={captchaRound} />}
      <div className="portal-form__actions">
        <button type="submit" className="button" disabled={busy}>
          {t('owner.login.submit')}
        </button>
        <button type="button" className="portal-link" onClick={onForgot}>
          {t('owner.forgot.link')}
        </button>
      </div>
    </form>
  );
}

function ForgotForm({ onBack }: { onBack: () => void }) {
  const { t, lang } = useI18n();
  const [errors, setErrors] = useState<FieldErrors>([]);
  const [sent, setSent] = useState('');
  const [failure, setFailure] = useState('');
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    try {
      const r = await call<{ message: string }>('POST', '/api/owner/password/forgot', { email: String(fd.get('email') ?? ''), lang });
      setErrors(r.data.errors ?? []);
      if (r.status === 200) setSent(r.data.message ?? '');
      else if (!r.data.errors) setFailure(r.data.error ?? t('owner.error'));
    } catch {
      setFailure(t('owner.error'));
    }
  };
  return (
    <form className="portal-form" onSubmit={submit} noValidate data-form="owner-forgot">
      <h2>{t('owner.forgot.title')}</h2>
      {sent ? <Alert tone="ok">{sent}</Alert> : <p>{t('owner.forgot.intro')}</p>}
      {failure && <Alert>{failure}</Alert>}
      {!sent && (
        <Field id="owner-email" label={t('owner.username')} type="email" autoComplete="username" error={errors.find((x) => x.field === 'email')?.message} />
      )}
      <div className="portal-form__actions">
        {!sent && (
          <button type="submit" className="button">
            {t('owner.forgot.submit')}
          </button>
        )}
        <button type="button" className="portal-link" onClick={onBack}>
          {t('owner.forgot.back')}
        </button>
      </div>
    </form>
  );
}

function ResetForm({ token, onDone, onBack }: { token: string; onDone: (message: string) => void; onBack: () => void }) {
  const { t, lang } = useI18n();
  const [errors, setErrors] = useState<FieldErrors>([]);
  const [failure, setFailure] = useState('');
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    try {
      const r = await call<{ message: string }>('POST', '/api/owner/password/reset', {
        token,
        password: String(fd.get('password') ?? ''),
        confirm: String(fd.get('confirm') ?? ''),
        lang,
      });
      if (r.status === 200) return onDone(r.data.message ?? '');
      setErrors(r.data.errors ?? []);
      setFailure(r.data.errors ? '' : (r.data.error ?? t('owner.error')));
    } catch {
      setFailure(t('owner.error'));
    }
  };
  const err = (f: string) => errors.find((x) => x.field === f)?.message;
  return (
    <form className="portal-form" onSubmit={submit} noValidate data-form="owner-reset">
      <h2>{t('owner.reset.title')}</h2>
      {failure && <Alert>{failure}</Alert>}
      <Field id="owner-password" label={t('owner.reset.password')} type="password" autoComplete="new-password" error={err('password')} />
      <Field id="owner-confirm" label={t('owner.reset.confirm')} type="password" autoComplete="new-password" error={err('confirm')} />
      <div className="portal-form__actions">
        <button type="submit" className="button">
          {t('owner.reset.submit')}
        </button>
        <button type="button" className="portal-link" onClick={onBack}>
          {t('owner.forgot.back')}
        </button>
      </div>
    </form>
  );
}

/** A label from the dictionary when it has one, else the raw value (a kind or status the portal does not know yet). */
export default function View() {
  const { lang, t } = useI18n();
  // The server and the first browser render both show the login form (the cached page).
  const [screen, setScreen] = useState<Screen>({ name: 'login' });
  const loadMe = useCallback(
    async (notice?: string) => {
      const r = await call<Me>('GET', `/api/owner/me?lang=${lang}`).catch(() => undefined);
      if (r?.status === 200 && r.data.loggedIn) {
        const id = Number(hashParam('property'));
        setScreen({
          name: 'home',
          me: r.data,
          propertyId: Number.isInteger(id) && id > 0 ? id : r.data.properties.length === 1 ? r.data.properties[0].id : undefined,
        });
        return;
      }
      // Not logged in: the login form stays, unless the visitor has moved on meanwhile (asked for a
      // new password while this was on its way): that screen is theirs, not taken back.
      setScreen((now) => (now.name === 'login' ? { name: 'login', notice } : now));
    },
    [lang],
  );
  useEffect(() => {
    const token = hashParam('reset');
    if (token) {
      setHash(''); // out of the address bar and the history
      setScreen({ name: 'reset', token });
    } else void loadMe();
  }, [loadMe]);
  const toLogin = useCallback((notice?: string) => setScreen({ name: 'login', notice }), []);
  const sessionEnd = useCallback(() => toLogin(t('owner.sessionEnded')), [toLogin, t]);
  switch (screen.name) {
    case 'forgot':
      return <ForgotForm onBack={() => toLogin()} />;
    case 'reset':
      return <ResetForm token={screen.token} onDone={(m) => toLogin(m)} onBack={() => toLogin()} />;
    case 'home':
      return (
        <Suspense fallback={<p role="status">{t('owner.loading')}</p>}>
          <Home
            me={screen.me}
            propertyId={screen.propertyId}
            onPick={(id) => {
              setHash(id ? `#property=${id}` : '');
              setScreen({ ...screen, propertyId: id });
            }}
            onLogout={async () => {
              await call('POST', '/api/owner/logout').catch(() => undefined);
              setHash('');
              toLogin();
            }}
            onSessionEnd={sessionEnd}
          />
        </Suspense>
      );
    default:
      return <LoginForm notice={screen.notice} onDone={() => void loadMe()} onForgot={() => setScreen({ name: 'forgot' })} />;
  }
}
