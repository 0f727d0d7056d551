/**
 * Accounts as one JSON file (DATA_DIR/owners.json, DATA_DIR/staff.json), written by the command
 * line (npm run owners / staff) and by the server alike: each reads the file again when its mtime
 * changed, and each change reads, changes and writes it durably, one at a time in a process.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { DurableJsonFile } from '../files.ts';
import type { AccountRecord, AccountRepository } from '../types.ts';

export class FileAccounts<A extends AccountRecord> implements AccountRepository<A> {
  private cached: { mtime: number; list: A[] } | undefined;
  private readonly file: DurableJsonFile<Record<string, A[]>>;
  private writing: Promise<unknown> = Promise.resolve();

  /** `listKey`: the file's one key ("owners", "staff"). */
  constructor(
    readonly path: string,
    private readonly listKey: string,
  ) {
    this.file = new DurableJsonFile(path);
  }

  /** The accounts (a stat per call; the file is parsed again only when it changed). */
  private list(): A[] {
    const mtime = existsSync(this.path) ? statSync(this.path).mtimeMs : -1;
    if (!this.cached || this.cached.mtime !== mtime) {
      const list = mtime < 0 ? [] : ((JSON.parse(readFileSync(this.path, 'utf8')) as Record<string, A[]>)[this.listKey] ?? []);
      this.cached = { mtime, list };
    }
    return this.cached.list;
  }

  private change<T>(fn: (list: A[]) => T): Promise<T> {
    const run = this.writing.then(async () => {
      this.cached = undefined;
      const list = structuredClone(this.list());
      const result = fn(list);
      await this.file.write({ [this.listKey]: list });
      this.cached = undefined;
      return result;
    });
    this.writing = run.catch(() => undefined);
    return run;
  }

  async all() {
    return this.list();
  }

  async byId(id: string) {
    return this.list().find((a) => a.id === id);
  }

  async byUsername(username: string) {
    return this.list().find((a) => a.username === username);
  }

  insert(account: A) {
    return this.change((list) => {
      if (list.some((a) => a.username === account.username)) return false;
      list.push(account);
      return true;
    });
  }

  update(id: string, fn: (a: A) => void) {
    return this.change((list) => {
      const a = list.find((x) => x.id === id);
      if (a) fn(a);
      return a;
    });
  }
}
