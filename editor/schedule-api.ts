/**
 * Scheduled changes in the editor (issue 38, point 4): the calls to /api/admin/schedule, and the
 * words for a change — what it does to its document, where the document opens, what happened to
 * it, why it was refused — in the editor's language, from the server's codes.
 */
import { ApiError, call, type DocKey } from './api.ts';
import { formatWhen, tr, type MessageKey, type UiLang } from './i18n/index.ts';
import type { ScheduleAction } from '../shared/schedule.ts';

export { schedulable, type ScheduleAction } from '../shared/schedule.ts';

export interface ScheduledChange {
  id: string;
  key: DocKey;
  action: ScheduleAction;
  /** When (an ISO instant). */
  at: string;
  createdBy: string;
  createdByName?: string;
  createdAt: string;
  state: 'waiting' | 'done' | 'failed' | 'cancelled';
  doneAt?: string;
  code?: string;
  params?: Record<string, unknown>;
  rev?: number;
  cancelledBy?: string;
  cancelledByName?: string;
  /** A page's or an article's title per language. */
  title?: Record<string, string>;
}

export const scheduleApi = {
  /** The waiting changes (soonest first) and the recent finished ones, of one document or all. */
  list: (key?: DocKey) => call<{ waiting: ScheduledChange[]; finished: ScheduledChange[] }>('GET', `/schedule${key ? `?key=${encodeURIComponent(key)}` : ''}`),
  /** `at`: a Brussels date and time (`2026-12-24T09:00`). `twice`: that time happens twice (the clocks go back), the first was taken. */
  create: (key: DocKey, action: ScheduleAction, at: string, force?: boolean) =>
    call<{ entry: ScheduledChange; twice?: boolean }>('POST', '/schedule', { key, action, at, ...(force ? { force } : {}) }),
  cancel: (id: string) => call<{ entry: ScheduledChange }>('DELETE', `/schedule/${encodeURIComponent(id)}`),
};

/** What a change does, in words fit for its document ("Switch the popup off"). */
export function actionLabel(key: string, action: ScheduleAction, ui: UiLang): string {
  const kind = key === 'popup' || key === 'banner' ? `${key}.` : '';
  return tr(`schedule.action.${kind}${action}` as MessageKey, undefined, ui);
}

/** The editor's screen of a document. */
export function docHref(key: string): string {
  if (key.startsWith('page:')) return `/pages/${key.slice(5)}`;
  if (key.startsWith('article:')) return `/articles/${key.slice(8)}`;
  if (key === 'banner') return '/banner';
  return `/settings/${key}`;
}

const FAILED: Record<string, MessageKey> = {
  'schedule.personGone': 'scheduled.outcome.personGone',
  'schedule.personDisabled': 'scheduled.outcome.personDisabled',
  'role.admin': 'scheduled.outcome.role',
  'publish.problems': 'scheduled.outcome.problems',
  'doc.trashed': 'scheduled.outcome.trashed',
  'doc.missing': 'scheduled.outcome.missing',
  'unpublish.system': 'scheduled.outcome.system',
  'unpublish.systemConfirm': 'scheduled.outcome.systemConfirm',
  'unpublish.noEarlier': 'scheduled.outcome.noEarlier',
  'schedule.conflict': 'scheduled.outcome.conflict',
};

/** What happened to a finished change, in a sentence. */
export function outcomeText(c: ScheduledChange, ui: UiLang): string {
  const when = formatWhen(c.doneAt, ui);
  if (c.state === 'cancelled') return tr('scheduled.outcome.cancelled', { who: c.cancelledByName ?? c.cancelledBy ?? '', when }, ui);
  if (c.state === 'done') {
    if (c.code === 'publish.noDraft') return tr('scheduled.outcome.noDraft', { when }, ui);
    if (c.code === 'unpublish.already') return tr('scheduled.outcome.already', { when }, ui);
    return tr('scheduled.outcome.done', { when }, ui);
  }
  const who = String(c.params?.who ?? c.createdByName ?? c.createdBy);
  return tr(FAILED[c.code ?? ''] ?? 'scheduled.outcome.other', { who, count: Number(c.params?.count ?? 0) }, ui);
}

const REFUSED: Record<string, MessageKey> = {
  'schedule.atPast': 'schedule.refused.atPast',
  'schedule.atTooFar': 'schedule.refused.atTooFar',
  'schedule.atFormat': 'schedule.refused.atFormat',
  'schedule.atGap': 'schedule.refused.atGap',
  'schedule.notFor': 'schedule.refused.notFor',
  'doc.missing': 'schedule.refused.missing',
  'doc.trashed': 'schedule.refused.trashed',
  'role.admin': 'schedule.refused.role',
  'unpublish.system': 'schedule.refused.system',
  'schedule.tooMany': 'schedule.refused.tooMany',
  'schedule.tooManyForDoc': 'schedule.refused.tooManyForDoc',
  'schedule.running': 'schedule.refused.running',
  'schedule.notWaiting': 'schedule.refused.notWaiting',
  'schedule.missing': 'schedule.refused.gone',
};

/** Why the server refused a plan or a cancellation, in a sentence (never its English). */
export function refusalText(e: unknown, ui: UiLang): string {
  if (!(e instanceof ApiError)) return tr('schedule.refused.other', { status: '—' }, ui);
  const key = REFUSED[String(e.body.code ?? '')];
  const params = (e.body.params as Record<string, string | number> | undefined) ?? {};
  return key ? tr(key, { minutes: 1, max: '', ...params }, ui) : tr('schedule.refused.other', { status: e.status }, ui);
}
