/**
 * Scheduled changes in the embedded store: DATA_DIR/schedules.json, written durably on every
 * change. One process serves a data folder, so a claim is a mark in memory: a change taken by the
 * scheduler is not handed out again until it is finished or its lease has run out.
 */
import { join } from 'node:path';
import { Collection } from '../files.ts';
import type { ScheduleCancelResult, ScheduleEntry, ScheduleRepository } from '../types.ts';
import { SCHEDULE_FINISHED_KEPT } from '../../../shared/schedule.ts';

const byTime = (a: ScheduleEntry, b: ScheduleEntry) => Date.parse(a.at) - Date.parse(b.at);

export class FileSchedules implements ScheduleRepository {
  /** Claimed changes: id → until when (ms). */
  private readonly claims = new Map<string, number>();

  private constructor(private readonly col: Collection<{ entries: ScheduleEntry[] }>) {}

  static async open(dir: string) {
    return new FileSchedules(await new Collection(join(dir, 'schedules.json'), { entries: [] as ScheduleEntry[] }).open());
  }

  private get entries() {
    return this.col.data.entries;
  }

  async add(entry: ScheduleEntry, limits: { total: number; perDoc: number }) {
    const waiting = this.entries.filter((e) => e.state === 'waiting');
    if (waiting.length >= limits.total) return 'tooMany' as const;
    if (waiting.filter((e) => e.key === entry.key).length >= limits.perDoc) return 'tooManyForDoc' as const;
    await this.col.update((d) => void d.entries.push(structuredClone(entry)));
    return 'added' as const;
  }

  async get(id: string) {
    const e = this.entries.find((x) => x.id === id);
    return e && structuredClone(e);
  }

  async list(finished: number) {
    const waiting = this.entries.filter((e) => e.state === 'waiting').sort(byTime);
    // Kept in the order they finished: the newest last.
    const done = this.entries
      .filter((e) => e.state !== 'waiting')
      .slice(-finished)
      .reverse();
    return { waiting: structuredClone(waiting), finished: structuredClone(done) };
  }

  async claim(now: number, limit: number, leaseMs: number) {
    const seen = new Set<string>();
    const out: ScheduleEntry[] = [];
    for (const e of this.entries.filter((x) => x.state === 'waiting').sort(byTime)) {
      if (seen.has(e.key)) continue; // a document's later change waits for its earlier one
      seen.add(e.key);
      if (Date.parse(e.at) > now || (this.claims.get(e.id) ?? 0) > now) continue;
      this.claims.set(e.id, now + leaseMs);
      out.push(structuredClone(e));
      if (out.length >= limit) break;
    }
    return out;
  }

  async finish(id: string, outcome: Pick<ScheduleEntry, 'state' | 'doneAt' | 'code' | 'params' | 'error' | 'rev'>) {
    const i = this.entries.findIndex((e) => e.id === id && e.state === 'waiting');
    this.claims.delete(id);
    if (i < 0) return false;
    await this.col.update((d) => {
      const [e] = d.entries.splice(i, 1);
      d.entries.push({ ...e, ...outcome });
      prune(d.entries);
    });
    return true;
  }

  async cancel(id: string, by: string, at: string, now: number): Promise<ScheduleCancelResult> {
    const i = this.entries.findIndex((e) => e.id === id);
    if (i < 0) return 'missing';
    if (this.entries[i].state !== 'waiting') return 'notWaiting';
    if ((this.claims.get(id) ?? 0) > now) return 'running';
    await this.col.update((d) => {
      const [e] = d.entries.splice(i, 1);
      d.entries.push({ ...e, state: 'cancelled', doneAt: at, cancelledBy: by });
      prune(d.entries);
    });
    return 'cancelled';
  }
}

/** Only the newest finished changes are kept (waiting ones always). */
function prune(entries: ScheduleEntry[]) {
  let extra = entries.filter((e) => e.state !== 'waiting').length - SCHEDULE_FINISHED_KEPT;
  for (let i = 0; i < entries.length && extra > 0;) {
    if (entries[i].state !== 'waiting') {
      entries.splice(i, 1);
      extra--;
    } else i++;
  }
}
