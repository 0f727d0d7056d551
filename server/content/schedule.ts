/**
 * Scheduled changes (issue 38, point 4): a page, an article, the popup or the home banner published
 * or taken off the site at a time staff pick in Brussels time. Planning one checks what a change made
 * now would check — who may change the document, that it exists and is not in the trash, that the
 * action applies, a page the site needs — and that the time is at least a minute ahead and at most
 * two years; the waiting changes are bounded (shared/schedule.ts). At its time the scheduler
 * (scheduler.ts) runs it through the same content operations as the editor's buttons, as the person
 * who planned it with their role of that moment, and notes what happened in words the editor says.
 */
import { randomUUID } from 'node:crypto';
import type { PageRecord } from '../../renderer/content.ts';
import type { ScheduleEntry, ScheduleRepository } from '../storage/types.ts';
import { StoreUnavailableError } from '../storage/types.ts';
import type { StaffAccount } from '../auth/staff-accounts.ts';
import { HttpError } from '../http/request.ts';
import {
  SCHEDULE_FINISHED_LISTED,
  SCHEDULE_MAX_AHEAD_DAYS,
  SCHEDULE_MAX_WAITING,
  SCHEDULE_MAX_WAITING_PER_DOC,
  SCHEDULE_MIN_AHEAD_MS,
  brusselsLocal,
  readWhen,
  schedulable,
  type ScheduleAction,
} from '../../shared/schedule.ts';
import { mayChange, refuse, type Actor, type ContentOperations } from './operations.ts';
import type { DocKey } from './doc-key.ts';
import type { Logger } from '../site/site.ts';

const DAY_MS = 24 * 3600_000;
/** A publish or an unpublish refused because another save came in between is tried again this many times. */
const CONFLICT_TRIES = 3;

export interface ScheduleDeps {
  ops: ContentOperations;
  schedules: ScheduleRepository;
  staff: { byUsername(username: string): Promise<StaffAccount | undefined>; all(): Promise<StaffAccount[]> };
  /** The schedule's clock (tests move it). */
  now: () => number;
  log?: Pick<Logger, 'warn' | 'error'>;
}

/** A change as the editor lists it: with its document's title and the people by their names. */
export type ScheduleItem = ScheduleEntry & { title?: unknown; createdByName?: string; cancelledByName?: string };

type Outcome = Pick<ScheduleEntry, 'state' | 'code' | 'params' | 'error' | 'rev'>;

export class ScheduleOperations {
  constructor(private readonly d: ScheduleDeps) {}

  private get store() {
    return this.d.ops.store;
  }

  /** Plans `action` on `key` at `when` (a Brussels date and time, or an ISO instant). `twice`: a Brussels time that happens twice, the first taken. */
  async create(actor: Actor, o: { key: DocKey; action: ScheduleAction; when: string; force?: boolean }): Promise<{ entry: ScheduleEntry; twice?: boolean }> {
    const { key, action } = o;
    if (!schedulable(key))
      throw refuse(422, 'schedule.notFor', `${key} cannot be scheduled: only pages, articles, the popup and the home banner can.`, { field: 'key' });
    mayChange(actor, key);
    this.existing(key);
    const read = readWhen(o.when);
    if (!read.ok && read.reason === 'format')
      throw refuse(400, 'schedule.atFormat', 'at: must be a Brussels date and time (2026-12-24T09:00) or an ISO instant with its offset.', { field: 'at' });
    if (!read.ok)
      throw refuse(422, 'schedule.atGap', `at: ${o.when} does not exist in Brussels (the clocks go forward over it that night); choose another time.`, {
        field: 'at',
        params: { time: o.when },
      });
    const now = this.d.now();
    if (read.at < now + SCHEDULE_MIN_AHEAD_MS)
      throw refuse(422, 'schedule.atPast', `at: ${brusselsLocal(read.at)} (Brussels) is past or less than a minute ahead; choose a later time.`, {
        field: 'at',
        params: { at: new Date(read.at).toISOString(), minutes: SCHEDULE_MIN_AHEAD_MS / 60_000 },
      });
    if (read.at > now + SCHEDULE_MAX_AHEAD_DAYS * DAY_MS)
      throw refuse(422, 'schedule.atTooFar', `at: at most two years ahead (${SCHEDULE_MAX_AHEAD_DAYS} days).`, {
        field: 'at',
        params: { days: SCHEDULE_MAX_AHEAD_DAYS },
      });
    // A page the site needs: an editor may not take it off, an admin confirms (the change then runs with that confirmation).
    if (action === 'unpublish' && key.startsWith('page:')) this.d.ops.systemCheck(actor, this.store.doc(key)!.data as PageRecord, o.force, 'unpublish');
    const entry: ScheduleEntry = {
      id: randomUUID(),
      key,
      action,
      at: new Date(read.at).toISOString(),
      createdBy: actor.username,
      createdAt: new Date(now).toISOString(),
      state: 'waiting',
      ...(o.force && action === 'unpublish' ? { force: true } : {}),
    };
    const added = await this.d.schedules.add(entry, { total: SCHEDULE_MAX_WAITING, perDoc: SCHEDULE_MAX_WAITING_PER_DOC });
    if (added === 'tooMany')
      throw refuse(409, 'schedule.tooMany', `${SCHEDULE_MAX_WAITING} changes are waiting already: cancel one first.`, {
        params: { max: SCHEDULE_MAX_WAITING },
      });
    if (added === 'tooManyForDoc')
      throw refuse(409, 'schedule.tooManyForDoc', `${SCHEDULE_MAX_WAITING_PER_DOC} changes of ${key} are waiting already: cancel one first.`, {
        params: { max: SCHEDULE_MAX_WAITING_PER_DOC },
      });
    return { entry, ...(read.twice ? { twice: true } : {}) };
  }

  /** The waiting changes (soonest first) and the newest finished ones, of one document or all. */
  async list(key?: DocKey): Promise<{ waiting: ScheduleItem[]; finished: ScheduleItem[] }> {
    const { waiting, finished } = await this.d.schedules.list(SCHEDULE_FINISHED_LISTED);
    const names = new Map((await this.d.staff.all()).map((a) => [a.username, a.name ?? a.username]));
    const item = (e: ScheduleEntry): ScheduleItem => ({
      ...e,
      title: this.titleOf(e.key as DocKey),
      createdByName: names.get(e.createdBy) ?? e.createdBy,
      ...(e.cancelledBy ? { cancelledByName: names.get(e.cancelledBy) ?? e.cancelledBy } : {}),
    });
    const mine = (e: ScheduleEntry) => !key || e.key === key;
    return { waiting: waiting.filter(mine).map(item), finished: finished.filter(mine).map(item) };
  }

  /** Cancels a waiting change (by someone who may change its document). */
  async cancel(actor: Actor, id: string): Promise<ScheduleEntry> {
    const entry = await this.d.schedules.get(id);
    if (!entry) throw refuse(404, 'schedule.missing', 'No such scheduled change.', { field: 'id' });
    mayChange(actor, entry.key as DocKey);
    const now = this.d.now();
    const r = await this.d.schedules.cancel(id, actor.username, new Date(now).toISOString(), now);
    if (r === 'missing') throw refuse(404, 'schedule.missing', 'No such scheduled change.', { field: 'id' });
    if (r === 'running') throw refuse(409, 'schedule.running', 'This change is being made right now.');
    if (r === 'notWaiting') throw refuse(409, 'schedule.notWaiting', `This change is ${entry.state} already.`, { params: { state: entry.state } });
    return (await this.d.schedules.get(id)) ?? { ...entry, state: 'cancelled' };
  }

  /** The changes due at `now` that no other node is making, taken for `leaseMs` (the scheduler's). */
  claim(now: number, limit: number, leaseMs: number): Promise<ScheduleEntry[]> {
    return this.d.schedules.claim(now, limit, leaseMs);
  }

  /**
   * Makes a claimed change and marks it done or failed. A store out of reach leaves it waiting (its
   * claim runs out and it is taken again); anything else is noted on it.
   */
  async run(entry: ScheduleEntry): Promise<Outcome> {
    let outcome: Outcome;
    try {
      outcome = await this.attempt(entry);
    } catch (e) {
      if (e instanceof StoreUnavailableError) throw e;
      this.d.log?.error(`the scheduled ${entry.action} of ${entry.key} failed`, e);
      outcome = { state: 'failed', code: 'schedule.error', error: (e as Error).message };
    }
    await this.d.schedules.finish(entry.id, { ...outcome, doneAt: new Date(this.d.now()).toISOString() });
    if (outcome.state === 'failed' && outcome.code !== 'schedule.error')
      this.d.log?.warn(`the scheduled ${entry.action} of ${entry.key} (planned by ${entry.createdBy} for ${entry.at}) was not made: ${outcome.error}`);
    return outcome;
  }

  private async attempt(entry: ScheduleEntry): Promise<Outcome> {
    const account = await this.d.staff.byUsername(entry.createdBy);
    if (!account) return failed('schedule.personGone', `${entry.createdBy} has no account any more.`, { who: entry.createdBy });
    if (account.disabled) return failed('schedule.personDisabled', `${entry.createdBy}'s account is disabled.`, { who: account.name ?? account.username });
    const actor: Actor = { username: account.username, role: account.role };
    const key = entry.key as DocKey;
    for (let i = 1; ; i++) {
      // What other nodes saved meanwhile first: the change is made over the newest version.
      await this.store.pull();
      try {
        this.existing(key);
        const rev = this.store.doc(key)!.rev;
        const r =
          entry.action === 'publish'
            ? await this.publish(actor, key, rev)
            : await this.d.ops.unpublish(actor, key, rev, { force: entry.force, scheduled: true });
        return { state: 'done', rev: r.revision.rev };
      } catch (e) {
        if (!(e instanceof HttpError)) throw e;
        const b = e.body as { code?: string; params?: Record<string, unknown>; problems?: unknown[]; conflict?: unknown; error?: string };
        // Already as asked (someone published it by hand, or took it off): done, with a note.
        if (b.code === 'publish.noDraft' || b.code === 'unpublish.already') return { state: 'done', code: b.code, error: b.error };
        if (b.conflict && i < CONFLICT_TRIES) continue;
        if (b.conflict) return failed('schedule.conflict', String(b.error));
        if (b.problems) return failed('publish.problems', String(b.error), { count: b.problems.length });
        return failed(b.code ?? 'schedule.error', String(b.error), b.params ?? { who: account.name ?? account.username });
      }
    }
  }

  /** The newest draft made live; the popup, switched off and without a draft, is switched on. */
  private async publish(actor: Actor, key: DocKey, rev: number) {
    const latest = this.store.latest(key);
    const data = this.store.doc(key)!.data as { isPublished?: string };
    if (key === 'popup' && (!latest || latest.published) && data.isPublished === 'no') {
      const draft = await this.d.ops.save(actor, key, { ...data, isPublished: 'yes' }, { baseRev: rev, publish: false });
      rev = draft.revision.rev;
    }
    return this.d.ops.publish(actor, key, rev, { scheduled: true });
  }

  /** Refused when the document does not exist or is in the trash. */
  private existing(key: DocKey) {
    const doc = this.store.doc(key);
    if (!doc) throw refuse(404, 'doc.missing', `${key} does not exist.`, { field: 'key' });
    if (doc.data === null) throw refuse(404, 'doc.trashed', `${key} is in the trash.`, { field: 'key' });
  }

  /** A page's or an article's title (per language), from its newest version that has one (a deleted one's too). */
  private titleOf(key: DocKey): unknown {
    if (!key.startsWith('page:') && !key.startsWith('article:')) return undefined;
    const revs = this.store.revisionsOf(key);
    for (let i = revs.length - 1; i >= 0; i--) if (revs[i].data) return (revs[i].data as { title?: unknown }).title;
    return (this.store.fileVersion(key) as { title?: unknown } | undefined)?.title;
  }
}

const failed = (code: string, error: string, params?: Record<string, unknown>): Outcome => ({ state: 'failed', code, error, ...(params ? { params } : {}) });
