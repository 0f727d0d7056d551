/**
 * Visitors' requests and their mails in DATA_DIR: the snapshot `leads.json` and the journal
 * `leads.log` (see journal.ts). A request and its mails are one journal line, so they are stored
 * together or not at all; a sent mark is one short line (fsynced before the next mail goes out).
 * Robots' posts go to a journal of their own, `quarantine.log`.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppendLog } from '../files.ts';
import { Journaled } from './journal.ts';
import type { AddLeadResult, LeadQuery, LeadRepository, OutboxMessage, OutboxRepository, Submission } from '../types.ts';

interface LeadState {
  submissions: Map<string, Submission>;
  outbox: Map<string, OutboxMessage>;
  /** Earlier versions kept robots' posts here. */
  legacyQuarantine: Array<Record<string, unknown>>;
}

type LeadEvent =
  | { t: 'add'; lead: Submission; mails: OutboxMessage[] }
  | { t: 'update'; id: string; patch: Partial<Submission>; unset?: string[] }
  | { t: 'mails'; mails: OutboxMessage[] }
  | { t: 'sent'; id: string; at: string }
  | { t: 'failed'; id: string; attempts: number; next: number; error: string };

/** The request a mail belongs to: its id is `{requestId}-{agency|visitor}`. */
const leadIdOf = (m: OutboxMessage) => m.leadId ?? m.id.replace(/-(agency|visitor)$/, '');

function sent(m: OutboxMessage, at: string) {
  m.sentAt = at;
  m.lastError = undefined;
  delete m.text;
  delete m.html;
}

// Every change can be applied twice (a journal line written after the snapshot that has it already).
function apply(s: LeadState, e: LeadEvent) {
  switch (e.t) {
    case 'add':
      if (!s.submissions.has(e.lead.id)) s.submissions.set(e.lead.id, e.lead);
      for (const m of e.mails) if (!s.outbox.has(m.id)) s.outbox.set(m.id, m);
      break;
    case 'mails':
      for (const m of e.mails) if (!s.outbox.has(m.id)) s.outbox.set(m.id, m);
      break;
    case 'update': {
      const sub = s.submissions.get(e.id);
      if (sub) {
        Object.assign(sub, e.patch);
        for (const k of e.unset ?? []) delete sub[k];
      }
      break;
    }
    case 'sent': {
      const m = s.outbox.get(e.id);
      if (m && !m.sentAt) sent(m, e.at);
      break;
    }
    case 'failed': {
      const m = s.outbox.get(e.id);
      if (m && !m.sentAt) Object.assign(m, { attempts: e.attempts, nextAttemptAt: e.next, lastError: e.error });
      break;
    }
  }
}

function matches(s: Submission, q: LeadQuery): boolean {
  if (q.kind !== undefined && (Array.isArray(q.kind) ? !q.kind.includes(s.kind) : s.kind !== q.kind)) return false;
  if (q.status !== undefined && s.status !== q.status) return false;
  if (q.lang !== undefined && s.lang !== q.lang) return false;
  if (q.propertyIds && (s.propertyId === null || !q.propertyIds.includes(s.propertyId))) return false;
  if (q.handled !== undefined && !!s.handled !== q.handled) return false;
  if (q.field && String(s.fields[q.field.name] ?? '').toLowerCase() !== q.field.value.toLowerCase()) return false;
  if (q.reviewToken !== undefined && s.review !== q.reviewToken) return false;
  if (q.alertToken !== undefined && s.alert?.token !== q.alertToken) return false;
  if (q.alertActive !== undefined && !!s.alert?.active !== q.alertActive) return false;
  if (q.imageFile !== undefined && (s.fields.image as { file?: string } | undefined)?.file !== q.imageFile) return false;
  if (q.withAppointment && !s.appointment) return false;
  return true;
}

/**
 * What the data folder holds, read without opening it for writing (the running server may hold
 * it): `npm run leads`, tests, the soak run.
 */
export function readStoredLeads(dir: string): { submissions: Submission[]; outbox: OutboxMessage[]; quarantine: Array<Record<string, unknown>> } {
  const state = Journaled.read<LeadState, LeadEvent>({
    snapshot: join(dir, 'leads.json'),
    journal: join(dir, 'leads.log'),
    empty: () => revive({}),
    apply,
    revive,
  });
  const lines = (name: string) => (existsSync(join(dir, name)) ? readFileSync(join(dir, name), 'utf8').split('\n').filter(Boolean) : []);
  for (const line of lines('outbox-sent.log')) {
    const [id, at] = line.split(' ');
    if (id && at) apply(state, { t: 'sent', id, at });
  }
  const robots = lines('quarantine.log').map((l) => JSON.parse(l) as Record<string, unknown>);
  return { submissions: [...state.submissions.values()], outbox: [...state.outbox.values()], quarantine: [...state.legacyQuarantine, ...robots] };
}

function revive(raw: unknown): LeadState {
  const r = raw as { submissions?: Submission[]; outbox?: OutboxMessage[]; quarantine?: Array<Record<string, unknown>> };
  return {
    submissions: new Map((r.submissions ?? []).map((x) => [x.id, x])),
    outbox: new Map((r.outbox ?? []).map((x) => [x.id, x])),
    legacyQuarantine: r.quarantine ?? [],
  };
}

export class FileLeads implements LeadRepository, OutboxRepository {
  /** Mails being sent by this process, until when. */
  private readonly claims = new Map<string, number>();

  private constructor(
    private readonly j: Journaled<LeadState, LeadEvent>,
    private readonly robots: AppendLog,
  ) {}

  static async open(dir: string): Promise<FileLeads> {
    const j = await Journaled.open<LeadState, LeadEvent>({
      snapshot: join(dir, 'leads.json'),
      journal: join(dir, 'leads.log'),
      empty: () => ({ submissions: new Map(), outbox: new Map(), legacyQuarantine: [] }),
      apply,
      revive,
      serialise: (s) => ({
        submissions: [...s.submissions.values()],
        outbox: [...s.outbox.values()],
        ...(s.legacyQuarantine.length ? { quarantine: s.legacyQuarantine } : {}),
      }),
    });
    // Sent marks of an earlier version's journal (one "id at" per line).
    const older = new AppendLog(join(dir, 'outbox-sent.log'));
    const marks = await older.lines();
    if (marks.length) {
      for (const line of marks) {
        const [id, at] = line.split(' ');
        if (id && at) apply(j.state, { t: 'sent', id, at });
      }
      await j.compact();
      await older.clear();
    }
    return new FileLeads(j, new AppendLog(join(dir, 'quarantine.log')));
  }

  async close() {
    await this.j.close();
    await this.robots.idle();
  }

  // Requests

  async add(lead: Submission, mails: OutboxMessage[], opts: { slot?: string } = {}): Promise<AddLeadResult> {
    // Looked at and written with no await in between: two visitors never get one slot.
    if (opts.slot && [...this.j.state.submissions.values()].some((s) => s.appointment?.slot === opts.slot && s.appointment?.status === 'confirmed'))
      return 'slotTaken';
    await this.j.write({ t: 'add', lead, mails: mails.map((m) => ({ ...m, leadId: m.leadId ?? lead.id })) });
    return 'added';
  }

  async get(id: string) {
    return this.j.state.submissions.get(id);
  }

  async find(query: LeadQuery = {}, page?: { offset: number; limit: number }) {
    // Newest first; arrival order breaks ties (and orders requests without a date).
    const all = [...this.j.state.submissions.values()].filter((s) => matches(s, query)).reverse();
    const at = (x: Submission) => String(x.createdAt ?? x.at ?? '');
    all.sort((a, b) => (at(a) < at(b) ? 1 : at(a) > at(b) ? -1 : 0));
    return { items: page ? all.slice(page.offset, page.offset + page.limit) : all, total: all.length };
  }

  async countByKind(query: LeadQuery = {}) {
    const out: Record<string, number> = {};
    for (const s of this.j.state.submissions.values()) if (matches(s, { ...query, kind: undefined })) out[s.kind] = (out[s.kind] ?? 0) + 1;
    return out;
  }

  async update(id: string, patch: Partial<Submission>) {
    if (!this.j.state.submissions.has(id)) return undefined;
    const unset = Object.keys(patch).filter((k) => patch[k] === undefined);
    await this.j.write({ t: 'update', id, patch, ...(unset.length ? { unset } : {}) });
    return this.j.state.submissions.get(id);
  }

  async bookedSlots() {
    return new Set([...this.j.state.submissions.values()].filter((s) => s.appointment?.status === 'confirmed').map((s) => s.appointment!.slot));
  }

  async quarantine(record: Record<string, unknown>) {
    await this.robots.append(JSON.stringify(record));
  }

  async quarantined() {
    return [...this.j.state.legacyQuarantine, ...(await this.robots.lines()).map((l) => JSON.parse(l) as Record<string, unknown>)];
  }

  // Outbox

  async enqueue(mails: OutboxMessage[]) {
    const fresh = [...new Map(mails.filter((m) => !this.j.state.outbox.has(m.id)).map((m) => [m.id, m])).values()];
    if (fresh.length) await this.j.write({ t: 'mails', mails: fresh });
    return fresh.length;
  }

  async claim(now: number, limit: number, leaseMs: number) {
    const out: OutboxMessage[] = [];
    for (const m of this.j.state.outbox.values()) {
      if (out.length >= limit) break;
      if (m.sentAt || m.nextAttemptAt > now || (this.claims.get(m.id) ?? 0) > now) continue;
      this.claims.set(m.id, now + leaseMs);
      out.push(m);
    }
    return out.map((m) => structuredClone(m));
  }

  async markSent(id: string, at: string) {
    this.claims.delete(id);
    await this.j.write({ t: 'sent', id, at });
  }

  async markFailed(id: string, attempts: number, next: number, error: string) {
    this.claims.delete(id);
    await this.j.write({ t: 'failed', id, attempts, next, error });
  }

  async forLead(leadId: string) {
    return [...this.j.state.outbox.values()].filter((m) => leadIdOf(m) === leadId);
  }

  async has(id: string) {
    return this.j.state.outbox.has(id);
  }

  async counts() {
    let sentN = 0;
    let waiting = 0;
    for (const m of this.j.state.outbox.values()) m.sentAt ? sentN++ : waiting++;
    return { sent: sentN, waiting };
  }

  async waiting() {
    let count = 0;
    let oldestDueAt: number | null = null;
    for (const m of this.j.state.outbox.values())
      if (!m.sentAt) {
        count++;
        if (oldestDueAt === null || m.nextAttemptAt < oldestDueAt) oldestDueAt = m.nextAttemptAt;
      }
    return { count, oldestDueAt };
  }
}
