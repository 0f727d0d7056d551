/** The repository of scheduled changes (issue 38, point 4). Part of server/storage/types.ts. */

/** A change of the content planned for a time (issue 38, point 4): a document published or taken off the site. */
export interface ScheduleEntry {
  id: string;
  /** The document (`page:12`, `article:…`, `popup`, `banner`). */
  key: string;
  action: 'publish' | 'unpublish';
  /** When (an ISO instant). */
  at: string;
  /** Who planned it: the change is made as this person, with their role at that time. */
  createdBy: string;
  createdAt: string;
  state: 'waiting' | 'done' | 'failed' | 'cancelled';
  /** When it was done, failed or cancelled. */
  doneAt?: string;
  /** What happened, for the editor to say in its language: why it failed, or a note on a change done (`publish.noDraft`). */
  code?: string;
  params?: Record<string, unknown>;
  /** The same in English, for logs and scripts. */
  error?: string;
  /** The revision the change made. */
  rev?: number;
  /** An admin confirmed taking off a page the site needs. */
  force?: boolean;
  cancelledBy?: string;
}

export type ScheduleAddResult = 'added' | 'tooMany' | 'tooManyForDoc';
export type ScheduleCancelResult = 'cancelled' | 'running' | 'notWaiting' | 'missing';

/** Scheduled changes, shared by every node; each due change is run by one of them. */
export interface ScheduleRepository {
  /** Adds a waiting change unless `limits.total` are waiting already, or `limits.perDoc` for its document (checked and added as one step). */
  add(entry: ScheduleEntry, limits: { total: number; perDoc: number }): Promise<ScheduleAddResult>;
  get(id: string): Promise<ScheduleEntry | undefined>;
  /** The waiting changes (soonest first) and the `finished` newest done, failed or cancelled ones (latest first). */
  list(finished: number): Promise<{ waiting: ScheduleEntry[]; finished: ScheduleEntry[] }>;
  /**
   * Waiting changes due at `now` that no one else is running, taken for `leaseMs` (another node may
   * take them after that, or once this one stops beating): of a document, only its earliest. At most `limit`.
   */
  claim(now: number, limit: number, leaseMs: number): Promise<ScheduleEntry[]>;
  /** Marks a waiting change done or failed (false when it was not waiting any more). Only the newest finished changes are kept. */
  finish(id: string, outcome: Pick<ScheduleEntry, 'state' | 'doneAt' | 'code' | 'params' | 'error' | 'rev'>): Promise<boolean>;
  /** Cancels a waiting change no one is running at `now`. */
  cancel(id: string, by: string, at: string, now: number): Promise<ScheduleCancelResult>;
}
