/**
 * Staff accounts in the editor's API. Admins only, under /api/admin/staff: the list with the recent
 * activity, invite, change (role, name, disabled), send the invitation again, send a link to choose
 * a new password. Every staff member: /api/admin/staff/names (usernames → the names people are
 * shown by). Nobody logged in: /api/admin/set-password/check and /api/admin/set-password, where an
 * invited person (or one who was sent a new-password link) chooses their password and is logged in.
 */
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type Router from '@koa/router';
import { HttpError, readJson, sameOrigin } from '../http/request.ts';
import type { AdminRoute } from '../auth/staff-routes.ts';
import { isEmail } from '../../shared/formats.ts';
import { normalizeUsername } from '../auth/passwords.ts';
import { startSession } from '../auth/sessions.ts';
import { STAFF_LANGS, STAFF_ROLES, cleanName, type StaffAccount, type StaffLang, type StaffRole } from '../auth/staff-accounts.ts';
import { changeStaffAccount, inviteStaff, listStaff, sendLink, staffView, type StaffAdminDeps } from '../auth/staff-admin.ts';
import { checkLink, useLink } from '../auth/staff-links.ts';
import { StaffRefusal } from '../auth/staff-refusal.ts';
import { LOGIN_FAILURE_WINDOW_MS, STAFF_NAME_MAX_LENGTH } from '../../shared/constants.ts';
import { UUID, onlyKeys } from './input.ts';

const refuse = (status: number, field: string, code: string, message: string) => new StaffRefusal(status, code, `${field}: ${message}`, field);

const nameOf = (v: unknown) => {
  const name = cleanName(v);
  if (!name) throw refuse(422, 'name', 'name.bad', `must be the person’s name: at most ${STAFF_NAME_MAX_LENGTH} characters, on one line`);
  return name;
};
const roleOf = (v: unknown): StaffRole => {
  if (!(STAFF_ROLES as readonly unknown[]).includes(v)) throw refuse(422, 'role', 'role.bad', `must be one of ${STAFF_ROLES.join(', ')}`);
  return v as StaffRole;
};
const langOf = (v: unknown): StaffLang => {
  if (!(STAFF_LANGS as readonly unknown[]).includes(v)) throw refuse(422, 'lang', 'lang.bad', `must be one of ${STAFF_LANGS.join(', ')}`);
  return v as StaffLang;
};
const idOf = (ctx: Koa.Context) => {
  const id = String(ctx.params.id ?? '');
  if (!UUID.test(id)) throw new StaffRefusal(404, 'staff.notFound', `No staff account with id "${id.slice(0, 60)}".`, 'id');
  return id;
};
const str = (v: unknown) => (typeof v === 'string' ? v : '');

/** The address the admin's browser uses for the editor (checked same-origin): the link in the mail opens the same editor. */
const originOf = (ctx: Koa.Context) => ctx.get('origin') || ctx.origin;

/** A StaffRefusal becomes its answer (with `code` for the editor, `error` in English). */
const answering = (fn: (ctx: Koa.Context, actor: StaffAccount) => Promise<void>) => async (ctx: Koa.Context, actor: StaffAccount) => {
  try {
    await fn(ctx, actor);
  } catch (e) {
    if (e instanceof StaffRefusal) throw new HttpError(e.status, e.body);
    if (e instanceof HttpError && !e.body.code) throw new HttpError(e.status, { ...e.body, code: 'request.bad' });
    throw e;
  }
};

export function staffAdminRoutes(router: Router, deps: StaffAdminDeps, route: AdminRoute): void {
  router.get(
    '/api/admin/staff/names',
    route('editor', async (ctx) => {
      ctx.body = { names: Object.fromEntries(await deps.accounts.nameMap()) };
    }),
  );

  router.get(
    '/api/admin/staff',
    route('admin', async (ctx, actor) => {
      ctx.body = await listStaff(deps, actor);
    }),
  );

  router.post(
    '/api/admin/staff',
    route(
      'admin',
      answering(async (ctx, actor) => {
        const body = await readJson(ctx);
        onlyKeys(body, ['name', 'username', 'role', 'lang']);
        const name = nameOf(body.name);
        const username = normalizeUsername(str(body.username));
        if (!isEmail(username)) throw refuse(422, 'username', 'email.bad', 'must be the person’s e-mail address');
        const account = await inviteStaff(deps, actor, { name, username, role: roleOf(body.role), lang: langOf(body.lang) }, originOf(ctx));
        ctx.status = 201;
        ctx.body = { account: staffView(account, actor.id) };
      }),
    ),
  );

  router.post(
    '/api/admin/staff/:id',
    route(
      'admin',
      answering(async (ctx, actor) => {
        const id = idOf(ctx);
        const body = await readJson(ctx);
        onlyKeys(body, ['role', 'disabled', 'name']);
        if (!Object.keys(body).length) throw refuse(400, 'role', 'request.empty', 'nothing to change: send role, disabled or name');
        if (body.disabled !== undefined && typeof body.disabled !== 'boolean') throw refuse(422, 'disabled', 'request.bad', 'must be true or false');
        const change = {
          ...(body.role !== undefined ? { role: roleOf(body.role) } : {}),
          ...(body.name !== undefined ? { name: nameOf(body.name) } : {}),
          ...(typeof body.disabled === 'boolean' ? { disabled: body.disabled } : {}),
        };
        ctx.body = { account: staffView(await changeStaffAccount(deps, actor, id, change), actor.id) };
      }),
    ),
  );

  for (const [path, kind] of [
    ['resend', 'invite'],
    ['reset', 'reset'],
  ] as const) {
    router.post(
      `/api/admin/staff/:id/${path}`,
      route(
        'admin',
        answering(async (ctx, actor) => {
          const id = idOf(ctx);
          onlyKeys(await readJson(ctx), []);
          ctx.body = { account: staffView(await sendLink(deps, actor, id, kind, originOf(ctx)), actor.id) };
        }),
      ),
    );
  }

  /** The set-password routes: nobody is logged in yet; same-origin writes only, answers never cached. */
  const open = (fn: (ctx: Koa.Context, body: Record<string, unknown>) => Promise<void>) => async (ctx: Koa.Context) => {
    ctx.set('Cache-Control', 'no-store');
    try {
      if (!sameOrigin(ctx)) throw new StaffRefusal(403, 'request.origin', 'Requests are accepted from this site only.');
      const body = await readJson(ctx);
      onlyKeys(body, ['token', 'password', 'confirm']);
      await fn(ctx, body);
    } catch (e) {
      const refusal = e instanceof StaffRefusal ? e : e instanceof HttpError ? new StaffRefusal(e.status, 'request.bad', String(e.body.error)) : undefined;
      if (!refusal) throw e;
      if (refusal.status === 429) ctx.set('Retry-After', String(LOGIN_FAILURE_WINDOW_MS / 1000));
      if (refusal.status === 503) ctx.set('Retry-After', '5');
      ctx.status = refusal.status;
      ctx.body = refusal.body;
    }
  };

  router.post(
    '/api/admin/set-password/check',
    open(async (ctx, body) => {
      ctx.body = await checkLink(deps, ctx.ip, str(body.token));
    }),
  );

  router.post(
    '/api/admin/set-password',
    open(async (ctx, body) => {
      const account = await useLink(deps, ctx.ip, { token: str(body.token), password: str(body.password), confirm: str(body.confirm) });
      // Logged in at once: a new session (their others ended with the new password).
      await startSession(ctx, 'staff', account, { csrf: randomBytes(32).toString('base64url') });
      ctx.body = { ok: true };
    }),
  );
}
