/**
 * The imported listing sets in PostgreSQL: each set whole in a row (its records as gzipped NDJSON,
 * the same lines as the embedded store's files), the state in one row written in one statement (a
 * reader sees the old set or the new one), an advisory lock for imports across nodes and the command
 * line. Writing the state notifies every node in the same transaction.
 */
import { promisify } from 'node:util';
import { gunzip, gzip } from 'node:zlib';
import type { ListingData } from '../../listings/feed.ts';
import type { ListingSetRepository } from '../types.ts';
import { ImportBusyError, LISTS, MAX_ENTRIES, keptSetIds, stateOf, type Line, type ListingState, type SetHeader } from '../listing-sets.ts';
import type { Db } from './db.ts';
import { notify } from './changes.ts';
import { lastDrop, type PriceRecord } from '../../../shared/price.ts';

const zip = promisify(gzip);
const unzip = promisify(gunzip);

export class PgListingSets implements ListingSetRepository {
  private chain: Promise<unknown> = Promise.resolve();
  constructor(private readonly db: Db) {}

  async readState(): Promise<ListingState> {
    const r = await this.db.query<{ state: ListingState }>('SELECT state FROM listing_state');
    const s = r.rows[0]?.state;
    if (!s) return { live: null, liveHistory: [], entries: [] };
    return stateOf(s);
  }

  async writeState(state: ListingState): Promise<void> {
    state.entries = state.entries.slice(0, MAX_ENTRIES);
    await this.db.tx(async (c) => {
      await c.query(
        `INSERT INTO listing_state (one, state, stamp) VALUES (true, $1, nextval('listing_state_stamp'))
         ON CONFLICT (one) DO UPDATE SET state = $1, stamp = nextval('listing_state_stamp')`,
        [JSON.stringify(state)],
      );
      await notify(c, 'listings');
    });
  }

  async stateStamp(): Promise<number> {
    const r = await this.db.query<{ stamp: string }>('SELECT stamp FROM listing_state');
    return r.rows.length ? Number(r.rows[0].stamp) : 0;
  }

  /** One import at a time: in this process (a chain) and across processes (an advisory lock, refused at once when held). */
  withLock<T>(fn: () => Promise<T>): Promise<T> {
    const run = async () => {
      const got = await this.db.withAdvisoryLock('vitrine:listing-import', fn, false);
      if (!got) throw new ImportBusyError('another import is running (on another node or the command line)');
      return got.value;
    };
    const next = this.chain.then(run, run);
    this.chain = next.catch(() => undefined);
    return next;
  }

  async hasSet(id: string): Promise<boolean> {
    return (await this.db.query('SELECT 1 FROM listing_sets WHERE id = $1', [id])).rows.length > 0;
  }

  async writeSet(id: string, data: ListingData, schemaHash: string): Promise<void> {
    const header: SetHeader = { kind: 'vitrine-listing-set', format: 1, id, schema: schemaHash };
    const lines: string[] = [JSON.stringify(header)];
    for (const list of LISTS) for (const r of data[list]) lines.push(JSON.stringify([list, r] satisfies Line));
    const body = await zip(Buffer.from(lines.join('\n') + '\n'));
    await this.db.query(
      'INSERT INTO listing_sets (id, header, property_ids, body) VALUES ($1, $2, $3, $4) ON CONFLICT (id) DO UPDATE SET header = $2, property_ids = $3, body = $4',
      [id, header, [...new Set(data.properties.map((p) => p.ID))], body],
    );
  }

  async readSet(id: string, yieldEvery = 2000): Promise<{ header: SetHeader; data: ListingData }> {
    const r = await this.db.query<{ body: Buffer }>('SELECT body FROM listing_sets WHERE id = $1', [id]);
    if (!r.rows.length) throw new Error(`listing set ${id} is not in the database`);
    const text = (await unzip(r.rows[0].body)).toString('utf8');
    const data: ListingData = { properties: [], projects: [], webIDs: [], citys: [], citysSale: [], citysRent: [], neighbourhoods: [] };
    let header: SetHeader | undefined;
    let n = 0;
    let at = 0;
    while (at < text.length) {
      const end = text.indexOf('\n', at);
      const line = text.slice(at, end < 0 ? undefined : end);
      at = end < 0 ? text.length : end + 1;
      if (!line) continue;
      if (!header) {
        header = JSON.parse(line) as SetHeader;
        if (header.kind !== 'vitrine-listing-set') throw new Error(`listing set ${id} is not a listing set`);
        continue;
      }
      const [list, rec] = JSON.parse(line) as Line;
      if (LISTS.includes(list)) (data[list] as unknown[]).push(rec);
      if (++n % yieldEvery === 0) await new Promise<void>((res) => setImmediate(res));
    }
    if (!header) throw new Error(`listing set ${id} is empty`);
    return { header, data };
  }

  async propertyIds(id: string): Promise<number[]> {
    const r = await this.db.query<{ property_ids: number[] }>('SELECT property_ids FROM listing_sets WHERE id = $1', [id]);
    if (!r.rows.length) throw new Error(`listing set ${id} is not in the database`);
    return r.rows[0].property_ids;
  }

  async prune(state: ListingState): Promise<void> {
    await this.db.query('DELETE FROM listing_sets WHERE NOT (id = ANY($1))', [[...keptSetIds(state)]]);
  }

  async writeAux(name: string, text: string) {
    await this.db.query('INSERT INTO listing_aux (name, text) VALUES ($1, $2) ON CONFLICT (name) DO UPDATE SET text = $2', [name, text]);
  }

  async readAux(name: string): Promise<string | undefined> {
    return (await this.db.query<{ text: string }>('SELECT text FROM listing_aux WHERE name = $1', [name])).rows[0]?.text;
  }

  async readPrices(): Promise<PriceRecord[]> {
    return (await this.db.query<{ record: PriceRecord }>('SELECT record FROM listing_prices')).rows.map((r) => r.record);
  }

  async priceDrops(since: string): Promise<PriceRecord[]> {
    const r = await this.db.query<{ record: PriceRecord }>('SELECT record FROM listing_prices WHERE last_drop_at >= $1', [since]);
    return r.rows.map((x) => x.record);
  }

  /** In one transaction: the records of `gone` deleted, those of `changed` written over (one statement each). */
  async writePrices(changed: PriceRecord[], gone: number[]): Promise<void> {
    if (!changed.length && !gone.length) return;
    await this.db.tx(async (c) => {
      if (gone.length) await c.query('DELETE FROM listing_prices WHERE property_id = ANY($1)', [gone]);
      if (changed.length)
        await c.query(
          `INSERT INTO listing_prices (property_id, record, last_drop_at)
           SELECT x.id, x.record, x.drop_at FROM jsonb_to_recordset($1::jsonb) AS x(id integer, record jsonb, drop_at timestamptz)
           ON CONFLICT (property_id) DO UPDATE SET record = EXCLUDED.record, last_drop_at = EXCLUDED.last_drop_at`,
          [JSON.stringify(changed.map((r) => ({ id: r.id, record: r, drop_at: lastDrop(r)?.at ?? null })))],
        );
    });
  }

  /** A listings.json of a version before staged imports exists only in data folders. */
  async legacyFile(): Promise<string | undefined> {
    return undefined;
  }

  async legacyTaken(): Promise<void> {}
}
