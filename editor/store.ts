/**
 * The editor's session: who is logged in, the registry (module types and document schemas,
 * prepared for RJSF once), and the ids handed out in this session so that two new pages or
 * modules never get the same one.
 */
import { create } from 'zustand';
import { api, ApiError, setCsrf, type Me, type ModuleType, type Registry } from './api.ts';
import { prepareSchema, type Schema } from './schema.ts';

export interface PreparedModule extends ModuleType {
  /** The type's schema ready for RJSF. */
  form: Schema;
}

export interface PreparedRegistry {
  raw: Registry;
  modules: PreparedModule[];
  byView: Map<string, PreparedModule>;
  schemas: Record<keyof Registry['schemas'], Schema>;
}

interface Session {
  me: Me | null;
  /** Set once the first /me answered (logged in or not). */
  checked: boolean;
  registry: PreparedRegistry | null;
  registryError: string | null;
  /** Highest ids handed out in this session. */
  lastModuleId: number;
  lastPageId: number;
  setMe(me: Me | null): void;
  loadRegistry(): Promise<void>;
  /** The next free module id, above every id `known` and the registry's highest. */
  nextModuleId(known?: number[]): number;
  nextPageId(known?: number[]): number;
  /** A call answered 401: the session ended; back to the login screen. */
  expired(e: unknown): boolean;
}

function prepare(raw: Registry): PreparedRegistry {
  const modules = raw.modules.map((m) => ({ ...m, form: prepareSchema(m.schema) }));
  const schemas = Object.fromEntries(Object.entries(raw.schemas).map(([k, s]) => [k, prepareSchema(s)])) as PreparedRegistry['schemas'];
  return { raw, modules, byView: new Map(modules.map((m) => [m.view, m])), schemas };
}

export const useSession = create<Session>((set, get) => ({
  me: null,
  checked: false,
  registry: null,
  registryError: null,
  lastModuleId: 0,
  lastPageId: 0,
  setMe(me) {
    if (me) setCsrf(me.csrf);
    set({ me, checked: true, ...(me ? {} : { registry: null }) });
  },
  async loadRegistry() {
    try {
      const raw = await api.registry();
      set({ registry: prepare(raw), registryError: null });
    } catch (e) {
      if (!get().expired(e)) set({ registryError: (e as Error).message });
    }
  },
  nextModuleId(known = []) {
    const id = Math.max(get().registry?.raw.maxModuleId ?? 0, get().lastModuleId, ...known) + 1;
    set({ lastModuleId: id });
    return id;
  },
  nextPageId(known = []) {
    const id = Math.max(get().registry?.raw.maxPageId ?? 0, get().lastPageId, ...known) + 1;
    set({ lastPageId: id });
    return id;
  },
  expired(e) {
    if (e instanceof ApiError && e.status === 401) {
      set({ me: null, checked: true, registry: null });
      return true;
    }
    return false;
  },
}));

/** The logged-in user (screens below the shell only render with one). */
export function useMe(): Me {
  const me = useSession((s) => s.me);
  if (!me) throw new Error('not logged in');
  return me;
}

export function useRegistry(): PreparedRegistry {
  const r = useSession((s) => s.registry);
  if (!r) throw new Error('registry not loaded');
  return r;
}
