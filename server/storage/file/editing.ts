/**
 * The embedded store's autosaves and presence (issue 38, points 2 and 5). Autosaves: one file per
 * person and document in DATA_DIR/autosaves/ (a draft is up to 2 MB and is written every few
 * seconds: rewriting one file holding every draft would cost that much more), written durably, with
 * what they are about kept in memory. Presence: in memory, like the counters — one process serves
 * a data folder, and who has a document open is worth a minute at most.
 */
import { createHash } from 'node:crypto';
import { mkdir, readFile, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { storeWrite, writeFileDurably } from '../files.ts';
import type { AutosaveInfo, AutosaveRepository, PresenceEntry, PresenceRepository, StoredAutosave } from '../types.ts';

const fileName = (person: string, key: string) => `${createHash('sha256').update(`${person}\n${key}`).digest('hex')}.json`;

export class FileAutosaves implements AutosaveRepository {
  /** By file name: what each autosave is about. */
  private readonly index = new Map<string, AutosaveInfo>();
  /** Writes and removals of one file, one after the other. */
  private readonly chains = new Map<string, Promise<unknown>>();

  private constructor(private readonly dir: string) {}

  static async open(dataDir: string): Promise<FileAutosaves> {
    const repo = new FileAutosaves(join(dataDir, 'autosaves'));
    await mkdir(repo.dir, { recursive: true });
    for (const name of await readdir(repo.dir)) {
      if (!name.endsWith('.json')) {
        if (name.endsWith('.tmp')) await rm(join(repo.dir, name), { force: true }); // a write cut short
        continue;
      }
      try {
        const raw = await readFile(join(repo.dir, name));
        const a = JSON.parse(raw.toString('utf8')) as StoredAutosave;
        repo.index.set(name, { person: a.person, key: a.key, by: a.by, at: a.at, bytes: raw.length });
      } catch {
        /* unreadable: left out (the person's browser keeps its own copy) */
      }
    }
    return repo;
  }

  private serial<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const next = (this.chains.get(name) ?? Promise.resolve()).then(fn, fn);
    const tail = next.catch(() => undefined);
    this.chains.set(name, tail);
    void tail.then(() => {
      if (this.chains.get(name) === tail) this.chains.delete(name);
    });
    return next;
  }

  async get(person: string, key: string) {
    const name = fileName(person, key);
    if (!this.index.has(name)) return undefined;
    return this.serial(name, async () => {
      try {
        return JSON.parse(await readFile(join(this.dir, name), 'utf8')) as StoredAutosave;
      } catch {
        return undefined;
      }
    });
  }

  async put(a: StoredAutosave, bytes: number) {
    const name = fileName(a.person, a.key);
    await this.serial(name, async () => {
      await writeFileDurably(join(this.dir, name), JSON.stringify(a));
      this.index.set(name, { person: a.person, key: a.key, by: a.by, at: a.at, bytes });
    });
  }

  async remove(person: string, key: string) {
    const name = fileName(person, key);
    if (!this.index.has(name)) return;
    await this.serial(name, async () => {
      await storeWrite(() => rm(join(this.dir, name), { force: true }));
      this.index.delete(name);
    });
  }

  private list(pick: (a: AutosaveInfo) => boolean) {
    return [...this.index.values()].filter(pick).sort((a, b) => a.at - b.at);
  }

  async ofDoc(key: string) {
    return this.list((a) => a.key === key);
  }

  async ofPerson(person: string) {
    return this.list((a) => a.person === person);
  }

  async purge(before: number) {
    const old = [...this.index.values()].filter((a) => a.at < before);
    for (const a of old) await this.remove(a.person, a.key);
    return old.length;
  }
}

const tabKey = (key: string, tab: string, person: string) => `${person}\n${tab}\n${key}`;

export class MemoryPresence implements PresenceRepository {
  private readonly rows = new Map<string, PresenceEntry>();

  async ping(entry: Omit<PresenceEntry, 'since' | 'seenAt'>, now: number, staleBefore: number) {
    const id = tabKey(entry.key, entry.tab, entry.person);
    const was = this.rows.get(id);
    this.rows.set(id, { ...entry, since: was && was.seenAt >= staleBefore ? was.since : now, seenAt: now });
  }

  private list(pick: (e: PresenceEntry) => boolean, seenAfter: number) {
    return [...this.rows.values()].filter((e) => e.seenAt >= seenAfter && pick(e)).map((e) => ({ ...e }));
  }

  async ofDoc(key: string, seenAfter: number) {
    return this.list((e) => e.key === key, seenAfter).sort((a, b) => a.since - b.since);
  }

  async ofPerson(person: string, seenAfter: number) {
    return this.list((e) => e.person === person, seenAfter).sort((a, b) => a.seenAt - b.seenAt);
  }

  async leave(key: string, tab: string, person: string) {
    this.rows.delete(tabKey(key, tab, person));
  }

  async purge(before: number) {
    for (const [id, e] of this.rows) if (e.seenAt < before) this.rows.delete(id);
  }
}
