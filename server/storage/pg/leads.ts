/**
 * Visitors' requests and their mails in PostgreSQL. A request and its mails are one transaction; a
 * confirmed visit's slot is a unique column (two nodes can never book one slot twice). Mails are
 * claimed with FOR UPDATE SKIP LOCKED for a lease by this node; a claim by a node whose heartbeat
 * stopped (table `nodes`) is free for the others.
 */
import type { AddLeadResult, LeadQuery, LeadRepository, OutboxMessage, OutboxRepository, Submission } from '../types.ts';
import type { Db } from './db.ts';

/** The request a mail belongs to: its id is `{requestId}-{agency|visitor}`. */
const leadIdOf = (m: OutboxMessage) => m.leadId ?? m.id.replace(/-(agency|visitor)$/, '');

const slotOf = (s: Submission) => (s.appointment?.status === 'confirmed' ? s.appointment.slot : null);

/** The WHERE clause of a query, with its values from `$1`. */
function where(q: LeadQuery, values: unknown[] = []): { sql: string; values: unknown[] } {
  const parts: string[] = [];
  const v = (x: unknown) => `$${values.push(x)}`;
  if (q.kind !== undefined) parts.push(Array.isArray(q.kind) ? `kind = ANY(${v(q.kind)})` : `kind = ${v(q.kind)}`);
  if (q.status !== undefined) parts.push(`status = ${v(q.status)}`);
  if (q.lang !== undefined) parts.push(`lang = ${v(q.lang)}`);
  if (q.propertyIds) parts.push(`property_id = ANY(${v(q.propertyIds)})`);
  if (q.handled !== undefined) parts.push(`handled = ${v(q.handled)}`);
  if (q.field) parts.push(`lower(coalesce(data->'fields'->>${v(q.field.name)}, '')) = lower(${v(q.field.value)})`);
  if (q.reviewToken !== undefined) parts.push(`data->>'review' = ${v(q.reviewToken)}`);
  if (q.alertToken !== undefined) parts.push(`data#>>'{alert,token}' = ${v(q.alertToken)}`);
  if (q.alertActive !== undefined) parts.push(`coalesce((data#>>'{alert,active}')::boolean, false) = ${v(q.alertActive)}`);
  if (q.imageFile !== undefined) parts.push(`data#>>'{fields,image,file}' = ${v(q.imageFile)}`);
  if (q.withAppointment) parts.push(`data ? 'appointment'`);
  return { sql: parts.length ? `WHERE ${parts.join(' AND ')}` : '', values };
}

function message(row: { data: OutboxMessage; attempts: number; next_attempt_at: string; sent_at: string | null }): OutboxMessage {
  const m: OutboxMessage = { ...row.data, attempts: row.attempts, nextAttemptAt: Number(row.next_attempt_at) };
  if (row.sent_at) m.sentAt = row.sent_at;
  else delete m.sentAt;
  if (m.lastError === undefined) delete m.lastError;
  return m;
}

/** Mails as the JSON rows `jsonb_to_recordset(… AS m(${MAIL_COLUMNS}))` reads. */
const MAIL_COLUMNS = 'id text, lead text, data jsonb, attempts int, next bigint, sent text';
const mailRows = (mails: OutboxMessage[]) =>
  JSON.stringify(
    mails.map((m) => {
      const { attempts, nextAttemptAt, sentAt, ...rest } = m;
      return { id: m.id, lead: leadIdOf(m), data: rest, attempts: attempts ?? 0, next: nextAttemptAt ?? 0, sent: sentAt ?? null };
    }),
  );
const INSERT_MAILS = `INSERT INTO outbox (id, lead_id, data, attempts, next_attempt_at, sent_at) SELECT id, lead, data, attempts, next, sent`;

export class PgLeads implements LeadRepository, OutboxRepository {
  constructor(
    private readonly db: Db,
    private readonly nodeId: string,
    private readonly nodeTimeoutMs = 10_000,
  ) {}

  // Requests

  async add(lead: Submission, mails: OutboxMessage[], opts: { slot?: string } = {}): Promise<AddLeadResult> {
    // One statement (atomic by itself, one round trip): the request and its mails are stored together or not at all.
    try {
      await this.db.query(
        `WITH lead AS (
           INSERT INTO leads (id, kind, lang, created_at, status, property_id, handled, slot, data) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id)
         ${INSERT_MAILS} FROM jsonb_to_recordset($10::jsonb) AS m(${MAIL_COLUMNS}) WHERE EXISTS (SELECT 1 FROM lead)
         ON CONFLICT (id) DO NOTHING`,
        [
          lead.id,
          lead.kind,
          lead.lang,
          lead.createdAt,
          lead.status,
          lead.propertyId ?? null,
          !!lead.handled,
          opts.slot ?? slotOf(lead),
          lead,
          mailRows(mails.map((m) => ({ ...m, leadId: m.leadId ?? lead.id }))),
        ],
      );
      return 'added';
    } catch (e) {
      if ((e as { code?: string; constraint?: string }).code === '23505' && (e as { constraint?: string }).constraint === 'leads_slot') return 'slotTaken';
      throw e;
    }
  }

  async get(id: string) {
    const r = await this.db.query<{ data: Submission }>('SELECT data FROM leads WHERE id = $1', [id]);
    return r.rows[0]?.data;
  }

  async find(query: LeadQuery = {}, page?: { offset: number; limit: number }) {
    const w = where(query);
    const paging = page ? ` OFFSET ${Math.max(0, Math.floor(page.offset))} LIMIT ${Math.max(0, Math.floor(page.limit))}` : '';
    const [rows, total] = await Promise.all([
      this.db.query<{ data: Submission }>(`SELECT data FROM leads ${w.sql} ORDER BY created_at DESC, seq DESC${paging}`, w.values),
      this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM leads ${w.sql}`, w.values),
    ]);
    return { items: rows.rows.map((r) => r.data), total: total.rows[0].n };
  }

  async countByKind(query: LeadQuery = {}) {
    const w = where({ ...query, kind: undefined });
    const r = await this.db.query<{ kind: string; n: number }>(`SELECT kind, count(*)::int AS n FROM leads ${w.sql} GROUP BY kind`, w.values);
    return Object.fromEntries(r.rows.map((x) => [x.kind, x.n]));
  }

  async update(id: string, patch: Partial<Submission>) {
    return this.db.tx(async (c) => {
      const r = await c.query<{ data: Submission }>('SELECT data FROM leads WHERE id = $1 FOR UPDATE', [id]);
      if (!r.rows.length) return undefined;
      const s = r.rows[0].data;
      for (const [k, v] of Object.entries(patch)) {
        if (v === undefined) delete s[k];
        else s[k] = v;
      }
      await c.query('UPDATE leads SET status = $2, handled = $3, property_id = $4, slot = $5, data = $6 WHERE id = $1', [
        id,
        s.status,
        !!s.handled,
        s.propertyId ?? null,
        slotOf(s),
        s,
      ]);
      return s;
    });
  }

  async bookedSlots() {
    const r = await this.db.query<{ slot: string }>('SELECT slot FROM leads WHERE slot IS NOT NULL');
    return new Set(r.rows.map((x) => x.slot));
  }

  async quarantine(record: Record<string, unknown>) {
    await this.db.query('INSERT INTO quarantine (data) VALUES ($1)', [record]);
  }

  async quarantined() {
    return (await this.db.query<{ data: Record<string, unknown> }>('SELECT data FROM quarantine ORDER BY seq')).rows.map((r) => r.data);
  }

  // Outbox

  async enqueue(mails: OutboxMessage[]) {
    if (!mails.length) return 0;
    const r = await this.db.query(`${INSERT_MAILS} FROM jsonb_to_recordset($1::jsonb) AS m(${MAIL_COLUMNS}) ON CONFLICT (id) DO NOTHING`, [mailRows(mails)]);
    return r.rowCount ?? 0;
  }

  async claim(now: number, limit: number, leaseMs: number) {
    const r = await this.db.query<{ data: OutboxMessage; attempts: number; next_attempt_at: string; sent_at: string | null }>(
      `UPDATE outbox SET claimed_by = $1, claimed_until = $2 + $3::bigint
        WHERE id IN (
          SELECT id FROM outbox o
           WHERE sent_at IS NULL AND next_attempt_at <= $2
             AND (claimed_by IS NULL OR claimed_until < $2
                  OR NOT EXISTS (SELECT 1 FROM nodes n WHERE n.id = o.claimed_by AND n.seen_at >= $2 - $4::bigint))
           ORDER BY next_attempt_at, seq
           LIMIT $5
           FOR UPDATE SKIP LOCKED)
        RETURNING data, attempts, next_attempt_at, sent_at, seq`,
      [this.nodeId, now, leaseMs, this.nodeTimeoutMs, limit],
    );
    return (r.rows as Array<(typeof r.rows)[number] & { seq: string }>).sort((a, b) => Number(a.seq) - Number(b.seq)).map(message);
  }

  async markSent(id: string, at: string) {
    await this.db.query(
      `UPDATE outbox SET sent_at = $2, claimed_by = NULL, claimed_until = NULL, data = data - 'text' - 'html' - 'lastError' WHERE id = $1 AND sent_at IS NULL`,
      [id, at],
    );
  }

  async markFailed(id: string, attempts: number, next: number, error: string) {
    await this.db.query(
      `UPDATE outbox SET attempts = $2, next_attempt_at = $3, claimed_by = NULL, claimed_until = NULL, data = jsonb_set(data, '{lastError}', to_jsonb($4::text))
        WHERE id = $1 AND sent_at IS NULL`,
      [id, attempts, next, error],
    );
  }

  async forLead(leadId: string) {
    const r = await this.db.query<{ data: OutboxMessage; attempts: number; next_attempt_at: string; sent_at: string | null }>(
      'SELECT data, attempts, next_attempt_at, sent_at FROM outbox WHERE lead_id = $1 ORDER BY seq',
      [leadId],
    );
    return r.rows.map(message);
  }

  async has(id: string) {
    return (await this.db.query('SELECT 1 FROM outbox WHERE id = $1', [id])).rows.length > 0;
  }

  async counts() {
    const r = await this.db.query<{ sent: number; waiting: number }>(
      'SELECT count(*) FILTER (WHERE sent_at IS NOT NULL)::int AS sent, count(*) FILTER (WHERE sent_at IS NULL)::int AS waiting FROM outbox',
    );
    return r.rows[0];
  }

  /** Read through the partial index of mails not sent (outbox_due): as cheap with a million sent mails as with none. */
  async waiting() {
    const r = await this.db.query<{ count: number; oldest: string | null }>(
      'SELECT count(*)::int AS count, min(next_attempt_at) AS oldest FROM outbox WHERE sent_at IS NULL',
    );
    return { count: r.rows[0].count, oldestDueAt: r.rows[0].oldest === null ? null : Number(r.rows[0].oldest) };
  }
}
