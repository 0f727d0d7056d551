/**
 * State kept in memory, made durable as a snapshot file plus a journal of changes: each change is
 * one line appended and fsynced (changes that arrive meanwhile are written together), milliseconds
 * whatever the size of the state — never a rewrite of the whole file per event. At open, the
 * snapshot is read and the journal replayed; the journal is folded into a new snapshot at open and
 * when it grows long, in the background.
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { AppendLog, writeFileDurably } from '../files.ts';

/** Changes folded into the snapshot once the journal holds this many. */
const COMPACT_AFTER = 5_000;

export class Journaled<S, E> {
  private appended = 0;
  private compacting: Promise<void> | null = null;
  private readonly log: AppendLog;

  private constructor(
    private readonly snapshotPath: string,
    journalPath: string,
    public state: S,
    private readonly apply: (state: S, event: E) => void,
    private readonly serialise: (state: S) => unknown,
  ) {
    this.log = new AppendLog(journalPath);
  }

  /**
   * The state as the files have it, read without taking them over (no compaction): for readers
   * beside the process that writes them (npm run leads, tests).
   */
  static read<S, E>(o: { snapshot: string; journal: string; empty: () => S; apply: (state: S, event: E) => void; revive?: (raw: unknown) => S }): S {
    const text = (path: string) => {
      try {
        return readFileSync(path, 'utf8');
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw e;
      }
    };
    const snap = text(o.snapshot);
    const state = snap === undefined ? o.empty() : o.revive ? o.revive(JSON.parse(snap)) : (JSON.parse(snap) as S);
    for (const line of (text(o.journal) ?? '').split('\n').filter(Boolean)) {
      try {
        o.apply(state, JSON.parse(line) as E);
      } catch {
        // a last line cut short by a crash
      }
    }
    return state;
  }

  /** Reads the snapshot (or `empty`), replays the journal, and folds it into a new snapshot. */
  static async open<S, E>(o: {
    snapshot: string;
    journal: string;
    empty: () => S;
    apply: (state: S, event: E) => void;
    serialise?: (state: S) => unknown;
    revive?: (raw: unknown) => S;
  }): Promise<Journaled<S, E>> {
    let state: S;
    try {
      const raw = JSON.parse(await readFile(o.snapshot, 'utf8'));
      state = o.revive ? o.revive(raw) : (raw as S);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw new Error(`${o.snapshot} cannot be read (${(e as Error).message})`);
      state = o.empty();
    }
    const j = new Journaled<S, E>(o.snapshot, o.journal, state, o.apply, o.serialise ?? ((s) => s));
    const lines = await j.log.lines();
    for (const [i, line] of lines.entries()) {
      let event: E;
      try {
        event = JSON.parse(line) as E;
      } catch {
        // A line cut short by a crash mid-write can only be the last one: it was never acknowledged.
        if (i === lines.length - 1) break;
        throw new Error(`${o.journal}: line ${i + 1} cannot be read`);
      }
      o.apply(state, event);
    }
    if (lines.length) await j.compact();
    return j;
  }

  /** Applies a change in memory and resolves once its journal line is on disk. */
  async write(event: E): Promise<void> {
    const line = JSON.stringify(event);
    this.apply(this.state, event);
    await this.log.append(line);
    if (++this.appended >= COMPACT_AFTER && !this.compacting) void this.compact().catch(() => undefined);
  }

  /** Waits for the writes under way. */
  async close(): Promise<void> {
    await this.compacting;
    await this.log.idle();
  }

  /** Writes the state as the new snapshot and empties the journal. */
  compact(): Promise<void> {
    this.compacting ??= (async () => {
      // Appends that arrive while the snapshot is written land in the journal after it is emptied:
      // the log's queue runs the two in order.
      await this.log.replace(async () => {
        await writeFileDurably(this.snapshotPath, JSON.stringify(this.serialise(this.state)));
      });
      this.appended = 0;
    })().finally(() => (this.compacting = null));
    return this.compacting;
  }
}
