/**
 * Two things the editor and the server share about people working on a document (issue 38,
 * points 2 and 5): the server's autosave of a draft, and who has a document open (presence). The
 * numbers live here once; the answers' shapes are the API's.
 */

/** A draft is sent to the server this long after the last change… */
export const AUTOSAVE_DELAY_MS = 5_000;
/** …and at least this often while the person keeps typing. */
export const AUTOSAVE_MAX_INTERVAL_MS = 15_000;
/** The largest draft kept (as its JSON): the size of a document the editor saves. */
export const AUTOSAVE_MAX_BYTES = 2 * 1024 * 1024;
/** An autosave nobody came back to is deleted after this many days. */
export const AUTOSAVE_KEPT_DAYS = 30;
/** Documents with an autosave per person; past that the oldest autosave of that person goes. */
export const AUTOSAVES_PER_PERSON = 100;

/** An open document tells the server so this often… */
export const PRESENCE_PING_MS = 20_000;
/** …and counts as closed this long after its last word. */
export const PRESENCE_STALE_MS = 60_000;
/** Windows (tabs) a person can have noted as open at once; past that their oldest one is dropped. */
export const PRESENCE_TABS_PER_PERSON = 20;
/** People shown beside a document at most. */
export const PRESENCE_SHOWN_MAX = 20;
/** A window's id: letters, digits, - and _, as the editor makes it. */
export const PRESENCE_TAB_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The server's autosave of a document, as the editor gets it. */
export interface AutosaveRecord<T = unknown> {
  /** The revision the draft started from (0: the version shipped with the site). */
  baseRev: number;
  data: T;
  /** When it was saved (ISO). */
  at: string;
}

/** Someone else (or this person in another window) with the document open now. */
export interface PresentPerson {
  /** The name of the account, else its e-mail address. */
  name: string;
  /** Since when they have it open (ISO). */
  since: string;
  /** They have unsaved changes of it kept on the server (an autosave), and since when. */
  unsavedAt?: string;
  /** This person in another window or on another computer. */
  self?: boolean;
  /** Not open now: changes saved automatically and left (only with `unsavedAt`). */
  away?: boolean;
}
