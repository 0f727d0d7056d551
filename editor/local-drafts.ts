/**
 * Unsaved edits kept in this browser (localStorage), per staff member, document and the revision
 * they started from (issue 14, point 2): written a moment after each change and when the tab goes
 * away, dropped once the document is saved or the edits discarded. A crash, an expired session or
 * a refused save leaves them there, and the document offers them back when it is opened again.
 */

const PREFIX = 'vitrine.editor.draft:';

export interface LocalDraft<T = unknown> {
  /** The revision the edits started from (0: the version shipped with the site). */
  baseRev: number;
  data: T;
  /** When they were last written (ISO). */
  at: string;
  /** Kept on the server (autosaved from this or another computer, issue 38) rather than in this browser. */
  source?: 'server';
}

const keyOf = (user: string, doc: string) => `${PREFIX}${user}:${doc}`;

export function readDraft<T>(user: string, doc: string): LocalDraft<T> | undefined {
  try {
    const raw = localStorage.getItem(keyOf(user, doc));
    if (!raw) return undefined;
    const d = JSON.parse(raw) as LocalDraft<T>;
    return d && typeof d.baseRev === 'number' && d.data !== undefined ? d : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(user: string, doc: string, baseRev: number, data: unknown): void {
  try {
    localStorage.setItem(keyOf(user, doc), JSON.stringify({ baseRev, data, at: new Date().toISOString() }));
  } catch {
    /* storage full or refused: the question before leaving still protects the edits */
  }
}

export function dropDraft(user: string, doc: string): void {
  try {
    localStorage.removeItem(keyOf(user, doc));
  } catch {
    /* nothing kept */
  }
}

/** Every document of this staff member with edits kept here (for the editor's start screen). */
export function draftKeys(user: string): string[] {
  const out: string[] = [];
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const k = localStorage.key(i);
      if (k?.startsWith(`${PREFIX}${user}:`)) out.push(k.slice(PREFIX.length + user.length + 1));
    }
  } catch {
    /* none */
  }
  return out;
}
