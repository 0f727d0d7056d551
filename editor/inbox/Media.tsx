/**
 * The media library: every image staff uploaded, newest first, as a grid of thumbnails; an upload
 * (JPEG, PNG or WebP) with its progress and the server's message when it is refused; and the URL of
 * each image to copy into a Media field.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { Me, MediaItem } from '../api.ts';
import { useSession } from '../store.ts';
import { IMAGE_WIDTH } from '../../shared/constants.ts';
import { inboxApi, type MediaLimits } from './api.ts';
import { formatWhen, useT, useUiLang } from '../i18n/index.ts';
import { useStaffName } from '../staff/names.ts';
import './inbox.css';

const size = (bytes: number) =>
  bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1).replace(/\.0$/, '')} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;

export default function Media({ me }: { me: Me }) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const nameOf = useStaffName();
  const expired = useSession((s) => s.expired);
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [items, setItems] = useState<MediaItem[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [progress, setProgress] = useState<{ name: string; sent: number } | null>(null);
  const [status, setStatus] = useState('');
  const [fresh, setFresh] = useState<string | null>(null);
  const [limits, setLimits] = useState<MediaLimits | null>(null);

  const load = useCallback(async () => {
    try {
      const r = await inboxApi.media();
      setItems(r.items);
      setLimits(r.limits ?? null);
      setError(null);
    } catch (e) {
      if (!expired(e)) setError((e as Error).message);
    }
  }, [expired]);

  useEffect(() => {
    void load();
  }, [load]);

  const upload = async (files: FileList | null) => {
    const list = [...(files ?? [])];
    if (!list.length) return;
    setUploadError(null);
    for (const file of list) {
      setProgress({ name: file.name, sent: 0 });
      setStatus(t('library.uploading', { name: file.name }));
      try {
        const { item } = await inboxApi.uploadMedia(file, me.csrf, (sent) => setProgress({ name: file.name, sent }));
        setItems((xs) => [item, ...(xs ?? [])]);
        setFresh(item.url);
        setStatus(t('library.uploaded', { name: file.name, width: item.width, height: item.height }));
      } catch (e) {
        if (expired(e)) return;
        setUploadError(`${file.name}: ${(e as Error).message}`);
        setStatus(t('library.notUploaded', { name: file.name }));
        break;
      } finally {
        setProgress(null);
      }
    }
    if (input.current) input.current.value = '';
  };

  const copy = async (item: MediaItem) => {
    try {
      await navigator.clipboard.writeText(item.url);
      setStatus(t('library.copied', { name: item.name, url: item.url }));
    } catch {
      setStatus(t('library.copyThis', { url: item.url }));
    }
  };

  return (
    <div className="ed-inbox">
      <h1 className="ed-inbox__title">{t('media.library')}</h1>

      <div className="ed-library__upload">
        <label className="ed-label" htmlFor={`${id}-file`}>
          {t('library.upload')}
        </label>
        <input
          ref={input}
          id={`${id}-file`}
          className="ed-library__file"
          type="file"
          accept={limits?.types.join(',') ?? 'image/jpeg,image/png,image/webp'}
          multiple
          disabled={!!progress}
          aria-describedby={`${id}-help${uploadError ? ` ${id}-error` : ''}`}
          onChange={(e) => void upload(e.target.files)}
        />
        <p id={`${id}-help`} className="ed-help">
          {limits ? t('library.helpLimits', { size: size(limits.maxBytes), width: limits.maxWidth }) : t('library.help')}
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
          {error}{' '}
          <button type="button" className="ed-button ed-button--small" onClick={() => void load()}>
            {t('common.retry')}
          </button>
        </div>
      )}
      {!items && !error && <p>{t('common.loading')}</p>}
      {items && items.length === 0 && <p className="ed-inbox__empty">{t('library.empty')}</p>}
      {items && items.length > 0 && (
        <ul className="ed-library__grid" aria-label={t('library.list', { n: items.length })}>
          {items.map((item) => (
            <li key={item.url} className={`ed-library__item${item.url === fresh ? ' ed-library__item--fresh' : ''}`}>
              <figure className="ed-library__figure">
                <img
                  className="ed-library__thumb"
                  src={`${item.url}?w=${IMAGE_WIDTH.card}`}
                  alt={item.name}
                  width={IMAGE_WIDTH.card}
                  height={Math.round((IMAGE_WIDTH.card * item.height) / Math.max(1, item.width))}
                  loading="lazy"
                />
                <figcaption>
                  <span className="ed-library__name" title={item.name}>
                    {item.name}
                  </span>
                  <span className="ed-muted">
                    {item.width} × {item.height} · {size(item.bytes)}
                  </span>
                  <span className="ed-muted">
                    {formatWhen(item.uploadedAt, ui)} · {nameOf(item.by)}
                  </span>
                </figcaption>
              </figure>
              <div className="ed-library__url">
                <input
                  className="ed-input ed-input--small"
                  readOnly
                  value={item.url}
                  aria-label={t('library.urlOf', { name: item.name })}
                  onFocus={(e) => e.target.select()}
                />
                <button type="button" className="ed-button ed-button--small" onClick={() => void copy(item)}>
                  {t('library.copy')}
                  <span className="ed-visually-hidden"> {t('library.ofName', { name: item.name })}</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
