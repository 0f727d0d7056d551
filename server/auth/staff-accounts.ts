/**
 * Staff accounts of the editor: DATA_DIR/staff.json, written by `npm run staff` (and read again by
 * the running server when it changes). Roles: an editor changes content (pages, dictionaries) and
 * reads leads; an admin also changes the site settings and manages owner accounts.
 */
import { randomUUID } from 'node:crypto';
import { isEmail } from '../../shared/formats.ts';
import { Accounts } from './accounts.ts';
import { OwnerInputError, hashPassword, normalizeUsername } from './passwords.ts';
import { fileAccounts, type AccountRepository } from '../storage/index.ts';
import { OWNER_PASSWORD_MIN_LENGTH } from '../../shared/constants.ts';

export const STAFF_ROLES = ['editor', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export interface StaffAccount {
  id: string;
  /** E-mail address, lower case. */
  username: string;
  name?: string;
  role: StaffRole;
  passwordHash: string;
  disabled?: boolean;
  createdAt: string;
  passwordChangedAt: string;
}

export class StaffAccounts extends Accounts<StaffAccount> {
  /** The staff of a data folder (the command line, tests). */
  static inDataDir(dir: string) {
    return new StaffAccounts(fileAccounts(dir).staff as unknown as AccountRepository<StaffAccount>);
  }
}

/** Whether an account's role may do what `needed` asks (an admin may do everything an editor may). */
export const hasRole = (account: Pick<StaffAccount, 'role'>, needed: StaffRole) => needed === 'editor' || account.role === 'admin';

export async function addStaff(accounts: StaffAccounts, o: { username: string; password: string; role: string; name?: string }): Promise<StaffAccount> {
  const username = normalizeUsername(o.username);
  if (!isEmail(username)) throw new OwnerInputError(`username: must be an e-mail address, not "${o.username}"`);
  if (!(STAFF_ROLES as readonly string[]).includes(o.role)) throw new OwnerInputError(`role: must be one of ${STAFF_ROLES.join(', ')}`);
  if (o.password.length < OWNER_PASSWORD_MIN_LENGTH) throw new OwnerInputError(`password: must have at least ${OWNER_PASSWORD_MIN_LENGTH} characters`);
  const passwordHash = await hashPassword(o.password);
  const now = new Date().toISOString();
  const account: StaffAccount = {
    id: randomUUID(),
    username,
    ...(o.name ? { name: o.name } : {}),
    role: o.role as StaffRole,
    passwordHash,
    createdAt: now,
    passwordChangedAt: now,
  };
  if (!(await accounts.insert(account))) throw new OwnerInputError(`username: ${username} already has an account`);
  return account;
}

/** Changes a staff account: role, disabled, password. */
export async function changeStaff(
  accounts: StaffAccounts,
  username: string,
  change: { role?: string; disabled?: boolean; password?: string },
): Promise<StaffAccount> {
  const u = normalizeUsername(username);
  if (change.role !== undefined && !(STAFF_ROLES as readonly string[]).includes(change.role))
    throw new OwnerInputError(`role: must be one of ${STAFF_ROLES.join(', ')}`);
  if (change.password !== undefined && change.password.length < OWNER_PASSWORD_MIN_LENGTH)
    throw new OwnerInputError(`password: must have at least ${OWNER_PASSWORD_MIN_LENGTH} characters`);
  const passwordHash = change.password !== undefined ? await hashPassword(change.password) : undefined;
  const found = await accounts.byUsername(u);
  const changed =
    found &&
    (await accounts.update(found.id, (s) => {
      if (change.role) s.role = change.role as StaffRole;
      if (change.disabled !== undefined) s.disabled = change.disabled;
      if (passwordHash) {
        s.passwordHash = passwordHash;
        s.passwordChangedAt = new Date().toISOString();
      }
    }));
  if (!changed) throw new OwnerInputError(`username: no account for ${u}`);
  return changed;
}
