/**
 * The owner portal's API under /api/owner/: login (throttled, same answer and same work whether
 * the account exists or not), logout, forgotten password, and the figures of the owner's own
 * properties. The login is the site's one password login (server/auth/login.ts); sessions live
 * server-side and exist only for these routes: public pages never set a cookie.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import type Koa from 'koa';
import { HttpError, readJson, sameOrigin } from '../http/request.ts';
import type Router from '@koa/router';
import type { CounterRepository, LeadRepository, OutboxMessage, OutboxRepository, Submission } from '../storage/index.ts';
import type { Site } from '../site/site.ts';
import type { SiteHolder } from '../site/holder.ts';
import { OwnerAccounts, normalizeUsername, sha256, setOwnerPassword, type OwnerAccount } from '../auth/owner-accounts.ts';
import type { PasswordGate } from '../auth/password-gate.ts';
import { passwordLogin } from '../auth/login.ts';
import { currentPerson, endSession, type SessionStore } from '../auth/sessions.ts';
import { mailLayout, textToHtml } from '../mail/layout.ts';
import { isEmail } from '../../shared/formats.ts';
import { dayOf, type ViewStats } from './view-stats.ts';
import { isLang } from '../../shared/routes.ts';
import { lines } from '../log/logger.ts';
import {
  AGENCY_TIME_ZONE,
  IMAGE_WIDTH,
  OWNER_CHART_DAYS,
  OWNER_HISTORY_PAGE_SIZE,
  OWNER_PASSWORD_MIN_LENGTH,
  OWNER_SITE_SOURCE,
  LOGIN_FAILURE_WINDOW_MS,
  RESET_MAX_REQUESTS,
  RESET_TOKEN_BYTES,
  RESET_TOKEN_TTL_MS,
  type Lang,
} from '../../shared/constants.ts';
import type { PropertyRecord } from '../../renderer/listing-types.ts';

const str = (v: unknown) => (typeof v === 'string' ? v : '');

export interface PortalDeps {
  sites: Pick<SiteHolder, 'current'>;
  accounts: OwnerAccounts;
  sessions: SessionStore;
  views: ViewStats;
  leads: LeadRepository;
  outbox: OutboxRepository;
  kick: () => void;
  agencyEmail?: string;
  counters: CounterRepository;
  /** Bounds the password checks running at once (shared with the editor's logins). */
  gate: PasswordGate;
  /** The site's captcha, asked after repeated failed logins. */
  captcha: { redeem(token: unknown, answer: unknown): Promise<boolean> };
}

type Summary = { id: number; title: string; path?: string; picture?: string; city: string };

export function ownerRoutes(router: Router, deps: PortalDeps) {
  const login = passwordLogin({ kind: 'owner', ...deps, byUsername: (u) => deps.accounts.byUsername(u) });

  const langOf = (site: Site, v: unknown, fallback?: Lang): Lang => {
    const s = str(v);
    return isLang(s) && site.routes.enabled.includes(s) ? s : (fallback ?? site.routes.defaultLang);
  };
  const loginPath = (site: Site, lang: Lang) => {
    const page = site.content.pages.find((p) => p.type === 'login');
    return page ? site.routes.pagePath(page, lang) : `/${lang}/`;
  };
  const ownsProperty = (site: Site, owner: OwnerAccount, id: number): boolean => {
    if (owner.propertyIds.includes(id)) return !!site.listings.property(id, site.routes.defaultLang);
    const p = site.listings.property(id, site.routes.defaultLang);
    return !!(p && owner.ref && p.OwnerRef === owner.ref);
  };
  const ownedIds = (site: Site, owner: OwnerAccount): number[] =>
    site.listings
      .propertyIds()
      .filter((id) => ownsProperty(site, owner, id))
      .sort((a, b) => a - b);
  const summary = (site: Site, p: PropertyRecord, lang: Lang): Summary => ({
    id: p.ID,
    title: site.propertyTitle(p, lang),
    path: site.propertyPath(p, lang),
    picture: site.listingPhotoUrl('property', p, IMAGE_WIDTH.thumb),
    city: p.City,
  });
  const mail = (site: Site, to: string, lang: Lang, subject: string, text: string, id: string): OutboxMessage => ({
    id,
    to,
    from: `"${site.content.site.name}" <${site.content.site.email}>`,
    lang,
    attempts: 0,
    nextAttemptAt: 0,
    subject,
    text,
    html: mailLayout({ agency: site.content.site.name, lang, body: textToHtml(text) }),
  });
  const queue = async (...messages: OutboxMessage[]) => {
    await deps.outbox.enqueue(messages);
    deps.kick();
  };

  /** Runs a handler; HttpError becomes its JSON answer. */
  const handle = (fn: (ctx: Koa.Context, site: Site) => Promise<void>) => async (ctx: Koa.Context) => {
    ctx.set('Cache-Control', 'no-store');
    const site = await deps.sites.current();
    try {
      if (ctx.method !== 'GET' && !sameOrigin(ctx)) throw new HttpError(403, { error: 'Requests are accepted from this site only.' });
      await fn(ctx, site);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      ctx.status = e.status;
      ctx.body = e.body;
    }
  };

  /** The logged-in owner, or 401; ends sessions past their absolute lifetime. */
  const currentOwner = async (ctx: Koa.Context, site: Site, lang: Lang): Promise<OwnerAccount> => {
    const owner = await currentPerson(ctx, 'owner', (id) => deps.accounts.byId(id));
    if (!owner) throw new HttpError(401, { error: site.message(lang, 'owner.sessionEnded') });
    return owner;
  };

  router.post(
    '/api/owner/login',
    handle(async (ctx, site) => {
      // In the language the login page sends.
      const { account } = await login(ctx, (body) => {
        const t = (k: string, values?: Record<string, string | number>) => site.message(langOf(site, body.lang), k, values);
        return {
          usernameRequired: t('form.required.email'),
          passwordRequired: t('form.required.password'),
          failed: t('owner.login.failed'),
          wrong: t('owner.login.wrong'),
          tooMany: t('owner.login.tooMany'),
          busy: t('owner.login.busy'),
          wait: (seconds: number) => t('loginThrottle.wait', { seconds }),
          captcha: (sent: boolean) => t(sent ? 'loginThrottle.captchaWrong' : 'loginThrottle.captcha'),
        };
      });
      // The agency hears of every owner login (SPEC §6).
      const agencyLang = site.routes.defaultLang;
      const when = new Intl.DateTimeFormat(agencyLang, { dateStyle: 'short', timeStyle: 'short', timeZone: AGENCY_TIME_ZONE }).format(new Date());
      await queue(
        mail(
          site,
          deps.agencyEmail ?? site.content.site.email,
          agencyLang,
          site.message(agencyLang, 'owner.mail.login.subject', { username: account.username }),
          site.message(agencyLang, 'owner.mail.login.text', { username: account.username, date: when }),
          `owner-login-${randomUUID()}`,
        ),
      );
      ctx.body = { ok: true, lang: account.lang };
    }),
  );

  router.post(
    '/api/owner/logout',
    handle(async (ctx) => {
      endSession(ctx); // destroyed in the store, cookie cleared
      ctx.body = { ok: true };
    }),
  );

  router.get(
    '/api/owner/me',
    handle(async (ctx, site) => {
      const lang = langOf(site, ctx.query.lang);
      let owner: OwnerAccount;
      try {
        owner = await currentOwner(ctx, site, lang);
      } catch (e) {
        // Not logged in is a normal answer here (every visit of the login page asks): no error status.
        if (e instanceof HttpError && e.status === 401) {
          ctx.body = { loggedIn: false };
          return;
        }
        throw e;
      }
      ctx.body = {
        loggedIn: true,
        username: owner.username,
        lang: owner.lang,
        properties: ownedIds(site, owner).map((id) => summary(site, site.listings.property(id, lang)!, lang)),
      };
    }),
  );

  router.post(
    '/api/owner/password/forgot',
    handle(async (ctx, site) => {
      const body = await readJson(ctx);
      const lang = langOf(site, body.lang);
      const t = (k: string) => site.message(lang, k);
      const email = normalizeUsername(str(body.email));
      if (!email) throw new HttpError(422, { error: t('form.required.email'), errors: [{ field: 'email', message: t('form.required.email') }] });
      if (!isEmail(email)) throw new HttpError(422, { error: t('form.invalid.email'), errors: [{ field: 'email', message: t('form.invalid.email') }] });
      const account = await deps.accounts.byUsername(email);
      const limited = (await deps.counters.fail(`reset:${email}`, LOGIN_FAILURE_WINDOW_MS)) > RESET_MAX_REQUESTS;
      if (account && !account.disabled && !limited) {
        // Done after the answer, so that it takes as long whether or not the address has an account.
        void (async () => {
          const token = randomBytes(RESET_TOKEN_BYTES).toString('base64url');
          await deps.accounts.update(account.id, (o) => void (o.reset = { tokenHash: sha256(token), expiresAt: Date.now() + RESET_TOKEN_TTL_MS }));
          const l = account.lang;
          const link = site.absoluteUrl(`${loginPath(site, l)}#reset=${token}`);
          await queue(
            mail(
              site,
              account.username,
              l,
              site.message(l, 'owner.mail.reset.subject', { agency: site.content.site.name }),
              site.message(l, 'owner.mail.reset.text', { link, minutes: Math.round(RESET_TOKEN_TTL_MS / 60_000), agency: site.content.site.name }),
              `owner-reset-${randomUUID()}`,
            ),
          );
        })().catch((e) => lines().error('password reset mail for an owner not queued', e));
      }
      // The same answer whether or not the address has an account.
      ctx.body = { ok: true, message: t('owner.forgot.sent') };
    }),
  );

  router.post(
    '/api/owner/password/reset',
    handle(async (ctx, site) => {
      const body = await readJson(ctx);
      const lang = langOf(site, body.lang);
      const t = (k: string, v?: Record<string, number>) => site.message(lang, k, v);
      const token = str(body.token);
      const password = str(body.password);
      const confirm = str(body.confirm);
      const errors: Array<{ field: string; message: string }> = [];
      if (!password) errors.push({ field: 'password', message: t('form.required.password') });
      else if (password.length < OWNER_PASSWORD_MIN_LENGTH)
        errors.push({ field: 'password', message: t('owner.reset.tooShort', { min: OWNER_PASSWORD_MIN_LENGTH }) });
      if (!confirm) errors.push({ field: 'confirm', message: t('owner.reset.confirmRequired') });
      else if (password && confirm !== password) errors.push({ field: 'confirm', message: t('owner.reset.mismatch') });
      if (errors.length) throw new HttpError(422, { error: errors[0].message, errors });
      const hash = token ? sha256(token) : '';
      const account = hash ? (await deps.accounts.all()).find((o) => o.reset && o.reset.tokenHash === hash) : undefined;
      if (!account || !account.reset || account.reset.expiresAt < Date.now() || account.disabled) {
        throw new HttpError(400, { error: t('owner.reset.badLink'), field: 'token' });
      }
      await setOwnerPassword(deps.accounts, account.id, password); // also removes the token: single use
      await deps.sessions.endPerson('owner', account.id);
      const l = account.lang;
      await queue(
        mail(
          site,
          account.username,
          l,
          site.message(l, 'owner.mail.changed.subject', { agency: site.content.site.name }),
          site.message(l, 'owner.mail.changed.text', { agency: site.content.site.name }),
          `owner-changed-${randomUUID()}`,
        ),
      );
      ctx.body = { ok: true, message: t('owner.reset.done') };
    }),
  );

  /** The property of the path, if this owner owns it; 404 the same way for someone else's and for none. */
  const ownedProperty = async (ctx: Koa.Context, site: Site, lang: Lang) => {
    const owner = await currentOwner(ctx, site, lang);
    const id = /^\d{1,9}$/.test(String(ctx.params.id)) ? Number(ctx.params.id) : NaN;
    const p = Number.isFinite(id) && ownsProperty(site, owner, id) ? site.listings.property(id, lang) : undefined;
    if (!p) throw new HttpError(404, { error: site.message(lang, 'property.notFound.title'), field: 'id' });
    return p;
  };

  router.get(
    '/api/owner/properties/:id',
    handle(async (ctx, site) => {
      const lang = langOf(site, ctx.query.lang);
      const p = await ownedProperty(ctx, site, lang);
      const figures = await propertyFigures(site, deps, p);
      ctx.body = {
        property: summary(site, p, lang),
        counters: figures.counters,
        chart: figures.chart,
        media: figures.media,
        communications: page(await communications(deps, p.ID), 1),
        calendar: page(await calendar(deps, p.ID), 1),
        visits: page(figures.visitsByDay, 1),
      };
    }),
  );

  router.get(
    '/api/owner/properties/:id/:list',
    handle(async (ctx, site) => {
      const lang = langOf(site, ctx.query.lang);
      const p = await ownedProperty(ctx, site, lang);
      const list = ctx.params.list;
      const n = str(ctx.query.page) || '1';
      if (!/^\d{1,6}$/.test(n) || Number(n) < 1) throw new HttpError(400, { error: 'page: must be a whole number from 1', field: 'page' });
      const rows: unknown[] | undefined =
        list === 'communications'
          ? await communications(deps, p.ID)
          : list === 'calendar'
            ? await calendar(deps, p.ID)
            : list === 'visits'
              ? (await propertyFigures(site, deps, p)).visitsByDay
              : undefined;
      if (!rows) throw new HttpError(404, { error: 'list: must be communications, calendar or visits', field: 'list' });
      ctx.body = page(rows, Number(n));
    }),
  );
}

function page<T>(rows: T[], n: number) {
  const pages = Math.max(1, Math.ceil(rows.length / OWNER_HISTORY_PAGE_SIZE));
  const p = Math.min(n, pages);
  return { page: p, pages, total: rows.length, items: rows.slice((p - 1) * OWNER_HISTORY_PAGE_SIZE, p * OWNER_HISTORY_PAGE_SIZE) };
}

/** The site's requests about the property, newest first: date, type, subject, status (no visitor's personal data). */
async function communications(deps: Pick<PortalDeps, 'leads'>, id: number) {
  // The kind, date and status of each request, never what the visitor wrote (issue 40, point 6: a
  // message's first line showed owners the names and phone numbers of third parties).
  return (await deps.leads.find({ propertyIds: [id] })).items
    .map((s: Submission) => ({ date: String(s.createdAt), type: String(s.kind), status: String(s.status ?? 'new') }))
    .sort((a, b) => b.date.localeCompare(a.date));
}

/** Booked visits (appointments) of the property, latest first. */
async function calendar(deps: Pick<PortalDeps, 'leads'>, id: number) {
  return (await deps.leads.find({ propertyIds: [id], kind: 'contact-appointment' })).items
    .map((s: Submission) => {
      const a = (s.appointment ?? {}) as { start?: string; status?: string };
      const start = a.start ?? str((s.fields as Record<string, unknown> | undefined)?.slot);
      return { start, status: a.status ?? String(s.status ?? 'new') };
    })
    .filter((a) => a.start)
    .sort((a, b) => b.start.localeCompare(a.start));
}

/** YYYY-MM-DD of `days` days before `day`. */
function shift(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

export async function propertyFigures(site: Site, deps: Pick<PortalDeps, 'views'>, p: PropertyRecord) {
  const today = dayOf();
  const sources = new Map<string, Record<string, number>>();
  sources.set(OWNER_SITE_SOURCE, await deps.views.days(p.ID));
  const media: Array<{ source: string; url?: string }> = [];
  for (const s of p.PortalStats ?? []) {
    media.push({ source: s.Source, url: s.Url });
    if (!s.Visits?.length) continue;
    const row = sources.get(s.Source) ?? {};
    for (const v of s.Visits) row[v.Date] = (row[v.Date] ?? 0) + v.Count;
    sources.set(s.Source, row);
  }
  // Monday of this week, first of this month (the agency's calendar).
  const dow = (new Date(`${today}T12:00:00Z`).getUTCDay() + 6) % 7;
  const weekStart = shift(today, -dow);
  const monthStart = `${today.slice(0, 8)}01`;
  const counters = { today: 0, week: 0, month: 0, total: 0 };
  const perDay = new Map<string, number>();
  for (const row of sources.values()) {
    for (const [day, n] of Object.entries(row)) {
      if (day > today) continue;
      counters.total += n;
      if (day >= monthStart) counters.month += n;
      if (day >= weekStart) counters.week += n;
      if (day === today) counters.today += n;
      perDay.set(day, (perDay.get(day) ?? 0) + n);
    }
  }
  const days = Array.from({ length: OWNER_CHART_DAYS }, (_, i) => shift(today, i - OWNER_CHART_DAYS + 1));
  const chart = {
    days,
    series: [...sources.entries()]
      .filter(([name, row]) => name === OWNER_SITE_SOURCE || days.some((d) => row[d]))
      .map(([name, row]) => ({ source: name, points: days.map((d) => ({ date: d, visits: row[d] ?? 0 })) })),
  };
  const siteDays = sources.get(OWNER_SITE_SOURCE)!;
  const visitsByDay = Object.entries(siteDays)
    .filter(([d]) => d <= today)
    .sort((a, b) => b[0].localeCompare(a[0]))
    .map(([date, visits]) => ({ date, visits }));
  void site;
  return { counters, chart, media, visitsByDay };
}
