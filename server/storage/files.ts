/**
 * The embedded store's file primitives: a JSON file per collection (through lowdb) and journals. Every acknowledged write is
 * durable — written to a temporary file, fsynced, renamed over the old one, directory fsynced —
 * and writes that arrive while one is flushing are grouped into the next flush.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { Low, type Adapter } from 'lowdb';
import { storeWrite } from './write-gate.ts';

export { storeWrite, pauseStoreWrites } from './write-gate.ts';

export class DurableJsonFile<T> implements Adapter<T> {
  constructor(private readonly path: string) {}

  async read(): Promise<T | null> {
    try {
      return JSON.parse(await readFile(this.path, 'utf8')) as T;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw new Error(`${this.path}: cannot be read (${(e as Error).message})`);
    }
  }

  write(data: T): Promise<void> {
    return writeFileDurably(this.path, JSON.stringify(data));
  }
}

/** Written to a temporary file, fsynced, renamed into place, the folder fsynced: the file survives a crash. */
export function writeFileDurably(path: string, data: string | Buffer, mode = 0o644): Promise<void> {
  return storeWrite(() => writeDurably(path, data, mode));
}

async function writeDurably(path: string, data: string | Buffer, mode: number): Promise<void> {
  await mkdir(dirname(path), { recursive: true });
  const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  const fh = await open(tmp, 'w', mode);
  try {
    await fh.writeFile(data);
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(tmp, path);
  await syncDir(dirname(path));
}

/** Makes a rename in `dir` durable. */
export async function syncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** Written beside and renamed into place (no fsync): a reader never sees half a file. For caches that can be made again. */
export function writeFileAtomically(path: string, data: string | Buffer): Promise<void> {
  return storeWrite(async () => {
    await mkdir(dirname(path), { recursive: true });
    const tmp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    await writeFile(tmp, data);
    await rename(tmp, path);
  });
}

/** A collection kept in memory and persisted to its own file. */
export class Collection<T> {
  private readonly db: Low<T>;
  private flushing: Promise<void> | null = null;
  private pending: Promise<void> | null = null;

  constructor(path: string, defaults: T) {
    this.db = new Low<T>(new DurableJsonFile<T>(path), defaults);
  }

  async open(): Promise<this> {
    await this.db.read();
    return this;
  }

  get data(): T {
    return this.db.data;
  }

  /** Changes the data and resolves once the change is on disk. */
  async update(change: (data: T) => void): Promise<void> {
    change(this.db.data);
    return this.flush();
  }

  private flush(): Promise<void> {
    if (this.pending) return this.pending; // joins the next flush
    if (!this.flushing) {
      this.flushing = this.db.write().finally(() => (this.flushing = null));
      return this.flushing;
    }
    this.pending = this.flushing.then(() => {
      this.pending = null;
      this.flushing = this.db.write().finally(() => (this.flushing = null));
      return this.flushing;
    });
    return this.pending;
  }
}

/**
 * A journal of short lines: each `append` is written and fsynced before it resolves (appends that
 * arrive meanwhile are written together), a few milliseconds whatever the size of the data it
 * annotates. Read back whole at start; emptied once what it says is safely elsewhere.
 */
export class AppendLog {
  private writing: Promise<void> = Promise.resolve();
  private queued: string[] = [];
  private flush: Promise<void> | null = null;

  constructor(readonly path: string) {}

  async lines(): Promise<string[]> {
    try {
      return (await readFile(this.path, 'utf8')).split('\n').filter(Boolean);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw e;
    }
  }

  append(line: string): Promise<void> {
    if (line.includes('\n')) throw new Error('a journal line holds no line break');
    this.queued.push(line);
    if (!this.flush) {
      this.flush = this.writing.then(async () => {
        this.flush = null;
        await this.flushNow();
      });
      this.writing = this.flush.catch(() => undefined);
    }
    return this.flush!;
  }

  /** Empties the journal (durably), after waiting for the appends under way. */
  async clear(): Promise<void> {
    await this.replace(async () => {});
  }

  /**
   * Runs `save` (which makes what the journal says durable elsewhere) and then empties the journal,
   * after the appends under way and before any that arrive meanwhile.
   */
  replace(save: () => Promise<void>): Promise<void> {
    // One write for a backup's snapshot (server/storage/write-gate.ts): never the new snapshot with the old journal.
    const run = this.writing.then(() =>
      storeWrite(async () => {
        // Appends queued before this point but not yet flushed go first.
        if (this.queued.length) await this.flushNow();
        await save();
        await writeFileDurably(this.path, '');
      }),
    );
    this.writing = run.catch(() => undefined);
    return run;
  }

  /** Resolves once the appends and replacements under way are done. */
  idle(): Promise<void> {
    return this.writing;
  }

  private flushNow() {
    return storeWrite(() => this.appendQueued());
  }

  private async appendQueued() {
    const batch = this.queued.splice(0);
    if (!batch.length) return;
    await mkdir(dirname(this.path), { recursive: true });
    const fh = await open(this.path, 'a');
    try {
      await fh.appendFile(`${batch.join('\n')}\n`);
      await fh.sync();
    } finally {
      await fh.close();
    }
  }
}
