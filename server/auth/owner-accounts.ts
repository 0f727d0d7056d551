/**
 * Owner accounts of the portal, kept by the store (DATA_DIR/owners.json in the embedded store),
 * written by the staff CLI (`npm run owners`), the editor and the server (password reset) alike;
 * an account added by the CLI logs in without a restart. Passwords are kept as scrypt hashes;
 * reset tokens only as their SHA-256.
 */
import { randomUUID } from 'node:crypto';
import { isEmail } from '../../shared/formats.ts';
import { LANGUAGES, type Lang } from '../../shared/constants.ts';
import { Accounts } from './accounts.ts';
import { OwnerInputError, hashPassword, normalizeUsername } from './passwords.ts';
import { fileAccounts, type AccountRepository } from '../storage/index.ts';

export { OwnerInputError, hashPassword, verifyPassword, sha256, normalizeUsername } from './passwords.ts';

export interface OwnerAccount {
  id: string;
  /** The owner's e-mail address, lower case. */
  username: string;
  passwordHash: string;
  lang: Lang;
  /** Properties given to this owner by id. */
  propertyIds: number[];
  /** The CRM's owner reference: properties whose OwnerRef matches are theirs too. */
  ref?: string;
  disabled?: boolean;
  createdAt: string;
  passwordChangedAt: string;
  /** The pending password reset: SHA-256 of the token, and when it stops working. */
  reset?: { tokenHash: string; expiresAt: number };
}

export class OwnerAccounts extends Accounts<OwnerAccount> {
  /** The owners of a data folder (the command line, tests). */
  static inDataDir(dir: string) {
    return new OwnerAccounts(fileAccounts(dir).owners as unknown as AccountRepository<OwnerAccount>);
  }
}

export async function addOwner(
  accounts: OwnerAccounts,
  o: { username: string; password: string; lang: string; propertyIds?: number[]; ref?: string },
): Promise<OwnerAccount> {
  const username = normalizeUsername(o.username);
  if (!isEmail(username)) throw new OwnerInputError(`username: must be an e-mail address, not "${o.username}"`);
  if (!(LANGUAGES as readonly string[]).includes(o.lang)) throw new OwnerInputError(`lang: must be one of ${LANGUAGES.join(', ')}`);
  if (!o.password) throw new OwnerInputError('password: must not be empty');
  const ids = o.propertyIds ?? [];
  if (ids.some((id) => !Number.isInteger(id) || id < 1)) throw new OwnerInputError('properties: must be property ids (whole numbers)');
  const passwordHash = await hashPassword(o.password);
  const now = new Date().toISOString();
  const account: OwnerAccount = {
    id: randomUUID(),
    username,
    passwordHash,
    lang: o.lang as Lang,
    propertyIds: [...new Set(ids)],
    ...(o.ref ? { ref: o.ref } : {}),
    createdAt: now,
    passwordChangedAt: now,
  };
  if (!(await accounts.insert(account))) throw new OwnerInputError(`username: ${username} already has an account`);
  return account;
}

export async function setOwnerDisabled(accounts: OwnerAccounts, username: string, disabled: boolean): Promise<OwnerAccount> {
  const u = normalizeUsername(username);
  const found = await accounts.byUsername(u);
  const changed = found && (await accounts.update(found.id, (o) => void (o.disabled = disabled)));
  if (!changed) throw new OwnerInputError(`username: no account for ${u}`);
  return changed;
}

export async function setOwnerPassword(accounts: OwnerAccounts, id: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  const changed = await accounts.update(id, (o) => {
    o.passwordHash = passwordHash;
    o.passwordChangedAt = new Date().toISOString();
    delete o.reset;
  });
  if (!changed) throw new OwnerInputError('no such account');
}
