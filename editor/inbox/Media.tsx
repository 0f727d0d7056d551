/**
 * The media library: every image staff uploaded, newest first, as a grid of thumbnails, searchable
 * by name and alt text and filtered by used / not used; an upload (photos as phones and cameras make
 * them) with its progress and, when refused, the reason in the editor's language; each image's
 * details (name, alt texts per language, where it is used, delete); and the trash (restore).
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState } from 'react';
import { api, type Me, type MediaItem, type MediaLimits, type MediaTrashItem } from '../api.ts';
import { useSession } from '../store.ts';
import { IMAGE_WIDTH } from '../../shared/constants.ts';
import { inboxApi } from './api.ts';
import { formatWhen, useT, useUiLang } from '../i18n/index.ts';
import { fileSize, mediaErrorText, tooLargeText } from './media-text.ts';
import { MediaDetails } from './MediaDetails.tsx';
import { MediaTrash } from './MediaTrash.tsx';
import './inbox.css';
import './media.css';

/** Thumbnails drawn at once (more on asking). */
const PAGE = 60;
type Shown = 'all' | 'used' | 'unused';

/** Whether an item matches a search: its name or an alt text, whatever the case and accents. */
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const matches = (item: MediaItem, q: string) => !q || [item.name, ...Object.values(item.alt)].some((s) => fold(s).includes(q));

export default function Media({ me }: { me: Me }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const expired = useSession((s) => s.expired);
  const registry = useSession((s) => s.registry);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [trash, setTrash] = useState<MediaTrashItem[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ name: string; sent: number } | null>(null);
  const [status, setStatus] = useState('');
  const [fresh, setFresh] = useState<string | null>(null);
  const [limits, setLimits] = useState<MediaLimits | null>(null);
  const [query, setQuery] = useState('');
  const [shown, setShown] = useState<Shown>('all');
  const [count, setCount] = useState(PAGE);
  const [open, setOpen] = useState<string | null>(null);
  const days = limits?.trashDays ?? 30;

  const load = useCallback(async () => {
    try {
      const [r, bin] = await Promise.all([api.media(), api.mediaTrash()]);
      setItems(r.items);
      setLimits(r.limits);
      setTrash(bin.items);
      setError(null);
    } catch (e) {
      if (!expired(e)) setError(mediaErrorText(e, ui));
    }
  }, [expired, ui]);

  useEffect(() => {
    void load();
  }, [load]);

  const upload = async (files: FileList | null) => {
    const list = [...(files ?? [])];
    if (!list.length) return;
    setUploadError(null);
    for (const file of list) {
      const tooLarge = tooLargeText(file, limits, ui);
      if (tooLarge) {
        setUploadError(`${file.name}${ui === 'fr' ? ' : ' : ': '}${tooLarge}`);
        setStatus(t('library.notUploaded', { name: file.name }));
        break;
      }
      setProgress({ name: file.name, sent: 0 });
      setStatus(t('library.uploading', { name: file.name }));
      try {
        const { item } = await inboxApi.uploadMedia(file, me.csrf, (sent) => setProgress({ name: file.name, sent }));
        setItems((xs) => [item, ...(xs ?? [])]);
        setFresh(item.url);
        setStatus(t('library.uploaded', { name: file.name, width: item.width, height: item.height }));
      } catch (e) {
        if (expired(e)) return;
        setUploadError(`${file.name}${ui === 'fr' ? ' : ' : ': '}${mediaErrorText(e, ui, registry)}`);
        setStatus(t('library.notUploaded', { name: file.name }));
        break;
      } finally {
        setProgress(null);
      }
    }
    if (input.current) input.current.value = '';
  };

  const q = fold(query.trim());
  const filtered = useMemo(
    () => (items ?? []).filter((i) => matches(i, q) && (shown === 'all' || (shown === 'used') === i.usedIn.length > 0)),
    [items, q, shown],
  );
  const current = items?.find((i) => i.id === open);

  return (
    <div className="ed-inbox ed-library">
      <h1 className="ed-inbox__title">{t('media.library')}</h1>

      <div className="ed-library__upload">
        <label className="ed-label" htmlFor={`${id}-file`}>
          {t('library.upload')}
        </label>
        {/* The browser's own file button speaks the browser's language: this one speaks the editor's. */}
        <label htmlFor={`${id}-file`} className={`ed-button ed-library__pick${progress ? ' is-busy' : ''}`}>
          {t('library.choose')}
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          className="ed-visually-hidden"
          type="file"
          accept={limits?.types.join(',') ?? 'image/jpeg,image/png,image/webp'}
          multiple
          disabled={!!progress}
          aria-describedby={`${id}-help${uploadError ? ` ${id}-error` : ''}`}
          onChange={(e) => void upload(e.target.files)}
        />
        <p id={`${id}-help`} className="ed-help">
          {t('library.limits', { size: fileSize(limits?.maxBytes ?? 50 * 1024 * 1024, ui), side: limits?.maxSide ?? 2560 })}
        </p>
        {progress && (
          <div className="ed-library__progress">
            <label htmlFor={`${id}-progress`}>{t('library.uploading', { name: progress.name })}</label>
            <progress id={`${id}-progress`} max={1} value={progress.sent}>
              {Math.round(progress.sent * 100)}%
            </progress>
          </div>
        )}
        {uploadError && (
          <div id={`${id}-error`} className="ed-alert ed-alert--error" role="alert">
            {uploadError}
          </div>
        )}
      </div>

      <p className="ed-inbox__status" role="status" aria-live="polite">
        {status}
      </p>
      {error && (
        <div className="ed-alert ed-alert--error" role="alert">
          {t('library.loadFailed', { error })}{' '}
          <button type="button" className="ed-button ed-button--small" onClick={() => void load()}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {!items && !error && <p>{t('common.loading')}</p>}
      {items && items.length === 0 && <p className="ed-inbox__empty">{t('library.empty')}</p>}
      {items && items.length > 0 && (
        <>
          <div className="ed-library__filters">
            <div>
              <label className="ed-label" htmlFor={`${id}-q`}>
                {t('library.search')}
              </label>
              <input id={`${id}-q`} className="ed-input" type="search" value={query} onChange={(e) => (setQuery(e.target.value), setCount(PAGE))} />
            </div>
            <div>
              <label className="ed-label" htmlFor={`${id}-shown`}>
                {t('library.show')}
              </label>
              <select id={`${id}-shown`} className="ed-input" value={shown} onChange={(e) => (setShown(e.target.value as Shown), setCount(PAGE))}>
                <option value="all">{t('library.showAll')}</option>
                <option value="used">{t('library.showUsed')}</option>
                <option value="unused">{t('library.showUnused')}</option>
              </select>
            </div>
          </div>
          <p className="ed-muted" aria-live="polite">
            {t('library.count', { shown: filtered.length, total: items.length })}
          </p>
          {filtered.length === 0 && <p className="ed-inbox__empty">{t('library.noMatch')}</p>}
          <ul className="ed-library__grid" aria-label={t('library.list', { n: filtered.length })}>
            {filtered.slice(0, count).map((item) => (
              <li key={item.id} className={`ed-library__item${item.url === fresh ? ' ed-library__item--fresh' : ''}`}>
                <figure className="ed-library__figure">
                  <img
                    className="ed-library__thumb"
                    src={`${item.url}?w=${IMAGE_WIDTH.card}`}
                    alt={item.alt[ui] || item.name}
                    width={IMAGE_WIDTH.card}
                    height={Math.round((IMAGE_WIDTH.card * item.height) / Math.max(1, item.width))}
                    loading="lazy"
                  />
                  <figcaption>
                    <span className="ed-library__name" title={item.name}>
                      {item.name}
                    </span>
                    <span className="ed-muted">
                      {t('library.dimensions', { width: item.width, height: item.height })} · {fileSize(item.bytes, ui)}
                    </span>
                    <span className="ed-muted">{t('library.uploadedBy', { when: formatWhen(item.uploadedAt, ui), by: item.by })}</span>
                    <span>
                      <span className={`ed-badge ${item.usedIn.length ? 'ed-badge--ok' : 'ed-badge--hidden'}`}>
                        {item.usedIn.length ? t('library.usedIn', { n: item.usedIn.length }) : t('library.unused')}
                      </span>{' '}
                      {me.langs.some((l) => !item.alt[l]) && (
                        <span className="ed-badge ed-badge--changed">
                          {me.langs.every((l) => !item.alt[l]) ? t('library.altMissing') : t('library.altPartly')}
                        </span>
                      )}
                    </span>
                  </figcaption>
                </figure>
                <button type="button" className="ed-button ed-button--small" onClick={() => setOpen(item.id)}>
                  {t('library.details')}
                  <span className="ed-visually-hidden"> {item.name}</span>
                </button>
              </li>
            ))}
          </ul>
          {filtered.length > count && (
            <button type="button" className="ed-button" onClick={() => setCount((c) => c + PAGE)}>
              {t('library.more', { n: Math.min(PAGE, filtered.length - count) })}
            </button>
          )}
        </>
      )}

      {items && (
        <MediaTrash
          items={trash}
          days={days}
          onProblem={(text) => setStatus(text)}
          onRestored={(item, from) => {
            setTrash((xs) => xs.filter((x) => x.id !== from.id));
            setItems((xs) => [item, ...(xs ?? []).filter((x) => x.id !== item.id)]);
            setFresh(item.url);
            setStatus(t('library.restored', { name: item.name }));
          }}
        />
      )}

      {current && (
        <MediaDetails
          item={current}
          trashDays={days}
          onClose={() => setOpen(null)}
          onChanged={(next) => setItems((xs) => (xs ?? []).map((x) => (x.id === next.id ? next : x)))}
          onTrashed={(gone) => {
            setOpen(null);
            setItems((xs) => (xs ?? []).filter((x) => x.id !== gone.id));
            setTrash((xs) => [gone, ...xs]);
            setStatus(t('library.trashed', { name: gone.name, date: formatWhen(gone.purgeAt, ui) }));
          }}
        />
      )}
    </div>
  );
}
