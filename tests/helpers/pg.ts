// A throwaway PostgreSQL cluster (scripts/pg-cluster.mjs, shared with npm run bench), typed for the tests.
import { startPostgres as start } from '../../scripts/pg-cluster.mjs';

export interface TestPostgres {
  /** A new, empty database; its postgres:// URL. */
  database(): Promise<string>;
  /** Stops the server (`fast`: sessions ended, or `immediate`: as a crash) and starts it again on the same port. */
  restart(mode?: 'fast' | 'immediate', pauseMs?: number): Promise<void>;
  stop(): Promise<void>;
  port: number;
}

export const startPostgres = start as () => Promise<TestPostgres>;
