/**
 * One image of the media library in a dialog: its name and its alt texts per language of the site
 * (offered wherever the image is inserted), where it is used (each place a link to where it is
 * edited), and Delete — a move to the trash, asked first, refused by the server while the image is
 * used (its sentence, naming where, is shown here).
 */
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { api, type MediaItem, type MediaTrashItem } from '../api.ts';
import { Dialog } from '../components/Dialog.tsx';
import { useSession } from '../store.ts';
import { formatWhen, langName, useT, useUiLang } from '../i18n/index.ts';
import { fileSize, mediaErrorText, placeHref, placeText } from './media-text.ts';

/** As the server checks them (server/media/input.ts). */
const MAX_NAME = 200;
const MAX_ALT = 300;

export function MediaDetails({
  item,
  trashDays,
  onClose,
  onChanged,
  onTrashed,
}: {
  item: MediaItem;
  trashDays: number;
  onClose: () => void;
  onChanged: (item: MediaItem) => void;
  onTrashed: (item: MediaTrashItem) => void;
}) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const me = useSession((s) => s.me)!;
  const registry = useSession((s) => s.registry);
  const expired = useSession((s) => s.expired);
  const id = useId();
  const [name, setName] = useState(item.name);
  const [alt, setAlt] = useState<Record<string, string>>(() => Object.fromEntries(me.langs.map((l) => [l, item.alt[l] ?? ''])));
  const [busy, setBusy] = useState(false);
  const [status, setStatus] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const changed = name.trim() !== item.name || me.langs.some((l) => (alt[l] ?? '').trim() !== (item.alt[l] ?? ''));

  const run = async (job: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    setStatus('');
    try {
      await job();
    } catch (e) {
      if (!expired(e)) setProblem(mediaErrorText(e, ui, registry));
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    run(async () => {
      const { item: next } = await api.changeMedia(item.id, { name: name.trim(), alt });
      onChanged(next);
      setStatus(t('library.saved'));
    });
  const trash = () =>
    run(async () => {
      setConfirming(false);
      const { item: gone } = await api.trashMedia(item.id);
      onTrashed(gone);
    });

  return (
    <Dialog
      title={t('library.dialogTitle', { name: item.name })}
      onClose={onClose}
      wide
      className="ed-media-details"
      footer={
        confirming ? (
          <>
            <button type="button" className="ed-button" onClick={() => setConfirming(false)} data-autofocus>
              {t('common.cancel')}
            </button>
            <button type="button" className="ed-button ed-button--danger" onClick={() => void trash()} disabled={busy}>
              {t('library.deleteConfirm')}
            </button>
          </>
        ) : (
          <>
            <button type="button" className="ed-button ed-button--danger-text" onClick={() => setConfirming(true)} disabled={busy}>
              {t('library.delete')}
            </button>
            <button type="button" className="ed-button" onClick={onClose}>
              {t('common.close')}
            </button>
            <button type="button" className="ed-button ed-button--primary" onClick={() => void save()} disabled={busy || !changed}>
              {busy ? t('library.saving') : t('library.save')}
            </button>
          </>
        )
      }
    >
      <div className="ed-media-details__body">
        <figure className="ed-media-details__figure">
          <img src={`${item.url}?w=600`} alt="" width={item.width} height={item.height} />
          <figcaption className="ed-muted">
            {t('library.dimensions', { width: item.width, height: item.height })} · {fileSize(item.bytes, ui)}
            <br />
            {t('library.uploadedBy', { when: formatWhen(item.uploadedAt, ui), by: item.by })}
          </figcaption>
        </figure>
        <div className="ed-media-details__fields">
          {confirming && (
            <div className="ed-alert ed-alert--warning" role="alert">
              <p>
                <strong>{t('library.deleteTitle', { name: item.name })}</strong>
              </p>
              <p>{t('library.deleteMessage', { days: trashDays })}</p>
            </div>
          )}
          <label className="ed-label" htmlFor={`${id}-name`}>
            {t('library.name')}
          </label>
          <input
            id={`${id}-name`}
            className="ed-input"
            value={name}
            maxLength={MAX_NAME}
            onChange={(e) => setName(e.target.value)}
            aria-describedby={`${id}-name-help`}
          />
          <p id={`${id}-name-help`} className="ed-help">
            {t('library.nameHelp')}
          </p>
          <fieldset className="ed-media-details__alts">
            <legend className="ed-label">{t('library.altHeading')}</legend>
            <p id={`${id}-alt-help`} className="ed-help">
              {t('library.altHelp', { max: MAX_ALT })}
            </p>
            {me.langs.map((l) => (
              <div key={l}>
                <label className="ed-label" htmlFor={`${id}-alt-${l}`}>
                  {t('library.altIn', { lang: langName(l, ui) })}
                </label>
                <input
                  id={`${id}-alt-${l}`}
                  className="ed-input"
                  lang={l}
                  value={alt[l] ?? ''}
                  maxLength={MAX_ALT}
                  aria-describedby={`${id}-alt-help`}
                  onChange={(e) => setAlt((a) => ({ ...a, [l]: e.target.value }))}
                />
              </div>
            ))}
          </fieldset>
          {problem && (
            <p className="ed-alert ed-alert--error" role="alert">
              {problem}
            </p>
          )}
          <p role="status" aria-live="polite" className="ed-inbox__status">
            {status}
          </p>
          <h3 className="ed-media-details__heading">{t('library.usedHeading')}</h3>
          {item.usedIn.length === 0 ? (
            <p>{t('library.notUsedAnywhere')}</p>
          ) : (
            <ul className="ed-media-details__places">
              {item.usedIn.map((p) => {
                const href = placeHref(p, me.user.role === 'admin');
                const text = placeText(p, ui, registry);
                return <li key={JSON.stringify(p)}>{href ? <Link href={href}>{text}</Link> : text}</li>;
              })}
            </ul>
          )}
        </div>
      </div>
    </Dialog>
  );
}
