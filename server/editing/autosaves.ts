/**
 * Autosaves (issue 38, point 2): while a document has unsaved edits, the editor sends them here every
 * few seconds as this person's autosave of that document — not a revision (the history stays
 * readable) — so that another computer finds them. One per person and document, overwritten; gone
 * when the person saves, publishes or discards (the editor says so, and an autosave older than a
 * revision of the same document by the same person is dropped when it is next read, whichever node
 * saved); at most 2 MB; deleted after 30 days; at most AUTOSAVES_PER_PERSON per person (the oldest
 * goes first). The browser's own copy stays the fallback.
 */
import { HttpError } from '../http/request.ts';
import type { AutosaveInfo, AutosaveRepository, StoredAutosave } from '../storage/index.ts';
import type { ContentStore } from '../content/content-store.ts';
import type { DocKey } from '../content/doc-key.ts';
import { mayChange, type Actor } from '../content/operations.ts';
import { AUTOSAVE_KEPT_DAYS, AUTOSAVE_MAX_BYTES, AUTOSAVES_PER_PERSON, type AutosaveRecord } from '../../shared/editing.ts';

/** A staff member as the editing features know them. */
export interface Person extends Actor {
  id: string;
  name?: string;
}
export const personId = (p: Pick<Person, 'id'>) => `staff:${p.id}`;

const KEPT_MS = AUTOSAVE_KEPT_DAYS * 24 * 3600_000;
/** Old autosaves are looked for at most once a minute (on a write). */
const PURGE_EVERY_MS = 60_000;
/** The highest revision number a draft can start from (a PostgreSQL integer). */
const MAX_REV = 2_147_483_647;

export interface AutosaveDeps {
  repo: AutosaveRepository;
  /** The revisions of a document (an autosave older than the person's own save of it is over). */
  content: Pick<ContentStore, 'revisionsOf'>;
  /** The clock (tests move it). */
  now?: () => number;
}

export class AutosaveOperations {
  private purgedAt = -Infinity;
  private readonly now: () => number;

  constructor(private readonly deps: AutosaveDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** Saved by this person after the autosave was made (or kept past its days): no longer what they have to restore. */
  private over(a: Pick<StoredAutosave, 'key' | 'by' | 'at'>): boolean {
    if (a.at < this.now() - KEPT_MS) return true;
    return this.deps.content.revisionsOf(a.key as DocKey).some((r) => r.by === a.by && Date.parse(r.at) >= a.at);
  }

  /** The person's autosave of the document, or null (one that is over is deleted). */
  async read(person: Person, key: DocKey): Promise<AutosaveRecord | null> {
    mayChange(person, key);
    const a = await this.deps.repo.get(personId(person), key);
    if (!a) return null;
    if (this.over(a)) {
      await this.deps.repo.remove(a.person, key);
      return null;
    }
    return { baseRev: a.baseRev, data: a.data, at: new Date(a.at).toISOString() };
  }

  /** Keeps `data` as the person's autosave of the document (over the one before); gives when. */
  async write(person: Person, key: DocKey, draft: { data: unknown; baseRev: unknown }): Promise<{ at: string }> {
    mayChange(person, key);
    const { baseRev, data } = draft;
    if (typeof baseRev !== 'number' || !Number.isInteger(baseRev) || baseRev < 0 || baseRev > MAX_REV)
      throw new HttpError(400, { error: 'baseRev: must be the revision number the draft started from (0 for the version from the files)', field: 'baseRev' });
    if (data === undefined || data === null) throw new HttpError(400, { error: 'data: the draft is missing', field: 'data' });
    const bytes = Buffer.byteLength(JSON.stringify(data));
    if (bytes > AUTOSAVE_MAX_BYTES)
      throw new HttpError(413, {
        error: `data: the draft has ${bytes} bytes, more than the ${AUTOSAVE_MAX_BYTES} kept on the server; it stays in the browser`,
        field: 'data',
        code: 'autosave.tooLarge',
      });
    await this.purge();
    const at = this.now();
    const id = personId(person);
    await this.deps.repo.put({ person: id, key, by: person.username, baseRev, data, at }, bytes);
    // At most AUTOSAVES_PER_PERSON per person: their oldest go.
    const mine = await this.deps.repo.ofPerson(id);
    for (const old of mine.filter((a) => a.key !== key).slice(0, Math.max(0, mine.length - AUTOSAVES_PER_PERSON))) await this.deps.repo.remove(id, old.key);
    return { at: new Date(at).toISOString() };
  }

  /** Saved, published or discarded: the person's autosave of the document goes. */
  async discard(person: Person, key: DocKey): Promise<void> {
    mayChange(person, key);
    await this.deps.repo.remove(personId(person), key);
  }

  /** Who has unsaved changes of a document kept here (and since when). */
  async unsaved(key: DocKey): Promise<AutosaveInfo[]> {
    return (await this.deps.repo.ofDoc(key)).filter((a) => !this.over(a));
  }

  /** Deletes the autosaves past their days (at most once a minute; `force`: now). */
  async purge(force = false): Promise<number> {
    const now = this.now();
    if (!force && now - this.purgedAt < PURGE_EVERY_MS) return 0;
    this.purgedAt = now;
    return this.deps.repo.purge(now - KEPT_MS);
  }
}
