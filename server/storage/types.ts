/**
 * What the server stores, as async repositories per concern. The embedded store
 * (server/storage/file/) keeps them in DATA_DIR; a PostgreSQL store implements the same
 * interfaces. Nothing outside server/storage touches the data files.
 */
import type { Readable, Writable } from 'node:stream';
import type { ListingData } from '../listings/feed.ts';
import type { ListingState, SetHeader } from './listing-sets.ts';
import type { PriceRecord } from '../../shared/price.ts';

/** A visitor's request (a form post), as kept. */
export interface Submission {
  id: string;
  kind: string;
  lang: string;
  createdAt: string;
  /** The page it was sent from (Referer), if any. */
  page: string | null;
  propertyId: number | null;
  fields: Record<string, unknown>;
  /** new | pending (a testimonial awaiting review) | published | rejected */
  status: string;
  handled?: boolean;
  handledAt?: string;
  handledBy?: string;
  /** A demand or newsletter sign-up: the token of its unsubscribe link. */
  alert?: { token: string; active: boolean; unsubscribedAt?: string };
  /** A booked visit on the agency calendar. */
  appointment?: { slot: string; start: string; minutes: number; status: 'confirmed' };
  /** A testimonial: the token of its review link, and the review. */
  review?: string;
  reviewedAt?: string;
  reviewedBy?: string;
  /** A visitor tool's result sent along (renovation calculator, online valuation). */
  tool?: Record<string, unknown>;
  [extra: string]: unknown;
}

export interface OutboxMessage {
  id: string;
  /** The request that caused it (its agency or visitor mail), if any. */
  leadId?: string;
  to: string;
  from: string;
  replyTo?: string;
  subject: string;
  /** The bodies, dropped once the mail is sent: the request keeps what the visitor sent. */
  text?: string;
  html?: string;
  lang: string;
  attempts: number;
  nextAttemptAt: number;
  sentAt?: string;
  lastError?: string;
  /** Files sent along (a CV to the agency): keys in the uploads blob store. */
  attachments?: Array<{ filename: string; key: string; contentType?: string }>;
}

export interface LeadQuery {
  kind?: string | string[];
  status?: string;
  lang?: string;
  /** Requests about any of these properties. */
  propertyIds?: number[];
  handled?: boolean;
  /** A field value, compared case-insensitively (e.g. the e-mail of a document request). */
  field?: { name: string; value: string };
  reviewToken?: string;
  alertToken?: string;
  /** Active search alerts / newsletter sign-ups only. */
  alertActive?: boolean;
  /** A testimonial whose photo is this upload. */
  imageFile?: string;
  /** Booked visits only. */
  withAppointment?: boolean;
}

export type AddLeadResult = 'added' | 'slotTaken';

export interface LeadRepository {
  /**
   * Stores a request with the mails it causes, durably and as one step, before the visitor is
   * answered. With `slot`, refused ('slotTaken') when a confirmed visit holds that slot already.
   */
  add(submission: Submission, mails: OutboxMessage[], opts?: { slot?: string }): Promise<AddLeadResult>;
  get(id: string): Promise<Submission | undefined>;
  /** Newest first (by createdAt; arrival order breaks ties). */
  find(query?: LeadQuery, page?: { offset: number; limit: number }): Promise<{ items: Submission[]; total: number }>;
  /** Requests per kind under a query (the inbox's kind filter). */
  countByKind(query?: LeadQuery): Promise<Record<string, number>>;
  /** Changes a request (a key set to undefined is removed); undefined when there is none with that id. */
  update(id: string, patch: Partial<Submission>): Promise<Submission | undefined>;
  /** Slots of confirmed visits. */
  bookedSlots(): Promise<Set<string>>;
  /** What a robot sent (the hidden field filled in): kept apart, never mailed. */
  quarantine(record: Record<string, unknown>): Promise<void>;
  quarantined(): Promise<Array<Record<string, unknown>>>;
}

export interface OutboxRepository {
  /** Queues mails that belong to no request (search alerts, portal mails). Ids already queued are skipped. */
  enqueue(mails: OutboxMessage[]): Promise<number>;
  /**
   * Mails due now that no one else is sending, taken for `leaseMs` (another sender may take them
   * after that, if this one died). At most `limit`.
   */
  claim(now: number, limit: number, leaseMs: number): Promise<OutboxMessage[]>;
  /** Accepted by the mail server: never sent again. Durable before it resolves. */
  markSent(id: string, at: string): Promise<void>;
  /** Not sent: tried again at `nextAttemptAt`. */
  markFailed(id: string, attempts: number, nextAttemptAt: number, error: string): Promise<void>;
  /** The mails of a request (the inbox shows them). */
  forLead(leadId: string): Promise<OutboxMessage[]>;
  has(id: string): Promise<boolean>;
  /** Mails sent and waiting (npm run leads, the bench). */
  counts(): Promise<{ sent: number; waiting: number }>;
  /** The mails not sent yet, and the earliest time one of them is due (null: none waits), for /metrics. */
  waiting(): Promise<{ count: number; oldestDueAt: number | null }>;
}

/** One saved version of a document of the content (page, dictionary, setting). */
export interface Revision {
  key: string;
  /** Increases by one over the whole store; a document's revisions are those with its key. */
  rev: number;
  at: string;
  by: string;
  summary: string;
  /** The whole document; null when a page was deleted. */
  data: unknown;
  published: boolean;
  /** A restore names the revision it brought back. */
  restoredFrom?: number;
  /**
   * What the revision did when it is more than an edit (issue 38): `delete` (to the trash, data
   * null), `untrash` (back from the trash), `unpublish`, `publish` (a draft made live),
   * `restore` (an old version brought back), `menu` (a place in the menu), `links` (links moved to
   * another page), `scheduled` (done by the schedule).
   */
  action?: string;
  /** Published and off the site: visitors do not see the document (unpublished); staff still do. */
  offline?: boolean;
  /** Done by the schedule on behalf of `by` (issue 38, point 4). */
  scheduled?: boolean;
}

export interface RevisionRepository {
  /** Every revision, oldest first. */
  all(): Promise<Revision[]>;
  /** The revisions after `rev`, oldest first (what another node saved since). */
  since(rev: number): Promise<Revision[]>;
  /**
   * Appends a revision if the newest revision of the whole store is still `expectedLast`
   * (0: none yet); false when another save came first.
   */
  append(revision: Revision, expectedLast: number): Promise<boolean>;
  /** Notes the version of the site-config files the store was started with (when it changed). */
  recordSeed(version: string): Promise<void>;
  /** The versions of the site-config files the store was started with, oldest first. */
  seeds(): Promise<Array<{ version: string; at: string }>>;
}

export interface StoredSession {
  data: Record<string, unknown>;
  expires: number;
  /** Whose session it is (`owner:{id}` or `staff:{id}`), to end a person's sessions. */
  person?: string;
}

export interface SessionRepository {
  /** The live session of a (hashed) id. */
  get(id: string): Promise<StoredSession | undefined>;
  set(id: string, session: StoredSession): Promise<void>;
  destroy(id: string): Promise<void>;
  /** Ends every session of a person but `keep`. */
  destroyPerson(person: string, keep?: string): Promise<void>;
}

export interface AccountRecord {
  id: string;
  username: string;
}

/** Accounts (owners or staff). The command line and the server change them alike. */
export interface AccountRepository<A extends AccountRecord> {
  all(): Promise<A[]>;
  byId(id: string): Promise<A | undefined>;
  byUsername(username: string): Promise<A | undefined>;
  /** Adds an account; refused (false) when the username has one. */
  insert(account: A): Promise<boolean>;
  /** Changes an account in place; undefined when there is none. */
  update(id: string, change: (account: A) => void): Promise<A | undefined>;
}

export interface StatsRepository {
  /** Adds views: property id → day (YYYY-MM-DD) → count. */
  add(batch: Map<number, Map<string, number>>): Promise<void>;
  /** Views per day of a property. */
  days(propertyId: number): Promise<Record<string, number>>;
}

/** Counters in time windows (form limits, login throttles), shared by every node of a store. */
export interface CounterRepository {
  /** Adds one to `key` in the fixed window of `windowMs` and gives the count and when the window ends. */
  hit(key: string, windowMs: number): Promise<{ count: number; resetAt: number }>;
  /** Records a failure of `key` now; gives the failures within the last `windowMs` (a sliding window), this one included. */
  fail(key: string, windowMs: number): Promise<number>;
  /** Takes back the last failure of `key` (one counted but never checked). */
  undo(key: string): Promise<void>;
  clear(key: string): Promise<void>;
}

export interface MediaItem {
  id: string;
  file: string;
  name: string;
  type: string;
  width: number;
  height: number;
  bytes: number;
  uploadedAt: string;
  by: string;
  /** What the image shows, per language (the text screen readers say where it is inserted). */
  alt?: Partial<Record<string, string>>;
  /** In the trash since then (by whom): not listed, not served, gone for good after the trash's days. */
  deletedAt?: string;
  deletedBy?: string;
  [extra: string]: unknown;
}

export interface MediaRepository {
  /** Oldest first. */
  all(): Promise<MediaItem[]>;
  get(id: string): Promise<MediaItem | undefined>;
  add(item: MediaItem): Promise<void>;
  /**
   * Changes an item as one step (a key set to undefined is removed; others are left as they are, so
   * two people changing different keys at once both land); undefined when there is none with that id.
   */
  update(id: string, patch: Partial<MediaItem>): Promise<MediaItem | undefined>;
  /** Forgets an item (its blobs are the caller's); false when there was none. */
  remove(id: string): Promise<boolean>;
}

/** A file being written on this node's disk (an upload streamed in before it is checked), removed when done. */
export interface ScratchFile {
  /** Where it is, for libraries that read files (sharp). */
  path: string;
  /** Written to by the caller, then ended. */
  stream: Writable;
  remove(): Promise<void>;
}

/** Temporary files of this node (emptied at each start: what a crash left is removed). */
export interface ScratchFiles {
  create(): Promise<ScratchFile>;
}

/** Bytes under keys ("cv/3f….pdf"): uploads (durable, shared) or caches (derived, per node). */
export interface BlobStore {
  /** Written (and, for a durable store, fsynced) before it resolves. */
  put(key: string, data: Buffer): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  stream(key: string): Promise<{ stream: Readable; size: number } | undefined>;
  has(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /** The blobs directly under a folder of keys ("listing-pictures"), with when each was last written. */
  list(prefix: string): Promise<Array<{ key: string; size: number; modified: number }>>;
  /** A path on local disk for libraries that read files (sharp), when the store has one. */
  localPath?(key: string): string;
}

export interface SecretRepository {
  /** The key called `name` (32 random bytes made on first use). */
  secret(name: string): Promise<Buffer>;
}

/**
 * The imported listing sets: each accepted import a set of its own, written whole before it can go
 * live, and a state that says which set visitors see, the import history and the last sync. Going
 * live is one atomic write of the state, so a reader sees the old set or the new one.
 */
export interface ListingSetRepository {
  readState(): Promise<ListingState>;
  /** Kept to at most MAX_ENTRIES history entries; atomic. */
  writeState(state: ListingState): Promise<void>;
  /** Changes whenever the state is written (0 when there is none): the server polls this. */
  stateStamp(): Promise<number>;
  /** One import at a time, in this process and across processes (the command line and the server). */
  withLock<T>(fn: () => Promise<T>): Promise<T>;
  hasSet(id: string): Promise<boolean>;
  /** Written durably before it resolves. */
  writeSet(id: string, data: ListingData, schemaHash: string): Promise<void>;
  readSet(id: string): Promise<{ header: SetHeader; data: ListingData }>;
  propertyIds(id: string): Promise<number[]>;
  /** Removes the sets no longer needed (the last KEPT_IMPORTS live ones and the refused set stay). */
  prune(state: ListingState): Promise<void>;
  /** Small texts beside the sets (the property IDs search alerts already announced). */
  writeAux(name: string, text: string): Promise<void>;
  readAux(name: string): Promise<string | undefined>;
  /**
   * The price history (issue 39): each property's price as the last import that made a set live had
   * it, with its changes (newest first, at most PRICE_CHANGES_KEPT). All records, in no order.
   */
  readPrices(): Promise<PriceRecord[]>;
  /** The records whose newest change is a drop seen at `since` (an ISO instant) or later. */
  priceDrops(since: string): Promise<PriceRecord[]>;
  /** Writes `changed` (each replacing the record of its id) and removes the records of `gone`, in one atomic step. */
  writePrices(changed: PriceRecord[], gone: number[]): Promise<void>;
  /** The listings file of a version before staged imports, to take over once (file store only). */
  legacyFile(): Promise<string | undefined>;
  legacyTaken(): Promise<void>;
}

/** The store cannot be reached right now (the database restarting): a 503 that asks to send again. */
export class StoreUnavailableError extends Error {
  readonly status = 503;
  readonly expose = true;
  constructor(readonly reason?: string) {
    super('The site cannot store this right now. Please try again in a moment.');
  }
}

/**
 * What another node of the same store changed: 'content' (a revision saved), 'listings' (a listing
 * state written), 'site' (something else visitors see, e.g. a testimonial published). Its caches
 * here are dropped or refreshed.
 */
export type ChangeTopic = 'content' | 'listings' | 'site';

export interface ChangeFeed {
  /** Tells the other nodes, once the change is committed. */
  publish(topic: ChangeTopic): Promise<void>;
  /**
   * Calls `fn` for each change another node published, and with 'all' when the feed was cut off and
   * is back (changes may have been missed meanwhile). Gives the unsubscribe.
   */
  subscribe(fn: (topic: ChangeTopic | 'all') => void): () => void;
}

/** One action staff took, as the audit log keeps it (issue 38, point 7: who, when, to whom, what). */
export interface AuditEntry {
  /** Unique (a UUID): a copy (db:import-json) skips what is there. */
  id: string;
  at: string;
  /** Who did it: a staff member's username, or '' for the host on the server's command line. */
  by: string;
  /** What was done, its area first: 'staff.invite', 'staff.role', … */
  action: string;
  /** To whom (a staff member's username), if anyone. */
  target?: string;
  /** What changed (a role from and to, the language of a mail). */
  details?: Record<string, string | number | boolean>;
}

/** The audit log: the newest AUDIT_MAX_ENTRIES entries are kept, the oldest go as new ones come. */
export interface AuditRepository {
  /** Adds an entry; false when one with its id is there already. */
  add(entry: AuditEntry): Promise<boolean>;
  /** The newest first, at most `limit`; only the actions starting with `prefix` when given. */
  recent(limit: number, prefix?: string): Promise<AuditEntry[]>;
}

export type { AutosaveInfo, AutosaveRepository, PresenceEntry, PresenceRepository, StoredAutosave } from './editing-types.ts';
export type { ScheduleAddResult, ScheduleCancelResult, ScheduleEntry, ScheduleRepository } from './schedule-types.ts';

/**
 * Captcha images answered once (issue 40, point 6): an image's id is recorded when it is answered,
 * in the store shared by every node, so a solution cannot be replayed on another node. Records
 * are kept until the image expires, at most `SPENT_CAPTCHAS_MAX` at a time.
 */
export interface SpentCaptchaRepository {
  /**
   * Records image `id` as answered until `expiresAt` (ms since the epoch): true the first time,
   * false when it was already answered, or when the record is full of unexpired images (the visitor
   * then gets a new image, as for a wrong answer). Expired records are pruned.
   */
  spend(id: string, expiresAt: number): Promise<boolean>;
}
