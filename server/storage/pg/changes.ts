/**
 * What ties the nodes of one database together: each node's heartbeat (table `nodes`, every second:
 * a mail claimed by a node that stopped beating is free for the others) and the change feed
 * (LISTEN/NOTIFY on one channel). The repositories notify in the transaction of the write itself
 * (a saved revision: 'content'; a listing state: 'listings'), so the notice goes out exactly when the
 * change is committed, from the server and from the command line alike.
 */
import pg from 'pg';
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import type { ChangeFeed, ChangeTopic } from '../types.ts';
import type { Db, Queryable } from './db.ts';

export const CHANNEL = 'vitrine_changes';
const TOPICS = new Set<string>(['content', 'listings', 'site']);

/** Sends `topic` to every node when the surrounding transaction commits (at once outside one). */
export async function notify(q: Queryable, topic: ChangeTopic, from = ''): Promise<void> {
  await q.query('SELECT pg_notify($1, $2)', [CHANNEL, from ? `${topic} ${from}` : topic]);
}

export const newNodeId = () => `${hostname().slice(0, 40)}-${process.pid}-${randomBytes(3).toString('hex')}`;

export class PgNode implements ChangeFeed {
  private listener: pg.Client | undefined;
  private readonly subscribers = new Set<(topic: ChangeTopic | 'all') => void>();
  private beat: NodeJS.Timeout | undefined;
  private reconnect: NodeJS.Timeout | undefined;
  private stopped = false;
  private retryMs = 250;

  constructor(
    private readonly db: Db,
    readonly id: string = newNodeId(),
    private readonly log: (line: string) => void = () => {},
  ) {}

  /** Beats once and listens; both go on (and come back after the database restarts) until stop(). */
  async start(): Promise<void> {
    await this.heartbeat();
    this.beat = setInterval(() => void this.heartbeat().catch(() => {}), 1_000);
    this.beat.unref();
    await this.listen();
  }

  private async heartbeat() {
    const now = Date.now();
    await this.db.query('INSERT INTO nodes (id, started_at, seen_at) VALUES ($1, $2, $2) ON CONFLICT (id) DO UPDATE SET seen_at = $2', [this.id, now]);
  }

  private async listen(): Promise<void> {
    const client = new pg.Client({ connectionString: this.db.settings.url, application_name: 'vitrine-listen' });
    client.on('error', () => this.lost(client));
    client.on('end', () => this.lost(client));
    client.on('notification', (n) => {
      const [topic, from] = (n.payload ?? '').split(' ');
      if (!TOPICS.has(topic) || from === this.id) return;
      this.emit(topic as ChangeTopic);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (e) {
      client.removeAllListeners('end');
      client.end().catch(() => {});
      this.lost(client, e as Error);
      return;
    }
    const back = this.listener === undefined && this.retryMs > 250;
    this.listener = client;
    this.retryMs = 250;
    // Changes made while the feed was cut off were not heard: everything is looked at again.
    if (back) this.emit('all');
  }

  private lost(client: pg.Client, e?: Error) {
    if (this.listener && this.listener !== client) return;
    this.listener = undefined;
    if (this.stopped || this.reconnect) return;
    if (this.retryMs === 250) this.log(`the database's change feed was cut off (${e?.message ?? 'connection ended'}); reconnecting`);
    this.retryMs = Math.min(this.retryMs * 2, 5_000);
    this.reconnect = setTimeout(() => {
      this.reconnect = undefined;
      void this.listen();
    }, this.retryMs);
  }

  private emit(topic: ChangeTopic | 'all') {
    for (const fn of this.subscribers) {
      try {
        fn(topic);
      } catch (e) {
        this.log(`a change handler failed: ${(e as Error).message}`);
      }
    }
  }

  async publish(topic: ChangeTopic): Promise<void> {
    await notify(this.db, topic, this.id);
  }

  subscribe(fn: (topic: ChangeTopic | 'all') => void): () => void {
    this.subscribers.add(fn);
    return () => this.subscribers.delete(fn);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.beat);
    clearTimeout(this.reconnect);
    const l = this.listener;
    this.listener = undefined;
    await l?.end().catch(() => {});
    // Gone at once rather than after the heartbeat's time-out: the others may take its mails now.
    await this.db.query('DELETE FROM nodes WHERE id = $1', [this.id]).catch(() => {});
  }
}
