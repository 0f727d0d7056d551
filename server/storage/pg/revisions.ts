/**
 * Content revisions and sessions in PostgreSQL. A revision's number is its primary key: of two nodes
 * appending revision n at once, the second is refused and reads what came first. A saved revision
 * notifies every node in its own transaction.
 */
import type { Revision, RevisionRepository, SessionRepository, StoredSession } from '../types.ts';
import type { Db } from './db.ts';
import { notify } from './changes.ts';

export class PgRevisions implements RevisionRepository {
  constructor(private readonly db: Db) {}

  async all() {
    return (await this.db.query<{ data: Revision }>('SELECT data FROM revisions ORDER BY rev')).rows.map((r) => r.data);
  }

  async since(rev: number) {
    return (await this.db.query<{ data: Revision }>('SELECT data FROM revisions WHERE rev > $1 ORDER BY rev', [rev])).rows.map((r) => r.data);
  }

  async append(revision: Revision, expectedLast: number) {
    try {
      return await this.db.tx(async (c) => {
        const last = await c.query<{ rev: number | null }>('SELECT max(rev) AS rev FROM revisions');
        if ((last.rows[0].rev ?? 0) !== expectedLast) return false;
        await c.query('INSERT INTO revisions (rev, key, data) VALUES ($1, $2, $3)', [revision.rev, revision.key, revision]);
        await notify(c, 'content');
        return true;
      });
    } catch (e) {
      if ((e as { code?: string }).code === '23505') return false;
      throw e;
    }
  }

  async recordSeed(version: string) {
    await this.db.query(
      `INSERT INTO content_seeds (version, at) SELECT $1, $2
        WHERE coalesce((SELECT version FROM content_seeds ORDER BY seq DESC LIMIT 1), '') <> $1`,
      [version, new Date().toISOString()],
    );
  }

  async seeds() {
    const r = await this.db.query<{ version: string; at: string }>('SELECT version, at FROM content_seeds ORDER BY seq');
    return r.rows.map(({ version, at }) => ({ version, at }));
  }
}

/** Expired sessions are deleted at most once a minute, on a write. */
const PURGE_MS = 60_000;

export class PgSessions implements SessionRepository {
  private purgedAt = 0;
  constructor(private readonly db: Db) {}

  async get(id: string) {
    const r = await this.db.query<{ data: Record<string, unknown>; expires: string; person: string | null }>(
      'SELECT data, expires, person FROM sessions WHERE id = $1 AND expires > $2',
      [id, Date.now()],
    );
    const row = r.rows[0];
    return row ? { data: row.data, expires: Number(row.expires), ...(row.person ? { person: row.person } : {}) } : undefined;
  }

  async set(id: string, s: StoredSession) {
    await this.db.query(
      'INSERT INTO sessions (id, data, expires, person) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO UPDATE SET data = $2, expires = $3, person = $4',
      [id, s.data, s.expires, s.person ?? null],
    );
    if (Date.now() - this.purgedAt > PURGE_MS) {
      this.purgedAt = Date.now();
      await this.db.query('DELETE FROM sessions WHERE expires <= $1', [Date.now()]);
    }
  }

  async destroy(id: string) {
    await this.db.query('DELETE FROM sessions WHERE id = $1', [id]);
  }

  async destroyPerson(person: string, keep?: string) {
    await this.db.query('DELETE FROM sessions WHERE person = $1 AND id <> $2', [person, keep ?? '']);
  }
}
