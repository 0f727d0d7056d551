/**
 * The PostgreSQL connection of a node: a pool (PG_POOL_MAX, PG_STATEMENT_TIMEOUT_MS,
 * PG_CONNECT_TIMEOUT_MS), its errors sorted into "the database is not there right now" (a 503 that
 * asks to retry) and the rest, transactions, and the migrations (node-pg-migrate, SQL files in
 * ./migrations, under its advisory lock so that nodes starting together migrate once).
 */
import pg from 'pg';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { existsSync } from 'node:fs';
import { StoreUnavailableError } from '../types.ts';
import { SETTINGS, type Env } from '../../env.ts';

export interface PgSettings {
  url: string;
  /** Connections per node (PG_POOL_MAX, default 10). */
  poolMax?: number;
  /** A statement running longer is cancelled (PG_STATEMENT_TIMEOUT_MS, default 10 s). */
  statementTimeoutMs?: number;
  /** Waiting for a connection longer is a 503 (PG_CONNECT_TIMEOUT_MS, default 5 s). */
  connectTimeoutMs?: number;
  /** A node not seen for this long is taken for dead: others send the mails it claimed (PG_NODE_TIMEOUT_MS, default 10 s). */
  nodeTimeoutMs?: number;
}

/** The settings from DATABASE_URL and PG_* (server/env.ts); undefined without DATABASE_URL: the embedded store. */
export function pgSettingsOf(env: Env): PgSettings | undefined {
  if (!env.DATABASE_URL) return undefined;
  return {
    url: env.DATABASE_URL,
    poolMax: env.PG_POOL_MAX,
    statementTimeoutMs: env.PG_STATEMENT_TIMEOUT_MS,
    connectTimeoutMs: env.PG_CONNECT_TIMEOUT_MS,
    nodeTimeoutMs: env.PG_NODE_TIMEOUT_MS,
  };
}

/** SQLSTATE classes and driver errors meaning "not reachable now", as opposed to a wrong statement. */
const GONE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03', '53300', '57014']);
export function isUnavailable(e: unknown): boolean {
  const err = e as { code?: string; message?: string } | undefined;
  if (!err) return false;
  if (err.code && (GONE_CODES.has(err.code) || err.code.startsWith('08'))) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|the database system is (starting up|shutting down)/i.test(
    err.message ?? '',
  );
}

/** Rethrows "the database is not there" as a StoreUnavailableError (a 503), anything else as it is. */
export function unavailableOr(e: unknown): never {
  if (isUnavailable(e)) throw new StoreUnavailableError((e as Error).message);
  throw e;
}

const ignoreCheckedOutError = () => {};

/** A pool, a transaction's client or a Db: what runs a parameterised statement. */
export interface Queryable {
  query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>>;
}

export class Db {
  readonly pool: pg.Pool;

  constructor(readonly settings: PgSettings) {
    this.pool = new pg.Pool({
      connectionString: settings.url,
      max: settings.poolMax ?? SETTINGS.PG_POOL_MAX.value,
      statement_timeout: settings.statementTimeoutMs ?? SETTINGS.PG_STATEMENT_TIMEOUT_MS.value,
      connectionTimeoutMillis: settings.connectTimeoutMs ?? SETTINGS.PG_CONNECT_TIMEOUT_MS.value,
      idleTimeoutMillis: 30_000,
      application_name: 'vitrine',
    });
    // An idle connection that the database closed (a restart): dropped from the pool, the next query opens another.
    this.pool.on('error', () => {});
  }

  async query<R extends pg.QueryResultRow = pg.QueryResultRow>(text: string, values?: unknown[]): Promise<pg.QueryResult<R>> {
    try {
      return await this.pool.query<R>(text, values);
    } catch (e) {
      return unavailableOr(e);
    }
  }

  /**
   * A connection of the pool, or a 503 when none can be opened. While it is checked out, the pool
   * does not listen for its errors: the database going away then would be an uncaught 'error' event
   * that ends the process. Its statements fail instead (and it is dropped by `release`).
   */
  private async connect(): Promise<pg.PoolClient> {
    let client: pg.PoolClient;
    try {
      client = await this.pool.connect();
    } catch (e) {
      return unavailableOr(e);
    }
    client.on('error', ignoreCheckedOutError);
    return client;
  }

  private release(client: pg.PoolClient, broken: boolean) {
    client.removeListener('error', ignoreCheckedOutError);
    client.release(broken ? true : undefined);
  }

  /** Runs `fn` in one transaction (committed before it resolves, rolled back if it throws). */
  async tx<T>(fn: (c: pg.PoolClient) => Promise<T>): Promise<T> {
    const client = await this.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      const out = await fn(client);
      await client.query('COMMIT');
      return out;
    } catch (e) {
      broken = isUnavailable(e);
      if (!broken) await client.query('ROLLBACK').catch(() => (broken = true));
      return unavailableOr(e);
    } finally {
      this.release(client, broken);
    }
  }

  /**
   * Runs `fn` holding the session-level advisory lock `key` on a connection of its own (released
   * with the connection if this process dies). `wait: false`: undefined when another holds it.
   */
  async withAdvisoryLock<T>(key: string, fn: () => Promise<T>, wait = true): Promise<{ value: T } | undefined> {
    const client = await this.connect();
    let broken = false;
    try {
      if (wait) await client.query('SELECT pg_advisory_lock(hashtextextended($1, 0))', [key]);
      else {
        const got = await client.query<{ ok: boolean }>('SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok', [key]);
        if (!got.rows[0].ok) return undefined;
      }
      try {
        return { value: await fn() };
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtextextended($1, 0))', [key]).catch(() => (broken = true));
      }
    } catch (e) {
      broken ||= isUnavailable(e);
      return unavailableOr(e);
    } finally {
      this.release(client, broken);
    }
  }

  close() {
    return this.pool.end();
  }
}

/** The migrations folder: beside this file in the sources, copied beside the bundle by the build. */
export function migrationsDir(): string {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const dir of [join(here, 'migrations'), join(here, 'pg-migrations'), join(here, '../../server/storage/pg/migrations')]) if (existsSync(dir)) return dir;
  throw new Error(`the PostgreSQL migrations are missing (looked beside ${here})`);
}

/**
 * Brings the database's tables to this version (npm run db:migrate, and every start). node-pg-migrate
 * takes an advisory lock and the others wait for it: nodes starting together migrate once.
 */
export async function migrate(url: string, log: (line: string) => void = () => {}): Promise<string[]> {
  const { runner } = await import('node-pg-migrate');
  const ran = await runner({
    databaseUrl: url,
    dir: migrationsDir(),
    direction: 'up',
    migrationsTable: 'pgmigrations',
    advisoryLockMode: 'wait',
    singleTransaction: true,
    checkOrder: true,
    log: () => {},
    // Its errors are thrown as well: said once, by the caller, without a stack.
    logger: { debug: () => {}, info: () => {}, warn: (m: string) => log(`warning: ${m}`), error: () => {} },
  } as never);
  return ran.map((m: { name: string }) => m.name);
}
