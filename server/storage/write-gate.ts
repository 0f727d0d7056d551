/**
 * The embedded store's write gate (issue 41, point 6): every change of a file in DATA_DIR (a durable
 * write, a journal append, a compaction, a rename into place, a removal) runs as a `storeWrite`;
 * `pauseStoreWrites` waits for those under way, holds new ones back, and runs its work on files
 * that no write touches meanwhile — the instant a backup's snapshot is taken. Nested writes (a
 * compaction writing its snapshot and emptying its journal) count as one, so a pause never falls
 * between the two. Writes held back are answered once the pause ends; the pause itself is bounded
 * by what it does (linking files, copying the journals: milliseconds to a second).
 */
import { AsyncLocalStorage } from 'node:async_hooks';

const inside = new AsyncLocalStorage<true>();
let running = 0;
let paused: Promise<void> | null = null;
let drained: (() => void) | null = null;

/** Runs `write` unless a pause holds the files; a write already inside one runs at once. */
export async function storeWrite<T>(write: () => Promise<T>): Promise<T> {
  if (inside.getStore()) return write();
  while (paused) await paused;
  running++;
  try {
    return await inside.run(true, write);
  } finally {
    if (--running === 0) drained?.();
  }
}

/** Waits for the writes under way, runs `work` while no write starts, then lets the held writes go. One pause at a time. */
export async function pauseStoreWrites<T>(work: () => Promise<T>): Promise<T> {
  while (paused) await paused;
  let release!: () => void;
  paused = new Promise<void>((r) => (release = r));
  try {
    if (running > 0) await new Promise<void>((r) => (drained = r));
    drained = null;
    return await work();
  } finally {
    paused = null;
    release();
  }
}
