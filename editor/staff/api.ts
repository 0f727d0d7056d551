/**
 * Typed calls of the Staff screen (admins) and of the set-password screen (nobody logged in yet),
 * through `call` (the /api/admin prefix and the anti-CSRF header). Refusals carry a `code` the
 * screens say in the editor's language (staff-words.ts).
 */
import { call } from '../api.ts';
import type { UiLang } from '../i18n/index.ts';

export type StaffRole = 'editor' | 'admin';
export type StaffState = 'active' | 'invited' | 'inviteExpired' | 'disabled';

export interface StaffView {
  id: string;
  username: string;
  name: string | null;
  role: StaffRole;
  state: StaffState;
  lang: UiLang | null;
  createdAt: string;
  lastLoginAt: string | null;
  /** A set-password link sent and not used yet. */
  link: { kind: 'invite' | 'reset'; sentAt: string; expiresAt: string; expired: boolean } | null;
  /** The account of the person looking. */
  you: boolean;
}

/** One entry of the audit log: who (a username, '' for the server's command line), when, to whom, what. */
export interface AuditEntry {
  id: string;
  at: string;
  by: string;
  action: string;
  target?: string;
  details?: Record<string, string | number | boolean>;
}

export interface StaffList {
  staff: StaffView[];
  activity: AuditEntry[];
  /** Username → the name people are shown by. */
  names: Record<string, string>;
}

export interface Invitation {
  name: string;
  username: string;
  role: StaffRole;
  lang: UiLang;
}

export interface StaffChange {
  role?: StaffRole;
  disabled?: boolean;
  name?: string;
}

/** What a working set-password link is for. */
export interface LinkInfo {
  kind: 'invite' | 'reset';
  username: string;
  name: string;
  lang: UiLang;
  expiresAt: string;
}

const one = (id: string) => `/staff/${encodeURIComponent(id)}`;

export const staffApi = {
  list: () => call<StaffList>('GET', '/staff'),
  names: () => call<{ names: Record<string, string> }>('GET', '/staff/names'),
  invite: (o: Invitation) => call<{ account: StaffView }>('POST', '/staff', o),
  change: (id: string, change: StaffChange) => call<{ account: StaffView }>('POST', one(id), change),
  resend: (id: string) => call<{ account: StaffView }>('POST', `${one(id)}/resend`, {}),
  reset: (id: string) => call<{ account: StaffView }>('POST', `${one(id)}/reset`, {}),
  checkLink: (token: string) => call<LinkInfo>('POST', '/set-password/check', { token }),
  setPassword: (token: string, password: string, confirm: string) => call<{ ok: true }>('POST', '/set-password', { token, password, confirm }),
};
