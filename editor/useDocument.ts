/**
 * One document in the editor (a page, a setting, a dictionary): load it, keep the user's draft,
 * save (published or as draft), publish a stored draft, list its history and restore an old
 * revision. A save based on an old revision comes back as a conflict (who saved meanwhile, when)
 * with the user's edits kept; a refused document comes back with its problems (JSON pointers). The
 * same hook serves every screen that edits a document.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, ApiError, type DocKey, type DocState, type Problem, type RevisionInfo } from './api.ts';
import { clean } from './schema.ts';
import { useSession } from './store.ts';

export interface Conflict {
  by: string;
  at: string;
  rev: number;
}

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
  conflict: Conflict | null;
  /** The server's problems with the last save (pointers into the document). */
  problems: Problem[];
  /** Another error of the last action. */
  error: string | null;
  save: (publish: boolean) => Promise<boolean>;
  publish: () => Promise<boolean>;
  history: () => Promise<RevisionInfo[]>;
  /** Restores `rev` over `newest` (the newest revision the user saw in the history), else over the version being edited. */
  restore: (rev: number, newest?: number) => Promise<boolean>;
  reload: () => Promise<void>;
  /** Puts a message in the status line (a refused save, say). */
  announce: (message: string) => void;
}

export const formatTime = (iso: string | undefined) => {
  if (!iso) return '';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? iso : d.toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' });
};

export function conflictMessage(c: Conflict): string {
  return `Saved by ${c.by} at ${formatTime(c.at)} meanwhile — reload to see their version; your changes were not saved`;
}

/**
 * @param normalize brings a loaded document into the shape the screen edits (the same for the
 * stored version, so that opening a document does not make it "changed").
 */
export function useDocument<T>(key: DocKey, normalize: (data: T) => T = (d) => d): DocumentHandle<T> {
  const expired = useSession((s) => s.expired);
  const [base, setBase] = useState<DocState<T> | null>(null);
  const [draft, setDraftState] = useState<T | undefined>(undefined);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const norm = useRef(normalize);
  norm.current = normalize;
  const current = useRef<{ base: DocState<T> | null; draft: T | undefined }>({ base: null, draft: undefined });
  current.current = { base, draft };

  const load = useCallback(async () => {
    setLoading(true);
    setLoadError(null);
    try {
      const doc = await api.doc<T>(key);
      const data = norm.current(clean(doc.data));
      setBase({ ...doc, data });
      setDraftState(data);
      setConflict(null);
      setProblems([]);
      setError(null);
    } catch (e) {
      if (!expired(e)) setLoadError((e as Error).message);
    } finally {
      setLoading(false);
    }
  }, [key, expired]);

  useEffect(() => {
    setBase(null);
    setDraftState(undefined);
    setStatus('');
    void load();
  }, [load]);

  const setDraft = useCallback((next: T | ((prev: T) => T)) => {
    setDraftState((prev) => (typeof next === 'function' ? (next as (p: T) => T)(prev as T) : next));
  }, []);

  const baseJson = useMemo(() => JSON.stringify(base?.data ?? null), [base]);
  const dirty = useMemo(() => draft !== undefined && JSON.stringify(clean(draft)) !== baseJson, [draft, baseJson]);

  const fail = (e: unknown, what: string) => {
    if (expired(e)) return;
    if (e instanceof ApiError && e.conflict) {
      setConflict(e.conflict);
      setStatus(conflictMessage(e.conflict));
    } else if (e instanceof ApiError && e.status === 422) {
      setProblems(e.problems);
      setStatus(`${what}: ${e.problems.length || 'some'} problem${e.problems.length === 1 ? '' : 's'} to fix.`);
      if (!e.problems.length) setError(e.message);
    } else {
      setError((e as Error).message);
      setStatus(`${what}: ${(e as Error).message}`);
    }
  };

  const save = useCallback(
    async (publish: boolean) => {
      const { base: b, draft: d } = current.current;
      if (!b || d === undefined) return false;
      setBusy(true);
      setError(null);
      setStatus(publish ? 'Saving…' : 'Saving draft…');
      try {
        const data = clean(d);
        const { revision } = await api.save(key, data, b.rev, publish);
        setBase({ key, data, rev: revision.rev, published: revision.published, by: revision.by, at: revision.at });
        setConflict(null);
        setProblems([]);
        setStatus(publish ? `Saved and published (revision ${revision.rev}).` : `Saved as a draft (revision ${revision.rev}); the public site is unchanged.`);
        return true;
      } catch (e) {
        fail(e, 'Not saved');
        return false;
      } finally {
        setBusy(false);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key],
  );

  const publish = useCallback(async () => {
    const b = current.current.base;
    if (!b) return false;
    setBusy(true);
    setError(null);
    setStatus('Publishing…');
    try {
      const { revision } = await api.publish(key, b.rev);
      setBase({ ...b, rev: revision.rev, published: true, by: revision.by, at: revision.at });
      setConflict(null);
      setProblems([]);
      setStatus(`Published (revision ${revision.rev}).`);
      return true;
    } catch (e) {
      fail(e, 'Not published');
      return false;
    } finally {
      setBusy(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);

  const history = useCallback(async () => (await api.history(key)).revisions, [key]);

  const restore = useCallback(
    async (rev: number, newest?: number) => {
      const b = current.current.base;
      if (!b) return false;
      setBusy(true);
      setError(null);
      try {
        const { revision } = await api.restore(key, rev, newest ?? b.rev);
        await load();
        setStatus(`Revision ${rev === 0 ? '0 (the original)' : rev} restored and published as revision ${revision.rev}.`);
        return true;
      } catch (e) {
        fail(e, 'Not restored');
        return false;
      } finally {
        setBusy(false);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, load],
  );

  const reload = useCallback(async () => {
    await load();
    setStatus('Reloaded: this is the newest stored version.');
  }, [load]);

  return {
    key,
    loading,
    loadError,
    base,
    draft,
    setDraft,
    dirty,
    hasDraft: !!base && !base.published,
    busy,
    status,
    conflict,
    problems,
    error,
    save,
    publish,
    history,
    restore,
    reload,
    announce: setStatus,
  };
}
