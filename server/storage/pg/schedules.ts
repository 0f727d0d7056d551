/**
 * Scheduled changes on PostgreSQL, shared by every node. A due change is claimed with FOR UPDATE
 * SKIP LOCKED for a lease by this node (as the outbox's mails are): each is run by one node. A claim
 * by a node whose heartbeat stopped (table `nodes`) is free for the others. The bounds on waiting
 * changes are checked and the change added under one transaction-level advisory lock, so that two
 * nodes adding at once cannot pass them together.
 */
import type { ScheduleCancelResult, ScheduleEntry, ScheduleRepository } from '../types.ts';
import type { Db } from './db.ts';
import { SCHEDULE_FINISHED_KEPT } from '../../../shared/schedule.ts';

type Outcome = Pick<ScheduleEntry, 'state' | 'doneAt' | 'code' | 'params' | 'error' | 'rev'>;

export class PgSchedules implements ScheduleRepository {
  constructor(
    private readonly db: Db,
    private readonly nodeId: string,
    private readonly nodeTimeoutMs = 10_000,
  ) {}

  async add(entry: ScheduleEntry, limits: { total: number; perDoc: number }) {
    return this.db.tx(async (c) => {
      await c.query("SELECT pg_advisory_xact_lock(hashtextextended('vitrine-schedules', 0))");
      const r = await c.query<{ total: number; doc: number }>(
        "SELECT count(*)::int AS total, count(*) FILTER (WHERE key = $1)::int AS doc FROM schedules WHERE state = 'waiting'",
        [entry.key],
      );
      if (r.rows[0].total >= limits.total) return 'tooMany' as const;
      if (r.rows[0].doc >= limits.perDoc) return 'tooManyForDoc' as const;
      await c.query('INSERT INTO schedules (id, key, state, at, data) VALUES ($1, $2, $3, $4, $5)', [
        entry.id,
        entry.key,
        entry.state,
        Date.parse(entry.at),
        entry,
      ]);
      return 'added' as const;
    });
  }

  async get(id: string) {
    return (await this.db.query<{ data: ScheduleEntry }>('SELECT data FROM schedules WHERE id = $1', [id])).rows[0]?.data;
  }

  async list(finished: number) {
    const [waiting, done] = await Promise.all([
      this.db.query<{ data: ScheduleEntry }>("SELECT data FROM schedules WHERE state = 'waiting' ORDER BY at, seq"),
      this.db.query<{ data: ScheduleEntry }>("SELECT data FROM schedules WHERE state <> 'waiting' ORDER BY finished_seq DESC LIMIT $1", [finished]),
    ]);
    return { waiting: waiting.rows.map((r) => r.data), finished: done.rows.map((r) => r.data) };
  }

  async claim(now: number, limit: number, leaseMs: number) {
    const r = await this.db.query<{ data: ScheduleEntry; at: string; seq: string }>(
      `UPDATE schedules SET claimed_by = $1, claimed_until = $2 + $3::bigint
        WHERE id IN (
          SELECT id FROM schedules s
           WHERE state = 'waiting' AND at <= $2
             AND (claimed_by IS NULL OR claimed_until < $2
                  OR NOT EXISTS (SELECT 1 FROM nodes n WHERE n.id = s.claimed_by AND n.seen_at >= $6 - $4::bigint))
             -- A document's later change waits for its earlier one.
             AND NOT EXISTS (SELECT 1 FROM schedules e WHERE e.key = s.key AND e.state = 'waiting' AND (e.at < s.at OR (e.at = s.at AND e.seq < s.seq)))
           ORDER BY at, seq
           LIMIT $5
           FOR UPDATE SKIP LOCKED)
        RETURNING data, at, seq`,
      // Leases are on the schedule's clock (`now`, which tests move); heartbeats on the real one.
      [this.nodeId, now, leaseMs, this.nodeTimeoutMs, limit, Date.now()],
    );
    return r.rows.sort((a, b) => Number(a.at) - Number(b.at) || Number(a.seq) - Number(b.seq)).map((x) => x.data);
  }

  async finish(id: string, outcome: Outcome) {
    return this.db.tx(async (c) => {
      const r = await c.query(
        `UPDATE schedules SET state = $2, claimed_by = NULL, claimed_until = NULL, finished_seq = nextval('schedules_finished_seq'), data = data || $3::jsonb
          WHERE id = $1 AND state = 'waiting'`,
        [id, outcome.state, JSON.stringify(outcome)],
      );
      if (r.rowCount) await prune(c);
      return (r.rowCount ?? 0) > 0;
    });
  }

  async cancel(id: string, by: string, at: string, now: number): Promise<ScheduleCancelResult> {
    return this.db.tx(async (c) => {
      const row = (
        await c.query<{ state: string; claimed_by: string | null; claimed_until: string | null }>(
          'SELECT state, claimed_by, claimed_until FROM schedules WHERE id = $1 FOR UPDATE',
          [id],
        )
      ).rows[0];
      if (!row) return 'missing';
      if (row.state !== 'waiting') return 'notWaiting';
      if (row.claimed_by && Number(row.claimed_until) > now) {
        const alive = await c.query('SELECT 1 FROM nodes WHERE id = $1 AND seen_at >= $2', [row.claimed_by, Date.now() - this.nodeTimeoutMs]);
        if (alive.rows.length) return 'running';
      }
      await c.query(
        `UPDATE schedules SET state = 'cancelled', claimed_by = NULL, claimed_until = NULL, finished_seq = nextval('schedules_finished_seq'), data = data || $2::jsonb
          WHERE id = $1`,
        [id, JSON.stringify({ state: 'cancelled', doneAt: at, cancelledBy: by })],
      );
      await prune(c);
      return 'cancelled';
    });
  }
}

/** Only the newest finished changes are kept. */
async function prune(c: { query: Db['query'] }) {
  await c.query(
    `DELETE FROM schedules WHERE state <> 'waiting' AND finished_seq <= (
       SELECT finished_seq FROM schedules WHERE state <> 'waiting' ORDER BY finished_seq DESC OFFSET $1 LIMIT 1)`,
    [SCHEDULE_FINISHED_KEPT],
  );
}
