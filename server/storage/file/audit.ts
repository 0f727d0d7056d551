/**
 * The audit log as one JSON file (DATA_DIR/audit.json), written by the server and by the command
 * line (npm run staff) alike, like the accounts: each reads the file again when its mtime changed.
 * Entries that arrive while one write is under way are written together in the next one; the
 * newest AUDIT_MAX_ENTRIES are kept.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { DurableJsonFile } from '../files.ts';
import type { AuditEntry, AuditRepository } from '../types.ts';
import { AUDIT_MAX_ENTRIES } from '../../../shared/constants.ts';

type Waiting = { entry: AuditEntry; resolve: (added: boolean) => void; reject: (e: unknown) => void };

export class FileAudit implements AuditRepository {
  private cached: { mtime: number; entries: AuditEntry[] } | undefined;
  private readonly file: DurableJsonFile<{ entries: AuditEntry[] }>;
  private readonly waiting: Waiting[] = [];
  private writing = false;

  constructor(readonly path: string) {
    this.file = new DurableJsonFile(path);
  }

  /** Oldest first (a stat per call; the file is parsed again only when it changed). */
  private entries(): AuditEntry[] {
    const mtime = existsSync(this.path) ? statSync(this.path).mtimeMs : -1;
    if (!this.cached || this.cached.mtime !== mtime) {
      const entries = mtime < 0 ? [] : ((JSON.parse(readFileSync(this.path, 'utf8')) as { entries?: AuditEntry[] }).entries ?? []);
      this.cached = { mtime, entries };
    }
    return this.cached.entries;
  }

  add(entry: AuditEntry): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.waiting.push({ entry, resolve, reject });
      if (!this.writing) void this.write();
    });
  }

  private async write() {
    this.writing = true;
    while (this.waiting.length) {
      const batch = this.waiting.splice(0);
      try {
        this.cached = undefined;
        const list = [...this.entries()];
        const ids = new Set(list.map((e) => e.id));
        const added = batch.map(({ entry }) => {
          if (ids.has(entry.id)) return false;
          ids.add(entry.id);
          list.push(entry);
          return true;
        });
        await this.file.write({ entries: list.slice(-AUDIT_MAX_ENTRIES) });
        this.cached = undefined;
        batch.forEach((w, i) => w.resolve(added[i]));
      } catch (e) {
        for (const w of batch) w.reject(e);
      }
    }
    this.writing = false;
  }

  async recent(limit: number, prefix?: string) {
    const out: AuditEntry[] = [];
    const all = this.entries();
    for (let i = all.length - 1; i >= 0 && out.length < limit; i--) if (!prefix || all[i].action.startsWith(prefix)) out.push(all[i]);
    return out;
  }
}
