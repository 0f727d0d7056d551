/**
 * The trash (issue 38, point 1): what was deleted in the last 30 days — pages, articles, modules
 * taken off a page, images of the media library — who deleted it and when, when it goes for good,
 * and "Restore" to put it back where it was. When its place is gone (the page above it, its page),
 * the screen asks where to put it.
 */
import { ListTable } from '../components/ListTable.tsx';
import '../content.css';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { api, ApiError, type TrashItem } from '../api.ts';
import type { TrashView } from '../../shared/media-library.ts';
import { useStaffName } from '../staff/names.ts';
import { localize } from '../../shared/localize.ts';
import { useContentLang, useRegistry, useSession } from '../store.ts';
import { useCatalog, usePages } from '../catalog.ts';
import { pageOptions } from '../page-options.ts';
import { formatWhen, useT, useUiLang } from '../i18n/index.ts';
import { moduleName } from '../components/ModuleList.tsx';
import { Dialog } from '../components/Dialog.tsx';
import { problemMessage } from '../problem-text.ts';

export default function Trash() {
  const t = useT();
  const ui = useUiLang((s) => s.lang);
  const lang = useContentLang();
  const registry = useRegistry();
  const expired = useSession((s) => s.expired);
  const pages = usePages();
  const [items, setItems] = useState<TrashItem[] | null>(null);
  const [images, setImages] = useState<TrashView[]>([]);
  const [total, setTotal] = useState(0);
  const nameOf = useStaffName();
  const [status, setStatus] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState<TrashItem | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    try {
      const [r, media] = await Promise.all([api.trash(), api.mediaTrash().catch(() => ({ items: [] as TrashView[] }))]);
      setItems(r.items);
      setImages(media.items);
      setTotal(r.total);
      setError(null);
    } catch (e) {
      if (!expired(e)) setError((e as Error).message);
    }
  }, [expired]);
  useEffect(() => void load(), [load]);

  const name = (i: TrashItem) =>
    i.kind === 'module'
      ? moduleName({ id: Number(i.id.slice(7)), view: i.view ?? '', title: i.title }, 0, registry.byView.get(i.view ?? ''), lang, ui)
      : localize(i.title, lang) || Object.values(i.title ?? {}).find(Boolean) || i.id;
  const where = (i: TrashItem) =>
    i.kind === 'module'
      ? t('trash.onPage', { page: localize(i.pageTitle, lang) || Object.values(i.pageTitle ?? {}).find(Boolean) || i.key })
      : t(i.kind === 'page' ? 'trash.kindPage' : 'trash.kindArticle');

  const restoreImage = async (m: TrashView) => {
    setBusy(true);
    try {
      await api.restoreMedia(m.id);
      setStatus(t('trash.restored', { name: m.name }));
      await load();
    } catch (e) {
      if (!expired(e)) setStatus(t('trash.notRestored', { name: m.name, why: (e as Error).message }));
    } finally {
      setBusy(false);
    }
  };

  const restore = async (i: TrashItem, place?: { parentId?: number | null; pageId?: number }) => {
    setBusy(true);
    try {
      const r = await api.untrash(i.id, place);
      setAsking(null);
      setStatus(r.asDraft ? t('trash.restoredDraft', { name: name(i) }) : t('trash.restored', { name: name(i) }));
      await Promise.all([load(), useCatalog.getState().loadPages(), useCatalog.getState().loadArticles()]);
    } catch (e) {
      if (expired(e)) return;
      if (e instanceof ApiError && e.body.code === 'trash.placeGone') setAsking(i);
      else
        setStatus(
          t('trash.notRestored', { name: name(i), why: e instanceof ApiError && e.problems.length ? problemMessage(e.problems[0], ui) : (e as Error).message }),
        );
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="ed-trash">
      <div className="ed-screen-head">
        <h1>{t('nav.trash')}</h1>
        <p className="ed-help">{t('trash.help')}</p>
      </div>
      <p className="ed-status" role="status" aria-live="polite">
        {status}
      </p>
      {error && (
        <p className="ed-alert ed-alert--error" role="alert">
          {error}
        </p>
      )}
      {!items && !error && <p className="ed-loading">{t('common.loading')}</p>}
      {items && items.length === 0 && images.length === 0 && <p className="ed-empty">{t('trash.empty')}</p>}
      {items && items.length + images.length > 0 && (
        <ListTable className="ed-trash__table" caption={t('nav.trash')} columns={[t('trash.what'), t('trash.where'), t('trash.deleted'), t('trash.until')]}>
          {items.map((i) => (
            <tr key={i.id} data-trash-id={i.id}>
              <th scope="row">{name(i)}</th>
              <td>
                {where(i)}
                {i.placeGone && <span className="ed-badge ed-badge--changed">{t(i.kind === 'module' ? 'trash.pageGone' : 'trash.parentGone')}</span>}
              </td>
              <td>{t('trash.deletedBy', { when: formatWhen(i.deletedAt, ui), by: i.deletedByName ?? i.deletedBy })}</td>
              <td data-label={t('trash.until')} data-label-inline>
                <time dateTime={i.purgeAt}>{formatWhen(i.purgeAt, ui)}</time>
              </td>
              <td>
                <button
                  type="button"
                  className="ed-button ed-button--small"
                  disabled={busy}
                  onClick={() => void restore(i)}
                  aria-label={t('trash.restoreName', { name: name(i) })}
                >
                  {t('trash.restore')}
                </button>
              </td>
            </tr>
          ))}
          {images.map((m) => (
            <tr key={m.id} data-trash-id={`media:${m.id}`}>
              <th scope="row">
                <img
                  className="ed-trash__thumb"
                  src={`/api/admin/media/trash/${encodeURIComponent(m.id)}/image`}
                  alt=""
                  width={48}
                  height={36}
                  loading="lazy"
                />
                {m.name}
              </th>
              <td>{t('trash.kindImage')}</td>
              <td>{t('trash.deletedBy', { when: formatWhen(m.deletedAt, ui), by: nameOf(m.deletedBy) })}</td>
              <td>
                <time dateTime={m.purgeAt}>{formatWhen(m.purgeAt, ui)}</time>
              </td>
              <td>
                <button
                  type="button"
                  className="ed-button ed-button--small"
                  disabled={busy}
                  onClick={() => void restoreImage(m)}
                  aria-label={t('trash.restoreName', { name: m.name })}
                >
                  {t('trash.restore')}
                </button>
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {items && total > items.length && <p className="ed-muted">{t('trash.more', { n: total - items.length })}</p>}
      {asking && pages && (
        <PlaceDialog
          item={asking}
          name={name(asking)}
          pages={pageOptions(pages, lang)}
          busy={busy}
          onClose={() => setAsking(null)}
          onPick={(p) => restore(asking, p)}
        />
      )}
    </div>
  );
}

/** Where to put an item whose place is gone: a page (or the top level) above a page, a page for a module. */
function PlaceDialog({
  item,
  name,
  pages,
  busy,
  onClose,
  onPick,
}: {
  item: TrashItem;
  name: string;
  pages: ReturnType<typeof pageOptions>;
  busy: boolean;
  onClose: () => void;
  onPick: (place: { parentId?: number | null; pageId?: number }) => void;
}) {
  const t = useT();
  const module = item.kind === 'module';
  const [value, setValue] = useState<string>(module ? '' : 'top');
  const options = useMemo(() => pages, [pages]);
  return (
    <Dialog
      title={t('trash.placeTitle', { name })}
      onClose={onClose}
      footer={
        <>
          <button type="button" className="ed-button" onClick={onClose}>
            {t('common.cancel')}
          </button>
          <button
            type="button"
            className="ed-button ed-button--primary"
            disabled={busy || value === ''}
            onClick={() => onPick(module ? { pageId: Number(value) } : { parentId: value === 'top' ? null : Number(value) })}
          >
            {t('trash.restore')}
          </button>
        </>
      }
    >
      <p>{module ? t('trash.placeModule') : t('trash.placePage')}</p>
      <label className="ed-field">
        <span>{module ? t('trash.pickPage') : t('trash.pickParent')}</span>
        <select className="ed-input" value={value} onChange={(e) => setValue(e.target.value)} data-autofocus>
          {module ? <option value="">{t('pick.choosePage')}</option> : <option value="top">{t('trash.topLevel')}</option>}
          {options.map((o) => (
            <option key={o.id} value={o.id}>
              {'\u00a0\u00a0'.repeat(o.depth)}
              {o.label}
            </option>
          ))}
        </select>
      </label>
    </Dialog>
  );
}
