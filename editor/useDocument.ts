/**
 * One document in the editor (a page, an article, a setting, a dictionary): load it, keep the
 * staff member's draft, save (published or as draft), publish a stored draft, list its history and
 * restore an old revision. Issue 14:
 * - the draft is kept in this browser while it differs from the stored version, and offered back
 *   when the document is opened again (after a crash, an expired session, a refused save);
 * - leaving the screen with unsaved edits asks first (guard.ts);
 * - a save based on an older revision is merged by the server with what was saved in between; only
 *   fields both people changed come back, each with both values, for the staff member to choose.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, ApiError, type DocKey, type DocState, type MergeConflict, type Problem, type RevisionInfo } from './api.ts';
import { clean, pointerToPath } from './schema.ts';
import { useSession } from './store.ts';
import { useUnsaved } from './guard.ts';
import { dropDraft, readDraft, writeDraft, type LocalDraft } from './local-drafts.ts';
import { formatWhen, tr, useUiLang } from './i18n/index.ts';
import { useAutosave, type AutosaveState } from './useAutosave.ts';

/** A save refused because someone else saved in between. */
export interface ConflictState {
  by: string;
  at: string;
  rev: number;
  /** The fields both changed (empty: a publish or a restore, which are never merged). */
  items: MergeConflict[];
  /** Everything else merged (their values at the fields above). */
  merged: unknown;
  /** Whether the refused save was to publish. */
  publish: boolean;
}

/** Which version to keep at each conflicting field (by pointer). */
export type Choices = Record<string, 'mine' | 'theirs'>;

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
  /** Another error of the last action. */
  error: string | null;
  /** Unsaved edits found in this browser for this document, waiting for restore or discard. */
  offer: LocalDraft<T> | null;
  restoreOffer: () => void;
  discardOffer: () => void;
  save: (publish: boolean) => Promise<boolean>;
  /** Saves again after a conflict, with the chosen version at each conflicting field. */
  resolve: (choices: Choices) => Promise<boolean>;
  publish: () => Promise<boolean>;
  history: () => Promise<RevisionInfo[]>;
  /** Restores `rev` over `newest` (the newest revision the user saw in the history), else over the version being edited. */
  restore: (rev: number, newest?: number) => Promise<boolean>;
  reload: () => Promise<void>;
  /** Puts a message in the status line (a refused save, say). */
  announce: (message: string) => void;
  /** The draft autosaved to the server (issue 38, point 2: useAutosave.ts). */
  autosave: AutosaveState;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** How long after a change the draft is written to this browser. */
export const LOCAL_DRAFT_DELAY_MS = 250;

/** `value` at `pointer` in a copy of `doc` (undefined removes the key, or the member of a list). */
export function setAt(doc: unknown, pointer: string, value: unknown): unknown {
  const path = pointerToPath(pointer);
  if (!path.length) return value;
  const root = structuredClone(doc) as Record<string, unknown>;
  let node: Record<string, unknown> | unknown[] = root;
  for (const seg of path.slice(0, -1)) {
    const next = (node as Record<string, unknown>)[seg];
    if (!next || typeof next !== 'object') return root;
    node = next as Record<string, unknown>;
  }
  const last = path[path.length - 1];
  if (Array.isArray(node)) {
    if (value === undefined) node.splice(Number(last), 1);
    else node[Number(last)] = value;
  } else if (value === undefined) delete node[last];
  else node[last] = value;
  return root;
}

/** The merged document with the chosen version at each conflict (members of lists removed last, from the end). */
export function applyChoices(merged: unknown, items: MergeConflict[], choices: Choices): unknown {
  let out = structuredClone(merged);
  const ordered = [...items].sort((a, b) => b.pointer.localeCompare(a.pointer, undefined, { numeric: true }));
  for (const c of ordered) {
    if (choices[c.pointer] !== 'mine') continue; // theirs is what `merged` holds there
    if (c.kind === 'order') {
      const list = pointerToPath(c.pointer).reduce<unknown>((n, k) => (n as Record<string, unknown>)?.[k], out) as Array<{ id: unknown }> | undefined;
      if (!Array.isArray(list)) continue;
      const want = c.mine as unknown[];
      const sorted = [...list].sort((a, b) => want.indexOf(a.id) - want.indexOf(b.id));
      out = setAt(out, c.pointer, sorted);
    } else out = setAt(out, c.pointer, c.mine);
  }
  return out;
}

/**
 * @param normalize brings a loaded document into the shape the screen edits (the same for the
 * stored version, so that opening a document does not make it "changed").
 * @param label what the document is, in words (for the question before leaving)
 */
export function useDocument<T>(key: DocKey, normalize: (data: T) => T = (d) => d, label?: string, create?: T): DocumentHandle<T> {
  const expired = useSession((s) => s.expired);
  const user = useSession((s) => s.me?.user.username ?? '');
  const ui = useUiLang((s) => s.lang);
  const [base, setBase] = useState<DocState<T> | null>(null);
  const [draft, setDraftState] = useState<T | undefined>(undefined);
  const [saveBase, setSaveBase] = useState<number | null>(null);
  const [loading, setLoading] = useState(true);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [conflict, setConflict] = useState<ConflictState | null>(null);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [offer, setOffer] = useState<LocalDraft<T> | null>(null);
  const norm = useRef(normalize);
  norm.current = normalize;
  const createRef = useRef(create);
  createRef.current = create;
  const current = useRef<{ base: DocState<T> | null; draft: T | undefined; saveBase: number | null; offer: LocalDraft<T> | null }>({
    base: null,
    draft: undefined,
    saveBase: null,
    offer: null,
  });
  current.current = { base, draft, saveBase, offer };

  const load = useCallback(
    async (opts: { keepOffer?: boolean } = {}) => {
      setLoading(true);
      setLoadError(null);
      try {
        const doc = await api.doc<T>(key);
        const data = norm.current(clean(doc.data));
        setBase({ ...doc, data });
        setDraftState(data);
        setSaveBase(null);
        setConflict(null);
        setProblems([]);
        setError(null);
        // Edits kept in this browser that were never saved: offered back (unless they are what is stored now).
        const local = opts.keepOffer ? null : readDraft<T>(user, key);
        if (local && !sameJson(norm.current(clean(local.data)), data)) setOffer(local);
        else {
          if (local) dropDraft(user, key);
          setOffer(null);
        }
      } catch (e) {
        if (e instanceof ApiError && e.status === 404 && createRef.current !== undefined) {
          // A new document: nothing stored yet; the first save creates it.
          setBase({ key, data: null as T, rev: 0, published: true, isNew: true });
          setDraftState(norm.current(clean(createRef.current)));
          setSaveBase(null);
          setOffer(null);
        } else if (!expired(e)) setLoadError((e as Error).message);
      } finally {
        setLoading(false);
      }
    },
    [key, expired, user],
  );

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
  useUnsaved(`doc:${key}`, dirty, label ?? key);
  // Issue 38, point 2: the draft autosaved to the server too, offered on another computer (useAutosave.ts).
  const autosave = useAutosave({ key, base, draft, dirty, saveBase, offer, setOffer, normalize: (d: T) => norm.current(d) });

  // Kept in this browser a moment after each change, and at once when the tab goes away.
  const flush = useCallback(() => {
    const { base: b, draft: d, saveBase: sb, offer: o } = current.current;
    if (!b || d === undefined || o) return; // an offer not answered yet is not overwritten
    if (JSON.stringify(clean(d)) === JSON.stringify(b.data ?? null)) dropDraft(user, key);
    else writeDraft(user, key, sb ?? b.rev, clean(d));
  }, [user, key]);
  useEffect(() => {
    if (!base || offer) return;
    const timer = setTimeout(flush, LOCAL_DRAFT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, base, offer, flush]);
  useEffect(() => {
    const away = () => flush();
    window.addEventListener('pagehide', away);
    document.addEventListener('visibilitychange', away);
    return () => {
      window.removeEventListener('pagehide', away);
      document.removeEventListener('visibilitychange', away);
      flush();
    };
  }, [flush]);

  const restoreOffer = useCallback(() => {
    const { base: b, offer: o } = current.current;
    if (!b || !o) return;
    setDraftState(norm.current(clean(o.data)));
    // Started from an older revision: the save is merged with what was saved since.
    setSaveBase(o.baseRev <= b.rev ? o.baseRev : b.rev);
    setOffer(null);
    setStatus(o.baseRev === b.rev ? tr('doc.offerRestored', undefined, ui) : tr('doc.offerRestoredOlder', undefined, ui));
  }, [ui]);

  const discardOffer = useCallback(() => {
    dropDraft(user, key);
    setOffer(null);
    setStatus(tr('doc.offerDiscarded', undefined, ui));
  }, [user, key, ui]);

  const fail = (e: unknown, what: 'save' | 'publish' | 'restore', publish: boolean) => {
    if (expired(e)) return;
    if (e instanceof ApiError && e.conflict) {
      const c = e.conflicts!;
      setConflict({ ...e.conflict, items: c.items, merged: c.merged, publish });
      // The conflict panel says it; the status line only that nothing was saved.
      setStatus(tr('doc.notSavedConflict', undefined, ui));
    } else if (e instanceof ApiError && e.status === 422) {
      setProblems(e.problems);
      setStatus(tr(`doc.${what}Refused`, { n: e.problems.length || 1 }, ui));
      if (!e.problems.length) setError(e.message);
    } else {
      setError((e as Error).message);
      setStatus(tr(`doc.${what}Failed`, { error: (e as Error).message }, ui));
    }
  };

  const saveData = useCallback(
    async (data: T, baseRev: number, publish: boolean) => {
      setBusy(true);
      setError(null);
      setStatus(tr(publish ? 'doc.saving' : 'doc.savingDraft', undefined, ui));
      try {
        const answer = await api.save(key, data, baseRev, publish);
        const { revision } = answer;
        const stored = answer.merged && answer.data !== undefined ? norm.current(clean(answer.data as T)) : data;
        setBase({ key, data: stored, rev: revision.rev, published: revision.published, by: revision.by, at: revision.at });
        // What the colleague saved in between is now on screen too (unless the draft changed during the save).
        if (answer.merged) setDraftState((d) => (sameJson(clean(d), data) ? stored : d));
        setSaveBase(null);
        setConflict(null);
        setProblems([]);
        dropDraft(user, key);
        const mergedWith = answer.mergedWith ? { by: answer.mergedWith.by, when: formatWhen(answer.mergedWith.at, ui) } : undefined;
        setStatus(
          mergedWith
            ? tr(publish ? 'doc.savedMerged' : 'doc.savedDraftMerged', { rev: revision.rev, ...mergedWith }, ui)
            : tr(publish ? 'doc.saved' : 'doc.savedDraft', { rev: revision.rev }, ui),
        );
        return true;
      } catch (e) {
        fail(e, 'save', publish);
        return false;
      } finally {
        setBusy(false);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, user, ui],
  );

  const save = useCallback(
    async (publish: boolean) => {
      const { base: b, draft: d, saveBase: sb } = current.current;
      if (!b || d === undefined) return false;
      return saveData(clean(d), sb ?? b.rev, publish);
    },
    [saveData],
  );

  const resolve = useCallback(
    async (choices: Choices) => {
      const c = conflict;
      if (!c) return false;
      const data = norm.current(clean(applyChoices(c.merged, c.items, choices) as T));
      setDraftState(data);
      return saveData(data, c.rev, c.publish);
    },
    [conflict, saveData],
  );

  const publish = useCallback(async () => {
    const b = current.current.base;
    if (!b) return false;
    setBusy(true);
    setError(null);
    setStatus(tr('doc.publishing', undefined, ui));
    try {
      const { revision } = await api.publish(key, b.rev);
      setBase({ ...b, rev: revision.rev, published: true, by: revision.by, at: revision.at });
      setConflict(null);
      setProblems([]);
      setStatus(tr('doc.published', { rev: revision.rev }, ui));
      return true;
    } catch (e) {
      fail(e, 'publish', true);
      return false;
    } finally {
      setBusy(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ui]);

  const history = useCallback(async () => (await api.history(key)).revisions, [key]);

  const restore = useCallback(
    async (rev: number, newest?: number) => {
      const b = current.current.base;
      if (!b) return false;
      setBusy(true);
      setError(null);
      try {
        const { revision } = await api.restore(key, rev, newest ?? b.rev);
        dropDraft(user, key);
        await load({ keepOffer: true });
        setStatus(rev === 0 ? tr('doc.restoredShipped', { rev: revision.rev }, ui) : tr('doc.restored', { old: rev, rev: revision.rev }, ui));
        return true;
      } catch (e) {
        fail(e, 'restore', true);
        return false;
      } finally {
        setBusy(false);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [key, load, user, ui],
  );

  const reload = useCallback(async () => {
    dropDraft(user, key);
    await load({ keepOffer: true });
    setStatus(tr('doc.reloaded', undefined, ui));
  }, [load, user, key, ui]);

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
    offer,
    restoreOffer,
    discardOffer,
    save,
    resolve,
    publish,
    history,
    restore,
    reload,
    announce: setStatus,
    autosave,
  };
}
