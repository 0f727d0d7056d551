/**
 * The media library's trash: the images deleted in the last days, each with who deleted it, when,
 * when it goes for good, and Restore (back as it was: the same address, name and alt texts).
 */
import { api, type MediaItem, type MediaTrashItem } from '../api.ts';
import { useSession } from '../store.ts';
import { formatWhen, useT, useUiLang } from '../i18n/index.ts';
import { mediaErrorText } from './media-text.ts';

export function MediaTrash({
  items,
  days,
  onRestored,
  onProblem,
}: {
  items: MediaTrashItem[];
  days: number;
  onRestored: (item: MediaItem, from: MediaTrashItem) => void;
  onProblem: (text: string) => void;
}) {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const expired = useSession((s) => s.expired);
  const restore = async (x: MediaTrashItem) => {
    try {
      onRestored((await api.restoreMedia(x.id)).item, x);
    } catch (e) {
      if (!expired(e)) onProblem(mediaErrorText(e, ui));
    }
  };
  return (
    <section className="ed-library__trash" aria-labelledby="ed-media-trash">
      <h2 id="ed-media-trash" className="ed-library__trash-title">
        {t('library.trashTitle', { n: items.length })}
      </h2>
      <p className="ed-help">{t('library.trashHelp', { days })}</p>
      {items.length === 0 ? (
        <p className="ed-muted">{t('library.trashEmpty')}</p>
      ) : (
        <ul className="ed-library__trash-list">
          {items.map((x) => (
            <li key={x.id} className="ed-library__trash-item">
              <img
                className="ed-library__trash-thumb"
                src={`/api/admin/media/trash/${encodeURIComponent(x.id)}/image`}
                alt=""
                loading="lazy"
                width={96}
                height={Math.round((96 * x.height) / Math.max(1, x.width))}
              />
              <span className="ed-library__name">{x.name}</span>
              <span className="ed-muted">
                {t('library.trashLine', { when: formatWhen(x.deletedAt, ui), by: x.deletedBy, purge: formatWhen(x.purgeAt, ui) })}
              </span>
              <button type="button" className="ed-button ed-button--small" onClick={() => void restore(x)}>
                {t('library.restore')}
                <span className="ed-visually-hidden"> {x.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
