/**
 * The editor shell: who is logged in (else the login screen), the registry, the header with the
 * navigation and the editor's language (components/ShellHeader.tsx), and the routes under /admin. Every screen is a chunk of its own, loaded when
 * it is opened. Leaving a screen with unsaved edits asks first (guard.ts).
 */
import { lazy, Suspense, useEffect } from 'react';
import { Link, Redirect, Route, Router, Switch } from 'wouter';
import { api, type Me } from './api.ts';
import Login from './screens/Login.tsx';
import { useSession } from './store.ts';
import { answerLeave, leaveThen, useGuard, useGuardedLocation } from './guard.ts';
import { useT, useUiLang } from './i18n/index.ts';
import { ShellHeader } from './components/ShellHeader.tsx';
import { Dialog } from './components/Dialog.tsx';
import { SessionDialog } from './components/SessionDialog.tsx';

const Pages = lazy(() => import('./screens/Pages.tsx'));
const PageEditor = lazy(() => import('./screens/PageEditor.tsx'));
const Articles = lazy(() => import('./screens/Articles.tsx'));
const ArticleEditor = lazy(() => import('./screens/ArticleEditor.tsx'));
const Settings = lazy(() => import('./screens/Settings.tsx'));
const Banner = lazy(() => import('./screens/Banner.tsx'));
const Dictionaries = lazy(() => import('./screens/Dictionaries.tsx'));
const Missing = lazy(() => import('./screens/Missing.tsx'));
const Scheduled = lazy(() => import('./screens/Scheduled.tsx'));
const Leads = lazy(() => import('./inbox/Leads.tsx'));
const Owners = lazy(() => import('./inbox/Owners.tsx'));
const Media = lazy(() => import('./inbox/Media.tsx'));
const Listings = lazy(() => import('./inbox/Listings.tsx'));
const Trash = lazy(() => import('./screens/Trash.tsx'));
const Redirects = lazy(() => import('./screens/Redirects.tsx'));
const Staff = lazy(() => import('./staff/Staff.tsx'));
const SetPassword = lazy(() => import('./staff/SetPassword.tsx'));

export const EDITOR_BASE = '/admin';

export default function App() {
  const { me, checked, setMe } = useSession();
  const t = useT();
  const lang = useUiLang((s) => s.lang);
  useEffect(() => {
    document.documentElement.lang = lang;
    document.title = t('app.title');
  }, [lang, t]);
  const settingPassword = window.location.pathname === `${EDITOR_BASE}/set-password`;
  useEffect(() => {
    if (settingPassword) return; // nobody to ask about yet: the link logs the person in
    api
      .me()
      .then(setMe)
      // Not logged in (401), or the server cannot say: the login screen either way.
      .catch(() => setMe(null));
  }, [setMe, settingPassword]);
  // A set-password link (an invitation, a new password) opens without a login, and logs in.
  if (settingPassword)
    return (
      <Suspense fallback={<p className="ed-loading ed-loading--page">{t('app.loading')}</p>}>
        <SetPassword
          onDone={(who) => {
            window.history.replaceState(null, '', `${EDITOR_BASE}/pages`);
            setMe(who);
          }}
        />
      </Suspense>
    );
  if (!checked) return <p className="ed-loading ed-loading--page">{t('app.loading')}</p>;
  if (!me) return <Login />;
  return (
    <Router base={EDITOR_BASE} hook={useGuardedLocation}>
      <Shell me={me} />
      <LeaveDialog />
      <SessionDialog />
    </Router>
  );
}

/** Asked before leaving unsaved edits: stay, or leave (they stay in this browser and are offered back). */
function LeaveDialog() {
  const t = useT();
  const asking = useGuard((s) => s.asking);
  const dirty = useGuard((s) => s.dirty);
  if (!asking) return null;
  return (
    <Dialog
      title={t('leave.title')}
      onClose={() => answerLeave(false)}
      footer={
        <>
          <button type="button" className="ed-button ed-button--primary" data-autofocus onClick={() => answerLeave(false)}>
            {t('leave.stay')}
          </button>
          <button type="button" className="ed-button ed-button--danger" onClick={() => answerLeave(true)}>
            {t('leave.leave')}
          </button>
        </>
      }
    >
      <p>{t('leave.message', { what: Object.values(dirty).join(', ') })}</p>
      <p className="ed-help">{t('leave.kept')}</p>
    </Dialog>
  );
}

function Shell({ me }: { me: Me }) {
  const t = useT();
  const { registry, registryError, loadRegistry, setMe } = useSession();
  useEffect(() => {
    if (!registry) void loadRegistry();
  }, [registry, loadRegistry]);
  const logout = () =>
    leaveThen(async () => {
      try {
        await api.logout();
      } finally {
        setMe(null);
      }
    });
  return (
    <div className="ed-app">
      <a className="ed-skip" href="#ed-main">
        {t('app.skip')}
      </a>
      <ShellHeader me={me} onLogout={logout} />
      <main id="ed-main" className="ed-main" tabIndex={-1}>
        {registryError ? (
          <p className="ed-alert ed-alert--error" role="alert">
            {t('app.registryFailed', { error: registryError })}{' '}
            <button type="button" className="ed-button" onClick={() => void loadRegistry()}>
              {t('common.retry')}
            </button>
          </p>
        ) : !registry ? (
          <p className="ed-loading">{t('app.loadingTypes')}</p>
        ) : (
          <Suspense fallback={<p className="ed-loading">{t('common.loading')}</p>}>
            <Switch>
              <Route path="/">
                <Redirect to="/pages" />
              </Route>
              <Route path="/pages" component={Pages} />
              <Route path="/pages/:id" component={PageEditor} />
              <Route path="/articles" component={Articles} />
              <Route path="/articles/:id" component={ArticleEditor} />
              <Route path="/banner" component={Banner} />
              <Route path="/settings" component={Settings} />
              <Route path="/settings/:doc" component={Settings} />
              <Route path="/dictionaries" component={Dictionaries} />
              <Route path="/dictionaries/:lang" component={Dictionaries} />
              <Route path="/missing" component={Missing} />
              <Route path="/scheduled" component={Scheduled} />
              <Route path="/media">
                <Media me={me} />
              </Route>
              <Route path="/leads">
                <Leads me={me} />
              </Route>
              <Route path="/listings" component={Listings} />
              <Route path="/trash" component={Trash} />
              <Route path="/redirects" component={Redirects} />
              <Route path="/staff">
                <Staff me={me} />
              </Route>
              <Route path="/owners">
                <Owners me={me} />
              </Route>
              <Route>
                <p>
                  {t('app.notFound')} <Link href="/pages">{t('app.toPages')}</Link>
                </p>
              </Route>
            </Switch>
          </Suspense>
        )}
      </main>
    </div>
  );
}
