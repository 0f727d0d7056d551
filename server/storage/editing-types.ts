/**
 * The repositories of people working on a document (issue 38, points 2 and 5): each person's draft
 * autosaved on the server, and who has which document open. Part of server/storage/types.ts.
 */

/** A person's unsaved draft of a document, kept on the server (one per person and document). */
export interface StoredAutosave {
  /** Whose (`staff:{id}`): one record per person and document, overwritten. */
  person: string;
  /** The document (`page:12`…). */
  key: string;
  /** The account's e-mail address when it was saved (to match the revisions it saves later). */
  by: string;
  /** The revision the draft started from. */
  baseRev: number;
  data: unknown;
  /** When it was saved (epoch ms). */
  at: number;
}

/** What is known of an autosave without reading its draft. */
export type AutosaveInfo = Omit<StoredAutosave, 'data' | 'baseRev'> & { bytes: number };

export interface AutosaveRepository {
  get(person: string, key: string): Promise<StoredAutosave | undefined>;
  /** Writes it over the person's autosave of the same document; durable before it resolves. */
  put(autosave: StoredAutosave, bytes: number): Promise<void>;
  remove(person: string, key: string): Promise<void>;
  /** The autosaves of a document (whose, when), oldest first. */
  ofDoc(key: string): Promise<AutosaveInfo[]>;
  /** The autosaves of a person (which documents, when), oldest first. */
  ofPerson(person: string): Promise<AutosaveInfo[]>;
  /** Deletes the autosaves saved before `before` (epoch ms); gives how many. */
  purge(before: number): Promise<number>;
}

/** One window (tab) of a person with a document open. */
export interface PresenceEntry {
  key: string;
  /** The window's own random id. */
  tab: string;
  person: string;
  /** The name shown to the others (the account's name, else its e-mail address). */
  name: string;
  /** Its first word about this document (epoch ms)… */
  since: number;
  /** …and its last. */
  seenAt: number;
}

/** Who has which document open, shared by every node of a store. */
export interface PresenceRepository {
  /** Notes that a window has the document open at `now` (`since` kept from its first word while it stays fresh). */
  ping(entry: Omit<PresenceEntry, 'since' | 'seenAt'>, now: number, staleBefore: number): Promise<void>;
  /** The windows with the document open, heard from at `seenAfter` or later, earliest first. */
  ofDoc(key: string, seenAfter: number): Promise<PresenceEntry[]>;
  /** The windows of a person heard from at `seenAfter` or later, oldest word first. */
  ofPerson(person: string, seenAfter: number): Promise<PresenceEntry[]>;
  /** The window closed the document (or is dropped). */
  leave(key: string, tab: string, person: string): Promise<void>;
  /** Forgets windows not heard from since `before`. */
  purge(before: number): Promise<void>;
}
