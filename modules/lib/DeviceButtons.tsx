/**
 * The visitor's own lists on cards and on a property's page (issue 39): the heart (favourites),
 * "compare", the comparison's tray at the foot of the screen, and the recording of a property seen.
 * All of it lives on the device (device-lists.ts); on cards the buttons appear once the page runs
 * (no dead button without JavaScript), over the photo, so nothing moves when they do.
 */
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { createPortal } from 'react-dom';
import { Link, useI18n, useShell } from '../../renderer/ui.tsx';
import { recordView, setCompare, toggleCompare, toggleFavourite, useDeviceList, useRunning, type RecentView, type ToggleResult } from './device-lists.ts';
import { COMPARE_MAX, FAVOURITES_MAX, idsQuery } from './property-ids.ts';
import './device-lists.css';

/** What a refused toggle says, for a few seconds (full list, or a device that keeps nothing). */
const NOTE_MS = 4000;
function useNote() {
  const [note, setNote] = useState<ToggleResult | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const show = (r: ToggleResult) => {
    clearTimeout(timer.current);
    if (r === 'added' || r === 'removed') return setNote(null);
    setNote(r);
    timer.current = setTimeout(() => setNote(null), NOTE_MS);
  };
  return [note, show] as const;
}

function Note({ note, list }: { note: ToggleResult | null; list: 'favourites' | 'compare' }) {
  const { t } = useI18n();
  return (
    <span className="device-note" role="status">
      {note === 'full' ? t(`${list}.full`, { max: list === 'compare' ? COMPARE_MAX : FAVOURITES_MAX }) : note === 'refused' ? t('favourites.refused') : ''}
    </span>
  );
}

const HEART = 'M12 20.5s-7.5-4.6-9.3-9.2C1.4 8 3.4 4.5 7 4.5c2.1 0 3.6 1.2 5 3 1.4-1.8 2.9-3 5-3 3.6 0 5.6 3.5 4.3 6.8-1.8 4.6-9.3 9.2-9.3 9.2z';

/** The heart; `labelled`: with its name written beside it (a property's page), else the name says which property. */
export function FavouriteButton({
  id,
  price,
  title,
  disabled,
  labelled,
}: {
  id: number;
  price: number | null;
  title: string;
  disabled?: boolean;
  labelled?: boolean;
}) {
  const { t } = useI18n();
  const on = useDeviceList('favourites').some((f) => f.id === id);
  const [note, show] = useNote();
  return (
    <span className="device-action">
      <button
        type="button"
        className="fav-button"
        aria-pressed={on}
        aria-label={labelled ? undefined : t('favourites.button', { title })}
        disabled={disabled}
        onClick={() => show(toggleFavourite(id, price))}
      >
        <svg width="22" height="22" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path d={HEART} fill={on ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round" />
        </svg>
        {labelled && t('favourites.label')}
      </button>
      <Note note={note} list="favourites" />
    </span>
  );
}

export function CompareButton({ id, title, disabled, labelled }: { id: number; title: string; disabled?: boolean; labelled?: boolean }) {
  const { t } = useI18n();
  const on = useDeviceList('compare').includes(id);
  const [note, show] = useNote();
  return (
    <span className="device-action">
      <button
        type="button"
        className="compare-button"
        aria-pressed={on}
        aria-label={labelled ? undefined : t('compare.button.for', { title })}
        disabled={disabled}
        onClick={() => show(toggleCompare(id))}
      >
        <span aria-hidden="true" className="compare-button__box">
          {on ? '✓' : ''}
        </span>
        {t('compare.button')}
      </button>
      <Note note={note} list="compare" />
    </span>
  );
}

/** A card's heart and "compare", over its photo, once the page runs. */
export function CardDeviceButtons({ id, price, title }: { id: number; price: number | null; title: string }) {
  if (!useRunning()) return null;
  return (
    <div className="card-device">
      <FavouriteButton id={id} price={price} title={title} />
      <CompareButton id={id} title={title} />
    </div>
  );
}

/** Keeps the property seen among the recently viewed (its page, once per property shown). */
export function RecordView({ view }: { view: Omit<RecentView, 'path'> }) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- once per property shown, not on each new `view` object
  useEffect(() => recordView({ ...view, path: window.location.pathname }), [view.id]);
  return null;
}

// One tray per screen, however many grids the page has: the first of those mounted shows it (in
// whatever order React mounts and unmounts them).
const trays: object[] = [];
const trayWatchers = new Set<() => void>();
const watchTrays = (f: () => void) => (trayWatchers.add(f), () => void trayWatchers.delete(f));
const traysChanged = () => trayWatchers.forEach((f) => f());
function useTrayOwner(): boolean {
  const [me] = useState(() => ({}));
  useEffect(() => {
    trays.push(me);
    traysChanged();
    return () => {
      trays.splice(trays.indexOf(me), 1);
      traysChanged();
    };
  }, [me]);
  return useSyncExternalStore(
    watchTrays,
    () => trays[0] === me,
    () => false,
  );
}

/** The comparison at the foot of the screen while it holds properties: open it, or empty it. */
export function CompareTray() {
  const { t } = useI18n();
  const { comparePath } = useShell();
  const ids = useDeviceList('compare');
  const owner = useTrayOwner();
  if (!owner || !comparePath || ids.length === 0) return null;
  // In the body itself: a module's section is laid out on its own (content-visibility), which
  // would hold a fixed box inside it.
  return createPortal(
    <div className="compare-tray" role="region" aria-label={t('compare.tray')}>
      <Link href={comparePath + idsQuery(ids)} className="button">
        {t('compare.open', { count: ids.length })}
      </Link>
      <button type="button" className="link-button" onClick={() => setCompare([])}>
        {t('compare.clear')}
      </button>
    </div>,
    document.body,
  );
}

/**
 * A property's page: its heart and "compare" (drawn by the server in their place, usable once the
 * page runs), the tray, and the visit kept among the recently viewed.
 */
export function DetailDeviceButtons({ view }: { view: Omit<RecentView, 'path'> }) {
  const running = useRunning();
  return (
    <div className="detail-device">
      <FavouriteButton id={view.id} price={view.price} title={view.title} disabled={!running} labelled />
      <CompareButton id={view.id} title={view.title} disabled={!running} labelled />
      <RecordView view={view} />
      <CompareTray />
    </div>
  );
}
