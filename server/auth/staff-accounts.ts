/**
 * Staff accounts of the editor, kept by the store (DATA_DIR/staff.json in the embedded store),
 * written by the editor's Staff screen (admins: server/auth/staff-admin.ts) and by `npm run staff`
 * alike; the running server sees a change made by the command line without a restart. Roles: an
 * editor changes pages, articles, dictionaries and the home banner and handles leads; an admin
 * also the other settings, owners, listings and staff. What is done to an account is written to
 * the audit log (who, when, to whom, what).
 */
import { randomUUID } from 'node:crypto';
import { isEmail } from '../../shared/formats.ts';
import { Accounts } from './accounts.ts';
import { OwnerInputError, hashPassword, normalizeUsername } from './passwords.ts';
import { fileAccounts, type AccountRepository, type AuditEntry, type AuditRepository } from '../storage/index.ts';
import { OWNER_PASSWORD_MIN_LENGTH, STAFF_NAMES_CACHE_MS, STAFF_NAME_MAX_LENGTH, STAFF_PAST_LINKS, STAFF_PASSWORD_MAX_LENGTH } from '../../shared/constants.ts';

export const STAFF_ROLES = ['editor', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];
/** The languages of the editor, and so of the mails staff get. */
export const STAFF_LANGS = ['nl', 'fr', 'en'] as const;
export type StaffLang = (typeof STAFF_LANGS)[number];

export type StaffLinkKind = 'invite' | 'reset';
/** A set-password link waiting to be used: only the SHA-256 of its token is kept. */
export interface StaffLink {
  tokenHash: string;
  kind: StaffLinkKind;
  expiresAt: number;
  sentAt: string;
}
/** A link of before, so that it can say what became of it when opened again. */
export interface PastLink {
  tokenHash: string;
  kind: StaffLinkKind;
  end: 'used' | 'replaced' | 'withdrawn';
  at: string;
}

export interface StaffAccount {
  id: string;
  /** E-mail address, lower case. */
  username: string;
  name?: string;
  role: StaffRole;
  /** '' while an invited person has not chosen a password yet. */
  passwordHash: string;
  disabled?: boolean;
  createdAt: string;
  passwordChangedAt: string;
  /** The language of the mails they get (the invitation's). */
  lang?: StaffLang;
  lastLoginAt?: string;
  link?: StaffLink;
  pastLinks?: PastLink[];
}

/** Ends the account's waiting link (kept among the past ones, the newest STAFF_PAST_LINKS, to say what became of it). */
export function retireLink(a: StaffAccount, end: PastLink['end']) {
  if (!a.link) return;
  a.pastLinks = [{ tokenHash: a.link.tokenHash, kind: a.link.kind, end, at: nowIso() }, ...(a.pastLinks ?? [])].slice(0, STAFF_PAST_LINKS);
  delete a.link;
}

/** The clock of accounts and their links: tests move it forward instead of waiting. */
export const staffClock = { now: () => Date.now() };
export const nowIso = () => new Date(staffClock.now()).toISOString();

export class StaffAccounts extends Accounts<StaffAccount> {
  private names: { until: number; map: Map<string, string> } | undefined;

  constructor(
    repo: AccountRepository<StaffAccount>,
    /** Where what is done to accounts is written (absent: not recorded). */
    readonly audit?: AuditRepository,
  ) {
    super(repo);
  }

  /** The staff of a store (the server, the command line on a database). */
  static of(store: { staff: unknown; audit: AuditRepository }) {
    return new StaffAccounts(store.staff as AccountRepository<StaffAccount>, store.audit);
  }

  /** The staff of a data folder (the command line, tests). */
  static inDataDir(dir: string) {
    return StaffAccounts.of(fileAccounts(dir));
  }

  override async insert(account: StaffAccount) {
    this.names = undefined;
    return super.insert(account);
  }

  override async update(id: string, change: (a: StaffAccount) => void) {
    this.names = undefined;
    return super.update(id, change);
  }

  /** Username → the name staff are shown by (the username when there is no name), read again at most every STAFF_NAMES_CACHE_MS. */
  async nameMap(): Promise<Map<string, string>> {
    const now = Date.now();
    if (!this.names || this.names.until <= now) {
      const map = new Map((await this.all()).map((a) => [a.username, a.name?.trim() || a.username]));
      this.names = { until: now + STAFF_NAMES_CACHE_MS, map };
    }
    return this.names.map;
  }

  /** The name a stored username is shown by (history, presence, leads); the username itself when nobody has it. */
  async displayName(username: string): Promise<string> {
    return (await this.nameMap()).get(normalizeUsername(username)) ?? username;
  }

  /** A login: remembered as the account's last one. */
  async noteLogin(id: string) {
    await this.repo.update(id, (a) => void (a.lastLoginAt = nowIso()));
  }

  /** Writes what was done to the audit log (`by`: '' for the command line). */
  async record(e: Omit<AuditEntry, 'id' | 'at'>) {
    await this.audit?.add({ id: randomUUID(), at: nowIso(), ...e });
  }
}

/** Whether an account's role may do what `needed` asks (an admin may do everything an editor may). */
export const hasRole = (account: Pick<StaffAccount, 'role'>, needed: StaffRole) => needed === 'editor' || account.role === 'admin';

/** The password rule (the same for every way of choosing one): an English sentence naming what is wrong, or undefined. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < OWNER_PASSWORD_MIN_LENGTH) return `must have at least ${OWNER_PASSWORD_MIN_LENGTH} characters`;
  if (password.length > STAFF_PASSWORD_MAX_LENGTH) return `must have at most ${STAFF_PASSWORD_MAX_LENGTH} characters`;
  return undefined;
}

/** A person's name as typed: trimmed, one line, at most STAFF_NAME_MAX_LENGTH characters; undefined when it is not one. */
export function cleanName(v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  const name = v.trim().replace(/\s+/g, ' ');
  return name && name.length <= STAFF_NAME_MAX_LENGTH && !/[\u0000-\u001f\u007f]/.test(name) ? name : undefined;
}

/** `npm run staff -- add` (and tests): an account with a password, active at once. */
export async function addStaff(accounts: StaffAccounts, o: { username: string; password: string; role: string; name?: string }): Promise<StaffAccount> {
  const username = normalizeUsername(o.username);
  if (!isEmail(username)) throw new OwnerInputError(`username: must be an e-mail address, not "${o.username}"`);
  if (!(STAFF_ROLES as readonly string[]).includes(o.role)) throw new OwnerInputError(`role: must be one of ${STAFF_ROLES.join(', ')}`);
  const problem = passwordProblem(o.password);
  if (problem) throw new OwnerInputError(`password: ${problem}`);
  const name = o.name === undefined ? undefined : cleanName(o.name);
  if (o.name !== undefined && !name) throw new OwnerInputError(`name: must be a name of at most ${STAFF_NAME_MAX_LENGTH} characters on one line`);
  const passwordHash = await hashPassword(o.password);
  const now = nowIso();
  const account: StaffAccount = {
    id: randomUUID(),
    username,
    ...(name ? { name } : {}),
    role: o.role as StaffRole,
    passwordHash,
    createdAt: now,
    passwordChangedAt: now,
  };
  if (!(await accounts.insert(account))) throw new OwnerInputError(`username: ${username} already has an account`);
  await accounts.record({ by: '', action: 'staff.add', target: username, details: { role: account.role } });
  return account;
}

/** `npm run staff -- role | disable | enable | password`: changes a staff account, recorded as done on the command line. */
export async function changeStaff(
  accounts: StaffAccounts,
  username: string,
  change: { role?: string; disabled?: boolean; password?: string },
): Promise<StaffAccount> {
  const u = normalizeUsername(username);
  if (change.role !== undefined && !(STAFF_ROLES as readonly string[]).includes(change.role))
    throw new OwnerInputError(`role: must be one of ${STAFF_ROLES.join(', ')}`);
  const problem = change.password === undefined ? undefined : passwordProblem(change.password);
  if (problem) throw new OwnerInputError(`password: ${problem}`);
  const passwordHash = change.password !== undefined ? await hashPassword(change.password) : undefined;
  const found = await accounts.byUsername(u);
  const before = found && { role: found.role, disabled: !!found.disabled };
  const changed =
    found &&
    (await accounts.update(found.id, (s) => {
      if (change.role) s.role = change.role as StaffRole;
      if (change.disabled !== undefined) s.disabled = change.disabled;
      if (change.disabled) retireLink(s, 'withdrawn');
      if (passwordHash) {
        s.passwordHash = passwordHash;
        s.passwordChangedAt = nowIso();
        retireLink(s, 'replaced');
      }
    }));
  if (!changed || !before) throw new OwnerInputError(`username: no account for ${u}`);
  const record = (action: string, details?: AuditEntry['details']) => accounts.record({ by: '', action, target: u, ...(details ? { details } : {}) });
  if (change.role && change.role !== before.role) await record('staff.role', { from: before.role, to: changed.role });
  if (change.disabled !== undefined && change.disabled !== before.disabled) await record(change.disabled ? 'staff.disable' : 'staff.enable');
  if (passwordHash) await record('staff.password');
  return changed;
}
