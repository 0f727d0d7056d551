// Two servers on one throwaway PostgreSQL database, as `DATABASE_URL=… npm start` runs them behind a
// load balancer, with one staff account in the database: what the issue-38 two-node tests share.
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer } from './server.ts';
import { sharedPostgres, type TestPostgres } from './pg.ts';
import { tempDir } from './config.ts';
import { StaffClient } from './client.ts';
import { Db } from '../../server/storage/pg/db.ts';
import { PgAccounts } from '../../server/storage/pg/accounts.ts';
import { StaffAccounts, addStaff } from '../../server/auth/staff-accounts.ts';

type Node = Awaited<ReturnType<typeof startTestServer>>;

export interface TwoNodes {
  a: Node;
  b: Node;
  /** The staff member logged in on node A. */
  staff: StaffClient;
  /** The same person logged in on node B. */
  staffB: StaffClient;
  /** The database itself (what a test counts there). */
  db: Db;
}

/** Starts both nodes before the file's tests (and stops them after); the object is filled once they run. */
export function useTwoNodes(who: { username: string; password: string; role: string }): TwoNodes {
  const nodes = {} as TwoNodes;
  let pg: TestPostgres;
  beforeAll(async () => {
    pg = await sharedPostgres();
    const url = await pg.database();
    nodes.a = await startTestServer({ dataDir: tempDir('node-a-'), database: { url } });
    nodes.b = await startTestServer({ dataDir: tempDir('node-b-'), database: { url } });
    nodes.db = new Db({ url });
    await addStaff(new StaffAccounts(new PgAccounts(nodes.db, 'staff') as never), who);
    nodes.staff = new StaffClient(nodes.a.url);
    nodes.staffB = new StaffClient(nodes.b.url);
    expect((await nodes.staff.login(who.username, who.password)).status).toBe(200);
    expect((await nodes.staffB.login(who.username, who.password)).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([nodes.a?.close(), nodes.b?.close()]);
    await nodes.db?.close();
    await pg?.stop();
  });
  return nodes;
}

/** Waits for a condition (polled every 100 ms), naming it when it does not come. */
export async function until(what: string, cond: () => Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await cond())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
