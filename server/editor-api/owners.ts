/**
 * The owner accounts of the portal in the editor (admins only), under /api/admin/owners: list,
 * add (with a generated password shown once), change, disable (logged out everywhere at once), new
 * password.
 */
import { randomBytes } from 'node:crypto';
import type Koa from 'koa';
import type Router from '@koa/router';
import { HttpError, readJson } from '../http/request.ts';
import type { AdminRoute } from '../auth/staff-routes.ts';
import type { Site } from '../site/site.ts';
import type { SiteHolder } from '../site/holder.ts';
import { isEmail } from '../../shared/formats.ts';
import { OwnerInputError, addOwner, normalizeUsername, setOwnerPassword, type OwnerAccount, type OwnerAccounts } from '../auth/owner-accounts.ts';
import type { SessionStore } from '../auth/sessions.ts';
import { OWNER_PASSWORD_MIN_LENGTH, type Lang } from '../../shared/constants.ts';
import { UUID, bad, onlyKeys } from './input.ts';

/** Random bytes of a password generated for a new owner account (base64url: 16 characters). */
const OWNER_PASSWORD_BYTES = 12;
const OWNER_REF_MAX_LENGTH = 100;
const OWNER_MAX_PROPERTIES = 1000;

export interface OwnerAdminDeps {
  owners: OwnerAccounts;
  sessions: SessionStore;
  sites: Pick<SiteHolder, 'current'>;
}

type OwnerView = ReturnType<typeof ownerView>;

/** An account as staff see it: never its password hash nor its reset token. */
function ownerView(site: Site, o: OwnerAccount) {
  const lang = site.routes.defaultLang;
  const title = (id: number) => {
    const p = site.listings.property(id, lang);
    return p ? site.propertyTitle(p, lang) : undefined;
  };
  const byRef = o.ref ? site.listings.propertyIds().filter((id) => site.listings.property(id, lang)?.OwnerRef === o.ref && !o.propertyIds.includes(id)) : [];
  return {
    id: o.id,
    username: o.username,
    lang: o.lang,
    propertyIds: [...o.propertyIds],
    ...(o.ref ? { ref: o.ref } : {}),
    disabled: !!o.disabled,
    createdAt: o.createdAt,
    passwordChangedAt: o.passwordChangedAt,
    resetPending: !!o.reset && o.reset.expiresAt > Date.now(),
    /** What the owner sees in the portal: the properties given by id, then those of their CRM reference. */
    properties: [
      ...o.propertyIds.map((id) => ({ id, title: title(id) ?? null, via: 'id' as const })),
      ...byRef.map((id) => ({ id, title: title(id) ?? null, via: 'ref' as const })),
    ],
  };
}

const generatedPassword = () => {
  const p = randomBytes(OWNER_PASSWORD_BYTES).toString('base64url');
  if (p.length < OWNER_PASSWORD_MIN_LENGTH) throw new Error('generated password too short');
  return p;
};

function checkLang(site: Site, v: unknown): Lang {
  if (typeof v !== 'string' || !site.routes.enabled.includes(v as Lang)) throw bad('lang', `must be one of ${site.routes.enabled.join(', ')}`, 422);
  return v as Lang;
}

function checkPropertyIds(site: Site, v: unknown): number[] {
  if (!Array.isArray(v) || v.length > OWNER_MAX_PROPERTIES || v.some((x) => !Number.isInteger(x) || (x as number) < 1)) {
    throw bad('propertyIds', `must be a list of property ids (whole numbers, at most ${OWNER_MAX_PROPERTIES})`, 422);
  }
  const known = new Set(site.listings.propertyIds());
  const unknown = (v as number[]).filter((id) => !known.has(id));
  if (unknown.length) throw bad('propertyIds', `no property with id ${unknown.join(', ')}`, 422);
  return [...new Set(v as number[])];
}

/** A CRM reference, or undefined to remove it (null or an empty string). */
function checkRef(v: unknown): string | undefined {
  if (v === null || v === undefined) return undefined;
  if (typeof v !== 'string' || v.length > OWNER_REF_MAX_LENGTH || /[\u0000-\u001f\u007f]/.test(v))
    throw bad('ref', `must be a text of at most ${OWNER_REF_MAX_LENGTH} characters`, 422);
  return v.trim() || undefined;
}

/** An OwnerInputError's message starts with the field at fault ("username: …"). */
function ownerInputError(e: OwnerInputError): HttpError {
  const m = /^(\w+): (.*)$/s.exec(e.message);
  const field = m?.[1] === 'properties' ? 'propertyIds' : (m?.[1] ?? 'username');
  return bad(field, m?.[2] ?? e.message, /already has an account/.test(e.message) ? 409 : 422);
}

export function ownerAdminRoutes(router: Router, deps: OwnerAdminDeps, route: AdminRoute): void {
  router.get(
    '/api/admin/owners',
    route('admin', async (ctx) => {
      const site = await deps.sites.current();
      const owners: OwnerView[] = (await deps.owners.all()).map((o) => ownerView(site, o));
      owners.sort((a, b) => a.username.localeCompare(b.username));
      ctx.body = { owners, langs: site.routes.enabled };
    }),
  );

  router.post(
    '/api/admin/owners',
    route('admin', async (ctx) => {
      const site = await deps.sites.current();
      const body = await readJson(ctx);
      onlyKeys(body, ['username', 'lang', 'propertyIds', 'ref']);
      const username = typeof body.username === 'string' ? normalizeUsername(body.username) : '';
      if (!isEmail(username)) throw bad('username', 'must be the owner’s e-mail address', 422);
      const lang = checkLang(site, body.lang);
      const propertyIds = body.propertyIds === undefined ? [] : checkPropertyIds(site, body.propertyIds);
      const ref = checkRef(body.ref);
      if (await deps.owners.byUsername(username)) throw bad('username', `${username} already has an account`, 409);
      const password = generatedPassword();
      let account: OwnerAccount;
      try {
        account = await addOwner(deps.owners, { username, password, lang, propertyIds, ref });
      } catch (e) {
        if (e instanceof OwnerInputError) throw ownerInputError(e);
        throw e;
      }
      ctx.status = 201;
      // The password is shown this once: only its hash is kept.
      ctx.body = { owner: ownerView(site, account), password };
    }),
  );

  const ownerOf = async (ctx: Koa.Context): Promise<OwnerAccount> => {
    const id = String(ctx.params.id ?? '');
    const o = UUID.test(id) ? await deps.owners.byId(id) : undefined;
    if (!o) throw new HttpError(404, { error: `No owner account with id "${id.slice(0, 60)}".`, field: 'id' });
    return o;
  };

  router.post(
    '/api/admin/owners/:id',
    route('admin', async (ctx) => {
      const site = await deps.sites.current();
      const { id } = await ownerOf(ctx);
      const body = await readJson(ctx);
      onlyKeys(body, ['disabled', 'propertyIds', 'ref', 'lang']);
      if (!Object.keys(body).length) throw bad('disabled', 'nothing to change: send disabled, propertyIds, ref or lang');
      if (body.disabled !== undefined && typeof body.disabled !== 'boolean') throw bad('disabled', 'must be true or false', 422);
      const lang = body.lang === undefined ? undefined : checkLang(site, body.lang);
      const propertyIds = body.propertyIds === undefined ? undefined : checkPropertyIds(site, body.propertyIds);
      const hasRef = 'ref' in body;
      const ref = checkRef(body.ref);
      const account = await deps.owners.update(id, (o) => {
        if (typeof body.disabled === 'boolean') o.disabled = body.disabled;
        if (lang) o.lang = lang;
        if (propertyIds) o.propertyIds = propertyIds;
        if (hasRef) {
          if (ref) o.ref = ref;
          else delete o.ref;
        }
      });
      if (!account) throw new HttpError(404, { error: 'This owner account no longer exists.', field: 'id' });
      // A disabled account is logged out everywhere at once.
      if (account.disabled) await deps.sessions.endPerson('owner', account.id);
      ctx.body = { owner: ownerView(site, account) };
    }),
  );

  router.post(
    '/api/admin/owners/:id/password',
    route('admin', async (ctx) => {
      const site = await deps.sites.current();
      const { id } = await ownerOf(ctx);
      const body = await readJson(ctx);
      onlyKeys(body, []);
      const password = generatedPassword();
      await setOwnerPassword(deps.owners, id, password);
      await deps.sessions.endPerson('owner', id);
      ctx.body = { owner: ownerView(site, (await deps.owners.byId(id))!), password };
    }),
  );
}
