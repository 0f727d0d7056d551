/** Staff login: e-mail and password; the server's refusal is shown as it says it. */
import { useSession } from '../store.ts';
import { useT } from '../i18n/index.ts';
import { LanguageChoice } from '../components/LanguageChoice.tsx';
import { LoginFields, useLoginForm } from '../components/LoginFields.tsx';

export default function Login() {
  const t = useT();
  const setMe = useSession((s) => s.setMe);
  const ended = useSession((s) => s.ended);
  const form = useLoginForm(setMe);
  return (
    <main className="ed-login">
      <form className="ed-login__card" onSubmit={form.submit} aria-labelledby="ed-login-title">
        <h1 id="ed-login-title">{t('login.title')}</h1>
        <p className="ed-help">{t('login.help')}</p>
        {ended && (
          <p className="ed-alert ed-alert--info" role="alert">
            {t('staff.sessionEnded')}
          </p>
        )}
        <LoginFields form={form} idPrefix="ed-login" />
        <button type="submit" className="ed-button ed-button--primary ed-login__submit" disabled={form.busy}>
          {form.busy ? t('login.busyButton') : t('login.submit')}
        </button>
        <LanguageChoice />
      </form>
    </main>
  );
}
