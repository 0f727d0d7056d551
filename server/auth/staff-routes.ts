/**
 * Staff in the editor's API: login (the site's one password login), logout, "who am I", and the
 * guard every editor route goes through — the staff member's session (else 401), their role
 * (else 403), and on a write the same-origin check and the session's anti-CSRF token (else 403).
 * An HttpError becomes its JSON answer; answers are never cached.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type Koa from 'koa';
import type Router from '@koa/router';
import { HttpError, sameOrigin } from '../http/request.ts';
import type { CounterRepository } from '../storage/index.ts';
import type { PasswordGate } from './password-gate.ts';
import { passwordLogin } from './login.ts';
import { currentPerson, endSession, sessionOf } from './sessions.ts';
import { hasRole, type StaffAccount, type StaffAccounts, type StaffRole } from './staff-accounts.ts';

const CSRF_HEADER = 'x-csrf-token';

export type AdminHandler = (ctx: Koa.Context, staff: StaffAccount) => Promise<void>;
export type AdminRoute = (role: StaffRole, fn: AdminHandler) => Koa.Middleware;

/** The staff member of the request's session, or undefined (also for an owner's session). */
export const currentStaff = (ctx: Koa.Context, staff: StaffAccounts) => currentPerson(ctx, 'staff', (id) => staff.byId(id));

function sameToken(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

export function adminGuard(staff: StaffAccounts): AdminRoute {
  return (role, fn) => async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    try {
      const write = ctx.method !== 'GET' && ctx.method !== 'HEAD';
      if (write && !sameOrigin(ctx)) throw new HttpError(403, { error: 'Requests are accepted from this site only.' });
      const account = await currentStaff(ctx, staff);
      if (!account) throw new HttpError(401, { error: 'Please log in to the editor.' });
      if (write && !sameToken(ctx.get(CSRF_HEADER), sessionOf(ctx)?.csrf ?? '')) {
        throw new HttpError(403, { error: 'The anti-CSRF token is missing or wrong: reload the editor and try again.' });
      }
      if (!hasRole(account, role)) throw new HttpError(403, { error: `Only an ${role} may do this.`, code: `role.${role}Only` });
      await fn(ctx, account);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      ctx.status = e.status;
      ctx.body = e.body;
    }
  };
}

const WORDS = {
  usernameRequired: 'Enter your e-mail address.',
  passwordRequired: 'Enter your password.',
  failed: 'The username or password are not correct.',
  tooMany: 'Too many failed logins: wait 15 minutes and try again.',
  busy: 'Many logins are being checked right now: try again in a few seconds.',
  wait: (seconds: number) => `Several logins failed: wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} and try again.`,
  captcha: (sent: boolean) =>
    sent ? 'The characters typed are not those of the image: type those of the new image.' : 'Several logins failed: type the characters of the image as well.',
};

/** /api/admin/login, /me and /logout; `me` gives what the editor needs at start besides the user. */
export function staffRoutes(
  router: Router,
  deps: {
    staff: StaffAccounts;
    gate: PasswordGate;
    counters: CounterRepository;
    captcha: { redeem(token: unknown, answer: unknown): Promise<boolean> };
    me: (account: StaffAccount, csrf: string, ctx: Koa.Context) => Promise<Record<string, unknown>>;
  },
  route: AdminRoute,
) {
  const login = passwordLogin({ kind: 'staff', gate: deps.gate, counters: deps.counters, captcha: deps.captcha, byUsername: (u) => deps.staff.byUsername(u) });
  router.post('/api/admin/login', async (ctx) => {
    ctx.set('Cache-Control', 'no-store');
    try {
      if (!sameOrigin(ctx)) throw new HttpError(403, { error: 'Requests are accepted from this site only.' });
      // The 422 answer names what is missing; the others say what happened.
      const csrf = randomBytes(32).toString('base64url');
      const { account } = await login(
        ctx,
        (body) => ({
          ...WORDS,
          failed:
            !body.username || !body.password
              ? [!body.username && WORDS.usernameRequired, !body.password && WORDS.passwordRequired].filter(Boolean).join(' ')
              : WORDS.failed,
        }),
        () => ({ csrf }),
      );
      await deps.staff.noteLogin(account.id);
      ctx.body = await deps.me(account, csrf, ctx);
    } catch (e) {
      if (!(e instanceof HttpError)) throw e;
      ctx.status = e.status;
      ctx.body = e.body;
    }
  });

  router.get(
    '/api/admin/me',
    route('editor', async (ctx, account) => {
      ctx.body = await deps.me(account, sessionOf(ctx)!.csrf!, ctx);
    }),
  );

  router.post(
    '/api/admin/logout',
    route('editor', async (ctx) => {
      endSession(ctx);
      ctx.body = { ok: true };
    }),
  );
}
