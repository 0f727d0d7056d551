/**
 * Who else has a document open (issue 38, point 5): while the document is open this window tells
 * the server so every PRESENCE_PING_MS (20 s) and hears who else has it open now (a window not heard
 * from for a minute no longer counts); closing the document or the page says so at once. These
 * requests leave the session's idle deadline where it was: a person who walked away is logged out
 * after 30 minutes all the same.
 */
import { useEffect, useState } from 'react';
import { api, type DocKey, type PresentPerson } from './api.ts';
import { useSession } from './store.ts';
import { PRESENCE_PING_MS } from '../shared/editing.ts';

/** This window's id (one per page load): the same person in two windows is two windows. */
const TAB = (() => {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return `w${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
})();

export function usePresence(key: DocKey, open: boolean): PresentPerson[] {
  const [people, setPeople] = useState<PresentPerson[]>([]);
  useEffect(() => {
    setPeople([]);
    if (!open) return;
    let live = true;
    const ping = () =>
      api.present(key, TAB).then(
        (r) => live && setPeople(r.people),
        () => live && setPeople([]), // not reachable, or logged out: nobody shown rather than old news
      );
    void ping();
    const timer = setInterval(ping, PRESENCE_PING_MS);
    const away = () => void api.absent(key, TAB).catch(() => undefined);
    window.addEventListener('pagehide', away);
    return () => {
      live = false;
      clearInterval(timer);
      window.removeEventListener('pagehide', away);
      if (useSession.getState().me) away(); // not after logging out: the server forgets the window by itself
    };
  }, [key, open]);
  return people;
}
