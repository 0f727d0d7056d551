/** The audit log in PostgreSQL: one row per entry in arrival order (`seq`); the newest AUDIT_MAX_ENTRIES are kept. */
import type { AuditEntry, AuditRepository } from '../types.ts';
import type { Db } from './db.ts';
import { AUDIT_MAX_ENTRIES } from '../../../shared/constants.ts';

export class PgAudit implements AuditRepository {
  constructor(private readonly db: Db) {}

  async add(entry: AuditEntry) {
    return this.db.tx(async (c) => {
      // One add at a time (across nodes): each trims what it sees, so two at once could both keep one too many.
      await c.query("SELECT pg_advisory_xact_lock(hashtextextended('audit_log', 0))");
      const r = await c.query('INSERT INTO audit_log (id, action, data) VALUES ($1, $2, $3) ON CONFLICT (id) DO NOTHING', [entry.id, entry.action, entry]);
      // The entries past the bound, oldest first, go in the same step.
      await c.query('DELETE FROM audit_log WHERE seq <= (SELECT seq FROM audit_log ORDER BY seq DESC OFFSET $1 LIMIT 1)', [AUDIT_MAX_ENTRIES]);
      return r.rowCount === 1;
    });
  }

  async recent(limit: number, prefix?: string) {
    const r = await this.db.query<{ data: AuditEntry }>(
      'SELECT data FROM audit_log WHERE $2::text IS NULL OR starts_with(action, $2) ORDER BY seq DESC LIMIT $1',
      [limit, prefix ?? null],
    );
    return r.rows.map((x) => x.data);
  }
}
