/**
 * The mails staff get about their account (an invitation, a link to choose a new password), in
 * the language chosen for them (nl, fr, en: staff-mail-texts.ts), with the site's mail layout.
 */
import { randomUUID } from 'node:crypto';
import { createIntl, createIntlCache, type IntlShape } from '@formatjs/intl';
import { STAFF_MAIL_TEXTS, type StaffMailKey } from './staff-mail-texts.ts';
import { mailLayout, textToHtml } from '../mail/layout.ts';
import type { OutboxMessage } from '../storage/index.ts';
import { STAFF_LINK_TTL_MS } from '../../shared/constants.ts';
import type { StaffAccount, StaffLang, StaffLinkKind } from './staff-accounts.ts';

const cache = createIntlCache();
const intls = new Map<StaffLang, IntlShape<string>>();

/** A mail text in `lang`, formatted (ICU). */
export function staffText(lang: StaffLang, key: StaffMailKey, values?: Record<string, string | number>): string {
  let intl = intls.get(lang);
  if (!intl) intls.set(lang, (intl = createIntl({ locale: lang, messages: STAFF_MAIL_TEXTS[lang], onError: () => undefined }, cache)));
  return intl.formatMessage({ id: key, defaultMessage: STAFF_MAIL_TEXTS.en[key] }, values) as string;
}

/** Where a set-password link opens: the editor's screen for it, the token in the fragment (never sent to a server, never in a log). */
export const setPasswordUrl = (origin: string, token: string) => `${origin.replace(/\/$/, '')}/admin/set-password#token=${token}`;

/** The mail that carries a set-password link: an invitation or a new password. */
export function staffLinkMail(o: {
  site: { name: string; email: string };
  account: Pick<StaffAccount, 'username' | 'name' | 'role' | 'lang'>;
  kind: StaffLinkKind;
  url: string;
  /** The name of the admin who sent it. */
  by: string;
}): OutboxMessage {
  const lang = o.account.lang ?? 'en';
  const values = {
    agency: o.site.name,
    name: o.account.name ?? o.account.username,
    username: o.account.username,
    by: o.by,
    role: staffText(lang, o.account.role === 'admin' ? 'role.admin' : 'role.editor'),
    hours: Math.round(STAFF_LINK_TTL_MS / 3_600_000),
    link: o.url,
    login: `${new URL(o.url).origin}/admin/`,
  };
  const text = staffText(lang, o.kind === 'invite' ? 'invite.text' : 'reset.text', values);
  return {
    id: `staff-${o.kind}-${randomUUID()}`,
    to: o.account.username,
    from: `"${o.site.name}" <${o.site.email}>`,
    lang,
    attempts: 0,
    nextAttemptAt: 0,
    subject: staffText(lang, o.kind === 'invite' ? 'invite.subject' : 'reset.subject', values),
    text,
    html: mailLayout({ agency: o.site.name, lang, body: textToHtml(text) }),
  };
}
