/**
 * The session ended while someone works (idle for 30 minutes, 8 hours after the login, logged out
 * in another window; issue 38 point 5): a question over the screen, in the editor's language, says
 * so and asks for the password — the e-mail address filled in, changeable. Logging in carries on
 * where the person was (the draft in the form, an open dialog, the scroll position): the requests
 * that failed are sent again. Closing it keeps the screen as it is; the next thing the person does
 * asks again. Opened by the store (askLoginAgain) for every request answered 401 at once.
 */
import { useSession } from '../store.ts';
import { useT } from '../i18n/index.ts';
import { LoginFields, useLoginForm } from './LoginFields.tsx';
import { Dialog } from './Dialog.tsx';

export function SessionDialog() {
  const asking = useSession((s) => s.askingLogin);
  return asking ? <LoginAgain /> : null;
}

function LoginAgain() {
  const t = useT();
  const me = useSession((s) => s.me);
  const answer = useSession((s) => s.answerLogin);
  const form = useLoginForm(answer, me?.user.username ?? '');
  const { username, busy } = form;
  return (
    <Dialog title={t('session.title')} onClose={() => answer(null)} className="ed-session">
      <form className="ed-session__form" onSubmit={form.submit}>
        <p>{t('session.message')}</p>
        <LoginFields
          form={form}
          idPrefix="ed-session"
          focusPassword
          afterEmail={me && username.trim().toLowerCase() !== me.user.username.toLowerCase() && <p className="ed-help">{t('session.otherPerson')}</p>}
        />
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
