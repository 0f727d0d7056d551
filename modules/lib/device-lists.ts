/**
 * The visitor's lists kept on their device (localStorage), without an account: favourites (with
 * the price when saved, for the price-drop notice), the comparison and the recently viewed
 * properties. Browser only; the server renders with empty lists and the browser fills them in
 * after hydration (useSyncExternalStore's server snapshot), so nothing differs at hydration.
 */
import { useSyncExternalStore } from 'react';
import { COMPARE_MAX, FAVOURITES_MAX, RECENT_MAX } from './property-ids.ts';

export interface Favourite {
  id: number;
  /** The price when it was saved (null: on demand). */
  price: number | null;
}

export interface RecentView {
  id: number;
  path: string;
  title: string;
  price: number | null;
  goal: 'sale' | 'rent';
  image: string | null;
}

type Lists = { favourites: Favourite[]; compare: number[]; recent: RecentView[] };
export type ListName = keyof Lists;

const MAX: Record<ListName, number> = { favourites: FAVOURITES_MAX, compare: COMPARE_MAX, recent: RECENT_MAX };
const TEXT_MAX = 300;
const isId = (v: unknown): v is number => Number.isInteger(v) && (v as number) > 0 && (v as number) < 1e9;
const isPrice = (v: unknown) => v === null || (typeof v === 'number' && Number.isFinite(v));
const isText = (v: unknown) => typeof v === 'string' && v.length <= TEXT_MAX;
// What another script or an older version left in the store is checked item by item.
const VALID: { [K in ListName]: (v: unknown) => boolean } = {
  favourites: (v) => !!v && isId((v as Favourite).id) && isPrice((v as Favourite).price),
  compare: isId,
  recent: (v) => {
    const r = v as RecentView;
    return !!r && isId(r.id) && isText(r.path) && r.path.startsWith('/') && isText(r.title) && isPrice(r.price) && (r.image === null || isText(r.image));
  },
};

const EVENT = 'vitrine:device-lists';
const key = (name: ListName) => `vitrine.${name}`;
const EMPTY: never[] = [];
const cache = new Map<ListName, { raw: string | null; list: unknown[] }>();

function read<K extends ListName>(name: K): Lists[K] {
  let raw: string | null = null;
  try {
    raw = localStorage.getItem(key(name));
  } catch {
    // Storage refused (private mode, policy): the lists are empty.
  }
  const hit = cache.get(name);
  if (hit && hit.raw === raw) return hit.list as Lists[K];
  let list: unknown[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) list = parsed.filter(VALID[name]).slice(0, MAX[name]);
  } catch {
    list = [];
  }
  cache.set(name, { raw, list });
  return list as Lists[K];
}

/** Keeps `list` (at most its bound); false when the device refused to store it. */
function write<K extends ListName>(name: K, list: Lists[K]): boolean {
  try {
    localStorage.setItem(key(name), JSON.stringify(list.slice(0, MAX[name])));
  } catch {
    return false;
  }
  window.dispatchEvent(new Event(EVENT));
  return true;
}

function subscribe(onChange: () => void) {
  window.addEventListener(EVENT, onChange);
  window.addEventListener('storage', onChange); // another tab
  return () => {
    window.removeEventListener(EVENT, onChange);
    window.removeEventListener('storage', onChange);
  };
}

/** A list as it is on the device (empty on the server and while hydrating). */
export function useDeviceList<K extends ListName>(name: K): Lists[K] {
  return useSyncExternalStore(
    subscribe,
    () => read(name),
    () => EMPTY as Lists[K],
  );
}

const never = () => () => {};
/** False on the server and while hydrating, true once the page runs in the browser. */
export const useRunning = () =>
  useSyncExternalStore(
    never,
    () => true,
    () => false,
  );

export type ToggleResult = 'added' | 'removed' | 'full' | 'refused';

/** Adds or removes a favourite; a full list (FAVOURITES_MAX) takes no more. */
export function toggleFavourite(id: number, price: number | null): ToggleResult {
  const list = read('favourites');
  if (list.some((f) => f.id === id))
    return write(
      'favourites',
      list.filter((f) => f.id !== id),
    )
      ? 'removed'
      : 'refused';
  if (list.length >= FAVOURITES_MAX) return 'full';
  return write('favourites', [{ id, price }, ...list]) ? 'added' : 'refused';
}

/** Keeps these favourites besides the device's own (a shared list), as many as fit. */
export function addFavourites(items: Favourite[]): void {
  const list = read('favourites');
  const more = items.filter((f) => !list.some((x) => x.id === f.id));
  write('favourites', [...list, ...more].slice(0, FAVOURITES_MAX));
}

/** Adds or removes a property of the comparison; a full one (COMPARE_MAX) takes no more. */
export function toggleCompare(id: number): ToggleResult {
  const list = read('compare');
  if (list.includes(id))
    return write(
      'compare',
      list.filter((x) => x !== id),
    )
      ? 'removed'
      : 'refused';
  if (list.length >= COMPARE_MAX) return 'full';
  return write('compare', [...list, id]) ? 'added' : 'refused';
}

export function setCompare(ids: number[]): void {
  write('compare', ids);
}

/** A property seen: first of the recently viewed, once. */
export function recordView(view: RecentView): void {
  write('recent', [view, ...read('recent').filter((r) => r.id !== view.id)]);
}

export function clearRecent(): void {
  write('recent', []);
}
