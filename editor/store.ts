/**
 * The editor's session: who is logged in, the registry (module types and document schemas,
 * prepared for RJSF once), and the ids handed out in this session so that two new pages or
 * modules never get the same one. When the session ends while someone works (issue 38, point 5),
 * the question asking for the password again is opened over the screen (SessionDialog.tsx): the
 * same person logging in carries on where they were, the requests that failed sent again; another
 * person gets the editor reloaded for them, the work of the one before kept in this browser for its
 * owner (local drafts are per person) and nothing more sent in their name.
 */
import { useMemo } from 'react';
import { create } from 'zustand';
import { api, ApiError, haltRequests, onSessionEnded, setCsrf, setLoggedOutWords, type Me, type ModuleType, type Registry } from './api.ts';
import { localizeUi, prepareSchema, type Schema } from './schema.ts';
import { tr, useUiLang, type UiLang } from './i18n/index.ts';
import { useGuard } from './guard.ts';
import { loadFieldWords, scopesOf } from './i18n/field-words.ts';

export interface PreparedModule extends ModuleType {
  /** The type's schema ready for RJSF. */
  form: Schema;
}

export interface PreparedRegistry {
  raw: Registry;
  /** The editor's language the labels are in. */
  lang: UiLang;
  modules: PreparedModule[];
  byView: Map<string, PreparedModule>;
  schemas: Record<keyof Registry['schemas'], Schema>;
}

interface Session {
  me: Me | null;
  /** Set once the first /me answered (logged in or not). */
  checked: boolean;
  /** The session ended under the user (a 401 after they were logged in): the login screen says so. */
  ended: boolean;
  /** The registry as the server sent it (prepared per language by useRegistry). */
  registry: Registry | null;
  registryError: string | null;
  /** Highest ids handed out in this session. */
  lastModuleId: number;
  lastPageId: number;
  setMe(me: Me | null): void;
  loadRegistry(): Promise<void>;
  /** The next free module id, above every id `known` and the registry's highest. */
  nextModuleId(known?: number[]): number;
  nextPageId(known?: number[]): number;
  /**
   * A call answered 401 reached a screen. Logged in, the person was asked to log in again and closed
   * the question: false, the screen stays and says the error. Nobody logged in: the login screen.
   */
  expired(e: unknown): boolean;
  /** The session ended while working: the question asking for the password is open. */
  askingLogin: boolean;
  /** The answer to it: who logged in, or null when the question was closed. */
  answerLogin(me: Me | null): void;
}

const prepared = new WeakMap<Registry, Map<UiLang, PreparedRegistry>>();
/** The registry's schemas ready for RJSF, their fields labelled in the editor's language (made once per language). */
export function prepare(raw: Registry, lang: UiLang = 'en'): PreparedRegistry {
  let byLang = prepared.get(raw);
  if (!byLang) prepared.set(raw, (byLang = new Map()));
  let r = byLang.get(lang);
  if (!r) {
    const modules = raw.modules.map((m) => {
      const uiSchema = localizeUi(m.uiSchema, lang) as Record<string, unknown>;
      return { ...m, uiSchema, form: prepareSchema(m.schema, lang, scopesOf('module', m.view), uiSchema) };
    });
    const schemas = Object.fromEntries(Object.entries(raw.schemas).map(([k, s]) => [k, prepareSchema(s, lang, scopesOf(k))])) as PreparedRegistry['schemas'];
    byLang.set(lang, (r = { raw, lang, modules, byView: new Map(modules.map((m) => [m.view, m])), schemas }));
  }
  return r;
}

export const useSession = create<Session>((set, get) => ({
  me: null,
  checked: false,
  ended: false,
  registry: null,
  registryError: null,
  lastModuleId: 0,
  lastPageId: 0,
  setMe(me) {
    if (me) setCsrf(me.csrf);
    if (!me) {
      // Logged out: a question left open is answered "no" (the login screen asks instead).
      waiting?.resolve(false);
      waiting = null;
      closed = false;
    }
    set({ me, checked: true, ...(me ? { ended: false } : { registry: null, askingLogin: false }) });
  },
  async loadRegistry() {
    try {
      // The forms' field words come with the registry (a chunk of their own): its forms are labelled with them.
      const [raw] = await Promise.all([api.registry(), loadFieldWords()]);
      set({ registry: raw, registryError: null });
    } catch (e) {
      if (!get().expired(e)) set({ registryError: (e as Error).message });
    }
  },
  nextModuleId(known = []) {
    const id = Math.max(get().registry?.maxModuleId ?? 0, get().lastModuleId, ...known) + 1;
    set({ lastModuleId: id });
    return id;
  },
  nextPageId(known = []) {
    const id = Math.max(get().registry?.maxPageId ?? 0, get().lastPageId, ...known) + 1;
    set({ lastPageId: id });
    return id;
  },
  expired(e) {
    if (e instanceof ApiError && e.status === 401 && !get().me) {
      set({ checked: true, registry: null });
      return true;
    }
    return false;
  },
  askingLogin: false,
  answerLogin(me) {
    const asked = waiting;
    waiting = null;
    set({ askingLogin: false });
    if (!me) {
      closed = true;
      asked?.resolve(false);
      return;
    }
    const before = get().me;
    if (before && me.user.username.toLowerCase() !== before.user.username.toLowerCase()) {
      // Another person: nothing of the screen is sent in their name. The page goes (its drafts are
      // written to this browser under the name of the one before as it goes) and comes back for them.
      haltRequests();
      useGuard.setState({ dirty: {} });
      window.location.reload();
      return;
    }
    closed = false;
    get().setMe(me);
    asked?.resolve(true);
  },
}));

/** The question asking for the password, while it is open, and whether the person closed the last one. */
let waiting: { promise: Promise<boolean>; resolve: (ok: boolean) => void } | null = null;
let closed = false;

/** A request was answered 401: asks (once for all the requests failing meanwhile) for the password. */
function askLoginAgain(background: boolean): Promise<boolean> {
  if (!useSession.getState().me) return Promise.resolve(false); // not logged in yet: the login screen
  if (waiting) return waiting.promise;
  // What the editor sends by itself asks once; after a "no", only what the person does asks again.
  if (background && closed) return Promise.resolve(false);
  let resolve!: (ok: boolean) => void;
  const promise = new Promise<boolean>((r) => (resolve = r));
  waiting = { promise, resolve };
  useSession.setState({ askingLogin: true });
  return promise;
}
onSessionEnded(askLoginAgain);
setLoggedOutWords(() => tr('session.loggedOut'));

/** The logged-in user (screens below the shell only render with one). */
export function useMe(): Me {
  const me = useSession((s) => s.me);
  if (!me) throw new Error('not logged in');
  return me;
}

/** The registry prepared for the forms, labelled in the editor's language. */
export function useRegistry(): PreparedRegistry {
  const r = useSession((s) => s.registry);
  const lang = useUiLang((s) => s.lang);
  if (!r) throw new Error('registry not loaded');
  return useMemo(() => prepare(r, lang), [r, lang]);
}

/** Whether the staff member is an administrator (technical fields are theirs). */
export const useIsAdmin = () => useSession((s) => s.me?.user.role === 'admin');

/** The language titles are shown in: the editor's own when the site uses it, else the site's default. */
export function useContentLang(): import('../shared/constants.ts').Lang {
  const me = useSession((s) => s.me);
  const ui = useUiLang((s) => s.lang);
  return me && (me.langs as string[]).includes(ui) ? (ui as import('../shared/constants.ts').Lang) : (me?.defaultLang ?? 'nl');
}
