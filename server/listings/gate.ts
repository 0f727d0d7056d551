/**
 * One listings change at a time on this server: an upload, a sync, a restore or a publish. A second
 * one meanwhile is refused at once with what is under way and who started it (the editor says so),
 * rather than queued behind it. Across processes and nodes the store's import lock does the same
 * (ImportBusyError).
 */

export interface ImportWork {
  what: 'upload' | 'sync' | 'restore' | 'publish';
  /** The staff member who started it (none for the scheduled sync). */
  by?: string;
  since: string;
}

export class ImportRunning extends Error {
  constructor(readonly work: ImportWork) {
    super(`another change of the listings is under way (${work.what}${work.by ? ` by ${work.by}` : ''}, since ${work.since})`);
  }
}

export class ImportGate {
  private work: ImportWork | null = null;

  /** What is under way, if anything. */
  get current(): ImportWork | null {
    return this.work;
  }

  /** Takes the gate for `work` (throws ImportRunning when taken); the function returned gives it back. */
  enter(work: Omit<ImportWork, 'since'>): () => void {
    if (this.work) throw new ImportRunning(this.work);
    const mine: ImportWork = { ...work, since: new Date().toISOString() };
    this.work = mine;
    return () => {
      if (this.work === mine) this.work = null;
    };
  }

  /** Runs `fn` holding the gate. */
  async run<T>(work: Omit<ImportWork, 'since'>, fn: () => Promise<T>): Promise<T> {
    const release = this.enter(work);
    try {
      return await fn();
    } finally {
      release();
    }
  }
}
