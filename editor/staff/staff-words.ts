/**
 * What the staff screens say in the editor's language: roles and states in words, the server's
 * refusals by their code, and the audit log's entries as sentences with people's names.
 */
import { ApiError } from '../api.ts';
import { langName, type MessageKey, type Translate, type UiLang } from '../i18n/index.ts';
import { OWNER_PASSWORD_MIN_LENGTH, STAFF_LINK_TTL_MS, STAFF_NAME_MAX_LENGTH, STAFF_PASSWORD_MAX_LENGTH } from '../../shared/constants.ts';
import type { AuditEntry, StaffRole, StaffState } from './api.ts';

export const LINK_HOURS = Math.round(STAFF_LINK_TTL_MS / 3_600_000);

export const roleWord = (t: Translate, role: StaffRole) => t(role === 'admin' ? 'staff.role.admin' : 'staff.role.editor');
const roleInSentence = (t: Translate, role: unknown) => t(role === 'admin' ? 'staff.roleIn.admin' : 'staff.roleIn.editor');

const STATES: Record<StaffState, MessageKey> = {
  active: 'staff.state.active',
  invited: 'staff.state.invited',
  inviteExpired: 'staff.state.inviteExpired',
  disabled: 'staff.state.disabled',
};
export const stateWord = (t: Translate, state: StaffState) => t(STATES[state]);

/** The server's refusal codes and the texts that say them. */
const REFUSALS: Record<string, MessageKey> = {
  'staff.notFound': 'staff.error.notFound',
  'staff.exists': 'staff.error.exists',
  'staff.disabledNoLink': 'staff.error.disabledNoLink',
  'staff.notInvited': 'staff.error.notInvited',
  'staff.stillInvited': 'staff.error.stillInvited',
  'staff.lastAdmin': 'staff.error.lastAdmin',
  'staff.notYourselfDisable': 'staff.error.notYourselfDisable',
  'staff.notYourselfDemote': 'staff.error.notYourselfDemote',
  'name.bad': 'staff.error.name',
  'email.bad': 'staff.error.email',
  'role.adminOnly': 'staff.error.adminOnly',
  'password.required': 'setPassword.required',
  'password.mismatch': 'setPassword.mismatch',
  'password.tooShort': 'setPassword.tooShort',
  'password.tooLong': 'setPassword.tooLong',
  'login.busy': 'setPassword.busy',
};

/** A refusal in the editor's language (a generic sentence for one it does not know: never the server's English). */
export function refusalText(t: Translate, e: unknown): string {
  const body = e instanceof ApiError ? e.body : {};
  const code = typeof body.code === 'string' ? body.code : '';
  const params = {
    max: code.startsWith('password.') ? STAFF_PASSWORD_MAX_LENGTH : STAFF_NAME_MAX_LENGTH,
    min: OWNER_PASSWORD_MIN_LENGTH,
    ...((body.params as Record<string, string>) ?? {}),
  };
  return REFUSALS[code] ? t(REFUSALS[code], params) : t('staff.error.failed');
}

/** The field the server named, if any. */
export const refusedField = (e: unknown): string | undefined => (e instanceof ApiError && typeof e.body.field === 'string' ? e.body.field : undefined);

const ACTIVITY: Record<string, MessageKey> = {
  'staff.invite': 'staff.activity.invite',
  'staff.resend': 'staff.activity.resend',
  'staff.reset': 'staff.activity.reset',
  'staff.role': 'staff.activity.role',
  'staff.disable': 'staff.activity.disable',
  'staff.enable': 'staff.activity.enable',
  'staff.rename': 'staff.activity.rename',
  'staff.accept': 'staff.activity.accept',
  'staff.newPassword': 'staff.activity.newPassword',
  'staff.add': 'staff.activity.add',
  'staff.password': 'staff.activity.password',
};

/** An entry of the audit log as a sentence: people by name, roles and languages in words. */
export function activityText(t: Translate, ui: UiLang, e: AuditEntry, names: Record<string, string>): string {
  const who = (username: string | undefined) => (username ? (names[username] ?? username) : t('staff.activity.host'));
  const d = e.details ?? {};
  return t(ACTIVITY[e.action] ?? 'staff.activity.other', {
    by: who(e.by),
    target: who(e.target),
    role: roleInSentence(t, d.role),
    from: d.from === 'admin' || d.from === 'editor' ? roleInSentence(t, d.from) : String(d.from ?? ''),
    to: e.action === 'staff.role' ? roleInSentence(t, d.to) : String(d.to ?? ''),
    lang: typeof d.lang === 'string' ? langName(d.lang, ui) : '',
  });
}
