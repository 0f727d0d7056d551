/**
 * What admins do to staff accounts in the editor, each one operation with its rules: invite (an
 * account without a password and a set-password link by mail), send the invitation again, send a
 * link to choose a new password, change the role or the name, disable (their sessions end at
 * once) and enable. Nobody disables or demotes themselves, and the site always keeps an active
 * administrator. Each action is written to the audit log: who, when, to whom, what.
 */
import { randomUUID } from 'node:crypto';
import type { OutboxRepository } from '../storage/index.ts';
import type { SiteHolder } from '../site/holder.ts';
import { AUDIT_SHOWN } from '../../shared/constants.ts';
import { nowIso, retireLink, staffClock, type StaffAccount, type StaffLang, type StaffLinkKind, type StaffRole } from './staff-accounts.ts';
import { newLink, type LinkDeps } from './staff-links.ts';
import { setPasswordUrl, staffLinkMail } from './staff-mail.ts';
import { StaffRefusal } from './staff-refusal.ts';

export interface StaffAdminDeps extends LinkDeps {
  outbox: OutboxRepository;
  /** Sends what the outbox has due now. */
  kick: () => void;
  sites: Pick<SiteHolder, 'current'>;
}

export type StaffState = 'active' | 'invited' | 'inviteExpired' | 'disabled';

/** An account as admins see it: never its password hash nor its link's token hash. */
export function staffView(a: StaffAccount, actorId: string) {
  const now = staffClock.now();
  const linkLive = !!a.link && a.link.expiresAt > now;
  const state: StaffState = a.disabled ? 'disabled' : a.passwordHash ? 'active' : linkLive ? 'invited' : 'inviteExpired';
  return {
    id: a.id,
    username: a.username,
    name: a.name ?? null,
    role: a.role,
    state,
    lang: a.lang ?? null,
    createdAt: a.createdAt,
    lastLoginAt: a.lastLoginAt ?? null,
    /** A link sent and not used yet: what for and until when (an expired one too, for "expired on …"). */
    link: a.link && !a.disabled ? { kind: a.link.kind, sentAt: a.link.sentAt, expiresAt: new Date(a.link.expiresAt).toISOString(), expired: !linkLive } : null,
    you: a.id === actorId,
  };
}
export type StaffView = ReturnType<typeof staffView>;

/** The Staff screen: every account, the recent activity and the names its entries are shown by. */
export async function listStaff(deps: StaffAdminDeps, actor: StaffAccount) {
  const staff = (await deps.accounts.all()).map((a) => staffView(a, actor.id));
  staff.sort((x, y) => (x.name ?? x.username).localeCompare(y.name ?? y.username));
  const activity = (await deps.accounts.audit?.recent(AUDIT_SHOWN, 'staff.')) ?? [];
  return { staff, activity, names: Object.fromEntries(await deps.accounts.nameMap()) };
}

const nameOf = (a: StaffAccount) => a.name ?? a.username;

async function mailLink(deps: StaffAdminDeps, actor: StaffAccount, account: StaffAccount, kind: StaffLinkKind, token: string, origin: string) {
  const site = (await deps.sites.current()).content.site;
  await deps.outbox.enqueue([staffLinkMail({ site, account, kind, url: setPasswordUrl(origin, token), by: nameOf(actor) })]);
  deps.kick();
}

async function targetOf(deps: StaffAdminDeps, id: string): Promise<StaffAccount> {
  const a = await deps.accounts.byId(id);
  if (!a) throw new StaffRefusal(404, 'staff.notFound', 'This staff account does not exist (any more).', 'id');
  return a;
}

export async function inviteStaff(
  deps: StaffAdminDeps,
  actor: StaffAccount,
  o: { name: string; username: string; role: StaffRole; lang: StaffLang },
  origin: string,
): Promise<StaffAccount> {
  const taken = () => new StaffRefusal(409, 'staff.exists', `${o.username} already has an account: find it in the list.`, 'username', { email: o.username });
  if (await deps.accounts.byUsername(o.username)) throw taken();
  const { token, link } = newLink('invite');
  const now = nowIso();
  const account: StaffAccount = {
    id: randomUUID(),
    username: o.username,
    name: o.name,
    role: o.role,
    passwordHash: '',
    createdAt: now,
    passwordChangedAt: now,
    lang: o.lang,
    link,
  };
  if (!(await deps.accounts.insert(account))) throw taken();
  await mailLink(deps, actor, account, 'invite', token, origin);
  await deps.accounts.record({ by: actor.username, action: 'staff.invite', target: account.username, details: { role: o.role, lang: o.lang } });
  return account;
}

/** A new set-password link by mail: the invitation again (nobody chose a password yet) or a new password (they had one). */
export async function sendLink(deps: StaffAdminDeps, actor: StaffAccount, id: string, kind: StaffLinkKind, origin: string): Promise<StaffAccount> {
  const target = await targetOf(deps, id);
  const who = { name: nameOf(target) };
  if (target.disabled) throw new StaffRefusal(409, 'staff.disabledNoLink', `${who.name} is disabled: enable the account first.`, 'id', who);
  if (kind === 'invite' && target.passwordHash)
    throw new StaffRefusal(409, 'staff.notInvited', `${who.name} has chosen a password already: send a link to choose a new one instead.`, 'id', who);
  if (kind === 'reset' && !target.passwordHash)
    throw new StaffRefusal(409, 'staff.stillInvited', `${who.name} has not chosen a password yet: send the invitation again instead.`, 'id', who);
  const { token, link } = newLink(kind);
  const account = await deps.accounts.update(id, (a) => {
    retireLink(a, 'replaced');
    a.link = link;
  });
  if (!account) throw new StaffRefusal(404, 'staff.notFound', 'This staff account does not exist (any more).', 'id');
  await mailLink(deps, actor, account, kind, token, origin);
  await deps.accounts.record({
    by: actor.username,
    action: kind === 'invite' ? 'staff.resend' : 'staff.reset',
    target: account.username,
    ...(account.lang ? { details: { lang: account.lang } } : {}),
  });
  return account;
}

const isActiveAdmin = (a: StaffAccount) => a.role === 'admin' && !a.disabled && !!a.passwordHash;

/** Changes the role, the name or whether the account may log in; refused when it would lock the site or its author out. */
export async function changeStaffAccount(
  deps: StaffAdminDeps,
  actor: StaffAccount,
  id: string,
  change: { role?: StaffRole; disabled?: boolean; name?: string },
): Promise<StaffAccount> {
  const target = await targetOf(deps, id);
  const demoted = change.role === 'editor' && target.role === 'admin';
  const disabling = change.disabled === true && !target.disabled;
  if ((demoted || disabling) && isActiveAdmin(target) && (await deps.accounts.all()).filter(isActiveAdmin).length <= 1) {
    throw new StaffRefusal(
      409,
      'staff.lastAdmin',
      `${nameOf(target)} is the only active administrator: make someone else administrator first, so that the site keeps one.`,
      demoted ? 'role' : 'disabled',
      { name: nameOf(target) },
    );
  }
  if ((demoted || disabling) && target.id === actor.id) {
    throw new StaffRefusal(
      409,
      disabling ? 'staff.notYourselfDisable' : 'staff.notYourselfDemote',
      `You cannot ${disabling ? 'disable your own account' : 'take the administrator role from yourself'}: ask another administrator.`,
      demoted ? 'role' : 'disabled',
    );
  }
  const before = { role: target.role, disabled: !!target.disabled, name: target.name };
  const account = await deps.accounts.update(id, (a) => {
    if (change.role) a.role = change.role;
    if (change.name) a.name = change.name;
    if (change.disabled === true) {
      a.disabled = true;
      retireLink(a, 'withdrawn');
    } else if (change.disabled === false) delete a.disabled;
  });
  if (!account) throw new StaffRefusal(404, 'staff.notFound', 'This staff account does not exist (any more).', 'id');
  // A disabled person is logged out everywhere at once.
  if (account.disabled) await deps.sessions.endPerson('staff', account.id);
  const record = (action: string, details?: Record<string, string>) =>
    deps.accounts.record({ by: actor.username, action, target: account.username, ...(details ? { details } : {}) });
  if (account.role !== before.role) await record('staff.role', { from: before.role, to: account.role });
  if (!!account.disabled !== before.disabled) await record(account.disabled ? 'staff.disable' : 'staff.enable');
  if (account.name !== before.name) await record('staff.rename', { ...(before.name ? { from: before.name } : {}), to: account.name ?? '' });
  return account;
}
