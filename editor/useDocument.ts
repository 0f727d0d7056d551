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
import { api, ApiError, type DocKey, type DocState, type Problem } from './api.ts';
import { clean } from './schema.ts';
import { applyChoices, type Choices, type ConflictState } from './conflict-choices.ts';

export { applyChoices, setAt, type Choices, type ConflictState } from './conflict-choices.ts';
import type { DocumentHandle } from './document-handle.ts';

export type { DocumentHandle } from './document-handle.ts';
import { useSession } from './store.ts';
import { useUnsaved } from './guard.ts';
import { dropDraft, readDraft, writeDraft, type LocalDraft } from './local-drafts.ts';
import { formatWhen, tr, useUiLang } from './i18n/index.ts';
import { useAutosave } from './useAutosave.ts';

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
/** How long after a change the draft is written to this browser. */
export const LOCAL_DRAFT_DELAY_MS = 250;

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
  const [marks, setMarks] = useState<Problem[]>([]);
  const [trashed, setTrashed] = useState<{ at: string; by: string } | null>(null);
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
        setMarks(doc.marks ?? []);
        setTrashed(null);
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
        } else if (e instanceof ApiError && e.status === 404 && e.body.code === 'doc.trashed') {
          setTrashed(e.body.trashed as { at: string; by: string });
          setLoadError((e as Error).message);
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
    async (data: T, baseRev: number, publish: boolean, extra: { keepOldAddresses?: boolean } = {}) => {
      setBusy(true);
      setError(null);
      setStatus(tr(publish ? 'doc.saving' : 'doc.savingDraft', undefined, ui));
      try {
        const answer = await api.save(key, data, baseRev, publish, extra);
        const { revision } = answer;
        const stored = answer.merged && answer.data !== undefined ? norm.current(clean(answer.data as T)) : data;
        setBase((b) => ({
          key,
          data: stored,
          rev: revision.rev,
          n: revision.n,
          published: revision.published,
          by: revision.by,
          byName: revision.byName,
          at: revision.at,
          langs: b?.langs,
        }));
        setMarks(answer.marks ?? []);
        // What the colleague saved in between is now on screen too (unless the draft changed during the save).
        if (answer.merged) setDraftState((d) => (sameJson(clean(d), data) ? stored : d));
        setSaveBase(null);
        setConflict(null);
        setProblems([]);
        dropDraft(user, key);
        const mergedWith = answer.mergedWith ? { by: answer.mergedWith.by, when: formatWhen(answer.mergedWith.at, ui) } : undefined;
        setStatus(
          [
            mergedWith
              ? tr(publish ? 'doc.savedMerged' : 'doc.savedDraftMerged', { rev: revision.n ?? revision.rev, ...mergedWith }, ui)
              : tr(publish ? 'doc.saved' : 'doc.savedDraft', { rev: revision.n ?? revision.rev }, ui),
            ...(answer.marks?.length ? [tr('doc.savedWithMarks', { n: answer.marks.length }, ui)] : []),
            ...(answer.redirected ?? []).map((r) => tr('doc.redirected', { from: r.from }, ui)),
          ].join(' '),
        );
        // Languages, address and live state may have changed: read them again from the server.
        void api
          .doc<T>(key)
          .then((d) => setBase((b) => (b && b.rev === d.rev ? { ...b, langs: d.langs, offline: d.offline } : b)))
          .catch(() => undefined);
        return true;
      } catch (e) {
        fail(e, 'save', publish);
        return false;
      } finally {
        setBusy(false);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `fail` is remade each render but reads only setters, `expired` and `ui`, which are dependencies here
    [key, user, ui],
  );

  const save = useCallback(
    async (publish: boolean, extra?: { keepOldAddresses?: boolean }) => {
      const { base: b, draft: d, saveBase: sb } = current.current;
      if (!b || d === undefined) return false;
      return saveData(clean(d), sb ?? b.rev, publish, extra);
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
      const { revision, redirected } = await api.publish(key, b.rev);
      setBase({ ...b, rev: revision.rev, n: revision.n, published: true, offline: false, by: revision.by, at: revision.at });
      setConflict(null);
      setProblems([]);
      setMarks([]);
      setStatus(
        [tr('doc.published', { rev: revision.n ?? revision.rev }, ui), ...(redirected ?? []).map((r) => tr('doc.redirected', { from: r.from }, ui))].join(' '),
      );
      return true;
    } catch (e) {
      fail(e, 'publish', true);
      return false;
    } finally {
      setBusy(false);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `fail` is remade each render but reads only setters, `expired` and `ui`, which are dependencies here
  }, [key, ui]);

  const unpublish = useCallback(
    async (force?: boolean): Promise<true | { code: string; roles?: Array<{ role: string; detail?: string[] }> }> => {
      const b = current.current.base;
      if (!b) return { code: 'doc.missing' };
      setBusy(true);
      setError(null);
      try {
        const { revision } = await api.unpublish(key, b.rev, force);
        await load({ keepOffer: true });
        setStatus(tr(key === 'popup' ? 'doc.popupOff' : key === 'banner' ? 'doc.bannerBack' : 'doc.unpublished', { rev: revision.n ?? revision.rev }, ui));
        return true;
      } catch (e) {
        if (e instanceof ApiError && (e.body.code === 'unpublish.systemConfirm' || e.body.code === 'unpublish.system'))
          return { code: String(e.body.code), roles: e.body.roles as Array<{ role: string; detail?: string[] }> };
        fail(e, 'publish', true);
        return { code: String((e as ApiError).body?.code ?? 'failed') };
      } finally {
        setBusy(false);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `fail` is remade each render but reads only setters, `expired` and `ui`, which are dependencies here
    [key, ui, load],
  );

  const history = useCallback(async () => (await api.history(key)).revisions, [key]);

  const restore = useCallback(
    async (rev: number, newest?: number, oldN?: number) => {
      const b = current.current.base;
      if (!b) return false;
      setBusy(true);
      setError(null);
      try {
        const { revision } = await api.restore(key, rev, newest ?? b.rev);
        dropDraft(user, key);
        await load({ keepOffer: true });
        const n = revision.n ?? revision.rev;
        setStatus(rev === 0 ? tr('doc.restoredShipped', { rev: n }, ui) : tr('doc.restored', { old: oldN ?? rev, rev: n }, ui));
        return true;
      } catch (e) {
        fail(e, 'restore', true);
        return false;
      } finally {
        setBusy(false);
      }
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `fail` is remade each render but reads only setters, `expired` and `ui`, which are dependencies here
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
    marks,
    trashed,
    error,
    offer,
    restoreOffer,
    discardOffer,
    save,
    resolve,
    publish,
    unpublish,
    history,
    restore,
    reload,
    announce: setStatus,
    autosave,
  };
}
