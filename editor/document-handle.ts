/** What a screen holds of one document (useDocument.ts): its stored version, the draft, the state of a save, the actions. */
import type { DocKey, DocState, Problem, RevisionInfo } from './api.ts';
import type { Choices, ConflictState } from './conflict-choices.ts';
import type { LocalDraft } from './local-drafts.ts';
import type { AutosaveState } from './useAutosave.ts';

export interface DocumentHandle<T> {
  key: DocKey;
  loading: boolean;
  /** Could not load (not found, no right…). */
  loadError: string | null;
  /** The stored version the draft started from. */
  base: DocState<T> | null;
  draft: T | undefined;
  setDraft: (next: T | ((prev: T) => T)) => void;
  dirty: boolean;
  /** The newest stored version is a draft (not live yet). */
  hasDraft: boolean;
  busy: boolean;
  /** A line for the aria-live status region. */
  status: string;
  conflict: ConflictState | null;
  /** The server's problems with the last save (pointers into the document). */
  problems: Problem[];
  /** A stored draft's problems: what stands between it and publishing (it was kept all the same). */
  marks: Problem[];
  /** The document is in the trash (who deleted it, when). */
  trashed: { at: string; by: string } | null;
  /** Another error of the last action. */
  error: string | null;
  /** Unsaved edits found in this browser for this document, waiting for restore or discard. */
  offer: LocalDraft<T> | null;
  restoreOffer: () => void;
  discardOffer: () => void;
  /** Saves; `keepOldAddresses: false` lets a page's old address go without a redirect (issue 38). */
  save: (publish: boolean, extra?: { keepOldAddresses?: boolean }) => Promise<boolean>;
  /** Saves again after a conflict, with the chosen version at each conflicting field. */
  resolve: (choices: Choices) => Promise<boolean>;
  publish: () => Promise<boolean>;
  /** Takes the document off the site; `force`: an admin's yes for a page the site needs. Gives why it was refused, if it was. */
  unpublish: (force?: boolean) => Promise<true | { code: string; roles?: Array<{ role: string; detail?: string[] }> }>;
  history: () => Promise<RevisionInfo[]>;
  /** Restores `rev` over `newest` (the newest revision the user saw in the history), else over the version being edited; `oldN` is its number within the document. */
  restore: (rev: number, newest?: number, oldN?: number) => Promise<boolean>;
  reload: () => Promise<void>;
  /** Puts a message in the status line (a refused save, say). */
  announce: (message: string) => void;
  /** The draft autosaved to the server (issue 38, point 2: useAutosave.ts). */
  autosave: AutosaveState;
}
