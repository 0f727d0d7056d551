/**
 * Staff shown by name (issue 38, point 7): the names of every staff member, loaded once per session
 * from /api/admin/staff/names (and again when the Staff screen changed one), so that "handled by",
 * history or presence say "Sophie Lambert" rather than an e-mail address.
 */
import { useCallback, useEffect } from 'react';
import { create } from 'zustand';
import { staffApi } from './api.ts';

interface Names {
  names: Record<string, string> | null;
  loading: boolean;
  load(): Promise<void>;
  /** The names as the Staff screen has them now. */
  set(names: Record<string, string>): void;
}

export const useStaffNames = create<Names>((set, get) => ({
  names: null,
  loading: false,
  async load() {
    if (get().loading) return;
    set({ loading: true });
    try {
      set({ names: (await staffApi.names()).names });
    } catch {
      set({ names: {} }); // shown by their address meanwhile; never an error over the screen for this
    } finally {
      set({ loading: false });
    }
  },
  set(names) {
    set({ names });
  },
}));

/** A function giving the name a username is shown by (the username itself until the names are there, or for nobody known). */
export function useStaffName(): (username: string | undefined) => string {
  const names = useStaffNames((s) => s.names);
  useEffect(() => {
    if (!names) void useStaffNames.getState().load();
  }, [names]);
  return useCallback((username) => (username ? (names?.[username] ?? username) : ''), [names]);
}
