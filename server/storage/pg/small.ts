/**
 * The smaller repositories on PostgreSQL: view counts, counters shared by every node (form limits,
 * login throttles), media records, secrets (made once, the same for every node) and durable blobs
 * (uploads) as bytea.
 */
import { Readable } from 'node:stream';
import { randomBytes } from 'node:crypto';
import { posix } from 'node:path';
import type { BlobStore, CounterRepository, MediaItem, MediaRepository, SecretRepository, StatsRepository } from '../types.ts';
import type { Db } from './db.ts';

export class PgStats implements StatsRepository {
  constructor(private readonly db: Db) {}

  async add(batch: Map<number, Map<string, number>>) {
    const ids: number[] = [];
    const days: string[] = [];
    const counts: number[] = [];
    for (const [id, byDay] of batch)
      for (const [day, n] of byDay) {
        ids.push(id);
        days.push(day);
        counts.push(n);
      }
    if (!ids.length) return;
    await this.db.query(
      `INSERT INTO view_stats (property_id, day, views) SELECT * FROM unnest($1::int[], $2::text[], $3::int[])
       ON CONFLICT (property_id, day) DO UPDATE SET views = view_stats.views + excluded.views`,
      [ids, days, counts],
    );
  }

  async days(propertyId: number) {
    const r = await this.db.query<{ day: string; views: number }>('SELECT day, views FROM view_stats WHERE property_id = $1', [propertyId]);
    return Object.fromEntries(r.rows.map((x) => [x.day, x.views]));
  }
}

/** Expired windows and old failures are deleted at most once a minute. */
const PURGE_MS = 60_000;
/** Failures are kept this long at most (the longest window a throttle asks about is far shorter). */
const FAILURES_KEPT_MS = 24 * 3600_000;

export class PgCounters implements CounterRepository {
  private purgedAt = 0;
  constructor(private readonly db: Db) {}

  private async purge(now: number) {
    if (now - this.purgedAt < PURGE_MS) return;
    this.purgedAt = now;
    await this.db.query('DELETE FROM counter_windows WHERE reset_at <= $1', [now]);
    await this.db.query('DELETE FROM counter_failures WHERE at <= $1', [now - FAILURES_KEPT_MS]);
  }

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    await this.purge(now);
    const r = await this.db.query<{ count: number; reset_at: string }>(
      `INSERT INTO counter_windows (key, count, reset_at) VALUES ($1, 1, $2 + $3::bigint)
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN counter_windows.reset_at <= $2 THEN 1 ELSE counter_windows.count + 1 END,
         reset_at = CASE WHEN counter_windows.reset_at <= $2 THEN $2 + $3::bigint ELSE counter_windows.reset_at END
       RETURNING count, reset_at`,
      [key, now, windowMs],
    );
    return { count: r.rows[0].count, resetAt: Number(r.rows[0].reset_at) };
  }

  async fail(key: string, windowMs: number) {
    const now = Date.now();
    await this.purge(now);
    const r = await this.db.tx(async (c) => {
      await c.query('INSERT INTO counter_failures (key, at) VALUES ($1, $2)', [key, now]);
      return c.query<{ n: number }>('SELECT count(*)::int AS n FROM counter_failures WHERE key = $1 AND at > $2', [key, now - windowMs]);
    });
    return r.rows[0].n;
  }

  async undo(key: string) {
    await this.db.query('DELETE FROM counter_failures WHERE seq = (SELECT max(seq) FROM counter_failures WHERE key = $1)', [key]);
  }

  async clear(key: string) {
    await this.db.query('DELETE FROM counter_failures WHERE key = $1', [key]);
    await this.db.query('DELETE FROM counter_windows WHERE key = $1', [key]);
  }
}

export class PgMedia implements MediaRepository {
  constructor(private readonly db: Db) {}
  async all() {
    return (await this.db.query<{ data: MediaItem }>('SELECT data FROM media ORDER BY seq')).rows.map((r) => r.data);
  }
  async get(id: string) {
    return (await this.db.query<{ data: MediaItem }>('SELECT data FROM media WHERE id = $1', [id])).rows[0]?.data;
  }
  async add(item: MediaItem) {
    await this.db.query('INSERT INTO media (id, data) VALUES ($1, $2) ON CONFLICT (id) DO UPDATE SET data = $2', [item.id, item]);
  }
  async update(id: string, patch: Partial<MediaItem>) {
    // One statement: the keys set are merged in, the keys set to undefined removed, the rest as stored.
    const set = Object.fromEntries(Object.entries(patch).filter(([k, v]) => k !== 'id' && v !== undefined));
    const drop = Object.entries(patch)
      .filter(([k, v]) => k !== 'id' && v === undefined)
      .map(([k]) => k);
    const r = await this.db.query<{ data: MediaItem }>('UPDATE media SET data = (data || $2::jsonb) - $3::text[] WHERE id = $1 RETURNING data', [
      id,
      set,
      drop,
    ]);
    return r.rows[0]?.data;
  }
  async remove(id: string) {
    return ((await this.db.query('DELETE FROM media WHERE id = $1', [id])).rowCount ?? 0) > 0;
  }
}

export class PgSecrets implements SecretRepository {
  constructor(private readonly db: Db) {}
  async secret(name: string) {
    await this.db.query('INSERT INTO secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [name, randomBytes(32)]);
    return (await this.db.query<{ value: Buffer }>('SELECT value FROM secrets WHERE name = $1', [name])).rows[0].value;
  }
}

/** A key as the file store accepts it: a relative path with no empty, "." or ".." part. */
function checkKey(key: string): string {
  const parts = key.split('/');
  if (!key || key.length > 500 || key.startsWith('/') || parts.some((p) => !p || p === '.' || p === '..') || key.includes('\0'))
    throw new Error(`blob key outside its store: ${key}`);
  return key;
}

export class PgBlobs implements BlobStore {
  constructor(
    private readonly db: Db,
    private readonly store: string,
  ) {}

  async put(key: string, data: Buffer) {
    await this.db.query(
      `INSERT INTO blobs (store, key, folder, data, size, modified) VALUES ($1, $2, $3, $4, $5, $6)
       ON CONFLICT (store, key) DO UPDATE SET data = $4, size = $5, modified = $6`,
      [this.store, checkKey(key), posix.dirname(key), data, data.length, Date.now()],
    );
  }

  async get(key: string) {
    return (await this.db.query<{ data: Buffer }>('SELECT data FROM blobs WHERE store = $1 AND key = $2', [this.store, checkKey(key)])).rows[0]?.data;
  }

  async stream(key: string) {
    const data = await this.get(key);
    return data ? { stream: Readable.from([data]), size: data.length } : undefined;
  }

  async has(key: string) {
    return (await this.db.query('SELECT 1 FROM blobs WHERE store = $1 AND key = $2', [this.store, checkKey(key)])).rows.length > 0;
  }

  async remove(key: string) {
    await this.db.query('DELETE FROM blobs WHERE store = $1 AND key = $2', [this.store, checkKey(key)]);
  }

  async list(prefix: string) {
    const folder = prefix.replace(/\/$/, '');
    const r = await this.db.query<{ key: string; size: number; modified: string }>(
      'SELECT key, size, modified FROM blobs WHERE store = $1 AND folder = $2 ORDER BY key',
      [this.store, folder],
    );
    return r.rows.map((x) => ({ key: x.key, size: x.size, modified: Number(x.modified) }));
  }
}
