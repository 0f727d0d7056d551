/**
 * The owner portal (issue 5). The server renders the login form, the same for everyone, so the
 * login page stays in the public page cache; everything personal is fetched in the browser from
 * /api/owner/ once logged in. The selected property and a password-reset token live in the URL's
 * fragment (#property=…, #reset=…), which never reaches the server, its logs or a Referer.
 * The chart (visx) is a separate chunk, loaded only when an owner opens a property.
 */
import { lazy, Suspense, useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { defineModule } from '../../renderer/module-api.ts';
import { Link, useI18n } from '../../renderer/ui.tsx';
import { OWNER_CHART_DAYS, OWNER_SITE_SOURCE } from '../../renderer/lib/constants.ts';
import type { OwnerPortalModule } from '../../schemas/types.gen.ts';
import schema from './schema.json';
import './portal.css';

const Chart = lazy(() => import('./Chart.tsx'));

type FieldErrors = Array<{ field: string; message: string }>;
interface Summary { id: number; title: string; path?: string; picture?: string; city: string }
interface Me { loggedIn: boolean; username: string; lang: string; properties: Summary[] }
interface Paged<T> { page: number; pages: number; total: number; items: T[] }
interface Communication { date: string; type: string; subject: string; status: string }
interface Appointment { start: string; status: string }
interface DayVisits { date: string; visits: number }
export interface ChartSeries { source: string; points: DayVisits[] }
interface Figures {
  property: Summary;
  counters: { today: number; week: number; month: number; total: number };
  chart: { days: string[]; series: ChartSeries[] };
  media: Array<{ source: string; url?: string }>;
  communications: Paged<Communication>;
  calendar: Paged<Appointment>;
  visits: Paged<DayVisits>;
}

type Screen = { name: 'login'; notice?: string } | { name: 'forgot' } | { name: 'reset'; token: string } | { name: 'home'; me: Me; propertyId?: number };

async function call<T>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<{ status: number; data: T & { error?: string; message?: string; errors?: FieldErrors } }> {
  const r = await fetch(url, {
    method,
    headers: body ? { 'Content-Type': 'application/json' } : {},
    body: body ? JSON.stringify(body) : undefined,
    credentials: 'same-origin',
  });
  let data = {} as T & { error?: string };
  try {
    data = await r.json();
  } catch {
    /* not JSON: the caller shows a general error */
  }
  return { status: r.status, data };
}

const hashParam = (name: string): string | undefined => {
  const m = new RegExp(`[#&]${name}=([^&]+)`).exec(window.location.hash);
  return m ? decodeURIComponent(m[1]) : undefined;
};
const setHash = (hash: string) => window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${hash}`);

function Field({ id, label, type, autoComplete, error }: { id: string; label: string; type: string; autoComplete: string; error?: string }) {
  return (
    <div className="form-field" data-invalid={error ? '' : undefined}>
      <label htmlFor={id}>{label}</label>
      <input id={id} name={id.replace(/^owner-/, '')} type={type} autoComplete={autoComplete} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} />
      {error && (
        <p className="form-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

function Alert({ title, children, tone = 'error' }: { title?: string; children: ReactNode; tone?: 'error' | 'ok' }) {
  return (
    <div className={`portal-alert portal-alert--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {title && <strong>{title}</strong>}
      <p>{children}</p>
    </div>
  );
}

function LoginForm({ notice, onDone, onForgot }: { notice?: string; onDone: () => void; onForgot: () => void }) {
  const { t, lang } = useI18n();
  const [errors, setErrors] = useState<FieldErrors>([]);
  const [failure, setFailure] = useState<{ title: string; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const fd = new FormData(e.currentTarget);
    setBusy(true);
    try {
      const r = await call<{ ok: boolean }>('POST', '/api/owner/login', { username: String(fd.get('username') ?? ''), password: String(fd.get('password') ?? ''), lang });
      if (r.status === 200) return onDone();
      setErrors(r.data.errors ?? []);
      setFailure(r.data.errors ? null : { title: r.data.message ? (r.data.error ?? '') : t('owner.login.failed'), text: r.data.message ?? r.data.error ?? t('owner.error') });
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
      {!sent && <Field id="owner-email" label={t('owner.username')} type="email" autoComplete="username" error={errors.find((x) => x.field === 'email')?.message} />}
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
      const r = await call<{ message: string }>('POST', '/api/owner/password/reset', { token, password: String(fd.get('password') ?? ''), confirm: String(fd.get('confirm') ?? ''), lang });
      if (r.status === 200) return onDone(r.data.message ?? '');
      setErrors(r.data.errors ?? []);
      setFailure(r.data.errors ? '' : r.data.error ?? t('owner.error'));
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
function useLabel() {
  const { t } = useI18n();
  return (prefix: string, value: string) => {
    const key = `${prefix}.${value}`;
    const text = t(key);
    return text === key ? value : text;
  };
}

function Pager({ page, pages, onPage }: { page: number; pages: number; onPage: (n: number) => void }) {
  const { t } = useI18n();
  if (pages <= 1) return null;
  return (
    <div className="portal-pager">
      <button type="button" className="button button--ghost" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t('owner.previous')}
      </button>
      <span>{t('owner.pager', { page, pages })}</span>
      <button type="button" className="button button--ghost" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t('owner.next')}
      </button>
    </div>
  );
}

/** One history list with its own paging (fetched page by page from the API). */
function History<T>({ id, title, list, first, head, row }: { id: number; title: string; list: string; first: Paged<T>; head: string[]; row: (item: T) => ReactNode[] }) {
  const { t, lang } = useI18n();
  const [data, setData] = useState(first);
  useEffect(() => setData(first), [first]);
  const go = async (n: number) => {
    const r = await call<Paged<T>>('GET', `/api/owner/properties/${id}/${list}?page=${n}&lang=${lang}`);
    if (r.status === 200) setData(r.data);
  };
  return (
    <section className="portal-section" data-list={list}>
      <h3>
        {title} <span className="portal-count">({data.total})</span>
      </h3>
      {data.items.length === 0 ? (
        <p className="portal-empty">{t('owner.empty')}</p>
      ) : (
        <div className="portal-table-wrap">
          <table className="portal-table">
            <thead>
              <tr>
                {head.map((h) => (
                  <th key={h} scope="col">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {data.items.map((item, i) => (
                <tr key={i}>
                  {row(item).map((cell, j) => (
                    <td key={j} data-label={head[j]}>
                      {cell}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager page={data.page} pages={data.pages} onPage={go} />
    </section>
  );
}

function PropertyFigures({ id, onSessionEnd }: { id: number; onSessionEnd: () => void }) {
  const { t, lang, formatDate } = useI18n();
  const label = useLabel();
  const [state, setState] = useState<{ status: 'loading' } | { status: 'error'; message: string } | { status: 'ok'; figures: Figures }>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    call<Figures>('GET', `/api/owner/properties/${id}?lang=${lang}`)
      .then((r) => {
        if (!live) return;
        if (r.status === 401) return onSessionEnd();
        setState(r.status === 200 ? { status: 'ok', figures: r.data } : { status: 'error', message: r.data.error ?? t('owner.error') });
      })
      .catch(() => live && setState({ status: 'error', message: t('owner.error') }));
    return () => {
      live = false;
    };
  }, [id, lang, onSessionEnd, t]);
  if (state.status === 'loading') return <p className="portal-empty">{t('owner.loading')}</p>;
  if (state.status === 'error') return <Alert>{state.message}</Alert>;
  const f = state.figures;
  const dateTime = (iso: string) => `${formatDate(iso)} ${new Date(iso).toLocaleTimeString(lang, { hour: '2-digit', minute: '2-digit' })}`;
  const sourceName = (s: string) => (s === OWNER_SITE_SOURCE ? t('owner.source.site') : s);
  return (
    <div className="portal-property" data-property={f.property.id}>
      <h2>{f.property.title}</h2>
      {f.property.path && (
        <p>
          <Link href={f.property.path}>{t('owner.viewPage')}</Link>
        </p>
      )}
      <dl className="portal-counters">
        {(['today', 'week', 'month', 'total'] as const).map((k) => (
          <div key={k} className="portal-counter" data-counter={k}>
            <dt>{t(`owner.visits.${k}`)}</dt>
            <dd>{f.counters[k]}</dd>
          </div>
        ))}
      </dl>
      <section className="portal-section portal-chart">
        <h3>{t('owner.chart.title', { days: OWNER_CHART_DAYS })}</h3>
        <Suspense fallback={<p className="portal-empty">{t('owner.chart.loading')}</p>}>
          <Chart series={f.chart.series.map((s) => ({ ...s, source: sourceName(s.source) }))} formatDay={(d) => formatDate(d).slice(0, 5)} visitsLabel={t('owner.col.visits')} />
        </Suspense>
      </section>
      <History id={f.property.id} title={t('owner.communications')} list="communications" first={f.communications} head={[t('owner.col.date'), t('owner.col.type'), t('owner.col.subject'), t('owner.col.status')]} row={(c: Communication) => [formatDate(c.date), label('owner.kind', c.type), c.subject, label('owner.status', c.status)]} />
      <History id={f.property.id} title={t('owner.calendar')} list="calendar" first={f.calendar} head={[t('owner.col.time'), t('owner.col.status')]} row={(a: Appointment) => [dateTime(a.start), label('owner.status', a.status)]} />
      <section className="portal-section" data-list="media">
        <h3>{t('owner.media')}</h3>
        {f.media.length === 0 ? (
          <p className="portal-empty">{t('owner.empty')}</p>
        ) : (
          <ul className="portal-media">
            {f.media.map((m) => (
              <li key={m.source}>{m.url ? <Link href={m.url}>{m.source}</Link> : m.source}</li>
            ))}
          </ul>
        )}
      </section>
      <History id={f.property.id} title={t('owner.pageVisits')} list="visits" first={f.visits} head={[t('owner.col.date'), t('owner.col.visits')]} row={(v: DayVisits) => [formatDate(v.date), v.visits]} />
    </div>
  );
}

function Home({ me, propertyId, onPick, onLogout, onSessionEnd }: { me: Me; propertyId?: number; onPick: (id?: number) => void; onLogout: () => void; onSessionEnd: () => void }) {
  const { t } = useI18n();
  return (
    <div className="portal">
      <div className="portal-bar">
        <span>{me.username}</span>
        <button type="button" className="button button--ghost" onClick={onLogout}>
          {t('owner.logout')}
        </button>
      </div>
      <nav className="portal-properties" aria-label={t('owner.properties')}>
        <h2>{t('owner.properties')}</h2>
        {me.properties.length === 0 && <p>{t('owner.noProperties')}</p>}
        <ul>
          {me.properties.map((p) => (
            <li key={p.id}>
              <button type="button" className="portal-pick" aria-pressed={p.id === propertyId} onClick={() => onPick(p.id)}>
                {p.picture && <img src={p.picture} alt="" width={96} height={64} loading="lazy" />}
                <span>
                  <strong>{p.title}</strong>
                  <small>{p.city}</small>
                </span>
              </button>
            </li>
          ))}
        </ul>
        {propertyId !== undefined && (
          <button type="button" className="portal-link" onClick={() => onPick(undefined)}>
            {t('owner.allProperties')}
          </button>
        )}
      </nav>
      {propertyId !== undefined && <PropertyFigures id={propertyId} onSessionEnd={onSessionEnd} />}
    </div>
  );
}

function View() {
  const { lang, t } = useI18n();
  // The server and the first browser render both show the login form (the cached page).
  const [screen, setScreen] = useState<Screen>({ name: 'login' });
  const loadMe = useCallback(async (notice?: string) => {
    const r = await call<Me>('GET', `/api/owner/me?lang=${lang}`).catch(() => undefined);
    if (r?.status === 200 && r.data.loggedIn) {
      const id = Number(hashParam('property'));
      setScreen({ name: 'home', me: r.data, propertyId: Number.isInteger(id) && id > 0 ? id : r.data.properties.length === 1 ? r.data.properties[0].id : undefined });
    } else setScreen({ name: 'login', notice });
  }, [lang]);
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
      );
    default:
      return <LoginForm notice={screen.notice} onDone={() => void loadMe()} onForgot={() => setScreen({ name: 'forgot' })} />;
  }
}

export default defineModule<OwnerPortalModule, null>({
  view: 'owner-portal',
  version: 1,
  schema,
  meta: {
    title: { nl: 'Eigenaarsportaal', fr: 'Portail des propriétaires', en: 'Owner portal' },
    description: { nl: 'Login en statistieken voor eigenaars', fr: 'Connexion et statistiques des propriétaires', en: 'Login and statistics for owners' },
    icon: 'lock',
    category: 'portal',
  },
  defaults: { view: 'owner-portal', version: 1, status: 'Published', span: 12 },
  View,
});
