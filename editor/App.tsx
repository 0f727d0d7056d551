/**
 * The editor shell: who is logged in (else the login screen), the registry, the navigation and the
 * routes under /admin. Every screen is a chunk of its own, loaded when it is opened.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Link, Redirect, Route, Router, Switch, useLocation } from 'wouter';
import { api, type Me } from './api.ts';
import Login from './screens/Login.tsx';
import { useSession } from './store.ts';

const Pages = lazy(() => import('./screens/Pages.tsx'));
const PageEditor = lazy(() => import('./screens/PageEditor.tsx'));
const Settings = lazy(() => import('./screens/Settings.tsx'));
const Dictionaries = lazy(() => import('./screens/Dictionaries.tsx'));
const Missing = lazy(() => import('./screens/Missing.tsx'));
const Leads = lazy(() => import('./inbox/Leads.tsx'));
const Owners = lazy(() => import('./inbox/Owners.tsx'));
const Media = lazy(() => import('./inbox/Media.tsx'));
const Listings = lazy(() => import('./inbox/Listings.tsx'));

export const EDITOR_BASE = '/admin';

export default function App() {
  const { me, checked, setMe } = useSession();
  useEffect(() => {
    api
      .me()
      .then(setMe)
      // Not logged in (401), or the server cannot say: the login screen either way.
      .catch(() => setMe(null));
  }, [setMe]);
  if (!checked) return <p className="ed-loading ed-loading--page">Loading the editor…</p>;
  if (!me) return <Login />;
  return (
    <Router base={EDITOR_BASE}>
      <Shell me={me} />
    </Router>
  );
}

interface NavItem {
  href: string;
  label: string;
  admin?: boolean;
}
const NAV: NavItem[] = [
  { href: '/pages', label: 'Pages' },
  { href: '/settings', label: 'Site settings', admin: true },
  { href: '/dictionaries', label: 'Dictionaries' },
  { href: '/missing', label: 'Missing translations' },
  { href: '/media', label: 'Media' },
  { href: '/leads', label: 'Leads' },
  { href: '/owners', label: 'Owners', admin: true },
  { href: '/listings', label: 'Listings', admin: true },
];

function Shell({ me }: { me: Me }) {
  const { registry, registryError, loadRegistry, setMe } = useSession();
  const [location] = useLocation();
  useEffect(() => {
    if (!registry) void loadRegistry();
  }, [registry, loadRegistry]);
  const isAdmin = me.user.role === 'admin';
  const logout = async () => {
    try {
      await api.logout();
    } finally {
      setMe(null);
    }
  };
  return (
    <div className="ed-app">
      <a className="ed-skip" href="#ed-main">
        Skip to content
      </a>
      <header className="ed-header">
        <Link href="/pages" className="ed-brand">
          Vitrine <span>editor</span>
        </Link>
        <nav className="ed-nav" aria-label="Editor">
          <ul>
            {NAV.filter((n) => !n.admin || isAdmin).map((n) => (
              <li key={n.href}>
                <Link href={n.href} className="ed-nav__link" aria-current={location === n.href || location.startsWith(`${n.href}/`) ? 'page' : undefined}>
                  {n.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="ed-user">
          <span className="ed-user__name">{me.user.name ?? me.user.username}</span>
          <span className="ed-badge">{me.user.role}</span>
          <button type="button" className="ed-button ed-button--ghost" onClick={() => void logout()}>
            Log out
          </button>
        </div>
      </header>
      <main id="ed-main" className="ed-main" tabIndex={-1}>
        {registryError ? (
          <p className="ed-alert ed-alert--error" role="alert">
            The editor could not load its module types and schemas: {registryError}{' '}
            <button type="button" className="ed-button" onClick={() => void loadRegistry()}>
              Try again
            </button>
          </p>
        ) : !registry ? (
          <p className="ed-loading">Loading module types…</p>
        ) : (
          <Suspense fallback={<p className="ed-loading">Loading…</p>}>
            <Switch>
              <Route path="/">
                <Redirect to="/pages" />
              </Route>
              <Route path="/pages" component={Pages} />
              <Route path="/pages/:id" component={PageEditor} />
              <Route path="/settings" component={Settings} />
              <Route path="/settings/:doc" component={Settings} />
              <Route path="/dictionaries" component={Dictionaries} />
              <Route path="/dictionaries/:lang" component={Dictionaries} />
              <Route path="/missing" component={Missing} />
              <Route path="/media">
                <Media me={me} />
              </Route>
              <Route path="/leads">
                <Leads me={me} />
              </Route>
              <Route path="/listings" component={Listings} />
              <Route path="/owners">
                <Owners me={me} />
              </Route>
              <Route>
                <p>This editor page does not exist. <Link href="/pages">Go to the pages</Link>.</p>
              </Route>
            </Switch>
          </Suspense>
        )}
      </main>
    </div>
  );
}
