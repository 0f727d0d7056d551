/**
 * Owner accounts: DATA_DIR/owners.json, written by the staff CLI (`npm run owners`) and by the
 * server (password reset). Each side reads the file again when its mtime changes, so an account
 * added by the CLI logs in without a restart. Passwords are kept as scrypt hashes (OWASP
 * parameters); reset tokens only as their SHA-256.
 */
import { createHash, randomBytes, randomUUID, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { existsSync, statSync, readFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { DurableJsonFile } from '../storage/files.ts';
import { isEmail } from '../../shared/formats.ts';
import { LANGUAGES, SCRYPT_MAXMEM, SCRYPT_PARAMS, type Lang } from '../../shared/constants.ts';

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

export interface OwnerFile {
  owners: OwnerAccount[];
}

const scrypt = (password: string, salt: Buffer, keylen: number, opts: ScryptOptions) =>
  new Promise<Buffer>((resolve, reject) => scryptCb(password, salt, keylen, opts, (e, key) => (e ? reject(e) : resolve(key))));

/** `scrypt$N$r$p$salt$hash` (base64url). */
export async function hashPassword(password: string): Promise<string> {
  const { N, r, p, keyLength, saltLength } = SCRYPT_PARAMS;
  const salt = randomBytes(saltLength);
  const key = await scrypt(password.normalize('NFC'), salt, keyLength, { N, r, p, maxmem: SCRYPT_MAXMEM });
  return ['scrypt', N, r, p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== 'scrypt') return false;
  const [N, r, p] = parts.slice(1, 4).map(Number);
  const salt = Buffer.from(parts[4], 'base64url');
  const expected = Buffer.from(parts[5], 'base64url');
  const key = await scrypt(password.normalize('NFC'), salt, expected.length, { N, r, p, maxmem: SCRYPT_MAXMEM });
  return timingSafeEqual(key, expected);
}

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const normalizeUsername = (u: string) => u.trim().toLowerCase();
export const ownersPath = (dataDir: string) => join(dataDir, 'owners.json');

/** A JSON file of accounts, read again whenever another process (a CLI) has replaced it. */
export class AccountsFile<F extends object> {
  private cached: { mtime: number; data: F } | undefined;
  private readonly file: DurableJsonFile<F>;
  private writing: Promise<void> = Promise.resolve();

  constructor(readonly path: string, private readonly empty: () => F) {
    mkdirSync(dirname(path), { recursive: true });
    this.file = new DurableJsonFile<F>(path);
  }

  /** The current accounts (a stat per call; the file is parsed again only when it changed). */
  data(): F {
    const mtime = existsSync(this.path) ? statSync(this.path).mtimeMs : -1;
    if (!this.cached || this.cached.mtime !== mtime) {
      const data = mtime < 0 ? this.empty() : (JSON.parse(readFileSync(this.path, 'utf8')) as F);
      this.cached = { mtime, data };
    }
    return this.cached.data;
  }

  /** Reads the file afresh, changes it and writes it durably; writes of this process queue up. */
  update<T>(change: (d: F) => T): Promise<T> {
    const run = this.writing.then(async () => {
      this.cached = undefined;
      const d = structuredClone(this.data());
      const result = change(d);
      await this.file.write(d);
      this.cached = undefined;
      return result;
    });
    this.writing = run.then(() => undefined, () => undefined);
    return run;
  }
}

export class OwnerAccounts extends AccountsFile<OwnerFile> {
  constructor(readonly dataDir: string) {
    super(ownersPath(dataDir), () => ({ owners: [] }));
  }

  byUsername(username: string): OwnerAccount | undefined {
    const u = normalizeUsername(username);
    return this.data().owners.find((o) => o.username === u);
  }

  byId(id: string): OwnerAccount | undefined {
    return this.data().owners.find((o) => o.id === id);
  }
}

export class OwnerInputError extends Error {}

export async function addOwner(accounts: OwnerAccounts, o: { username: string; password: string; lang: string; propertyIds?: number[]; ref?: string }): Promise<OwnerAccount> {
  const username = normalizeUsername(o.username);
  if (!isEmail(username)) throw new OwnerInputError(`username: must be an e-mail address, not "${o.username}"`);
  if (!(LANGUAGES as readonly string[]).includes(o.lang)) throw new OwnerInputError(`lang: must be one of ${LANGUAGES.join(', ')}`);
  if (!o.password) throw new OwnerInputError('password: must not be empty');
  const ids = o.propertyIds ?? [];
  if (ids.some((id) => !Number.isInteger(id) || id < 1)) throw new OwnerInputError('properties: must be property ids (whole numbers)');
  const passwordHash = await hashPassword(o.password);
  const now = new Date().toISOString();
  return accounts.update((d) => {
    if (d.owners.some((x) => x.username === username)) throw new OwnerInputError(`username: ${username} already has an account`);
    const account: OwnerAccount = { id: randomUUID(), username, passwordHash, lang: o.lang as Lang, propertyIds: [...new Set(ids)], ...(o.ref ? { ref: o.ref } : {}), createdAt: now, passwordChangedAt: now };
    d.owners.push(account);
    return account;
  });
}

export async function setOwnerDisabled(accounts: OwnerAccounts, username: string, disabled: boolean): Promise<OwnerAccount> {
  const u = normalizeUsername(username);
  return accounts.update((d) => {
    const o = d.owners.find((x) => x.username === u);
    if (!o) throw new OwnerInputError(`username: no account for ${u}`);
    o.disabled = disabled;
    return o;
  });
}

export async function setOwnerPassword(accounts: OwnerAccounts, id: string, password: string): Promise<void> {
  const passwordHash = await hashPassword(password);
  await accounts.update((d) => {
    const o = d.owners.find((x) => x.id === id);
    if (!o) throw new OwnerInputError('no such account');
    o.passwordHash = passwordHash;
    o.passwordChangedAt = new Date().toISOString();
    delete o.reset;
  });
}
