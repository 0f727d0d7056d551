/**
 * Where a set-password link opens (/admin/set-password#token=…), nobody logged in yet: the link is
 * checked, the person chooses their password (the rule said in words) and lands in the editor,
 * logged in. A link that no longer works says why and what to do, never a bare error.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { api, ApiError, type Me } from '../api.ts';
import { formatWhen, UI_LANG_KEY, useT, useUiLang } from '../i18n/index.ts';
import { LanguageChoice } from '../components/LanguageChoice.tsx';
import { OWNER_PASSWORD_MIN_LENGTH, STAFF_PASSWORD_MAX_LENGTH } from '../../shared/constants.ts';
import { staffApi, type LinkInfo } from './api.ts';
import { LINK_HOURS, refusalText, refusedField } from './staff-words.ts';
import './staff.css';

type Refused = 'expired' | 'used' | 'replaced' | 'withdrawn' | 'unknown' | 'tooMany';
const REFUSED: Refused[] = ['expired', 'used', 'replaced', 'withdrawn', 'unknown', 'tooMany'];

/** What a refusal of the link is (by its code), or undefined for another trouble; said in the language of the person's mails when the server knows it. */
function refusedLink(e: unknown): Refused | undefined {
  const code = e instanceof ApiError && typeof e.body.code === 'string' ? e.body.code : '';
  const what = code.startsWith('link.') ? (code.slice(5) as Refused) : undefined;
  const lang = (e as ApiError).body?.params && ((e as ApiError).body.params as { lang?: unknown }).lang;
  if (what && (lang === 'nl' || lang === 'fr' || lang === 'en')) followInvitation(lang);
  return what && REFUSED.includes(what) ? what : undefined;
}

const tokenOf = () => new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token') ?? '';

/** The language of the invitation, unless this browser chose one for the editor already. */
function followInvitation(lang: LinkInfo['lang']) {
  try {
    if (localStorage.getItem(UI_LANG_KEY)) return;
  } catch {
    /* storage refused: follow the invitation */
  }
  useUiLang.getState().setLang(lang);
}

export default function SetPassword({ onDone }: { onDone: (me: Me) => void }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const id = useId();
  const [token] = useState(tokenOf);
  const [info, setInfo] = useState<LinkInfo | null>(null);
  const [refused, setRefused] = useState<Refused | null>(null);
  const [password, setPassword] = useState('');
  const [confirm, setConfirm] = useState('');
  const [error, setError] = useState<{ field?: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    staffApi.checkLink(token).then(
      (i) => {
        followInvitation(i.lang);
        setInfo(i);
      },
      (e) => (refusedLink(e) ? setRefused(refusedLink(e)!) : setError({ text: t('setPassword.failed') })),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the link is checked once per token
  }, [token]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = !password
      ? t('setPassword.required')
      : password.length < OWNER_PASSWORD_MIN_LENGTH
        ? t('setPassword.tooShort', { min: OWNER_PASSWORD_MIN_LENGTH })
        : password.length > STAFF_PASSWORD_MAX_LENGTH
          ? t('setPassword.tooLong', { max: STAFF_PASSWORD_MAX_LENGTH })
          : undefined;
    if (problem) return setError({ field: 'password', text: problem });
    if (confirm !== password) return setError({ field: 'confirm', text: t('setPassword.mismatch') });
    setBusy(true);
    setError(null);
    try {
      await staffApi.setPassword(token, password, confirm);
      onDone(await api.me());
    } catch (err) {
      const what = refusedLink(err);
      if (what) setRefused(what);
      else setError({ field: refusedField(err), text: err instanceof ApiError && err.body.code ? refusalText(t, err) : t('setPassword.failed') });
    } finally {
      setBusy(false);
    }
  };

  const invalid = (field: string) => (error?.field === field ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {});
  return (
    <main className="ed-login">
      <div className="ed-login__card ed-setpw">
        {refused ? (
          <div role="alert">
            <h1>{t(`setPassword.${refused}.title`)}</h1>
            <p>{t(`setPassword.${refused}`, { hours: LINK_HOURS })}</p>
            <a className="ed-button" href="/admin/">
              {t('setPassword.toLogin')}
            </a>
          </div>
        ) : !info ? (
          <p role="status">{error ? error.text : t('setPassword.checking')}</p>
        ) : (
          <form onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
            <h1 id={`${id}-title`}>{info.kind === 'invite' ? t('setPassword.title.invite', { name: info.name }) : t('setPassword.title.reset')}</h1>
            <p>{t(info.kind === 'invite' ? 'setPassword.intro.invite' : 'setPassword.intro.reset', { email: info.username })}</p>
            <input type="email" name="username" autoComplete="username" value={info.username} readOnly hidden />
            <label className="ed-label" htmlFor={`${id}-password`}>
              {t('setPassword.password')}
            </label>
            <input
              id={`${id}-password`}
              className="ed-input"
              type="password"
              autoComplete="new-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={`${id}-rule`}
              {...invalid('password')}
            />
            <p id={`${id}-rule`} className="ed-help">
              {t('setPassword.rule', { min: OWNER_PASSWORD_MIN_LENGTH })}
            </p>
            <label className="ed-label" htmlFor={`${id}-confirm`}>
              {t('setPassword.confirm')}
            </label>
            <input
              id={`${id}-confirm`}
              className="ed-input"
              type="password"
              autoComplete="new-password"
              value={confirm}
              onChange={(e) => setConfirm(e.target.value)}
              {...invalid('confirm')}
            />
            {error && (
              <p id={`${id}-error`} className="ed-alert ed-alert--error" role="alert">
                {error.text}
              </p>
            )}
            <button type="submit" className="ed-button ed-button--primary ed-login__submit" disabled={busy}>
              {busy ? t('setPassword.saving') : t('setPassword.submit')}
            </button>
            <p className="ed-help">{t('setPassword.until', { when: formatWhen(info.expiresAt, ui) })}</p>
          </form>
        )}
        <LanguageChoice />
      </div>
    </main>
  );
}
