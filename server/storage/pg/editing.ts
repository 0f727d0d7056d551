/**
 * Autosaves and presence on PostgreSQL (issue 38, points 2 and 5): every node reads the same rows,
 * so a draft autosaved through one node is offered through another, and the people with a
 * document open are the same whichever node a browser reaches.
 */
import type { AutosaveInfo, AutosaveRepository, PresenceEntry, PresenceRepository, StoredAutosave } from '../types.ts';
import type { Db } from './db.ts';

type InfoRow = { person: string; key: string; by_username: string; at: string; bytes: number };
const info = (r: InfoRow): AutosaveInfo => ({ person: r.person, key: r.key, by: r.by_username, at: Number(r.at), bytes: r.bytes });

export class PgAutosaves implements AutosaveRepository {
  constructor(private readonly db: Db) {}

  async get(person: string, key: string) {
    const r = await this.db.query<{ by_username: string; base_rev: number; data: unknown; at: string }>(
      'SELECT by_username, base_rev, data, at FROM autosaves WHERE person = $1 AND key = $2',
      [person, key],
    );
    const row = r.rows[0];
    return row ? { person, key, by: row.by_username, baseRev: row.base_rev, data: row.data, at: Number(row.at) } : undefined;
  }

  async put(a: StoredAutosave, bytes: number) {
    await this.db.query(
      `INSERT INTO autosaves (person, key, by_username, base_rev, data, bytes, at) VALUES ($1, $2, $3, $4, $5::json, $6, $7)
       ON CONFLICT (person, key) DO UPDATE SET by_username = $3, base_rev = $4, data = $5::json, bytes = $6, at = $7`,
      [a.person, a.key, a.by, a.baseRev, JSON.stringify(a.data), bytes, a.at],
    );
  }

  async remove(person: string, key: string) {
    await this.db.query('DELETE FROM autosaves WHERE person = $1 AND key = $2', [person, key]);
  }

  async ofDoc(key: string) {
    const r = await this.db.query<InfoRow>('SELECT person, key, by_username, at, bytes FROM autosaves WHERE key = $1 ORDER BY at', [key]);
    return r.rows.map(info);
  }

  async ofPerson(person: string) {
    const r = await this.db.query<InfoRow>('SELECT person, key, by_username, at, bytes FROM autosaves WHERE person = $1 ORDER BY at', [person]);
    return r.rows.map(info);
  }

  async purge(before: number) {
    return (await this.db.query('DELETE FROM autosaves WHERE at < $1', [before])).rowCount ?? 0;
  }
}

type PresenceRow = { person: string; tab: string; key: string; name: string; since: string; seen_at: string };
const entry = (r: PresenceRow): PresenceEntry => ({
  key: r.key,
  tab: r.tab,
  person: r.person,
  name: r.name,
  since: Number(r.since),
  seenAt: Number(r.seen_at),
});

export class PgPresence implements PresenceRepository {
  constructor(private readonly db: Db) {}

  async ping(e: Omit<PresenceEntry, 'since' | 'seenAt'>, now: number, staleBefore: number) {
    // A window that went quiet for longer than the stale time opens the document anew.
    await this.db.query(
      `INSERT INTO presence (person, tab, key, name, since, seen_at) VALUES ($1, $2, $3, $4, $5, $5)
       ON CONFLICT (person, tab, key) DO UPDATE SET name = $4, seen_at = $5,
         since = CASE WHEN presence.seen_at >= $6 THEN presence.since ELSE $5 END`,
      [e.person, e.tab, e.key, e.name, now, staleBefore],
    );
  }

  async ofDoc(key: string, seenAfter: number) {
    const r = await this.db.query<PresenceRow>('SELECT * FROM presence WHERE key = $1 AND seen_at >= $2 ORDER BY since, person, tab', [key, seenAfter]);
    return r.rows.map(entry);
  }

  async ofPerson(person: string, seenAfter: number) {
    const r = await this.db.query<PresenceRow>('SELECT * FROM presence WHERE person = $1 AND seen_at >= $2 ORDER BY seen_at, tab', [person, seenAfter]);
    return r.rows.map(entry);
  }

  async leave(key: string, tab: string, person: string) {
    await this.db.query('DELETE FROM presence WHERE person = $1 AND tab = $2 AND key = $3', [person, tab, key]);
  }

  async purge(before: number) {
    await this.db.query('DELETE FROM presence WHERE seen_at < $1', [before]);
  }
}
