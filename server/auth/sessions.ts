/**
 * Server-side sessions of the owner portal and the editor (one per browser; it holds an owner or a
 * staff member): koa-session with its store on the session repository, the ids kept hashed. They
 * exist for /api/owner/* and /api/admin/* only: public pages never read or set the cookie.
 */
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import session from 'koa-session';
import type { SessionRepository } from '../storage/index.ts';
import { sha256 } from './passwords.ts';
import { OWNER_SESSION_ABSOLUTE_MS, OWNER_SESSION_IDLE_MS } from '../../shared/constants.ts';

export const SESSION_COOKIE = 'vitrine.owner';

export type PersonKind = 'owner' | 'staff';

/** What a session holds: whose it is, since when, and the password it was opened with. */
export interface PersonSession {
  ownerId?: string;
  staffId?: string;
  createdAt?: number;
  /** The account's passwordChangedAt at login: a later password change ends the session. */
  passwordAt?: string;
  /** The editor's anti-CSRF token. */
  csrf?: string;
}
type Sess = PersonSession & { regenerate: () => Promise<void> };
export const sessionOf = (ctx: Koa.Context) => (ctx as unknown as { session: Sess | null }).session;
export const endSession = (ctx: Koa.Context) => void ((ctx as unknown as { session: null }).session = null);
const idKey = (kind: PersonKind) => (kind === 'owner' ? 'ownerId' : 'staffId');

const QUIET = Symbol('leaves the idle deadline');
/**
 * A request the browser sends by itself (the editor saying a document is still open, issue 38):
 * it leaves the session's idle deadline where it was, so that a person who walked away is still
 * logged out after 30 minutes however long the tab stays open. What the person does (opening,
 * typing — which autosaves —, saving) moves it as before.
 */
export const leaveIdleDeadline = (ctx: Koa.Context) => void ((ctx.state as Record<symbol, unknown>)[QUIET] = true);

/** koa-session's external store. */
export class SessionStore {
  constructor(private readonly repo: SessionRepository) {}

  async get(key: string) {
    return (await this.repo.get(sha256(key)))?.data;
  }

  async set(key: string, sess: Record<string, unknown>, maxAge: number, opts?: { changed?: boolean; ctx?: Koa.Context }) {
    // Not changed, only rolled forward by a request the browser sent by itself: left as it is.
    if (opts?.ctx && !opts.changed && (opts.ctx.state as Record<symbol, unknown>)[QUIET]) return;
    const person = typeof sess.ownerId === 'string' ? `owner:${sess.ownerId}` : typeof sess.staffId === 'string' ? `staff:${sess.staffId}` : undefined;
    await this.repo.set(sha256(key), { data: sess, expires: Date.now() + maxAge, person });
  }

  async destroy(key: string) {
    await this.repo.destroy(sha256(key));
  }

  /** Ends every session of a person (after a password change). */
  async endPerson(kind: PersonKind, id: string) {
    await this.repo.destroyPerson(`${kind}:${id}`);
  }

  /** Whether the cookie's session is a live owner's (their views of a property are not counted). */
  async isOwner(key: string | undefined) {
    return !!key && typeof (await this.repo.get(sha256(key)))?.data.ownerId === 'string';
  }
}

export function personSessions(app: Koa, store: SessionStore): Koa.Middleware {
  const mw = session(
    {
      key: SESSION_COOKIE,
      maxAge: OWNER_SESSION_IDLE_MS,
      rolling: true, // every request moves the idle deadline
      httpOnly: true,
      sameSite: 'lax',
      // secure is left to the cookie library: on when the request came over TLS (ctx.secure,
      // which follows X-Forwarded-Proto when app.proxy is on).
      signed: false, // the id is 256 random bits and means something only to the server-side store
      genid: () => randomBytes(32).toString('base64url'),
      store,
    } as never,
    app as never,
  ) as unknown as Koa.Middleware;
  return (ctx, next) => (ctx.path.startsWith('/api/owner/') || ctx.path.startsWith('/api/admin/') ? mw(ctx, next) : next());
}

/** Opens the session of a person who just logged in: one person per browser, a new id (a planted id is worth nothing). */
export async function startSession(ctx: Koa.Context, kind: PersonKind, account: { id: string; passwordChangedAt: string }, extra: Partial<PersonSession> = {}) {
  const sess = sessionOf(ctx)!;
  for (const k of ['ownerId', 'staffId', 'csrf'] as const) delete sess[k];
  Object.assign(sess, { [idKey(kind)]: account.id, createdAt: Date.now(), passwordAt: account.passwordChangedAt, ...extra });
  await sess.regenerate();
}

/**
 * The person of the request's session, or undefined: also when the session is past its absolute
 * lifetime, was opened before the password last changed, or the account is disabled (then the
 * session is ended).
 */
export async function currentPerson<A extends { id: string; passwordChangedAt: string; disabled?: boolean }>(
  ctx: Koa.Context,
  kind: PersonKind,
  byId: (id: string) => Promise<A | undefined>,
): Promise<A | undefined> {
  const sess = sessionOf(ctx);
  const id = sess?.[idKey(kind)];
  if (!id) return undefined;
  const account = await byId(id);
  const expired = !sess.createdAt || Date.now() - sess.createdAt > OWNER_SESSION_ABSOLUTE_MS || sess.passwordAt !== account?.passwordChangedAt;
  if (!account || account.disabled || expired) {
    endSession(ctx);
    return undefined;
  }
  return account;
}
