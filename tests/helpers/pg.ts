// Throwaway PostgreSQL clusters (scripts/pg-cluster.mjs, shared with npm run bench), typed for the tests.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { inject } from 'vitest';
import { databasesOn, startPostgres as start } from '../../scripts/pg-cluster.mjs';

export interface TestPostgres {
  /** A new, empty database; its postgres:// URL. */
  database(): Promise<string>;
  /** Stops the server (`fast`: sessions ended, or `immediate`: as a crash) and starts it again on the same port. */
  restart(mode?: 'fast' | 'immediate', pauseMs?: number): Promise<void>;
  stop(): Promise<void>;
  port: number;
}

/** What startPostgres returns: the cluster's folder too. */
type OwnPostgres = TestPostgres & { dir: string };

/** A cluster of the test file's own (initdb and a start: seconds): for a file that restarts or stops the server. */
export const startPostgres = start as (options?: { maxConnections?: number }) => Promise<OwnPostgres>;

/** How long a file waits for the run's cluster that another file is starting. */
const SHARED_START_MS = 120_000;

/**
 * The test run's one cluster, started by the first file that asks for it (tests/helpers/pg-global.ts
 * gives the folder and stops it when the run ends): each file gets databases of its own on it, without
 * an initdb of its own. `restart` is refused (the other files use the server): such a file starts its
 * own with startPostgres(). `stop` leaves the cluster to the run. Outside a vitest project with that
 * global setup, the file's own cluster.
 */
export async function sharedPostgres(): Promise<TestPostgres> {
  let dir: string | undefined;
  try {
    dir = inject('sharedPostgresDir');
  } catch {
    dir = undefined;
  }
  if (!dir) return startPostgres();
  const portFile = join(dir, 'port');
  const errorFile = join(dir, 'error');
  let starter = false;
  try {
    mkdirSync(join(dir, 'lock'));
    starter = true;
  } catch {
    // another file is starting it, or has
  }
  if (starter) {
    try {
      // Its own temporary folder (the postgres user must reach it), named in the run's folder for the teardown.
      const own = await startPostgres({ maxConnections: 400 });
      writeFileSync(join(dir, 'cluster'), own.dir);
      writeFileSync(portFile, String(own.port));
    } catch (e) {
      writeFileSync(errorFile, (e as Error).message);
      throw e;
    }
  }
  const deadline = Date.now() + SHARED_START_MS;
  while (!existsSync(portFile)) {
    if (existsSync(errorFile)) throw new Error(`the run's PostgreSQL did not start: ${readFileSync(errorFile, 'utf8')}`);
    if (Date.now() > deadline) throw new Error(`the run's PostgreSQL did not start within ${SHARED_START_MS / 1000} s`);
    await new Promise((r) => setTimeout(r, 50));
  }
  const port = Number(readFileSync(portFile, 'utf8'));
  return {
    port,
    database: databasesOn(port),
    async restart() {
      throw new Error("the run's shared PostgreSQL is not restarted: use startPostgres() for a cluster of the file's own");
    },
    async stop() {
      // the run's global teardown stops it
    },
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** The folder of the run's shared PostgreSQL cluster (tests/helpers/pg-global.ts). */
    sharedPostgresDir: string;
  }
}
