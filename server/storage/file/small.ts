/**
 * The smaller repositories of the embedded store: sessions (journaled), revisions, view
 * statistics and media records (one JSON file each, written durably), counters (in memory: one
 * process per data folder), secrets and blobs (files).
 */
import { createReadStream } from 'node:fs';
import { mkdir, readFile, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { randomBytes } from 'node:crypto';
import { Collection, storeWrite, writeFileAtomically, writeFileDurably } from '../files.ts';
import { Journaled } from './journal.ts';
import type {
  BlobStore,
  CounterRepository,
  MediaItem,
  MediaRepository,
  Revision,
  RevisionRepository,
  SecretRepository,
  SessionRepository,
  StatsRepository,
  StoredSession,
} from '../types.ts';

type SessionEvent = { t: 'set'; id: string; s: StoredSession } | { t: 'del'; ids: string[] };

const sessionFiles = (dir: string) => ({
  snapshot: join(dir, 'sessions.json'),
  journal: join(dir, 'sessions.log'),
  empty: () => new Map<string, StoredSession>(),
  apply: (m: Map<string, StoredSession>, e: SessionEvent) => {
    if (e.t === 'set') m.set(e.id, e.s);
    else for (const id of e.ids) m.delete(id);
  },
  revive: (raw: unknown) =>
    new Map(
      Object.entries((raw as { sessions?: Record<string, StoredSession & { ownerId?: string }> }).sessions ?? {}).map(([k, s]) => [
        k,
        { ...s, person: s.person ?? (s.ownerId ? `owner:${s.ownerId}` : undefined) },
      ]),
    ),
});

/** The live sessions as the files have them, read beside the server (tests). */
export function readStoredSessions(dir: string): StoredSession[] {
  return [...readStoredSessionMap(dir).values()];
}

/** The live sessions by (hashed) id: what a move to PostgreSQL copies. */
export function readStoredSessionMap(dir: string): Map<string, StoredSession> {
  return new Map([...Journaled.read(sessionFiles(dir))].filter(([, s]) => s.expires > Date.now()));
}

export class FileSessions implements SessionRepository {
  private constructor(private readonly j: Journaled<Map<string, StoredSession>, SessionEvent>) {}

  static async open(dir: string) {
    const j = await Journaled.open<Map<string, StoredSession>, SessionEvent>({
      ...sessionFiles(dir),
      // Only live sessions are written back.
      serialise: (m) => ({ sessions: Object.fromEntries([...m].filter(([, s]) => s.expires > Date.now())) }),
    });
    return new FileSessions(j);
  }

  async get(id: string) {
    const s = this.j.state.get(id);
    return s && s.expires > Date.now() ? s : undefined;
  }

  async set(id: string, s: StoredSession) {
    await this.j.write({ t: 'set', id, s });
  }

  async destroy(id: string) {
    if (this.j.state.has(id)) await this.j.write({ t: 'del', ids: [id] });
  }

  close() {
    return this.j.close();
  }

  async destroyPerson(person: string, keep?: string) {
    const ids = [...this.j.state].filter(([id, s]) => s.person === person && id !== keep).map(([id]) => id);
    if (ids.length) await this.j.write({ t: 'del', ids });
  }
}

export class FileRevisions implements RevisionRepository {
  private constructor(
    private readonly col: Collection<{ revisions: Revision[] }>,
    private readonly seedLog: Collection<{ seeds: Array<{ version: string; at: string }> }>,
  ) {}
  static async open(dir: string) {
    return new FileRevisions(
      await new Collection(join(dir, 'revisions.json'), { revisions: [] as Revision[] }).open(),
      await new Collection(join(dir, 'content.json'), { seeds: [] as Array<{ version: string; at: string }> }).open(),
    );
  }
  async recordSeed(version: string) {
    if (this.seedLog.data.seeds.at(-1)?.version !== version) await this.seedLog.update((d) => void d.seeds.push({ version, at: new Date().toISOString() }));
  }
  async seeds() {
    return this.seedLog.data.seeds.map((x) => ({ ...x }));
  }
  async all() {
    return [...this.col.data.revisions];
  }
  async since(rev: number) {
    return this.col.data.revisions.filter((r) => r.rev > rev);
  }
  async append(revision: Revision, expectedLast: number) {
    if ((this.col.data.revisions.at(-1)?.rev ?? 0) !== expectedLast) return false;
    await this.col.update((d) => void d.revisions.push(revision));
    return true;
  }
}

export class FileStats implements StatsRepository {
  private constructor(private readonly col: Collection<{ views: Record<string, Record<string, number>> }>) {}
  static async open(dir: string) {
    return new FileStats(await new Collection(join(dir, 'stats.json'), { views: {} as Record<string, Record<string, number>> }).open());
  }
  async add(batch: Map<number, Map<string, number>>) {
    await this.col.update((d) => {
      for (const [id, days] of batch) {
        const row = (d.views[String(id)] ??= {});
        for (const [day, n] of days) row[day] = (row[day] ?? 0) + n;
      }
    });
  }
  async days(propertyId: number) {
    return { ...(this.col.data.views[String(propertyId)] ?? {}) };
  }
}

export class FileMedia implements MediaRepository {
  private constructor(private readonly col: Collection<{ items: MediaItem[] }>) {}
  static async open(dir: string) {
    return new FileMedia(await new Collection(join(dir, 'media-library.json'), { items: [] as MediaItem[] }).open());
  }
  async all() {
    return [...this.col.data.items];
  }
  async get(id: string) {
    return this.col.data.items.find((m) => m.id === id);
  }
  async add(item: MediaItem) {
    await this.col.update((d) => void d.items.push(item));
  }
  async update(id: string, patch: Partial<MediaItem>) {
    const at = this.col.data.items.findIndex((m) => m.id === id);
    if (at < 0) return undefined;
    const next = { ...this.col.data.items[at] } as MediaItem;
    for (const [k, v] of Object.entries(patch)) {
      if (k === 'id') continue;
      if (v === undefined) delete next[k];
      else next[k] = v;
    }
    await this.col.update((d) => void (d.items[at] = next));
    return next;
  }
  async remove(id: string) {
    if (!this.col.data.items.some((m) => m.id === id)) return false;
    await this.col.update((d) => void (d.items = d.items.filter((m) => m.id !== id)));
    return true;
  }
}

/** At most this many keys of each kind in memory: past it, the longest untouched go (the expired ones, as a rule). */
export const COUNTER_MAX_KEYS = 100_000;
/** At most this many failures remembered per key (the throttles ask about far fewer). */
export const COUNTER_MAX_FAILURES_PER_KEY = 1_000;

/** Keeps a map to `max` keys, the longest untouched leaving first (a key is set anew when touched: Map keeps insertion order). */
function bound<V>(m: Map<string, V>, max: number) {
  for (const k of m.keys()) {
    if (m.size <= max) break;
    m.delete(k);
  }
}

/** Counters in memory: the embedded store serves one process. */
export class MemoryCounters implements CounterRepository {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private readonly failures = new Map<string, number[]>();
  constructor(private readonly maxKeys = COUNTER_MAX_KEYS) {}

  /** How many keys are kept (windows, failures): for the tests of the bound. */
  get size() {
    return { windows: this.windows.size, failures: this.failures.size };
  }

  async hit(key: string, windowMs: number) {
    const now = Date.now();
    let w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      this.windows.delete(key);
      w = { count: 0, resetAt: now + windowMs };
      this.windows.set(key, w);
      bound(this.windows, this.maxKeys);
    }
    w.count++;
    return { ...w };
  }

  async fail(key: string, windowMs: number) {
    const now = Date.now();
    const list = (this.failures.get(key) ?? []).filter((t) => t > now - windowMs).slice(-(COUNTER_MAX_FAILURES_PER_KEY - 1));
    list.push(now);
    // Set anew: the key moves to the end (the most recent); the longest untouched go first when the map is full.
    this.failures.delete(key);
    this.failures.set(key, list);
    bound(this.failures, this.maxKeys);
    return list.length;
  }

  async undo(key: string) {
    const list = this.failures.get(key);
    list?.pop();
    if (list && !list.length) this.failures.delete(key);
  }

  async clear(key: string) {
    this.failures.delete(key);
    this.windows.delete(key);
  }
}

/** DATA_DIR/secrets.json: keys made on first use, readable by the data folder's owner only. */
export class FileSecrets implements SecretRepository {
  constructor(private readonly dir: string) {}
  async secret(name: string) {
    const file = join(this.dir, 'secrets.json');
    let all: Record<string, string> = {};
    try {
      all = JSON.parse(await readFile(file, 'utf8'));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
    }
    if (!all[name]) {
      all[name] = randomBytes(32).toString('hex');
      await writeFileDurably(file, JSON.stringify(all, null, 2), 0o600);
    }
    return Buffer.from(all[name], 'hex');
  }
}

/** Blobs as files under a folder; `durable` ones are fsynced before `put` resolves. */
export class FileBlobs implements BlobStore {
  constructor(
    private readonly dir: string,
    private readonly durable: boolean,
  ) {}

  localPath(key: string): string {
    const path = resolve(this.dir, key);
    if (!path.startsWith(resolve(this.dir) + sep)) throw new Error(`blob key outside its store: ${key}`);
    return path;
  }

  async put(key: string, data: Buffer) {
    const path = this.localPath(key);
    await mkdir(dirname(path), { recursive: true });
    await (this.durable ? writeFileDurably(path, data) : writeFileAtomically(path, data));
  }

  async get(key: string) {
    try {
      return await readFile(this.localPath(key));
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }

  async stream(key: string) {
    try {
      const path = this.localPath(key);
      const { size } = await stat(path);
      return { stream: createReadStream(path), size };
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw e;
    }
  }

  async has(key: string) {
    try {
      await stat(this.localPath(key));
      return true;
    } catch {
      return false;
    }
  }

  async remove(key: string) {
    await storeWrite(() => rm(this.localPath(key), { force: true }));
  }

  async list(prefix: string) {
    const dir = this.localPath(prefix.replace(/\/$/, ''));
    const names = await readdir(dir).catch(() => [] as string[]);
    const out: Array<{ key: string; size: number; modified: number }> = [];
    for (const name of names) {
      if (name.endsWith('.tmp')) continue;
      const s = await stat(join(dir, name)).catch(() => null);
      if (s?.isFile()) out.push({ key: `${prefix.replace(/\/$/, '')}/${name}`, size: s.size, modified: s.mtimeMs });
    }
    return out;
  }
}
