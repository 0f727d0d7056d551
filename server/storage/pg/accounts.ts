/** Owner and staff accounts in PostgreSQL: a username is unique per kind (a constraint, so two nodes cannot both add it). */
import type { AccountRecord, AccountRepository } from '../types.ts';
import type { Db } from './db.ts';

export class PgAccounts<A extends AccountRecord> implements AccountRepository<A> {
  constructor(
    private readonly db: Db,
    private readonly kind: 'owner' | 'staff',
  ) {}

  async all() {
    return (await this.db.query<{ data: A }>('SELECT data FROM accounts WHERE kind = $1 ORDER BY seq', [this.kind])).rows.map((r) => r.data);
  }

  async byId(id: string) {
    return (await this.db.query<{ data: A }>('SELECT data FROM accounts WHERE kind = $1 AND id = $2', [this.kind, id])).rows[0]?.data;
  }

  async byUsername(username: string) {
    return (await this.db.query<{ data: A }>('SELECT data FROM accounts WHERE kind = $1 AND username = $2', [this.kind, username])).rows[0]?.data;
  }

  async insert(account: A) {
    const r = await this.db.query('INSERT INTO accounts (kind, id, username, data) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING', [
      this.kind,
      account.id,
      account.username,
      account,
    ]);
    return r.rowCount === 1;
  }

  update(id: string, change: (account: A) => void) {
    return this.db.tx(async (c) => {
      const r = await c.query<{ data: A }>('SELECT data FROM accounts WHERE kind = $1 AND id = $2 FOR UPDATE', [this.kind, id]);
      const a = r.rows[0]?.data;
      if (!a) return undefined;
      change(a);
      await c.query('UPDATE accounts SET username = $3, data = $4 WHERE kind = $1 AND id = $2', [this.kind, id, a.username, a]);
      return a;
    });
  }
}
