// The embedded store's write gate (issue 41, point 6): a backup's pause waits for the writes under
// way, holds back those that arrive meanwhile, and never falls inside a compaction (a write made of
// two: the new snapshot, then the emptied journal).
import { describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pauseStoreWrites, storeWrite } from '../../server/storage/write-gate.ts';
import { AppendLog, writeFileDurably } from '../../server/storage/files.ts';

const later = () => {
  let open!: () => void;
  const p = new Promise<void>((r) => (open = r));
  return { p, open };
};

describe('write gate', () => {
  it('waits for the write under way, then holds back a write that arrives during the pause', async () => {
    const order: string[] = [];
    const gate = later();
    const first = storeWrite(async () => {
      await gate.p;
      order.push('write under way ends');
    });
    const pause = pauseStoreWrites(async () => {
      order.push('pause');
      await new Promise((r) => setImmediate(r));
      order.push('pause ends');
    });
    const second = storeWrite(async () => void order.push('write held back'));
    await new Promise((r) => setImmediate(r));
    expect(order).toEqual([]);
    gate.open();
    await Promise.all([first, pause, second]);
    expect(order).toEqual(['write under way ends', 'pause', 'pause ends', 'write held back']);
  });

  it('never pauses between the two writes of a compaction', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'gate-'));
    const log = new AppendLog(join(dir, 'j.log'));
    await log.append('one');
    const seen: Array<{ snapshot: string; journal: string }> = [];
    const inSave = later();
    const go = later();
    const compaction = log.replace(async () => {
      await writeFileDurably(join(dir, 'snap.json'), '["one"]');
      inSave.open();
      await go.p;
    });
    await inSave.p;
    // A pause asked while the snapshot is written and the journal not yet emptied waits for both.
    const pause = pauseStoreWrites(async () => {
      seen.push({ snapshot: readFileSync(join(dir, 'snap.json'), 'utf8'), journal: readFileSync(join(dir, 'j.log'), 'utf8') });
    });
    await new Promise((r) => setTimeout(r, 5));
    expect(seen).toEqual([]);
    go.open();
    await Promise.all([compaction, pause]);
    expect(seen).toEqual([{ snapshot: '["one"]', journal: '' }]);
  });

  it('takes one pause at a time', async () => {
    const order: string[] = [];
    const a = later();
    const p1 = pauseStoreWrites(async () => {
      order.push('1');
      await a.p;
      order.push('1 ends');
    });
    const p2 = pauseStoreWrites(async () => void order.push('2'));
    await new Promise((r) => setImmediate(r));
    a.open();
    await Promise.all([p1, p2]);
    expect(order).toEqual(['1', '1 ends', '2']);
  });
});
