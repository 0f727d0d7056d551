/**
 * Drafts autosaved to the server (issue 38, point 2). While a document has unsaved edits they are
 * sent AUTOSAVE_DELAY_MS (5 s) after the last change, and at least every AUTOSAVE_MAX_INTERVAL_MS
 * (15 s) while the person keeps typing, as this person's autosave of the document — not a revision.
 * Saving, publishing or discarding drops it (the document is no longer "changed"). Opening the
 * document, the server's autosave is offered like the copy kept in this browser (local-drafts.ts),
 * the newer of the two winning; the browser's copy stays the fallback when the server cannot be
 * reached. One call in useDocument; the state it gives is shown by PresenceNote.
 */
import { useEffect, useRef, useState } from 'react';
import { api, ApiError, type DocKey, type DocState } from './api.ts';
import { clean } from './schema.ts';
import type { LocalDraft } from './local-drafts.ts';
import { useSession } from './store.ts';
import { AUTOSAVE_DELAY_MS, AUTOSAVE_MAX_INTERVAL_MS } from '../shared/editing.ts';

export interface AutosaveState {
  /** idle: nothing to keep; waiting: changes not sent yet; saved: the server has the last ones; failed / tooLarge: kept in this browser only. */
  state: 'idle' | 'waiting' | 'saved' | 'failed' | 'tooLarge';
  /** When the server last kept them (ISO). */
  at?: string;
}

/** Past this size a draft is not sent while the page goes away (browsers refuse larger keep-alive requests). */
const KEEPALIVE_MAX_BYTES = 60_000;

export function useAutosave<T>(o: {
  key: DocKey;
  /** The stored version the draft started from (null while loading). */
  base: DocState<T> | null;
  draft: T | undefined;
  dirty: boolean;
  /** Restored over an older revision: the revision the draft started from. */
  saveBase: number | null;
  /** The unsaved edits offered back (this browser's or the server's), not answered yet. */
  offer: LocalDraft<T> | null;
  setOffer: (offer: LocalDraft<T> | null) => void;
  /** The screen's shape of a loaded document (to compare the server's draft with the stored version). */
  normalize: (data: T) => T;
}): AutosaveState {
  const [status, setStatus] = useState<AutosaveState>({ state: 'idle' });
  const now = useRef(o);
  now.current = o;
  /** The document whose server autosave was looked at (nothing is sent for it before). */
  const [checked, setChecked] = useState<DocKey | null>(null);
  /** The server may hold an autosave of this document (so discarding deletes it). */
  const held = useRef(false);
  /** What the server has (as JSON), and since when changes wait to be sent. */
  const sent = useRef<string | null>(null);
  const waitingSince = useRef<number | null>(null);
  /** The changes waiting to be sent: which document, from which revision (taken when they were made). */
  const pending = useRef<{ key: DocKey; data: unknown; json: string; baseRev: number } | null>(null);

  // Opening a document: the server's autosave, offered when it is newer than this browser's copy.
  const loaded = !!o.base && o.base.key === o.key;
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    setChecked(null);
    setStatus({ state: 'idle' });
    held.current = false;
    sent.current = null;
    pending.current = null;
    waitingSince.current = null;
    if (!loaded) return;
    let live = true;
    let retry: ReturnType<typeof setTimeout> | undefined;
    void api.autosave<T>(o.key).then(
      ({ autosave }) => {
        if (!live) return;
        const { base, offer, normalize, setOffer } = now.current;
        if (autosave && base) {
          held.current = true;
          const same = JSON.stringify(clean(normalize(clean(autosave.data)))) === JSON.stringify(base.data ?? null);
          if (!same && (!offer || Date.parse(autosave.at) > Date.parse(offer.at))) setOffer({ ...autosave, source: 'server' });
        }
        setChecked(o.key);
      },
      () => {
        // Not reachable (or the person closed the question to log in again): this browser's copy is
        // the fallback, and the server is asked again a little later.
        if (!live) return;
        setStatus({ state: 'failed' });
        retry = setTimeout(() => setAttempt((n) => n + 1), AUTOSAVE_MAX_INTERVAL_MS);
      },
    );
    return () => {
      live = false;
      clearTimeout(retry);
    };
  }, [o.key, loaded, attempt]);

  const ready = checked === o.key && !o.offer && loaded && o.draft !== undefined;

  const send = async (keepalive = false) => {
    const p = pending.current;
    if (!p || (keepalive && p.json.length > KEEPALIVE_MAX_BYTES)) return;
    try {
      held.current = true;
      const { at } = await api.keepAutosave(p.key, p.data, p.baseRev, keepalive);
      if (pending.current === p) pending.current = null;
      if (now.current.key !== p.key) return;
      sent.current = p.json;
      waitingSince.current = null;
      setStatus({ state: 'saved', at });
      // Saved or discarded while this was under way: what the server just got is over too.
      if (!now.current.dirty) {
        held.current = false;
        sent.current = null;
        setStatus({ state: 'idle' });
        await api.dropAutosave(p.key).catch(() => void (held.current = true));
      }
    } catch (e) {
      if (now.current.key !== p.key) return;
      // Tried again once the person changes something (5 s after, as any change): no stream of retries.
      waitingSince.current = Date.now();
      setStatus({ state: e instanceof ApiError && e.status === 413 ? 'tooLarge' : 'failed' });
    }
  };
  const sendRef = useRef(send);
  sendRef.current = send;

  // Changes: sent 5 s after the last one, and at least every 15 s while they keep coming.
  useEffect(() => {
    if (!ready || !o.dirty || !o.base) return;
    const data = clean(o.draft);
    const json = JSON.stringify(data);
    if (json === sent.current) {
      pending.current = null;
      return;
    }
    pending.current = { key: o.key, data, json, baseRev: o.saveBase ?? o.base.rev };
    const since = (waitingSince.current ??= Date.now());
    setStatus((s) => (s.state === 'waiting' ? s : { ...s, state: 'waiting' }));
    const timer = setTimeout(() => void sendRef.current(), Math.max(0, Math.min(AUTOSAVE_DELAY_MS, since + AUTOSAVE_MAX_INTERVAL_MS - Date.now())));
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the timer restarts when the draft changes; the key and base it sends are read as they are then
  }, [ready, o.dirty, o.draft]);

  // Saved, published or discarded (nothing unsaved any more): the server's autosave goes.
  useEffect(() => {
    if (!ready || o.dirty || !held.current) return;
    held.current = false;
    sent.current = null;
    pending.current = null;
    waitingSince.current = null;
    setStatus({ state: 'idle' });
    void api.dropAutosave(o.key).catch(() => {
      held.current = true; // asked again at the next chance
    });
  }, [ready, o.dirty, o.key, o.base]);

  // Leaving the screen or the page: what was not sent yet goes now.
  useEffect(() => {
    if (!ready) return;
    const away = () => void sendRef.current(true);
    window.addEventListener('pagehide', away);
    return () => {
      window.removeEventListener('pagehide', away);
      if (pending.current && useSession.getState().me) void sendRef.current();
    };
  }, [ready]);

  return status;
}
